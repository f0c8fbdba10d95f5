/**
 * Golden frames: a screen as a plain text file under test/golden/, compared exactly, as charmbracelet/bubbles
 * keeps its viewport's testdata. A frame is the rendered lines, one per line of the file, trailing spaces
 * kept; a control character (an escape sequence's ESC too) is written as its Unicode control picture
 * (ESC as ␛), so the file stays readable and a stray one shows in the diff. UPDATE_GOLDEN=1 writes the files
 * instead of comparing; look at them before committing, they document what a person sees.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { expect } from "vitest";
import { REPO_ROOT } from "./pi.ts";

/** Where the frames live. */
export const GOLDEN_DIR = join(REPO_ROOT, "test", "golden");

/** True when the run rewrites the frames (UPDATE_GOLDEN=1). */
export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === "1";

/** C0 controls and DEL as their control pictures (U+2400…U+2421); C1 controls as ⟨9b⟩-style hex. */
export function visibleControls(line: string): string {
	return line.replace(/[\x00-\x1f\x7f-\x9f]/g, (ch) => {
		const code = ch.charCodeAt(0);
		if (code < 0x20) return String.fromCharCode(0x2400 + code);
		if (code === 0x7f) return "␡";
		return `⟨${code.toString(16)}⟩`;
	});
}

/** The file text of a frame: `title` as a first line starting with "# ", then the lines. */
export function frameText(title: string, lines: readonly string[]): string {
	return `# ${title}\n${lines.map(visibleControls).join("\n")}\n`;
}

/** Compares `text` with the golden file `name` (or writes it under UPDATE_GOLDEN=1). */
export function expectGolden(name: string, text: string, command: string): void {
	const path = join(GOLDEN_DIR, name);
	const shown = relative(REPO_ROOT, path);
	if (UPDATE_GOLDEN) {
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, text);
		return;
	}
	if (!existsSync(path)) {
		expect.fail(
			`no golden frame ${shown}: create it with \`UPDATE_GOLDEN=1 ${command}\`, then read it before committing`,
		);
	}
	expect(text, `${shown} differs (\`UPDATE_GOLDEN=1 ${command}\` rewrites it if the change is intended)`).toBe(
		readFileSync(path, "utf8"),
	);
}
