/**
 * The dialog's sections, top to bottom: border, tab bar, question, note (or the note editor), options or
 * Submit summary, preview (beside or below), status, footer, border. Each is a component set with its
 * props; `measure` gives their natural heights and the order they shrink in, and `stack` draws each at the
 * height it was given and stacks them. The view (questionnaire-view.ts) decides the columns and heights.
 */
import type { Messages } from "../../i18n/messages.ts";
import { fitLine, padToWidth, wrapBlock } from "../../text/fit.ts";
import type { PropsComponent } from "./component.ts";
import { EditorArea } from "./editor-area.ts";
import { FooterBar } from "./footer-bar.ts";
import { type Heights, type PreviewPlacement, type ShrinkStep, shrinkOrder } from "./layout.ts";
import { editorWidth, OptionList } from "./option-list.ts";
import { PreviewPane } from "./preview-pane.ts";
import type { StatusLine, ViewInput, ViewProps } from "./props.ts";
import { SubmitPane } from "./submit-pane.ts";
import { TabBar } from "./tab-bar.ts";
import { TextBlock } from "./text-block.ts";
import type { ViewTheme } from "./theme.ts";

/** A preview keeps this many lines (position line included) until everything else has shrunk. */
const PREVIEW_KEEP = 4;
/** The option list keeps at least this many lines (or the focused row and its neighbours). */
const LIST_KEEP = 5;

/** How the option list and the preview share the panel. */
export interface Columns {
	listWidth: number;
	previewWidth: number;
	placement: PreviewPlacement;
}

export interface Measured {
	heights: Heights;
	steps: ShrinkStep[];
	/** The rows a long preview was laid out to this frame; undefined when no preview is shown. */
	previewRows: number | undefined;
}

/** The components of the dialog, one per section. */
export class DialogSections {
	/** The preview pane; the view also lays out previews ahead into it. */
	readonly preview: PreviewPane;
	private readonly theme: ViewTheme;
	private readonly tabBar: TabBar;
	private readonly question: TextBlock;
	private readonly note: TextBlock;
	private readonly noteEditor: EditorArea;
	private readonly list: OptionList;
	private readonly submit: SubmitPane;
	private readonly footer: FooterBar;
	private padded: { source: readonly string[]; width: number; lines: string[] } | undefined;
	private wrapped: { source: readonly StatusLine[]; width: number; lines: StatusLine[] } | undefined;

	constructor(theme: ViewTheme, messages: Messages) {
		this.theme = theme;
		this.tabBar = new TabBar(theme);
		this.question = new TextBlock(theme);
		this.note = new TextBlock(theme);
		this.noteEditor = new EditorArea(theme);
		this.list = new OptionList(theme, undefined, messages);
		this.submit = new SubmitPane(theme, undefined, messages);
		this.preview = new PreviewPane(theme, undefined, messages);
		this.footer = new FooterBar(theme, undefined, messages);
	}

	/** Drops every cached line (theme change, full redraw). */
	invalidate(): void {
		for (const c of [this.tabBar, this.question, this.note, this.noteEditor, this.list, this.submit, this.preview])
			c.invalidate();
		this.footer.invalidate();
	}

	/**
	 * Sets every component's content props and returns the sections' natural heights and shrink order, and
	 * the rows a long preview was laid out to (undefined when none is shown).
	 */
	measure(
		input: ViewInput,
		p: ViewProps,
		inner: number,
		listWidth: number,
		previewWidth: number,
		placement: PreviewPlacement,
	): Measured {
		const keep = <T extends { getProps(): { height: number } }>(c: T) => c.getProps().height;
		const editorLines = (w: number) => input.editor?.render(Math.max(1, w)) ?? [];
		this.tabBar.setProps({ tabs: p.tabs });
		this.question.setProps({ text: p.question, style: "bold", height: keep(this.question) });
		this.footer.setProps({ hints: p.hints });
		const question = this.question.measure(inner);
		const tabs = p.tabs.length > 0 ? 1 : 0;
		const status = this.statusAt(p.status, inner).length;
		const footer = p.hints.length > 0 ? 1 : 0;
		let note = 0;
		if (p.note?.kind === "text") {
			this.note.setProps({ text: p.note.text, style: "dim", height: keep(this.note) });
			note = this.note.measure(inner);
		} else if (p.note?.kind === "editor") {
			this.noteEditor.setProps({ title: p.note.title, editorLines: editorLines(inner), height: keep(this.noteEditor) });
			note = this.noteEditor.measure();
		}
		let body = 0;
		let bodyKeep = 0;
		let preview = 0;
		if (p.body.kind === "options") {
			const { kind, editing, ...list } = p.body;
			const lines = editing ? editorLines(editorWidth(listWidth, list.multi, list.numberWidth)) : [];
			this.list.setProps({ ...list, editorLines: lines, height: keep(this.list) });
			body = this.list.measure(listWidth);
			bodyKeep = Math.min(body, Math.max(LIST_KEEP, this.list.focusedHeight(listWidth) + 2));
		} else {
			const { kind, ...submit } = p.body;
			const lines = submit.editing ? editorLines(inner) : [];
			this.submit.setProps({ ...submit, editorLines: lines, height: keep(this.submit) });
			body = this.submit.measure(inner);
			bodyKeep = Math.min(body, Math.max(LIST_KEEP, this.submit.minimum(inner)));
		}
		let previewRows: number | undefined;
		if (p.preview) {
			this.preview.setProps({ ...p.preview, height: keep(this.preview) });
			// A long preview is laid out only as far as it can show: past the rows the sections around the body
			// take, one more line makes it "taller than the room", which is all the height allocation needs.
			const around = 4 + tabs + question + note + status + footer;
			const rows = Math.max(1, Math.floor(input.maxHeight) - around + 1);
			preview = this.preview.measure(previewWidth, rows);
			// Exactly the rows this frame lays out, not more: a long preview's "of ≥ N" then reads the same whether
			// or not it was laid out ahead (a taller pane on another tab lays out its last piece itself).
			if (placement !== "none") previewRows = rows;
		}
		const side = placement === "side";
		const below = placement === "below";
		const previewKeep = Math.min(preview, PREVIEW_KEEP);
		const heights: Heights = {
			borderTop: 1,
			tabs,
			gapTop: 1,
			question,
			note,
			gapBody: 1,
			body: side ? Math.max(body, preview) : body,
			gapPreview: below ? 1 : 0,
			preview: below ? preview : 0,
			status,
			footer,
			borderBottom: 1,
		};
		const steps = shrinkOrder({
			placement,
			body,
			bodyKeep,
			preview,
			previewKeep,
			question,
			note,
			editorNote: p.note?.kind === "editor",
			reviewTitle: p.body.kind === "submit",
		});
		return { heights, steps, previewRows };
	}

