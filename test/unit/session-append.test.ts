/**
 * Our appends leave Pi's session file holding whole lines only. Root cause of the fault: on a full disk
 * Node's appendFileSync writes what fits and then throws, and Pi keeps the half line; the next entry is glued
 * to it and lost when the file is read, cutting the branch. The appends here stand in for `pi.appendEntry`:
 * they write part of a line and throw, as the real one does when the disk fills mid-line.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendWhole } from "../../src/pi/session-append.ts";

const LINE = `${JSON.stringify({ type: "custom", data: { kind: "progress" } })}\n`;
const full = (file: string) => () => {
	appendFileSync(file, LINE.slice(0, 20));
	throw new Error("ENOSPC: no space left on device, write");
};

function sessionFile(content: string): string {
	const file = join(mkdtempSync(join(tmpdir(), "pi-ask-append-")), "session.jsonl");
	writeFileSync(file, content);
	return file;
}

describe("appendWhole", () => {
	it("cuts a failed append of ours back: the file ends as it did, the error still reaches the caller", () => {
		const file = sessionFile('{"type":"session"}\n');
		expect(() => appendWhole(file, full(file))).toThrow("ENOSPC");
		expect(readFileSync(file, "utf8")).toBe('{"type":"session"}\n');
	});

	it("starts our line on a line of its own when Pi left half a line", () => {
		const file = sessionFile('{"type":"session"}\n{"type":"mess');
		appendWhole(file, () => appendFileSync(file, LINE));
		expect(readFileSync(file, "utf8").split("\n").slice(-2)).toEqual([LINE.trimEnd(), ""]);
	});

	it("removes a file that a failed append of ours began (Pi could never make it again)", () => {
		const file = join(mkdtempSync(join(tmpdir(), "pi-ask-append-")), "session.jsonl");
		expect(() => appendWhole(file, full(file))).toThrow("ENOSPC");
		expect(existsSync(file)).toBe(false);
	});

	it("a whole append is left as it is; without a file the append just runs", () => {
		const file = sessionFile('{"type":"session"}\n');
		appendWhole(file, () => appendFileSync(file, LINE));
		expect(readFileSync(file, "utf8")).toBe(`{"type":"session"}\n${LINE}`);
		let ran = false;
		appendWhole(undefined, () => {
			ran = true;
		});
		expect(ran).toBe(true);
	});
});
