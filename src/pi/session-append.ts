/**
 * How our records reach Pi's session file without ever leaving it worse. `pi.appendEntry` appends one JSON
 * line with Node's `appendFileSync`; on a full disk that write can stop part way, and Pi (1.6) keeps the
 * half line: its next entry is glued to it and lost when the file is read, and every entry after hangs from
 * a parent that is not there, so a restart loses the conversation before it (docs/upstream-pi-storage.md).
 * So: when an append of ours fails, the file is cut back to the length it had before (Pi has already taken
 * the entry out of memory; cutting needs no space); when our append would have written the file's first
 * lines (Pi's own first write failed earlier), the half-made file goes, so that Pi can make it again; and a
 * record of ours never starts on half a line Pi left: a line break goes first, as Pi's own loader adds one.
 * Errors are the caller's to hear (the store's writer): this module only keeps lines whole.
 */
import { appendFileSync, closeSync, openSync, readSync, statSync, truncateSync, unlinkSync } from "node:fs";
import { attempt } from "../util/records.ts";

/** Runs `append` (which writes one line to `file`, or throws) so that `file` holds only whole lines after. */
export function appendWhole(file: string | undefined, append: () => void): void {
	if (file === undefined) {
		append();
		return;
	}
	let before = lengthOf(file);
	if (before !== undefined && before > 0 && !endsWithLineBreak(file, before)) {
		try {
			appendFileSync(file, "\n");
			before += 1;
		} catch {
			// No room even for that: the append below fails too, and is cut back.
		}
	}
	try {
		append();
	} catch (error) {
		cutBack(file, before);
		throw error;
	}
}

/** The file's length, or undefined when it does not exist (or cannot be looked at). */
function lengthOf(file: string): number | undefined {
	return attempt(() => statSync(file).size, undefined);
}

function endsWithLineBreak(file: string, length: number): boolean {
	let fd: number | undefined;
	try {
		fd = openSync(file, "r");
		const last = Buffer.alloc(1);
		return readSync(fd, last, 0, 1, length - 1) === 1 && last[0] === 0x0a;
	} catch {
		// Unreadable: leave it as it is.
		return true;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/** Undoes what a failed append left: bytes past `before`, or a file that was not there. */
function cutBack(file: string, before: number | undefined): void {
	const after = lengthOf(file);
	if (after === undefined) return;
	try {
		if (before === undefined) unlinkSync(file);
		else if (after > before) truncateSync(file, before);
	} catch {
		// A read-only file system: nothing was written either.
	}
}
