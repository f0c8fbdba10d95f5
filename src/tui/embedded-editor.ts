/**
 * The pi-tui `Editor` the session embeds for drafts and notes, behind a small text-in/text-out surface:
 * everything entering it is made terminal-safe first (see editor-input.ts), text changes are reported
 * as the full (paste-expanded) text, and focus is set only while it is shown, so only a focused, open
 * editor emits CURSOR_MARKER (the TUI puts the hardware cursor there, which IME needs).
 */
import { Editor, type EditorTheme, type TUI } from "@earendil-works/pi-tui";
import { fitLine } from "../text/fit.ts";
import { pasteOpenAfter, safeEditorInput, safeEditorText } from "./editor-input.ts";

/**
 * Narrowest width the pi-tui Editor is rendered at. Below 3 columns its wrap width is 1, and wrapping a
 * wide character (CJK, emoji) into 1 column recurses without end (pi-tui 1.6 `wordWrapLine`): a stack
 * overflow that would end the questionnaire. Narrower areas get its 3-column lines fitted down.
 */
const MIN_EDITOR_WIDTH = 3;

/** pi-tui's Editor, safe at every width ≥ 1. */
class NarrowSafeEditor extends Editor {
	override render(width: number): string[] {
		if (width >= MIN_EDITOR_WIDTH) return super.render(width);
		return super.render(MIN_EDITOR_WIDTH).map((line) => fitLine(line, Math.max(1, width)));
	}
}

/** The embedded editor. `component` is what the view renders. */
export class EmbeddedEditor {
	readonly component: Editor;
	/** A bracketed paste is open, as the editor has seen it. */
	private inPaste = false;

	constructor(tui: TUI, theme: EditorTheme) {
		this.component = new NarrowSafeEditor(tui, theme, { paddingX: 0 });
		// Enter is routed by the session (confirm the draft, close the note) before the editor sees it.
		this.component.disableSubmit = true;
	}

	/** Replaces the text; returns the text as it is now shown (unsafe characters made visible). */
	load(text: string): string {
		const shown = safeEditorText(text);
		this.inPaste = false;
		this.component.setText(shown);
		return shown;
	}

	/** Lets the editor handle one key or paste chunk; returns the new full text, or undefined if unchanged. */
	feed(data: string): string | undefined {
		const before = this.component.getExpandedText();
		const safe = safeEditorInput(data, this.inPaste);
		this.inPaste = pasteOpenAfter(data, this.inPaste);
		this.component.handleInput(safe);
		const after = this.component.getExpandedText();
		return after === before ? undefined : after;
	}

	/** True while the editor is shown and the overlay has focus. */
	setFocused(focused: boolean): void {
		this.component.focused = focused;
	}

	invalidate(): void {
		this.component.invalidate();
	}
}
