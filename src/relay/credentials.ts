/**
 * Where `pi-ask` keeps the credential the person gave it by pairing (pairing.ts): the user's config dir
 * (`$XDG_CONFIG_HOME/pi-ask/credentials.json`, else `~/.config/pi-ask/`), folder 0700 and file 0600, one
 * credential per agent dir. Never the agent dir, never the environment: nothing Pi hands its processes
 * leads here. Node built-ins only; no Pi imports.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { isRecord } from "../util/records.ts";

/** One pairing, as the client keeps it. */
export interface Credential {
	credential: string;
	/** The name it was paired under: answers carry it. */
	name: string;
}

type Stored = Record<string, Credential>;

export function credentialsFile(env: NodeJS.ProcessEnv = process.env): string {
	const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".config");
	return join(base, "pi-ask", "credentials.json");
}

function readAll(file: string): Stored {
	try {
		const value: unknown = JSON.parse(readFileSync(file, "utf8"));
		if (!isRecord(value) || value.v !== 1 || !isRecord(value.pairings)) return {};
		const stored: Stored = {};
		for (const [dir, entry] of Object.entries(value.pairings))
			if (isRecord(entry) && typeof entry.credential === "string" && typeof entry.name === "string")
				stored[dir] = { credential: entry.credential, name: entry.name };
		return stored;
	} catch {
		return {};
	}
}

function writeAll(file: string, stored: Stored): void {
	const dir = join(file, "..");
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	chmodSync(dir, 0o700);
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify({ v: 1, pairings: stored }, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, file);
}

/** The credential for the Pis of `agentDir`, if this client was paired with them. */
export function readCredential(file: string, agentDir: string): Credential | undefined {
	return readAll(file)[resolve(agentDir)];
}

export function saveCredential(file: string, agentDir: string, credential: Credential): void {
	writeAll(file, { ...readAll(file), [resolve(agentDir)]: credential });
}

/** Forgets the credential for `agentDir`; true when there was one. */
export function forgetCredential(file: string, agentDir: string): boolean {
	const stored = readAll(file);
	const key = resolve(agentDir);
	if (stored[key] === undefined) return false;
	delete stored[key];
	writeAll(file, stored);
	return true;
}
