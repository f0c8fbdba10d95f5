/** Reading one config file: missing is silent, every other failure is one reason, never a throw. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { type ConfigFs, readConfigFile } from "../../src/config/read.ts";

/** Files larger than this are not read (src/config/read.ts). */
const MAX_CONFIG_BYTES = 1024 * 1024;

const root = mkdtempSync(join(tmpdir(), "ask-config-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function file(content: string | Uint8Array): string {
	const path = join(root, `f${n++}.json`);
	writeFileSync(path, content);
	return path;
}

describe("readConfigFile", () => {
	it("reads a JSON object, dropping a leading BOM", () => {
		expect(readConfigFile(file('{"guidance": {"description": "d"}}'))).toEqual({
			kind: "object",
			data: { guidance: { description: "d" } },
		});
		expect(readConfigFile(file('\uFEFF{"a": 1}'))).toEqual({ kind: "object", data: { a: 1 } });
	});

	it("treats a missing file, or a path through a non-directory, as missing", () => {
		expect(readConfigFile(join(root, "nope.json"))).toEqual({ kind: "missing" });
		expect(readConfigFile(join(file("x"), "ask-user-question.json"))).toEqual({ kind: "missing" });
	});

	it("treats an empty or whitespace-only file as an empty object", () => {
		expect(readConfigFile(file(""))).toEqual({ kind: "object", data: {} });
		expect(readConfigFile(file(" \n\t\n"))).toEqual({ kind: "object", data: {} });
	});

	it("refuses a directory", () => {
		const dir = join(root, "dir.json");
		mkdirSync(dir);
		expect(readConfigFile(dir)).toEqual({ kind: "broken", reason: "it is a directory, not a file" });
	});

	it("refuses invalid UTF-8 instead of inventing replacement characters", () => {
		const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]); // {"a":"\xC3("}
		expect(readConfigFile(file(bytes))).toEqual({ kind: "broken", reason: "it is not valid UTF-8 text" });
	});

	it("names the line and column of a JSON syntax error", () => {
		expect(readConfigFile(file('{\n  "a": 1\n  "b": 2\n}'))).toEqual({
			kind: "broken",
			reason: "invalid JSON at line 3, column 3 (expected ',' or '}' after property value)",
		});
		expect(readConfigFile(file('{"a": 1,}'))).toEqual({
			kind: "broken",
			reason: "invalid JSON at line 1, column 9 (expected double-quoted property name)",
		});
		expect(readConfigFile(file('{\n"a": '))).toEqual({
			kind: "broken",
			reason: "invalid JSON at line 2, column 6 (unexpected end of input)",
		});
		expect(readConfigFile(file('{"a": }'))).toEqual({ kind: "broken", reason: 'invalid JSON (unexpected "}")' });
	});

	it.each([
		["[1, 2]", "an array"],
		['"text"', "a string"],
		["42", "a number"],
		["true", "a boolean"],
		["null", "null"],
	])("refuses a non-object top level: %s", (content, kind) => {
		expect(readConfigFile(file(content))).toEqual({
			kind: "broken",
			reason: `the top level must be a JSON object like {"guidance": {...}}, not ${kind}`,
		});
	});

	it("refuses a file larger than the cap without reading it", () => {
		const big = file(`{"a": "${"x".repeat(MAX_CONFIG_BYTES)}"}`);
		expect(readConfigFile(big)).toEqual({ kind: "broken", reason: "it is larger than 1 MiB" });
	});

	it("refuses what is not a regular file before reading (a FIFO would block)", () => {
		let reads = 0;
		const fs: ConfigFs = {
			stat: () => ({ isFile: () => false, isDirectory: () => false, size: 0 }),
			read: () => {
				reads++;
				return new Uint8Array();
			},
		};
		expect(readConfigFile("/fifo", fs)).toEqual({ kind: "broken", reason: "it is not a regular file" });
		expect(reads).toBe(0);
	});

	it("reports permission errors and other read errors by code", () => {
		const failing = (code: string | undefined): ConfigFs => ({
			stat: () => ({ isFile: () => true, isDirectory: () => false, size: 10 }),
			read: () => {
				throw Object.assign(new Error("boom"), code === undefined ? {} : { code });
			},
		});
		expect(readConfigFile("/x", failing("EACCES"))).toEqual({
			kind: "broken",
			reason: "it cannot be read: permission denied (EACCES)",
		});
		expect(readConfigFile("/x", failing("EPERM"))).toEqual({
			kind: "broken",
			reason: "it cannot be read: permission denied (EPERM)",
		});
		expect(readConfigFile("/x", failing("EIO"))).toEqual({ kind: "broken", reason: "it cannot be read (EIO)" });
		expect(readConfigFile("/x", failing(undefined))).toEqual({
			kind: "broken",
			reason: "it cannot be read (unknown error)",
		});
		expect(readConfigFile("/x", failing("EISDIR"))).toEqual({
			kind: "broken",
			reason: "it is a directory, not a file",
		});
	});
});

describe("readConfigFile: V8's JSON error messages it cannot place", () => {
	afterEach(() => vi.restoreAllMocks());
	/** Reads `text` while JSON.parse throws `thrown` (V8's wording is not an API: any message may come). */
	const readThrowing = (text: string, thrown: unknown) => {
		vi.spyOn(JSON, "parse").mockImplementationOnce(() => {
			throw thrown;
		});
		return readConfigFile(file(text));
	};

	it("falls back to plain 'invalid JSON' for messages it does not recognise", () => {
		expect(readThrowing("{}", new Error("something new"))).toEqual({ kind: "broken", reason: "invalid JSON" });
		expect(readThrowing("{}", "not an error")).toEqual({ kind: "broken", reason: "invalid JSON" });
	});

	it("clamps a position past the end of the text", () => {
		expect(readThrowing("ab\ncd", new Error("Oops in JSON at position 99"))).toEqual({
			kind: "broken",
			reason: "invalid JSON at line 2, column 3 (oops)",
		});
	});
});
