/**
 * What may enter the embedded Editor: typed and pasted text with terminal-unsafe characters becomes
 * visible stand-ins; keys (Backspace, arrows, Kitty-encoded controls) and safe text pass unchanged.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pasteOpenAfter, safeEditorInput, safeEditorText } from "../../src/tui/editor-input.ts";

const P0 = "\x1b[200~";
const P1 = "\x1b[201~";

describe("safeEditorInput", () => {
	it.each([
		["letter", "a"],
		["CJK from an IME", "日本語"],
		["emoji", "👩‍💻"],
		["kitty letter", "\x1b[97u"],
		["kitty backspace", "\x1b[127u"],
		["kitty enter", "\x1b[13u"],
		["legacy backspace", "\x7f"],
		["arrow", "\x1b[D"],
		["shift+enter", "\x1b[13;2u"],
	])("passes %s through", (_name, data) => {
		expect(safeEditorInput(data, false)).toBe(data);
	});

	it("turns a typed bidi override into a paste of its visible form", () => {
		expect(safeEditorInput("\u202e", false)).toBe(`${P0}\\u202e${P1}`);
		expect(safeEditorInput(`\x1b[${0x202e}u`, false)).toBe(`${P0}\\u202e${P1}`);
	});

	it("sanitizes paste contents between the markers, across chunks", () => {
		expect(safeEditorInput(`${P0}a\x1b[31mb\r\nc${P1}`, false)).toBe(`${P0}a␛[31mb\nc${P1}`);
		expect(safeEditorInput("x\x9by", true)).toBe("x\\x9by");
		expect(safeEditorInput(`z${P1}\x1b[D`, true)).toBe(`z${P1}\x1b[D`);
	});

	it("never lets an ESC or C1 of the payload through (property)", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary" }), (text) => {
				const out = safeEditorInput(`${P0}${text}${P1}`, false);
				const body = out.slice(P0.length, out.length - P1.length);
				expect(body).not.toMatch(/[\x1b\x80-\x9f\u202a-\u202e\u2066-\u2069]/);
			}),
		);
	});
});

describe("pasteOpenAfter", () => {
	it.each([
		[`${P0}abc`, false, true],
		["abc", true, true],
		[`abc${P1}`, true, false],
		[`${P0}a${P1}`, false, false],
		[`${P0}a${P1}${P0}b`, false, true],
		["plain", false, false],
	])("%j (open before: %s) → %s", (data, before, after) => {
		expect(pasteOpenAfter(data, before)).toBe(after);
	});
});

describe("safeEditorText", () => {
	it("keeps newlines and shows controls", () => {
		expect(safeEditorText("a\nb")).toBe("a\nb");
		expect(safeEditorText("a\x07b")).toBe("a␇b");
	});
});
