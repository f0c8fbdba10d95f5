/**
 * How the person's own clients find the relays: each serving Pi writes one small file,
 * `<agent dir>/ask-user-question/relays/<pid>.json` (folder 0700, file 0600: the person's user only),
 * holding the socket's path and no secret: to list or answer, a client shows the credential the person
 * gave it by pairing (pairing.ts). It is removed when the session ends or Pi exits; one left by a Pi that
 * crashed is skipped (its process is gone) and removed by the next reader. The agent dir is Pi's own (`PI_CODING_AGENT_DIR`, else
 * `~/.pi/agent`), so the client finds the Pis that share the person's configuration.
 * Node built-ins only; no Pi imports.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { processAlive } from "../util/process-alive.ts";
import { isRecord } from "../util/records.ts";
import { readJsonFile, writePrivateFile } from "./private-file.ts";

/** The registry entry's format; another version is skipped. */
export const REGISTRY_VERSION = 2;

/** One serving Pi. */
export interface RegistryEntry {
	v: typeof REGISTRY_VERSION;
	pid: number;
	socket: string;
	cwd: string;
	/** Epoch ms. */
	startedAt: number;
	/** "tui" or "rpc". */
	mode: string;
}

/** The registry folder inside `agentDir`. */
export function registryDir(agentDir: string): string {
	return join(agentDir, "ask-user-question", "relays");
}

/** Writes this process's entry (atomically, readable by the user only); returns its path. */
export function writeEntry(agentDir: string, entry: RegistryEntry): string {
	const path = join(registryDir(agentDir), `${entry.pid}.json`);
	writePrivateFile(path, entry);
	return path;
}

/** Removes a file written by {@link writeEntry}; never throws. */
export function removeEntry(path: string): void {
	rmSync(path, { force: true });
}

/**
 * Every readable entry whose process still runs; entries of processes that are gone are removed, each
 * handed to `stale` first (its socket's directory may be left too: dead-dirs.ts).
 */
export function readEntries(
	agentDir: string,
	alive: (pid: number) => boolean = processAlive,
	stale?: (entry: RegistryEntry) => void,
): RegistryEntry[] {
	const dir = registryDir(agentDir);
	let names: string[];
	try {
		names = readdirSync(dir).filter((name) => /^\d+\.json$/.test(name));
	} catch {
		return [];
	}
	const entries: RegistryEntry[] = [];
	for (const name of names) {
		const path = join(dir, name);
		const entry = readEntry(path);
		if (entry === undefined) continue;
		if (alive(entry.pid)) entries.push(entry);
		else {
			stale?.(entry);
			removeEntry(path);
		}
	}
	return entries.sort((a, b) => a.startedAt - b.startedAt);
}

function readEntry(path: string): RegistryEntry | undefined {
	const value = readJsonFile(path);
	if (!isRecord(value) || value.v !== REGISTRY_VERSION) return undefined;
	const { pid, socket, cwd, startedAt, mode } = value;
	if (typeof pid !== "number" || !Number.isInteger(pid) || pid < 1) return undefined;
	if (typeof socket !== "string" || typeof cwd !== "string") return undefined;
	if (typeof startedAt !== "number" || typeof mode !== "string") return undefined;
	return { v: REGISTRY_VERSION, pid, socket, cwd, startedAt, mode };
}
