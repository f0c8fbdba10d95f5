/**
 * The pi-tui `Editor` the session embeds for drafts and notes, behind a small text-in/text-out surface:
 * keys and pastes go in as they come and the text stays exactly what the person typed (it is the
 * answer), while the terminal only ever sees its sanitized form (shown-text.ts); text changes are
 * reported as the full (paste-expanded) text, and focus is set only while it is shown, so only a
 * focused, open editor emits CURSOR_MARKER (the TUI puts the hardware cursor there, which IME needs).
 */
import type { EditorTheme, TUI } from "@earendil-works/pi-tui";
import { fitLine, widestGrapheme } from "../text/fit.ts";
import { pasteControlsShown, pasteOpenAfter } from "./editor-input.ts";
import { ShownEditor } from "./shown-text.ts";

/**
 * pi-tui's Editor, safe at every width ≥ 1 and for every text. It wraps into one column less than it is
 * given, and wrapping a grapheme wider than that recurses without end (pi-tui 1.6 `wordWrapLine`): a stack
 * overflow that would end the questionnaire. A wide character at 1 or 2 columns does it, and so does a
 * pasted cluster of many spacing marks at any width. So it is rendered at least one column wider than its
 * widest grapheme (and at least 3), and its lines are fitted down to the width asked for.
 */
class WrapSafeEditor extends ShownEditor {
	private widest = { text: "", columns: 0 };

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

/** The embedded editor. `component` is what the view renders. */
export class EmbeddedEditor {
	readonly component: ShownEditor;
	/** A bracketed paste is open, as the editor has seen it. */
	private inPaste = false;

	constructor(tui: TUI, theme: EditorTheme) {
		this.component = new WrapSafeEditor(tui, theme, { paddingX: 0 });
		// Enter is routed by the session (confirm the draft, close the note) before the editor sees it.
		this.component.disableSubmit = true;
	}

	/**
	 * Replaces the text; returns the text the editor now holds: the same, but for the editor's own
	 * normalizing (line breaks to `\n`, tabs to spaces).
	 */
	load(text: string): string {
		this.inPaste = false;
		this.component.setText(text);
		return this.component.getExpandedText();
	}

	/** Lets the editor handle one key or paste chunk; returns the new full text, or undefined if unchanged. */
	feed(data: string): string | undefined {
		const before = this.component.getExpandedText();
		const input = pasteControlsShown(data, this.inPaste);
		this.inPaste = pasteOpenAfter(data, this.inPaste);
		this.component.handleInput(input);
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
