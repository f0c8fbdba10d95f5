/**
 * Small plain-text line helpers shared by the components: wrapping under a prefix (a hanging indent),
 * cutting a block to a height with a visible mark, and the run of rows or tabs kept around the focused
 * one. Input is sanitized text; every returned line fits the width. Must not import the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { ELLIPSIS, fitLine, wrapBlock } from "../../text/fit.ts";

/**
 * Wraps `text` into `width` columns behind a prefix: `first` before the first line, `rest` before the
 * others. When the prefix leaves fewer than 4 columns, the text wraps at the full width without a prefix
 * on its continuation lines (tiny terminals still show words, not only ellipses).
 */
export function wrapPrefixed(text: string, width: number, first: string, rest: string): string[] {
	const prefix = Math.max(visibleWidth(first), visibleWidth(rest));
	if (width - prefix < 4) {
		const lines = wrapBlock(text, width);
		return lines.map((line, i) => fitLine(i === 0 ? first + line : line, width));
	}
	return wrapBlock(text, width - prefix).map((line, i) => (i === 0 ? first : rest) + line);
}

/** The first `height` lines; when some are cut, the last kept line ends in "…" so the cut is visible. */
export function clipWithEllipsis(lines: readonly string[], height: number, width: number): string[] {
	const h = Math.max(0, Math.floor(height));
	if (lines.length <= h) return [...lines];
	if (h === 0) return [];
	const kept = lines.slice(0, h);
	const last = kept[h - 1] ?? "";
	kept[h - 1] = visibleWidth(last) + 2 <= width ? `${last} ${ELLIPSIS}` : fitLine(`${last}${ELLIPSIS}…`, width);
	return kept;
}

/**
 * The run of items around `focus` that fits in `room` (at least the focused one, however big): grown by
 * the next item after it, then the next before it, in turn while each fits, `gap` between two items.
 */
export function runAround(
	sizes: readonly number[],
	focus: number,
	room: number,
	gap = 0,
): { start: number; end: number } {
	let start = focus;
	let end = focus + 1;
	let used = sizes[focus] ?? 0;
	for (let grew = true; grew; ) {
		grew = false;
		const after = sizes[end];
		if (after !== undefined && used + gap + after <= room) {
			used += gap + after;
			end += 1;
			grew = true;
		}
		const before = sizes[start - 1];
		if (before !== undefined && used + gap + before <= room) {
			used += gap + before;
			start -= 1;
			grew = true;
		}
	}
	return { start, end };
}
