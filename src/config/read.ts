/**
 * Reads one config file into a JSON object, or says in a few words why it cannot be used. Never
 * throws. A missing file is not a problem (most users have none); everything else that stops the file
 * from being used (unreadable, a directory, not UTF-8, not JSON, not an object) is a reason.
 *
 * Decisions: a file holding only whitespace counts as `{}` (a `touch`ed file is not a mistake worth a
 * warning); a leading BOM is dropped; a file over `MAX_CONFIG_BYTES` is refused unread (these files
 * hold a few short texts, and a huge one is a mistake that must not stall Pi's start). Anything that is
 * not a regular file (a FIFO would block the read forever) is refused before reading.
 */
import { readFileSync, statSync } from "node:fs";
import { attempt } from "../util/records.ts";

/** Files larger than this are not read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** The outcome of reading one file. `reason` is a lower-case phrase with no file name and no period. */
export type FileRead =
	| { kind: "missing" }
	| { kind: "broken"; reason: string }
	| { kind: "object"; data: Record<string, unknown> };

/** The file-system calls a read needs, injectable so tests can simulate what root cannot (EACCES). */
export interface ConfigFs {
	/** `fs.statSync` (follows symlinks). */
	stat(path: string): { isFile(): boolean; isDirectory(): boolean; size: number };
	/** `fs.readFileSync` without an encoding. */
	read(path: string): Uint8Array;
}

const NODE_FS: ConfigFs = { stat: (path) => statSync(path), read: (path) => readFileSync(path) };

/** Decoding fails on invalid UTF-8 instead of inventing U+FFFD characters. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Reads and parses the config file at `path`. Never throws. */
export function readConfigFile(path: string, fs: ConfigFs = NODE_FS): FileRead {
	let bytes: Uint8Array;
	try {
		const stats = fs.stat(path);
		if (stats.isDirectory()) return broken("it is a directory, not a file");
		if (!stats.isFile()) return broken("it is not a regular file");
		if (stats.size > MAX_CONFIG_BYTES) return broken(`it is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`);
		bytes = fs.read(path);
	} catch (error) {
		const code = errorCode(error);
		// ENOTDIR: a path component is a file (say `.pi` is a file), so there is no config here either.
		if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
		if (code === "EISDIR") return broken("it is a directory, not a file");
		if (code === "EACCES" || code === "EPERM") return broken(`it cannot be read: permission denied (${code})`);
		return broken(`it cannot be read (${code ?? "unknown error"})`);
	}
	const text = attempt(() => UTF8.decode(bytes), undefined);
	if (text === undefined) return broken("it is not valid UTF-8 text");
	if (text.trim() === "") return { kind: "object", data: {} };
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return broken(describeJsonError(text, error));
	}
	if (typeof data !== "object" || data === null || Array.isArray(data)) {
		return broken(`the top level must be a JSON object like {"guidance": {...}}, not ${kindOf(data)}`);
	}
	return { kind: "object", data: data as Record<string, unknown> };
}

function broken(reason: string): FileRead {
	return { kind: "broken", reason };
}

function errorCode(error: unknown): string | undefined {
	if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
	return typeof error.code === "string" ? error.code : undefined;
}

/**
 * `invalid JSON at line L, column C (what V8 expected)`, as far as V8's message tells. V8's wording is
 * not an API, so every unrecognised message degrades to plain `invalid JSON`, never to a wrong place.
 * The message is not repeated verbatim: some forms quote the file's text.
 */
function describeJsonError(text: string, error: unknown): string {
	const message = error instanceof Error ? error.message : "";
	const positioned = /^(.*) in JSON at position (\d+)/.exec(message);
	if (positioned?.[1] && positioned[2]) {
		return `invalid JSON at ${lineAndColumn(text, Number(positioned[2]))} (${lowerFirst(positioned[1])})`;
	}
	if (message.startsWith("Unexpected end of JSON input")) {
		return `invalid JSON at ${lineAndColumn(text, text.length)} (unexpected end of input)`;
	}
	const token = /^Unexpected token '(.)'/u.exec(message);
	if (token?.[1]) return `invalid JSON (unexpected ${JSON.stringify(token[1])})`;
	return "invalid JSON";
}

/** `line L, column C`, both 1-based, columns counted in UTF-16 units as editors mostly do. */
function lineAndColumn(text: string, offset: number): string {
	const before = text.slice(0, Math.min(offset, text.length));
	const lines = before.split("\n");
	const last = lines[lines.length - 1] ?? "";
	return `line ${lines.length}, column ${last.length + 1}`;
}

function lowerFirst(text: string): string {
	return text.charAt(0).toLowerCase() + text.slice(1);
}

function kindOf(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return `a ${typeof value}`;
}
