/**
 * The preview of the focused option: its markdown rendered by pi-tui's `Markdown` with the markdown
 * theme. One `Markdown` instance per (tab, option), made (and its text sanitized) the first time that
 * option is focused and kept, so a large preview is parsed and laid out again only when its width
 * changes, never per key press. Longer previews scroll by the given offset and end in a position line
 * ("lines 11–30 of 300 · Shift+↓ more"); nothing is cut silently. OSC 8 hyperlinks that pi-tui would
 * emit for markdown links are removed: the URL comes from the model and would be hidden behind the text.
 * Must not import the state.
 */
import { Markdown } from "@earendil-works/pi-tui";
import { en } from "../../i18n/en.ts";
import { fitLine } from "../../text/fit.ts";
import { sanitizeBlock } from "../../text/sanitize.ts";
import { clampWidth, PropsComponent } from "./component.ts";
import type { ViewTheme } from "./theme.ts";

/** Props of the preview pane. */
export interface PreviewProps {
	/** Which preview: "tab:option"; the Markdown instance is cached under it. */
	id: string;
	/** The raw markdown from the model (sanitized here, once), or undefined for "no preview for this row". */
	markdown: string | undefined;
	/** First line shown (clamped to the end). */
	offset: number;
	/** Lines available, the position line included. */
	height: number;
	/** Key names that scroll up and down, for the position line. */
	upKey: string;
	downKey: string;
}

const OSC8 = /\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** The preview pane component. */
export class PreviewPane extends PropsComponent<PreviewProps> {
	protected override readonly windowKeys = ["offset", "height", "upKey", "downKey"] as const;
	private readonly theme: ViewTheme;
	private readonly documents = new Map<string, { source: string; markdown: Markdown }>();
	private lastMaxOffset = 0;

	constructor(theme: ViewTheme, props?: PreviewProps) {
		super(props ?? { id: "", markdown: undefined, offset: 0, height: 0, upKey: "", downKey: "" });
		this.theme = theme;
	}

	/** Lines the whole preview takes at `width`. */
	measure(width: number): number {
		return this.contentAt(clampWidth(width)).length;
	}

	/** After `render`: the largest offset that still fills the pane (0 when everything fits). */
	maxOffset(): number {
		return this.lastMaxOffset;
	}

	override invalidate(): void {
		super.invalidate();
		for (const doc of this.documents.values()) doc.markdown.invalidate();
	}

	protected content(width: number): readonly string[] {
		const { id, markdown } = this.props;
		if (markdown === undefined) return [this.theme.dim(en.viewNoPreview)];
		let doc = this.documents.get(id);
		if (!doc || doc.source !== markdown) {
			doc = { source: markdown, markdown: new Markdown(sanitizeBlock(markdown), 0, 0, this.theme.markdown) };
			this.documents.set(id, doc);
		}
		return doc.markdown.render(width);
	}

	protected draw(lines: readonly string[], width: number): string[] {
		const height = Math.max(0, Math.floor(this.props.height));
		const total = lines.length;
		const shown = (from: number, to: number) => this.fittedSlice(lines, width, from, to);
		if (total <= height) {
			this.lastMaxOffset = 0;
			return shown(0, total);
		}
		this.lastMaxOffset = total - Math.max(1, height - 1);
		if (height === 0) return [];
		const rows = height - 1;
		const max = total - Math.max(1, rows);
		const offset = Math.min(max, Math.max(0, Math.floor(this.props.offset)));
		const out = shown(offset, offset + rows);
		const hint =
			offset < max ? en.viewPreviewMore(this.props.downKey) : offset > 0 ? en.viewPreviewBack(this.props.upKey) : "";
		const first = offset + 1;
		const position = en.viewPreviewPosition(first, Math.max(first, offset + rows), total, hint);
		out.push(this.theme.dim(fitLine(position, width)));
		return out;
	}

	/** Lines from `draw` are fitted already. */
	protected override fit(lines: string[]): string[] {
		return lines;
	}

	private fitted = new WeakMap<readonly string[], { width: number; lines: (string | undefined)[] }>();

	/** Lines `from`–`to` of the content, cleaned and fitted once per content and width (only those ever shown). */
	private fittedSlice(lines: readonly string[], width: number, from: number, to: number): string[] {
		let cache = this.fitted.get(lines);
		if (cache?.width !== width) {
			cache = { width, lines: [] };
			this.fitted.set(lines, cache);
		}
		const out: string[] = [];
		for (let i = from; i < to && i < lines.length; i++) {
			let line = cache.lines[i];
			if (line === undefined) {
				line = fitLine(clean(lines[i] ?? ""), width);
				cache.lines[i] = line;
			}
			out.push(line);
		}
		return out;
	}
}

function clean(line: string): string {
	return line.includes("\x1b]8;") ? line.replace(OSC8, "") : line;
}
