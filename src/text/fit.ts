/**
 * Width-safe line helpers (DESIGN.md §6): every line they return fits the width asked for, for every
 * width ≥ 1. Widths are measured with pi-tui's `visibleWidth`, so our numbers are the TUI's numbers.
 *
 * Input is sanitized text (see sanitize.ts: no controls, tabs already expanded), optionally with SGR
 * styling. Where pi-tui falls short we work around it:
 * - `truncateToWidth` wraps its ellipsis in `\x1b[0m` resets even for plain text, which would cut a
 *   style applied to the whole line afterwards; plain text is truncated here instead.
 * - `wrapTextWithAnsi` puts a wide character on a line of its own at width 1 (two columns, preceded by
 *   an empty line) and drops the indentation of a line whose first word does not fit. Plain text is
 *   wrapped here; styled text still goes through pi-tui, with every line fitted afterwards.
 * A grapheme wider than the whole width (a CJK character or emoji at width 1) cannot be shown; it
 * becomes the ellipsis, so the reader still sees that something was there.
 */
import { stripTerminalSequences, truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import { graphemeSegmenter } from "../util/graphemes.ts";
import { lazyRegExp, memoized } from "../util/once.ts";

/** Marks cut text; one column wide. */
export const ELLIPSIS = "…";

// Built on first use, not at load (see util/once.ts), from a string: V8 checks a regex literal while
// compiling the function holding it, and Unicode-property classes make that slow.
/** Scripts written without spaces, so a line may break between any two of their characters (as pi-tui does). */
const breakAnywhere = lazyRegExp(
	`[${["Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"].map((script) => String.raw`\p{Script_Extensions=${script}}`).join("")}]`,
	"u",
);
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const RUNS = / +|[^ ]+/g;
/**
 * Characters that are always a grapheme of their own (no marks, joiners or jamo among them), so a line of
 * them needs no segmenter: ASCII, Latin, CJK punctuation, kana, ideographs, Hangul syllables, fullwidth forms.
 */
const STANDALONE =
	/^[\x20-\x7e\u00a1-\u00ac\u00ae-\u02ff\u3000-\u3029\u3030-\u303f\u3040-\u3096\u30a0-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60]*$/;

/**
 * Cuts a single line (no `\n`; use sanitizeInline or wrapBlock first) to at most `width` columns, ending in
 * "…" when something was cut. Returns the line unchanged when it fits and "" when `width` < 1. Keeps SGR
 * styling (pi-tui closes it at the cut). Reads only as far as the width reaches, so long lines are cheap.
 */
export function fitLine(line: string, width: number): string {
	const max = columns(width);
	if (max === 0) return "";
	// pi-tui gives one UTF-16 unit at most 3 columns (a tab) and escape sequences none: short lines fit as they are.
	if (line.length * 3 <= max) return line;
	if (line.includes("\x1b")) return fitStyled(line, max);
	if (PRINTABLE_ASCII.test(line)) return line.length <= max ? line : `${line.slice(0, max - 1)}${ELLIPSIS}`;
	// One pass that stops at the first column past the width, so a 1 MB line costs what the width costs.
	let used = 0;
	let cut = -1;
	for (const { segment, index } of graphemeSegmenter().segment(line)) {
		const w = widthOf(segment);
		if (cut < 0 && used + w > max - 1) cut = index;
		used += w;
		if (used > max) return `${line.slice(0, cut)}${ELLIPSIS}`;
	}
	return line;
}

/** Fits a line with {@link fitLine}, then pads it with spaces to exactly `width` columns. */
export function padToWidth(line: string, width: number): string {
	const max = columns(width);
	const fitted = fitLine(line, max);
	return fitted + " ".repeat(Math.max(0, max - lineWidth(fitted)));
}

/**
 * The width of a whole line: a frame shows the same styled lines (pointer "›", borders, marks) again and
 * again, and pi-tui's own cache is small and shared with everything it draws.
 */
const lineWidth = memoized(visibleWidth, 1024);

/**
 * Wraps text into lines of at most `width` columns: at spaces where possible, between CJK characters,
 * and inside words or URLs longer than a line. `\n` always breaks. Leading indentation stays on the
 * first line and is repeated on continuation lines when it takes at most half the width (code and
 * nested lists stay readable). Trailing spaces at a break are dropped. Always returns at least one line.
 */
export function wrapBlock(text: string, width: number): string[] {
	const max = Math.max(1, columns(width));
	if (text.includes("\x1b")) return wrapTextWithAnsi(text, max).map((line) => fitLine(line, max));
	const out: string[] = [];
	for (const line of text.split("\n")) {
		// pi-tui gives one UTF-16 unit at most 3 columns (a tab); measuring a long line is the wrap's job.
		if (line.length * 3 <= max || (line.length <= 4 * max && visibleWidth(line) <= max)) out.push(line);
		else for (const wrapped of wrapLine(line, max)) out.push(wrapped);
	}
	return out;
}

/**
 * The widest single grapheme in `text`, in columns (0 for ""). A cluster can be far wider than 2: pi-tui
 * counts each spacing mark of a cluster ("क" followed by 200 "ा" is one grapheme 201 columns wide).
 */
export function widestGrapheme(text: string): number {
	if (PRINTABLE_ASCII.test(text)) return text === "" ? 0 : 1;
	let widest = 0;
	for (const { segment } of graphemeSegmenter().segment(text)) widest = Math.max(widest, widthOf(segment));
	return widest;
}

/** Width as a usable column count: whole, finite, never negative. */
function columns(width: number): number {
	return Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
}

/**
 * Styled text goes through pi-tui, which knows SGR and OSC 8; a cut that still overflows loses its styling.
 * A line that fits is returned without truncating: measuring is cheap (pi-tui's ASCII-and-escapes fast path),
 * truncating styled text walks every escape sequence and grapheme.
 */
function fitStyled(line: string, max: number): string {
	if (lineWidth(line) <= max) return line;
	const cut = truncateToWidth(line, max, ELLIPSIS);
	if (cut === line || visibleWidth(cut) <= max) return cut;
	return fitLine(stripTerminalSequences(line), max);
}

/** pi-tui's width of one grapheme, memoized: CJK text has more distinct characters than pi-tui's own cache holds. */
const graphemeWidth = memoized(visibleWidth, 8192);

/** The width of one grapheme; printable ASCII is 1 without a look-up. */
function widthOf(grapheme: string): number {
	if (grapheme.length === 1) {
		const unit = grapheme.charCodeAt(0);
		if (unit >= 0x20 && unit <= 0x7e) return 1;
	}
	return graphemeWidth(grapheme);
}

/** A piece of a line: a run of spaces, a word, or one CJK grapheme (glued to its neighbours without a gap). */
interface Token {
	text: string;
	width: number;
	space: boolean;
}

function tokens(line: string): Token[] {
	const out: Token[] = [];
	if (PRINTABLE_ASCII.test(line)) {
		for (const [run] of line.matchAll(RUNS)) out.push({ text: run, width: run.length, space: run.startsWith(" ") });
		return out;
	}
	if (STANDALONE.test(line)) return standaloneTokens(line, out);
	let text = "";
	let width = 0;
	let space = false;
	for (const { segment } of graphemeSegmenter().segment(line)) {
		const isSpace = segment === " ";
		const alone = !isSpace && breaksAnywhere(segment);
		if (text && (alone || isSpace !== space)) {
			out.push({ text, width, space });
			text = "";
			width = 0;
		}
		if (alone) {
			out.push({ text: segment, width: widthOf(segment), space: false });
			continue;
		}
		text += segment;
		width += widthOf(segment);
		space = isSpace;
	}
	if (text) out.push({ text, width, space });
	return out;
}

/** Tokens of a line where every UTF-16 unit is a grapheme: no segmenter, no per-character strings. */
function standaloneTokens(line: string, out: Token[]): Token[] {
	let start = 0;
	let width = 0;
	let space = false;
	for (let i = 0; i < line.length; i++) {
		const code = line.charCodeAt(i);
		const info = unitInfo(code);
		const isSpace = code === 0x20;
		const alone = (info & BREAKS) !== 0;
		if (i > start && (alone || isSpace !== space)) {
			out.push({ text: line.slice(start, i), width, space });
			start = i;
			width = 0;
		}
		if (alone) {
			out.push({ text: line.charAt(i), width: info & WIDTH, space: false });
			start = i + 1;
			continue;
		}
		width += info & WIDTH;
		space = isSpace;
	}
	if (start < line.length) out.push({ text: line.slice(start), width, space });
	return out;
}

const WIDTH = 0b0111;
const BREAKS = 0b1000;
const KNOWN = 0b10000;
/** Per BMP code unit: KNOWN | width | BREAKS, filled on first use. */
const unitInfoTable = new Uint8Array(0x10000);

function unitInfo(code: number): number {
	let info = unitInfoTable[code] ?? 0;
	if (info === 0) {
		const ch = String.fromCharCode(code);
		info = KNOWN | Math.min(WIDTH, visibleWidth(ch)) | (breaksAnywhere(ch) ? BREAKS : 0);
		unitInfoTable[code] = info;
	}
	return info;
}

/** CJK characters may be broken between without a space. */
function breaksAnywhere(grapheme: string): boolean {
	const cp = grapheme.codePointAt(0) ?? 0;
	return cp >= 0x1100 && breakAnywhere().test(grapheme);
}

/** Greedy wrap of one line that is wider than `max`. */
function wrapLine(line: string, max: number): string[] {
	const indent = /^ */.exec(line)?.[0] ?? "";
	const hang = indent.length * 2 <= max ? indent : "";
	const lines: string[] = [];
	let current = indent.length < max ? indent : "";
	let used = current.length;
	let hasWord = false;
	let gap = "";

	const newLine = (nextWidth: number) => {
		lines.push(current);
		current = hang.length + nextWidth <= max ? hang : "";
		used = current.length;
		hasWord = false;
		gap = "";
	};
	const append = (text: string, w: number) => {
		current += text;
		used += w;
		hasWord = true;
	};

	for (const token of tokens(line.slice(indent.length))) {
		if (token.space) {
			if (hasWord) gap = token.text;
			continue;
		}
		const spacing = hasWord ? gap.length : 0;
		if (used + spacing + token.width <= max) {
			append(hasWord ? gap + token.text : token.text, spacing + token.width);
			gap = "";
			continue;
		}
		if (hasWord) newLine(token.width);
		if (used + token.width <= max) append(token.text, token.width);
		else breakWord(token.text);
	}
	if (hasWord || lines.length === 0) lines.push(current);
	return lines.map((l) => (visibleWidth(l) <= max ? l : fitLine(l, max)));

	function breakWord(word: string): void {
		const pieces = PRINTABLE_ASCII.test(word) ? word : graphemeSegmenter().segment(word);
		for (const piece of pieces) {
			const segment = typeof piece === "string" ? piece : piece.segment;
			const wide = widthOf(segment) > max;
			const text = wide ? ELLIPSIS : segment;
			const w = wide ? 1 : widthOf(segment);
			if (used + w > max && hasWord) newLine(w);
			if (used + w > max) {
				// Only indentation is on the line and it leaves no room: drop it.
				current = "";
				used = 0;
			}
			append(text, w);
		}
	}
}
