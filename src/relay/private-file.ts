/**
 * The person's small JSON files (paired clients and devices, pi-ask's credentials, the registry): read as
 * unknown data, written whole through a temporary file and a rename (no reader sees half a file), the
 * file 0600 in a folder narrowed to 0700: what runs where, and who is paired, is the user's business.
 * Node built-ins only.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The file's JSON; undefined when it is missing or unreadable. */
export function readJsonFile(file: string): unknown {
	try {
		return JSON.parse(readFileSync(file, "utf8"));
	} catch {
		return undefined;
	}
}

export function writePrivateFile(file: string, value: unknown): void {
	const dir = dirname(file);
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	chmodSync(dir, 0o700);
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${JSON.stringify(value, null, "\t")}\n`, { mode: 0o600 });
	chmodSync(temp, 0o600);
	renameSync(temp, file);
}
