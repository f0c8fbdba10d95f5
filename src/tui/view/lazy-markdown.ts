/**
 * A preview's markdown, laid out only as far as it is read. Short documents go through one pi-tui
 * `Markdown` as a whole. Long ones are cut into top-level pieces (markdown-blocks.ts) that are sanitized
 * and rendered one after another, only until the lines asked for exist, with the blank line pi-tui would
 * put between them; so a 1 MB preview costs what its first screen costs, and scrolling renders the next
 * piece when it is reached. The result is the same lines the whole document renders to.
 * Every line is cleaned of OSC 8 hyperlinks (the URL comes from the model and would hide behind the text)
 * and fitted to the width once, when it is rendered.
 */
import { Markdown, type MarkdownTheme } from "@earendil-works/pi-tui";
import { fitLine } from "../../text/fit.ts";
import { sanitizeBlock } from "../../text/sanitize.ts";
import { canCut, nextPiece } from "./markdown-blocks.ts";

/** Documents up to this many UTF-16 units render whole; longer ones piece by piece. */
const LAZY_FROM = 8 * 1024;
/** A piece holds at least this many units (fewer `Markdown` instances; still far below a screen's cost). */
const PIECE_MIN = 256;

const OSC8 = /\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** The lines laid out so far and whether that is the whole document. */
export interface MarkdownLines {
	/** Every line fitted to the width; grows as more is asked for (do not keep across calls). */
	lines: readonly string[];
	complete: boolean;
}

/** One preview document, rendered at one width at a time. */
export class LazyMarkdown {
	private readonly source: string;
	private readonly theme: MarkdownTheme;
	private readonly whole: boolean;
	/** The one `Markdown` of a document rendered whole; kept so a width change re-wraps without re-parsing. */
	private markdown: Markdown | undefined;
	private width = -1;
	private lines: string[] = [];
	/** Where the next piece starts; `source.length` once everything is rendered. */
	private next = 0;

	/** `raw` is the model's markdown; it is sanitized here, piece by piece. `lazyFrom`: see {@link LAZY_FROM}. */
	constructor(raw: string, theme: MarkdownTheme, lazyFrom = LAZY_FROM) {
		this.whole = raw.length <= lazyFrom || !canCut(raw);
		// The line breaks that sanitizing turns into "\n", turned first, so cutting sees the lines it will see.
		this.source = this.whole || !hasLineBreakVariants(raw) ? raw : raw.replace(/\r\n|[\u2028\u2029]/g, "\n");
		this.theme = theme;
	}

	/** The lines at `width`, at least `needed` of them unless the document is shorter. */
	linesAt(width: number, needed: number): MarkdownLines {
		while (this.layoutStep(width, needed));
		return { lines: this.lines, complete: this.next >= this.source.length };
	}

	/**
	 * One step towards `linesAt(width, needed)`: renders the next piece (the whole document when it renders
	 * whole) if fewer lines exist. False when there was nothing left to do.
	 */
	layoutStep(width: number, needed: number): boolean {
		if (width !== this.width) this.reset(width);
		if (this.next >= this.source.length || this.lines.length >= needed) return false;
		this.renderNext();
		return true;
	}

	/** Drops every rendered line (theme change). */
	invalidate(): void {
		this.markdown?.invalidate();
		this.width = -1;
	}

	private reset(width: number): void {
		this.width = width;
		this.lines = [];
		this.next = 0;
	}

	private renderNext(): void {
		if (this.whole) {
			this.markdown ??= new Markdown(sanitizeBlock(this.source), 0, 0, this.theme);
			this.push(this.markdown.render(this.width));
			this.next = this.source.length;
			return;
		}
		const piece = nextPiece(this.source, this.next, PIECE_MIN);
		const text = sanitizeBlock(this.source.slice(piece.start, piece.end));
		const rendered = new Markdown(text, 0, 0, this.theme).render(this.width);
		// pi-tui ends a block followed by another with one blank line, padded to the width like every line.
		if (piece.start > 0) this.lines.push(" ".repeat(this.width));
		// Markdown answers [""] for text that renders to nothing; only the document as a whole may.
		const nothing = rendered.length === 1 && rendered[0] === "";
		if (!nothing || (piece.start === 0 && piece.next >= this.source.length)) this.push(rendered);
		this.next = piece.next;
	}

	private push(rendered: readonly string[]): void {
		for (const line of rendered) this.lines.push(fitLine(clean(line), this.width));
	}
}

/** Plain searches first: they are fast on a megabyte, a regular expression is not. */
function hasLineBreakVariants(text: string): boolean {
	return text.includes("\r") || text.includes("\u2028") || text.includes("\u2029");
}

function clean(line: string): string {
	return line.includes("\x1b]8;") ? line.replace(OSC8, "") : line;
}
