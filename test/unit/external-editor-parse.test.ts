/**
 * The editor command line is split with POSIX shell quoting, without running a shell: the table pins
 * what real `$EDITOR` values become, and which ones are refused with a message. Each line is run as
 * editExternally runs it, through a fake editor on PATH that logs the arguments it got.
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { editExternally } from "../../src/tui/external-editor.ts";

const HOME = "/home/u";

const root = mkdtempSync(join(tmpdir(), "ask-editor-parse-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bin = join(root, "bin");
const log = join(root, "log");
mkdirSync(bin);
// Fake editors on PATH (and one under HOME): each logs the path it ran as and its arguments, the temp file
// last, each ended by a NUL (an argument may hold a line break, never a NUL).
for (const name of ["code", "vim", "nano", "ed"]) {
	writeFileSync(join(bin, name), `#!/bin/sh\nprintf '%s\\0' "$0" "$@" > '${log}'\n`, { mode: 0o755 });
}

/** What the editor last run got: the path it ran as, and its arguments before the temp file. */
function logged(): { path: string; args: string[] } {
	const [path = "", ...rest] = readFileSync(log, "utf8").split("\0").slice(0, -1);
	return { path, args: rest.slice(0, -1) };
}

/**
 * The words `line` splits into, as editExternally runs `$EDITOR="ed <line>"` (the fake `ed`): the arguments
 * `ed` got; or editExternally's error.
 */
async function split(
	line: string,
	home?: string,
): Promise<{ ok: true; words: string[] } | { ok: false; error: string }> {
	rmSync(log, { force: true });
	const env = { PATH: bin, EDITOR: `ed ${line}`, ...(home === undefined ? {} : { HOME: home }) };
	const result = await editExternally("draft", { env, tmpDir: root });
	if (!result.ok) return { ok: false, error: result.error };
	const { path, args } = logged();
	expect(path).toBe(join(bin, "ed"));
	return { ok: true, words: args };
}

describe("splitting the editor command line", () => {
	const ok: [string, string[]][] = [
		["vim", ["vim"]],
		["code --wait", ["code", "--wait"]],
		["  nvim   -f  ", ["nvim", "-f"]],
		["\tnano\t-R\n", ["nano", "-R"]],
		['"/path with spaces/subl" -w', ["/path with spaces/subl", "-w"]],
		["'/path with spaces/subl' -w", ["/path with spaces/subl", "-w"]],
		["emacsclient -t -a ''", ["emacsclient", "-t", "-a", ""]],
		['emacsclient -t -a ""', ["emacsclient", "-t", "-a", ""]],
		["/opt/my\\ editor/bin/ed -x", ["/opt/my editor/bin/ed", "-x"]],
		['vim -c "set tw=0"', ["vim", "-c", "set tw=0"]],
		["vim -c 'normal \"ay'", ["vim", "-c", 'normal "ay']],
		['ed "a\\"b"', ["ed", 'a"b']],
		['ed "a\\\\b"', ["ed", "a\\b"]],
		['ed "a\\$b"', ["ed", "a$b"]],
		['ed "a\\nb"', ["ed", "a\\nb"]],
		["ed 'a\\b'", ["ed", "a\\b"]],
		["ed a'b c'\"d e\"f", ["ed", "ab cd ef"]],
		["ed \\'x", ["ed", "'x"]],
		["ed 'it'\\''s'", ["ed", "it's"]],
		["ed \\\n-x", ["ed", "-x"]],
		["ed a\\\nb", ["ed", "ab"]],
		['ed "multi\nline"', ["ed", "multi\nline"]],
		["~/bin/ed ~ a~ ~user '~/x'", [`${HOME}/bin/ed`, HOME, "a~", "~user", "~/x"]],
		["ed 日本語 'ä ö'", ["ed", "日本語", "ä ö"]],
		["", []],
		["   ", []],
		["ed '$HOME' \"|;&\"", ["ed", "$HOME", "|;&"]],
	];
	it.each(ok)("%j", async (line, words) => {
		expect(await split(line, HOME)).toEqual({ ok: true, words });
	});

	const errors: [string, RegExp][] = [
		["vim 'unterminated", /unterminated single quote/],
		['vim "unterminated', /unterminated double quote/],
		['vim "a\\"', /unterminated double quote/],
		["vim \\", /trailing backslash/],
		["vim $FILE", /shell syntax "\$"/],
		["vim `pwd`", /shell syntax "`"/],
		["vim | cat", /shell syntax "\|"/],
		["vim; rm -rf /", /shell syntax ";"/],
		["vim &", /shell syntax "&"/],
		["vim < x", /shell syntax "<"/],
		["vim > x", /shell syntax ">"/],
		["(vim)", /shell syntax "\("/],
	];
	it.each(errors)("refuses %j", async (line, message) => {
		const result = await split(line, HOME);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(message);
	});

	it("leaves ~ alone when no home is known", async () => {
		expect(await split("~/ed")).toEqual({ ok: true, words: ["~/ed"] });
	});

	it("round-trips any words quoted with single quotes", async () => {
		const quote = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;
		// Any word a process can be given: no NUL.
		const word = fc.string().filter((w) => !w.includes("\0"));
		await fc.assert(
			fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 5 }), async (words) => {
				expect(await split(words.map(quote).join(" "))).toEqual({ ok: true, words });
			}),
		);
	});

	it("never throws, whatever the input", async () => {
		const unit = fc.constantFrom("a", " ", "'", '"', "\\", "\n", "~", "$", "日");
		await fc.assert(
			fc.asyncProperty(fc.string({ unit }), async (line) => {
				const result = await split(line, HOME);
				if (result.ok) expect(result.words.every((w) => typeof w === "string")).toBe(true);
				else expect(result.error).not.toBe("");
			}),
		);
	});
});

describe("the editor command editExternally runs", () => {
	/** The command (by name, or its full path for a path) and arguments run for `env`, or undefined on an error. */
	async function ran(env: NodeJS.ProcessEnv): Promise<{ command: string; args: string[] } | undefined> {
		rmSync(log, { force: true });
		const result = await editExternally("draft", { env: { PATH: bin, ...env }, tmpDir: root });
		if (!result.ok) return undefined;
		const { path, args } = logged();
		return { command: dirname(path) === bin && !env.HOME ? basename(path) : path, args };
	}

	it("prefers $VISUAL over $EDITOR", async () => {
		expect(await ran({ VISUAL: "code --wait", EDITOR: "vim" })).toEqual({ command: "code", args: ["--wait"] });
	});

	it("uses $EDITOR when $VISUAL is unset or blank", async () => {
		expect(await ran({ EDITOR: "vim -f" })).toEqual({ command: "vim", args: ["-f"] });
		expect(await ran({ VISUAL: "  ", EDITOR: "vim" })).toEqual({ command: "vim", args: [] });
	});

	it.skipIf(process.platform === "win32")("falls back to Pi's platform default", async () => {
		expect(await ran({})).toEqual({ command: "nano", args: [] });
	});

	it("expands ~ from HOME", async () => {
		expect(await ran({ EDITOR: "~/bin/ed", HOME: root })).toEqual({ command: join(root, "bin/ed"), args: [] });
	});

	it("is an error for an unparsable or empty command", async () => {
		expect(await ran({ EDITOR: "vim 'oops" })).toBeUndefined();
		expect(await ran({ EDITOR: "''" })).toBeUndefined();
	});
});
