/**
 * The editor command line is split with POSIX shell quoting, without running a shell: the table pins
 * what real `$EDITOR` values become, and which ones are refused with a message.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEditorCommand, splitCommandLine } from "../../src/tui/external-editor.ts";

const HOME = "/home/u";

describe("splitCommandLine", () => {
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
	it.each(ok)("%j", (line, words) => {
		expect(splitCommandLine(line, HOME)).toEqual({ ok: true, words });
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
	it.each(errors)("refuses %j", (line, message) => {
		const result = splitCommandLine(line, HOME);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(message);
	});

	it("leaves ~ alone when no home is known", () => {
		expect(splitCommandLine("~/ed")).toEqual({ ok: true, words: ["~/ed"] });
	});

	it("round-trips any words quoted with single quotes", () => {
		const quote = (w: string) => `'${w.replaceAll("'", "'\\''")}'`;
		fc.assert(
			fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (words) => {
				expect(splitCommandLine(words.map(quote).join(" "))).toEqual({ ok: true, words });
			}),
		);
	});

	it("never throws, whatever the input", () => {
		fc.assert(
			fc.property(fc.string({ unit: fc.constantFrom("a", " ", "'", '"', "\\", "\n", "~", "$", "日") }), (line) => {
				const result = splitCommandLine(line, HOME);
				if (result.ok) expect(result.words.every((w) => typeof w === "string")).toBe(true);
				else expect(result.error).not.toBe("");
			}),
		);
	});
});

describe("parseEditorCommand", () => {
	it("prefers $VISUAL over $EDITOR", () => {
		expect(parseEditorCommand({ VISUAL: "code --wait", EDITOR: "vim" })).toEqual({ command: "code", args: ["--wait"] });
	});

	it("uses $EDITOR when $VISUAL is unset or blank", () => {
		expect(parseEditorCommand({ EDITOR: "vim -f" })).toEqual({ command: "vim", args: ["-f"] });
		expect(parseEditorCommand({ VISUAL: "  ", EDITOR: "vim" })).toEqual({ command: "vim", args: [] });
	});

	it("falls back to Pi's platform default", () => {
		const expected = process.platform === "win32" ? "notepad" : "nano";
		expect(parseEditorCommand({})).toEqual({ command: expected, args: [] });
	});

	it("expands ~ from HOME", () => {
		expect(parseEditorCommand({ EDITOR: "~/bin/ed", HOME: "/h" })).toEqual({ command: "/h/bin/ed", args: [] });
	});

	it("is undefined for an unparsable or empty command", () => {
		expect(parseEditorCommand({ EDITOR: "vim 'oops" })).toBeUndefined();
		expect(parseEditorCommand({ EDITOR: "''" })).toBeUndefined();
	});
});
