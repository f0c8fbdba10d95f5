/**
 * The pi-tui `Editor` the session embeds for drafts and notes, behind a small text-in/text-out surface:
 * it is loaded with the state's text, keys and pastes go in as they come and the text stays exactly what
 * the person typed (it is the answer), while the terminal only ever sees its sanitized form
 * (shown-text.ts); what a key did comes back as the full (paste-expanded) text. The session focuses it
 * only while it is shown, so only a focused, open editor emits CURSOR_MARKER (the TUI puts the hardware
 * cursor there, which IME needs). It keeps no paste flag of its own: the session's says whether a paste is open.
 */
import type { EditorTheme, TUI } from "@earendil-works/pi-tui";
import { fitLine, widestGrapheme } from "../text/fit.ts";
import { pasteControlsShown } from "./editor-input.ts";
import { ShownEditor } from "./shown-text.ts";

/**
 * The embedded editor, pi-tui's Editor drawing the shown form of its text, safe at every width ≥ 1 and for
 * every text. It wraps into one column less than it is given, and wrapping a grapheme wider than that
 * recurses without end (pi-tui 1.6 `wordWrapLine`): a stack overflow that would end the questionnaire. A
 * wide character at 1 or 2 columns does it, and so does a pasted cluster of many spacing marks at any
 * width. So it is rendered at least one column wider than its widest grapheme (and at least 3), and its
 * lines are fitted down to the width asked for.
 */
export class EmbeddedEditor extends ShownEditor {
	private widest = { text: "", columns: 0 };

	constructor(tui: TUI, theme: EditorTheme) {
		super(tui, theme, { paddingX: 0 });
		// Enter is routed by the session (confirm the draft, close the note) before the editor sees it.
		this.disableSubmit = true;
	}

	/**
	 * Replaces the text, the cursor at its end (the state gives it in the form the editor keeps:
	 * `editorForm`). Undo goes back to `undoTo` and no further; without it there is nothing to undo, so
	 * undo in a newly opened draft never brings back the text of another.
	 */
	load(text: string, undoTo?: string): void {
		this.setText(undoTo ?? text);
		forgetUndo(this);
		if (undoTo !== undefined) this.setText(text);
	}

	/**
	 * Lets the editor handle one key or paste chunk (`inPaste`: a bracketed paste was open before it);
	 * returns the new full text, or undefined if unchanged.
	 */
	feed(data: string, inPaste: boolean): string | undefined {
		const before = this.getExpandedText();
		this.handleInput(pasteControlsShown(data, inPaste));
		const after = this.getExpandedText();
		return after === before ? undefined : after;
	}

	override render(width: number): string[] {
		const safe = Math.max(width, 3, this.widestColumns() + 1);
		if (safe === width) return super.render(width);
		return super.render(safe).map((line) => fitLine(line, Math.max(1, width)));
	}

	/** The widest grapheme of the text as shown, measured again only when it changed. */
	private widestColumns(): number {
		const text = this.shown()?.lines.join("\n") ?? this.getText();
		if (text !== this.widest.text) this.widest = { text, columns: widestGrapheme(text) };
		return this.widest.columns;
	}
}

/**
 * Empties the Editor's undo history. pi-tui has no public way to (its `setText` makes the text before
 * undoable), so this reaches its private stack, when it is there and what it is expected to be.
 */
function forgetUndo(editor: EmbeddedEditor): void {
	const stack = (editor as unknown as { undoStack?: { clear?: unknown } }).undoStack;
	if (stack && typeof stack.clear === "function") stack.clear();
}
