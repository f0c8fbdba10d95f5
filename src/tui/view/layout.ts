/**
 * Pure layout arithmetic of the dialog: where the preview goes (beside the options, below them, or
 * nowhere), the left column's width (measured once over every tab so switching tabs does not shift the
 * columns), and how the rows of a short terminal are shared out between the sections. Numbers only; no
 * text is styled here. Must not import components or the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages } from "../../i18n/messages.ts";
import type { SafeQuestion } from "./sanitized.ts";

/** Panel width from which the preview sits beside the options. */
export const SIDE_BY_SIDE_MIN_WIDTH = 100;
/** Narrowest and widest (share of the panel) left column beside a preview. */
export const LEFT_MIN = 30;
export const LEFT_MAX_SHARE = 0.45;
/** Columns between the left column and the preview: " │ ". */
export const COLUMN_GAP = 3;

/** Where the preview goes. */
export type PreviewPlacement = "side" | "below" | "none";

/** The preview's placement for a panel of `width` columns. */
export function previewPlacement(width: number, hasPreviews: boolean, fullWidthList: boolean): PreviewPlacement {
	if (!hasPreviews || fullWidthList) return "none";
	return width >= SIDE_BY_SIDE_MIN_WIDTH ? "side" : "below";
}

/**
 * The left column's width beside a preview: the widest option row over all questions (indent, label with
 * its tag, description, and the locale's "Type something." row `typeRow`), clamped to
 * [LEFT_MIN, LEFT_MAX_SHARE × width]. Depends only on the questions and the width, so it is the same on
 * every tab.
 */
export function leftColumnWidth(
	questions: readonly SafeQuestion[],
	width: number,
	indent: number,
	typeRow: string = defaultMessages.viewTypeRow,
): number {
	let widest = visibleWidth(typeRow) + 2;
	for (const q of questions)
		for (const o of q.options) {
			widest = Math.max(widest, visibleWidth(o.label) + 2);
			for (const line of o.description.split("\n")) widest = Math.max(widest, visibleWidth(line));
		}
	const max = Math.floor(width * LEFT_MAX_SHARE);
	return Math.max(1, Math.min(max, Math.max(LEFT_MIN, indent + widest)));
}

/** The dialog's sections, top to bottom. */
export const SECTIONS = [
	"borderTop",
	"tabs",
	"gapTop",
	"question",
	"note",
	"gapBody",
	"body",
	"gapPreview",
	"preview",
	"status",
	"footer",
	"borderBottom",
] as const;

/** One section of the dialog. */
export type Section = (typeof SECTIONS)[number];

/** Lines per section. */
export type Heights = Record<Section, number>;

/** One step of shrinking: `section` may go down to `floor` lines. */
export interface ShrinkStep {
	section: Section;
	floor: number;
}

/**
 * Shares `maxHeight` rows between the sections: starts from their natural heights and, while the total is
 * too tall, applies `steps` in order, each taking from one section only what is still too much and never
 * going below its floor. The result never totals more than `maxHeight` when the last steps reach 0.
 */
export function allocateHeights(natural: Heights, maxHeight: number, steps: readonly ShrinkStep[]): Heights {
	const heights = { ...natural };
	const limit = Math.max(0, Math.floor(maxHeight));
	let total = SECTIONS.reduce((sum, s) => sum + heights[s], 0);
	for (const { section, floor } of steps) {
		if (total <= limit) break;
		const cut = Math.min(total - limit, Math.max(0, heights[section] - Math.max(0, floor)));
		heights[section] -= cut;
		total -= cut;
	}
	return heights;
}
