/**
 * Cuts markdown source into top-level pieces that pi-tui's `Markdown` renders alone exactly as it renders
 * them inside the whole document, so a long preview can be laid out a piece at a time. Pure string work.
 *
 * A cut goes at blank lines only, never inside a fenced code block. It needs, around it:
 * - before: a block that starts at column 0 like a fresh block (see below) and holds no list item and no
 *   HTML line, so its last token is one after which pi-tui adds exactly one blank line when another block
 *   follows (heading, paragraph, code, quote, table, rule);
 * - after: a line at column 0 that starts a fresh block and cannot be a list item (a paragraph followed by a
 *   list gets no blank line), HTML, a link definition or math.
 * The renderer then puts one blank line, padded to the width, between two pieces. Documents with link
 * definitions, HTML blocks or display math are not cut at all (see {@link canCut}).
 */

/** One piece: `source.slice(start, end)`, without the blank lines after it (the last piece keeps them). */
export interface MarkdownPiece {
	start: number;
	end: number;
}

const BLANK = /^[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const HTML_LINE = /^ {0,3}</;
/** A line that starts a fresh top-level block at column 0 and is safe on both sides of a cut. */
const FRESH_START = /^(?![ \t]|<|\[|\$\$|\\\[|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$))/;
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/;
const DISPLAY_MATH = /^ {0,3}(?:\$\$|\\\[)/;
const HTML_BLOCK = /^ {0,3}<[A-Za-z/!?]/;

/**
 * True when a document may be cut. Not with link definitions (markdown resolves them across blocks), HTML
 * blocks (whether a line inside one opens a fence depends on the kind of block), or display math (an
 * unclosed `$$` or `\[` takes the rest of the document, and which marker opens depends on what a table or
 * paragraph before it swallowed).
 */
export function canCut(source: string): boolean {
	return !(
		someLine(source, "]:", "[", LINK_DEFINITION) ||
		someLine(source, "<", "<", HTML_BLOCK) ||
		someLine(source, "$$", "$", DISPLAY_MATH) ||
		someLine(source, "\\[", "\\", DISPLAY_MATH)
	);
}

/**
 * True when a line holding `needle` matches `pattern`, which needs `lead` after at most three spaces. Only
 * lines holding the needle are looked at, and only those that start so are read whole: code full of `<` (a
 * 1 MB preview of TypeScript) costs a few character reads per line, not a slice and a regex each.
 */
function someLine(source: string, needle: string, lead: string, pattern: RegExp): boolean {
	for (let at = source.indexOf(needle); at >= 0; ) {
		const end = source.indexOf("\n", at);
		const lineEnd = end < 0 ? source.length : end;
		const start = source.lastIndexOf("\n", at) + 1;
		if (startsWith(source, start, lead) && pattern.test(source.slice(start, lineEnd))) return true;
		at = end < 0 ? -1 : source.indexOf(needle, end);
	}
	return false;
}

/** True when the line at `start` holds `lead` after at most three spaces. */
function startsWith(source: string, start: number, lead: string): boolean {
	let at = start;
	while (at < start + 3 && source.charCodeAt(at) === 32) at++;
	return source.startsWith(lead, at);
}

/** The fenced code block the scan is inside of; `item` when it sits in a list item. */
interface Fence {
	char: string;
	length: number;
	column: number;
	item: boolean;
}

/** What the scan knows between lines. */
interface Scan {
	fence: Fence | undefined;
	/** Since a list item, until a blank line and an unindented line that is not an item. */
	inList: boolean;
	/** A fence in a list item met a line whose place depends on the item's exact indentation: no more cuts. */
	lost: boolean;
}

/**
 * The next piece of `source` from `start` (the start of a line, after any blank lines): ends at the first
 * cut at least `minLength` characters on, or at the end of the text. `next` is where the piece after it
 * starts, or `source.length` when this is the last one.
 */
export function nextPiece(source: string, start: number, minLength: number): MarkdownPiece & { next: number } {
	const scan: Scan = { fence: undefined, inList: false, lost: false };
	let pos = start;
	let contentEnd = start;
	let blockSafe = true;
	let afterBlank = false;
	while (pos < source.length && !scan.lost) {
		const newline = source.indexOf("\n", pos);
		const lineEnd = newline < 0 ? source.length : newline;
		const line = source.slice(pos, lineEnd);
		const following = newline < 0 ? source.length : newline + 1;
		const blank = BLANK.test(line);
		if (scan.fence) {
			if (!blank) inFence(scan, scan.fence, line);
			contentEnd = lineEnd;
			pos = following;
			continue;
		}
		if (blank) {
			afterBlank = true;
			pos = following;
			continue;
		}
		const fresh = FRESH_START.test(line);
		if (afterBlank && blockSafe && contentEnd > start && contentEnd - start >= minLength && fresh)
			return { start, end: contentEnd, next: pos };
		if (afterBlank || pos === start) blockSafe = fresh;
		if (LIST_ITEM.test(line) || HTML_LINE.test(line)) blockSafe = false;
		outsideFence(scan, line, afterBlank);
		afterBlank = false;
		contentEnd = lineEnd;
		pos = following;
	}
	// The last piece keeps its trailing blank lines: at the end of the document they render as one.
	return { start, end: source.length, next: source.length };
}

const FENCE = /^([ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*)(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^([ \t]*)(`{3,}|~{3,})[ \t]*$/;
const MARKER = /[-*+]|\d[.)]/;

/** A non-blank line outside any fence: list context, and the fence it may open. */
function outsideFence(scan: Scan, line: string, afterBlank: boolean): void {
	const item = LIST_ITEM.test(line);
	const fence = FENCE.exec(line);
	const unindented = !/^[ \t]/.test(line);
	if (item) scan.inList = true;
	else if (unindented && (afterBlank || fence)) scan.inList = false;
	if (!fence?.[2]) return;
	const lead = fence[1] ?? "";
	// A backtick fence's info string cannot hold a backtick (that line is inline code).
	if (fence[2].startsWith("`") && (fence[3] ?? "").includes("`")) return;
	const column = columns(lead);
	const inItem = scan.inList && (column > 0 || MARKER.test(lead));
	if (!inItem && (MARKER.test(lead) || column > 3)) return;
	scan.fence = { char: fence[2].charAt(0), length: fence[2].length, column, item: inItem };
}

/** A non-blank line inside `fence`: closes it, or loses track when a list item's fence meets odd indentation. */
function inFence(scan: Scan, fence: Fence, line: string): void {
	const close = FENCE_CLOSE.exec(line);
	const closes = close?.[2]?.charAt(0) === fence.char && close[2].length >= fence.length;
	const column = columns(close?.[1] ?? /^[ \t]*/.exec(line)?.[0] ?? "");
	if (!fence.item) {
		if (closes && column <= 3) scan.fence = undefined;
		return;
	}
	if (closes && column === fence.column) scan.fence = undefined;
	else if (column < fence.column || (closes && column <= fence.column + 3)) scan.lost = true;
}

/** Columns of leading whitespace, tabs to 4-column stops as sanitizing expands them. */
function columns(lead: string): number {
	let n = 0;
	for (const ch of lead) n = ch === "\t" ? n + 4 - (n % 4) : n + 1;
	return n;
}
