/**
 * What enters the editors and what they draw. Keys and pastes reach the pi-tui Editor as they came (only
 * C0 controls in a paste, which the Editor would drop without a trace, become control pictures); the
 * Editor and the accessible prompt's Input keep the text as typed and draw the sanitized form of each
 * whole line, the cursor carried over, so nothing typed or pasted reaches the terminal raw.
 */
import { CURSOR_MARKER, Editor, type EditorTheme, type TUI } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeInline } from "../../src/text/sanitize.ts";
import { pasteControlsShown, pasteOpenAfter, typedText } from "../../src/tui/editor-input.ts";
import { type EditorState, ShownEditor, ShownInput } from "../../src/tui/shown-text.ts";
import { pieces, TYPED_SAMPLES, typeableText } from "../support/graphemes.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { contextOf, run, SINGLE, start } from "./state-fixtures.ts";

const P0 = "\x1b[200~";
const P1 = "\x1b[201~";
const same = (s: string) => s;
const theme: EditorTheme = {
	borderColor: same,
	selectList: { selectedPrefix: same, selectedText: same, description: same, scrollInfo: same, noMatch: same },
};
const tui = { requestRender: () => {}, terminal: { rows: 40, columns: 80 } } as unknown as TUI;
/** pi-tui's cursor markers (APC) and reverse video, taken out to read the text. */
const plain = (line: string) => line.replace(/\x1b_[^\x07]*\x07/g, "").replace(/\x1b\[[0-9;]*m/g, "");

describe("typedText", () => {
	it.each([
		["a letter", "a", "a"],
		["an IME commit", "日本語", "日本語"],
		["a lone surrogate half", "\ud83d", "\ud83d"],
		["a joiner", "\u200d", "\u200d"],
		["a variation selector", "\ufe0f", "\ufe0f"],
		["a leading jamo", "\u1100", "\u1100"],
		["a Kitty letter", "\x1b[97u", "a"],
		["a Kitty emoji", `\x1b[${0x1f44d}u`, "👍"],
	])("%s types text", (_name, data, text) => {
		expect(typedText(data)).toBe(text);
	});

	it.each([
		["Backspace", "\x7f"],
		["Kitty Backspace", "\x1b[127u"],
		["Kitty Enter", "\x1b[13u"],
		["an arrow", "\x1b[D"],
		["Enter", "\r"],
	])("%s types nothing", (_name, data) => {
		expect(typedText(data)).toBeUndefined();
	});
});

describe("pasteControlsShown", () => {
	it("leaves keys and typed text as they are, however unusual", () => {
		for (const data of ["a", "\u202e", "\x9b", "\ud83d", "\x1b[D", "\x7f", "\x1b[13;2u"])
			expect(pasteControlsShown(data, false)).toBe(data);
	});

	it("shows the C0 controls of a paste, which the Editor would drop, as control pictures", () => {
		expect(pasteControlsShown(`${P0}a\x1b[31mb\x07c${P1}`, false)).toBe(`${P0}a␛[31mb␇c${P1}`);
		expect(pasteControlsShown("x\x1b]52;c;aGk=\x07", true)).toBe("x␛]52;c;aGk=␇");
		expect(pasteControlsShown(`z${P1}\x1b[D`, true)).toBe(`z${P1}\x1b[D`);
	});

	it("keeps line breaks and tabs, and the Ctrl+letters tmux re-encodes in a paste, for the Editor", () => {
		expect(pasteControlsShown(`${P0}a\r\nb\tc\x1b[106;5ud${P1}`, false)).toBe(`${P0}a\r\nb\tc\nd${P1}`);
	});

	it("leaves everything else of a paste alone: C1, bidi, emoji, jamo (property)", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary" }), (text) => {
				const out = pasteControlsShown(`${P0}${text}${P1}`, false);
				const body = out.slice(P0.length, out.length - P1.length);
				expect(body).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f]/);
				expect(body.replace(/[\u2400-\u241f]/g, "")).toBe(
					text.replace(/\x1b\[(\d+);5u/g, "").replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\u2400-\u241f]/g, ""),
				);
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

describe("ShownEditor's shown lines", () => {
	function editorWith(text: string, ...keys: string[]): ShownEditor {
		const editor = new ShownEditor(tui, theme, { paddingX: 0 });
		editor.setText(text);
		for (const key of keys) editor.handleInput(key);
		return editor;
	}

	it("are undefined when every line shows as it is", () => {
		expect(editorWith(`ok 👍🏽\n${TYPED_SAMPLES.hangulLV}`).shown()).toBeUndefined();
	});

	it("sanitize each whole line and carry the cursor over", () => {
		// Up, End, Left: the cursor on "b" of the first line, right after the stand-in.
		const between = editorWith("a\u202eb\nc", "\x1b[A", "\x1b[F", "\x1b[D");
		expect(between.getCursor()).toEqual({ line: 0, col: 2 });
		expect(between.shown()).toEqual({ lines: ["a\\u202eb", "c"], cursorCol: 7 });
		// Up, Home, Right: the cursor after "c" on the first line, the bidi control on the second.
		const before = editorWith("c\na\u202eb", "\x1b[A", "\x1b[H", "\x1b[C");
		expect(before.getCursor()).toEqual({ line: 0, col: 1 });
		expect(before.shown()).toEqual({ lines: ["c", "a\\u202eb"], cursorCol: 1 });
	});
});

describe("ShownEditor", () => {
	function editorWith(text: string): ShownEditor {
		const editor = new ShownEditor(tui, theme, { paddingX: 0 });
		editor.focused = true;
		editor.setText(text);
		return editor;
	}

	it("keeps hostile text as it is and draws it safely, with the cursor where it is", () => {
		for (const { name, text } of HOSTILE_STRINGS) {
			const editor = editorWith(text);
			const lines = editor.render(60);
			for (const line of lines) assertTerminalSafe(line.replaceAll(CURSOR_MARKER, ""), true, false);
			expect(editor.getExpandedText(), name).toBe(editor.getLines().join("\n"));
			expect(
				lines.filter((l) => l.includes(CURSOR_MARKER)),
				name,
			).toHaveLength(1);
		}
	});

	it("draws the sanitized line and puts the cursor after the stand-in it follows", () => {
		const editor = editorWith("a\u202eb");
		expect(editor.getText()).toBe("a\u202eb");
		const line = editor.render(40)[1] ?? "";
		expect(plain(line).trimEnd()).toBe("a\\u202eb");
		// The cursor is at the end: after "b", not inside the stand-in.
		expect(line.indexOf(CURSOR_MARKER)).toBe(line.indexOf("b") + 1);
		// Left once: the cursor on "b"; Left again: on the stand-in's first character, right after "a".
		editor.handleInput("\x1b[D");
		expect(plain(editor.render(40)[1] ?? "").trimEnd()).toBe("a\\u202eb");
		expect((editor.render(40)[1] ?? "").indexOf(CURSOR_MARKER)).toBe("a\\u202e".length);
		editor.handleInput("\x1b[D");
		expect((editor.render(40)[1] ?? "").indexOf(CURSOR_MARKER)).toBe(1);
		expect(editor.getText()).toBe("a\u202eb");
	});

	it("typed text drawn as it is: one line identical to a plain Editor's", () => {
		for (const text of Object.values(TYPED_SAMPLES)) {
			const shown = editorWith(text);
			const stock = new Editor(tui, theme, { paddingX: 0 });
			stock.focused = true;
			stock.setText(text);
			expect(shown.render(40)).toEqual(stock.render(40));
		}
	});

	it("typed key by key, a UTF-16 unit at a time, the text is whole (property)", () => {
		fc.assert(
			fc.property(typeableText(), (text) => {
				const editor = editorWith("");
				for (const piece of pieces(text, "units")) editor.handleInput(piece);
				expect(editor.getText()).toBe(text);
				expect(plain(editor.render(200)[1] ?? "").trimEnd()).toBe(text);
			}),
		);
	});

	it("a pi-tui keeping its text elsewhere gets a copy holding the shown text: still safe", () => {
		// What a different pi-tui looks like to the swap: no private state it recognizes.
		class Elsewhere extends ShownEditor {
			protected override privateState(): EditorState | undefined {
				return undefined;
			}
		}
		const editor = new Elsewhere(tui, theme, { paddingX: 0 });
		editor.setText("x\x1b]52;c;aGk=\x07");
		const lines = editor.render(40);
		for (const line of lines) assertTerminalSafe(line.replaceAll(CURSOR_MARKER, ""), true, false);
		expect(plain(lines[1] ?? "").trimEnd()).toBe(sanitizeInline("x\x1b]52;c;aGk=\x07"));
	});
});

describe("ShownInput", () => {
	it("keeps a pasted escape sequence as pasted and draws it as control pictures", () => {
		const input = new ShownInput({ prompt: "> " });
		input.focused = true;
		input.handleInput(`${P0}x\x1b]52;c;aGk=\x07\u202ey${P1}`);
		expect(input.getValue()).toBe("x\x1b]52;c;aGk=\x07\u202ey");
		const line = input.render(60)[0] ?? "";
		assertTerminalSafe(line.replaceAll(CURSOR_MARKER, ""), true, false);
		expect(plain(line)).toContain("x␛]52;c;aGk=␇\\u202ey");
	});

	it("typed a UTF-16 unit at a time, emoji and jamo are whole in the value and on screen (property)", () => {
		fc.assert(
			fc.property(typeableText(), (text) => {
				const input = new ShownInput({ prompt: "> " });
				for (const piece of pieces(text, "units")) input.handleInput(piece);
				expect(input.getValue()).toBe(text);
				expect(plain(input.render(200)[0] ?? "")).toContain(text);
			}),
		);
	});
});

/** The draft the state keeps when the external editor returns `text` (reduce-editor.ts stores it in the Editor's form). */
function draftKept(text: string): string {
	const context = contextOf(SINGLE);
	const opened = run(start(context), context, { type: "draft/opened" }, { type: "editor/externalRequested" });
	const requestId = opened.state.nextRequestId - 1;
	const returned = run(opened.state, context, { type: "editor/externalReturned", requestId, text });
	return returned.state.drafts[0] ?? "";
}

describe("text loaded into the editor", () => {
	it("is kept by the state in the form pi-tui's Editor keeps it, so the state and the editor never differ", () => {
		const editor = new Editor(tui, theme);
		for (const text of ["plain", "a\tb", "a\r\nb", "a\rb", "a\n\r\n\tb\r", "\t\t", "日本\t語\r\n👍🏽", ""]) {
			editor.setText(text);
			const kept = draftKept(text);
			expect(kept, JSON.stringify(text)).toBe(editor.getExpandedText());
			// Loading it again changes nothing (a trailing line break aside: editors add one on save, it is dropped).
			expect(draftKept(kept)).toBe(kept.replace(/\n$/, ""));
		}
	});
});
