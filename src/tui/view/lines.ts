/**
 * Small plain-text line helpers shared by the components: wrapping under a prefix (a hanging indent),
 * and cutting a block to a height with a visible mark. Input is sanitized text;
 * every returned line fits the width. Must not import the state.
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
