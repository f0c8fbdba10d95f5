/**
 * The preview of the focused option: its markdown rendered by pi-tui's `Markdown` with the markdown
 * theme. One document per (tab, option), made the first time that option is focused and kept, so a
 * preview is laid out again only when its width changes, never per key press. A long preview is laid out
 * only as far as it is shown (lazy-markdown.ts): a 1 MB preview costs its first screen. Longer previews
 * scroll by the given offset and end in a position line ("lines 11–30 of 300 · Shift+↓/PgDn more", or
 * "of ≥ 64" until the end is laid out: `layoutShown` gets there while the person reads); nothing is cut
 * silently. OSC 8 hyperlinks that
 * pi-tui would emit for markdown links are removed: the URL comes from the model and would be hidden
 * behind the text. Must not import the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { fitLine } from "../../text/fit.ts";
import { clampWidth, PropsComponent } from "./component.ts";
import { LazyMarkdown } from "./lazy-markdown.ts";
import type { ViewTheme } from "./theme.ts";

/** Props of the preview pane. */
export interface PreviewProps {
	/** Which preview: "tab:option"; its document is cached under it. */
	id: string;
	/** The raw markdown from the model (sanitized here, as far as it is shown), or undefined for "no preview for this row". */
	markdown: string | undefined;
	/** First line shown (clamped to the end). */
	offset: number;
	/** Lines available, the position line included. */
	height: number;
	/**
	 * Names of the keys that scroll up and down, for the position line: the ones to try, longest first
	 * ("Shift+↓/PgDn", then "Shift+↓"); the first that lets the line fit is shown, else none.
	 */
	upKeys: readonly string[];
	downKeys: readonly string[];
}

/** A preview the pane may show next: laid out ahead while the user reads. */
export interface NextPreview {
	id: string;
	markdown: string;
	offset: number;
}

/** What the pane shows: a document, or the "no preview" line. */
type PreviewContent = { doc: LazyMarkdown } | { line: string };

/** The preview pane component. */
export class PreviewPane extends PropsComponent<PreviewProps, PreviewContent> {
	protected override readonly windowKeys = ["offset", "height", "upKeys", "downKeys"] as const;
	private readonly documents = new Map<string, { source: string; doc: LazyMarkdown }>();
	private lastMaxOffset: number | undefined = 0;

	constructor(theme: ViewTheme, props?: PreviewProps, messages: Messages = defaultMessages) {
		super(props ?? { id: "", markdown: undefined, offset: 0, height: 0, upKeys: [], downKeys: [] }, theme, messages);
	}

	/**
	 * Lines the preview takes at `width`. A long preview is laid out only to `rows` lines past the offset
	 * (the most that can be shown); then the figure is a lower bound, larger than any pane it gets.
	 */
	measure(width: number, rows = Number.POSITIVE_INFINITY): number {
		const w = clampWidth(width);
		const content = this.contentAt(w);
		if ("line" in content) return 1;
		return content.doc.linesAt(w, Math.max(0, Math.floor(this.props.offset)) + rows).lines.length;
	}

	/**
	 * After `render`: the largest offset that still fills the pane (0 when everything fits), or undefined
	 * while the preview is not laid out to its end.
	 */
	maxOffset(): number | undefined {
		return this.lastMaxOffset;
	}

	/** After `render`: the lines of text the pane has room for (its height less the position line). */
	textRows(): number {
		return Math.max(1, Math.floor(this.props.height) - 1);
	}

	override invalidate(): void {
		super.invalidate();
		for (const entry of this.documents.values()) entry.doc.invalidate();
	}

	/**
	 * Lays out one more piece of the preview shown, towards its end, so its position line can give the exact
	 * line count. "more": pieces are left; "counted": that was the last one (the next frame shows the
	 * count); "done": it was laid out to its end already, or no preview is shown.
	 */
	layoutShown(width: number): "more" | "counted" | "done" {
		const { id, markdown } = this.props;
		if (markdown === undefined) return "done";
		const doc = this.documentFor(id, markdown);
		const w = clampWidth(width);
		if (!doc.layoutStep(w, Number.POSITIVE_INFINITY)) return "done";
		if (!doc.linesAt(w, 0).complete) return "more";
		this.redraw();
		return "counted";
	}

	/**
	 * Lays out one piece of the first of `previews` not yet laid out to its offset plus `rows` lines at
	 * `width`, into the documents the pane shows them from. False when every one is laid out that far. Making
	 * a document is a step of its own: it reads the whole text once for where it may be cut (a 1 MB preview:
	 * about as long as a piece), and a key waits for one step at most.
	 */
	layoutAhead(previews: readonly NextPreview[], width: number, rows: number): boolean {
		const w = clampWidth(width);
		for (const { id, markdown, offset } of previews) {
			if (this.documents.get(id)?.source !== markdown) {
				this.documentFor(id, markdown);
				return true;
			}
			if (this.documentFor(id, markdown).layoutStep(w, Math.max(0, Math.floor(offset)) + rows)) return true;
		}
		return false;
	}

	protected content(): PreviewContent {
		const { id, markdown } = this.props;
		if (markdown === undefined) return { line: this.m.viewNoPreview };
		return { doc: this.documentFor(id, markdown) };
	}

	/** The document of preview `id`, made the first time it is asked for (again if its markdown changed). */
	private documentFor(id: string, markdown: string): LazyMarkdown {
		let entry = this.documents.get(id);
		if (!entry || entry.source !== markdown) {
			entry = { source: markdown, doc: new LazyMarkdown(markdown, this.theme.markdown) };
			this.documents.set(id, entry);
		}
		return entry.doc;
	}

	protected draw(content: PreviewContent, width: number): string[] {
		const height = Math.max(0, Math.floor(this.props.height));
		if ("line" in content) {
			this.lastMaxOffset = 0;
			return height > 0 ? [this.theme.dim(fitLine(content.line, width))] : [];
		}
		const wanted = Math.max(0, Math.floor(this.props.offset)) + height;
		const { lines, complete } = content.doc.linesAt(width, wanted);
		const total = lines.length;
		if (total <= height && complete) {
			this.lastMaxOffset = 0;
			return lines.slice();
		}
		this.lastMaxOffset = complete ? total - Math.max(1, height - 1) : undefined;
		if (height === 0) return [];
		const rows = height - 1;
		const max = total - Math.max(1, rows);
		const offset = Math.min(max, Math.max(0, Math.floor(this.props.offset)));
		const out = lines.slice(offset, offset + rows);
		const first = offset + 1;
		const last = Math.max(first, offset + rows);
		const position = (hint: string) =>
			complete
				? this.m.viewPreviewPosition(first, last, total, hint)
				: this.m.viewPreviewPartial(first, last, total, hint);
		const more = offset < max || !complete;
		const hints =
			more || offset > 0
				? (more ? this.props.downKeys : this.props.upKeys)
						.filter((keys) => keys !== "")
						.map((keys) => (more ? this.m.viewPreviewMore(keys) : this.m.viewPreviewBack(keys)))
				: [];
		// The longest key hint that fits; in a narrow pane the figures matter more than the keys.
		const fitting = [...hints, ""].map(position).find((line) => visibleWidth(line) <= width);
		out.push(this.theme.dim(fitLine(fitting ?? position(""), width)));
		return out;
	}

	/** Lines from `draw` are fitted already: the document fits each line once, when it lays it out. */
	protected override fit(lines: string[]): string[] {
		return lines;
	}
}
