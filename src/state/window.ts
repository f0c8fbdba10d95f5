/**
 * Pure window arithmetic for lists and scroll views: which slice of `total` items fits in `height`
 * lines. No state, no text: just clamped integers, so every caller agrees on the same numbers.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */

/** The visible slice `[start, end)` of a list and how many items are cut off on each side. */
export interface ListWindow {
	start: number;
	end: number;
	hiddenAbove: number;
	hiddenBelow: number;
}

/**
 * The window of at most `height` items that keeps `focus` visible, centred where possible and never
 * scrolled past either end. A non-positive height gives an empty window; `focus` is clamped first.
 */
export function visibleWindow(total: number, focus: number, height: number): ListWindow {
	const count = Math.max(0, Math.floor(total));
	const size = Math.max(0, Math.min(count, Math.floor(height)));
	const at = clamp(Math.floor(focus), 0, Math.max(0, count - 1));
	const start = size === 0 ? at : clamp(at - Math.floor(size / 2), 0, count - size);
	const end = start + size;
	return { start, end, hiddenAbove: start, hiddenBelow: count - end };
}

/** The largest useful scroll offset of `total` lines shown `height` at a time. */
export function maxScrollOffset(total: number, height: number): number {
	return Math.max(0, Math.floor(total) - Math.max(0, Math.floor(height)));
}

/** The window of `total` lines starting at `offset` (clamped into range), `height` lines tall. */
export function scrollWindow(total: number, offset: number, height: number): ListWindow {
	const count = Math.max(0, Math.floor(total));
	const size = Math.max(0, Math.min(count, Math.floor(height)));
	const start = clamp(Math.floor(offset), 0, maxScrollOffset(count, size));
	const end = start + size;
	return { start, end, hiddenAbove: start, hiddenBelow: count - end };
}

function clamp(value: number, low: number, high: number): number {
	if (Number.isNaN(value)) return low;
	return Math.min(high, Math.max(low, value));
}
