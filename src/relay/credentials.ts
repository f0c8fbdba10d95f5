/**
 * Where `pi-ask` keeps the credential the person gave it by pairing (pairing.ts): the user's config dir
 * (`$XDG_CONFIG_HOME/pi-ask/credentials.json`, else `~/.config/pi-ask/`), one credential per agent dir;
 * pi-ask serve's paired devices live beside it. Never the agent dir, never the environment: nothing Pi
 * hands its processes leads here. Node built-ins only; no Pi imports.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { isRecord } from "../util/records.ts";
import { readJsonFile, writePrivateFile } from "./private-file.ts";

/** One pairing, as the client keeps it. */
export interface Credential {
	credential: string;
	/** The name it was paired under: answers carry it. */
	name: string;
}

type Stored = Record<string, Credential>;

/** `name` in pi-ask's folder of the user's config dir. */
export function configFile(env: NodeJS.ProcessEnv, name: string): string {
	const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".config");
	return join(base, "pi-ask", name);
}

export function credentialsFile(env: NodeJS.ProcessEnv): string {
	return configFile(env, "credentials.json");
}

function readAll(file: string): Stored {
	const value = readJsonFile(file);
	if (!isRecord(value) || value.v !== 1 || !isRecord(value.pairings)) return {};
	const stored: Stored = {};
	for (const [dir, entry] of Object.entries(value.pairings))
		if (isRecord(entry) && typeof entry.credential === "string" && typeof entry.name === "string")
			stored[dir] = { credential: entry.credential, name: entry.name };
	return stored;
}

/** The credential for the Pis of `agentDir`, if this client was paired with them. */
export function readCredential(file: string, agentDir: string): Credential | undefined {
	return readAll(file)[resolve(agentDir)];
}

export function saveCredential(file: string, agentDir: string, credential: Credential): void {
	writePrivateFile(file, { v: 1, pairings: { ...readAll(file), [resolve(agentDir)]: credential } });
}

/** Forgets the credential for `agentDir`; true when there was one. */
export function forgetCredential(file: string, agentDir: string): boolean {
	const stored = readAll(file);
	const key = resolve(agentDir);
	if (stored[key] === undefined) return false;
	delete stored[key];
	writePrivateFile(file, { v: 1, pairings: stored });
	return true;
}
