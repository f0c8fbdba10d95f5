/**
 * How much of a layout sweep or a property `npm test` runs, and how much `npm run hardening` runs
 * (HARDENING_FULL=1). A width sweep in `npm test` takes every narrow width (where wrapping, cutting and
 * the smallest layouts change from one column to the next), then a stride, shifted by an offset so that
 * a file's cases together still reach every width, plus each layout boundary with its neighbours and the
 * widest width; the full run takes every width. A property runs a share of its full count.
 */
/** True under `npm run hardening`: every width, every run. */
export const FULL_SWEEP = process.env.HARDENING_FULL === "1";

/**
 * Widths where the dialog's layout changes whatever the text: the preview moves beside the options at 100
 * columns (test/unit/view-layout.test.ts holds the view to it).
 */
const LAYOUT_BOUNDARIES = [100];

/** Options of {@link sweepWidths}. */
export interface SweepOptions {
	/** Every width up to this one is taken (default 40). */
	dense?: number;
	/** Above `dense`, every `stride`-th width (default 7). */
	stride?: number;
	/** Shifts the stride: give each case of a file its own offset and together they cover every width. */
	offset?: number;
}

/** The widths 1…`max` a sweep takes: all of them under HARDENING_FULL=1, else a sample (see the file's comment). */
export function sweepWidths(max: number, { dense = 40, stride = 7, offset = 0 }: SweepOptions = {}): number[] {
	if (FULL_SWEEP) return Array.from({ length: max }, (_, i) => i + 1);
	const widths = new Set<number>();
	for (let width = 1; width <= Math.min(dense, max); width++) widths.add(width);
	const shift = ((offset % stride) + stride) % stride;
	for (let width = dense + 1 + shift; width <= max; width += stride) widths.add(width);
	for (const boundary of LAYOUT_BOUNDARIES)
		for (const width of [boundary - 1, boundary, boundary + 1]) if (width >= 1 && width <= max) widths.add(width);
	widths.add(max);
	return [...widths].sort((a, b) => a - b);
}

/** A property's number of runs: `full` under HARDENING_FULL=1, `quick` in `npm test`. */
export function propertyRuns(quick: number, full: number): number {
	return FULL_SWEEP ? full : quick;
}