	/** Renders every section at its height and stacks them, padded by `pad` columns on each side. */
	stack(p: ViewProps, h: Heights, width: number, pad: number, columns: Columns): string[] {
		const t = this.theme;
		const inner = width - 2 * pad;
		const prefix = " ".repeat(pad);
		const out: string[] = [];
		const add = (lines: readonly string[]) => {
			for (const line of lines) out.push(line === "" ? "" : prefix + line);
		};
		if (h.borderTop > 0) out.push(t.border("─".repeat(width)));
		if (h.tabs > 0) add(this.tabBar.render(inner).slice(0, h.tabs));
		for (let i = 0; i < h.gapTop; i++) out.push("");
		if (h.question > 0) add(renderAt(this.question, h.question, inner));
		if (h.note > 0 && p.note?.kind === "text") add(renderAt(this.note, h.note, inner));
		else if (h.note > 0 && p.note?.kind === "editor") add(renderAt(this.noteEditor, h.note, inner));
		for (let i = 0; i < h.gapBody; i++) out.push("");
		if (h.body > 0) add(this.body(p, h.body, inner, columns));
		if (columns.placement === "below") {
			const lines = renderAt(this.preview, h.preview, columns.previewWidth);
			if (h.gapPreview > 0 && lines.length > 0) add([t.border("╌".repeat(inner))]);
			add(lines);
		}
		const status = this.statusAt(p.status, inner).slice(0, h.status);
		add(status.map((line) => statusStyle(t, line.style)(fitLine(line.text, inner))));
		if (h.footer > 0) add(this.footer.render(inner));
		if (h.borderBottom > 0) out.push(t.border("─".repeat(width)));
		return out;
	}

	private body(p: ViewProps, height: number, inner: number, columns: Columns): string[] {
		const { listWidth, previewWidth, placement } = columns;
		if (p.body.kind === "submit") return [...renderAt(this.submit, height, inner)];
		const left = renderAt(this.list, height, listWidth);
		if (placement !== "side") return [...left];
		const right = renderAt(this.preview, height, previewWidth);
		const padded = this.paddedLeft(left, listWidth);
		const gap = this.theme.border(" │ ");
		const blank = " ".repeat(listWidth);
		const rows = Math.max(padded.length, right.length);
		const out = new Array<string>(rows);
		for (let i = 0; i < rows; i++) out[i] = `${padded[i] ?? blank}${gap}${right[i] ?? ""}`;
		return out;
	}

	/**
	 * The status lines wrapped to `width`, a choice's continuation under its words (cut at the width, "Decline —
	 * the agent is told you declined" lost the words that say what the agent is told). Once a frame (measure
	 * and stack both read them), kept while the same.
	 */
	private statusAt(status: readonly StatusLine[], width: number): StatusLine[] {
		if (this.wrapped?.source === status && this.wrapped.width === width) return this.wrapped.lines;
		// A choice's text begins with its pointer or two spaces, which its continuation lines keep.
		const lines = status.flatMap((line) => wrapBlock(line.text, width).map((text) => ({ text, style: line.style })));
		this.wrapped = { source: status, width, lines };
		return lines;
	}

	/** The option list's lines padded to the column, kept while the list returns the same (cached) lines. */
	private paddedLeft(left: readonly string[], width: number): string[] {
		if (this.padded?.source === left && this.padded.width === width) return this.padded.lines;
		const lines = left.map((line) => padToWidth(line, width));
		this.padded = { source: left, width, lines };
		return lines;
	}
}

/** `c`'s lines at `width` in `height` lines, its other props kept. */
function renderAt<P extends { height: number }, C>(c: PropsComponent<P, C>, height: number, width: number) {
	c.setProps({ ...c.getProps(), height });
	return c.render(width);
}

/** How a status line looks: a question to the user stands out, a countdown only informs. */
function statusStyle(t: ViewTheme, style: StatusLine["style"]): (text: string) => string {
	switch (style) {
		case "warning":
			return (text) => t.warning(t.bold(text));
		case "error":
			return t.error;
		case "notice":
			return t.warning;
		case "choice":
			return (text) => text;
		case "chosen":
			return (text) => t.selected(t.bold(text));
	}
}
