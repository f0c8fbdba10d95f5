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
const SIDE_BY_SIDE_MIN_WIDTH = 100;
/** Narrowest and widest (share of the panel) left column beside a preview. */
const LEFT_MIN = 30;
const LEFT_MAX_SHARE = 0.45;
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
const SECTIONS = [
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
type Section = (typeof SECTIONS)[number];

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

/** What the shrink order needs to know of one frame's sections. */
export interface ShrinkInput {
	placement: PreviewPlacement;
	/** Natural lines of the option list or Submit summary, and what it keeps (the focused row and neighbours). */
	body: number;
	bodyKeep: number;
	/** Natural lines of the preview, and what it keeps until everything else has shrunk. */
	preview: number;
	previewKeep: number;
	question: number;
	note: number;
	/** The note's editor is open: it keeps its lines longer than a saved note does. */
	editorNote: boolean;
	/** The question section holds the Submit tab's title, not a question: one line of it is enough. */
	reviewTitle?: boolean;
}

/**
 * The order in which the sections give up rows on a short terminal, each down to a floor: the preview
 * first (beside the list it shrinks with the body), then the gaps, the list down to the focused row, the
 * question to two lines (the Submit tab's title to one: the review and its warnings matter more), borders
 * and footer, and last what the person is answering.
 */
export function shrinkOrder(s: ShrinkInput): ShrinkStep[] {
	const side = s.placement === "side";
	return [
		side ? { section: "body", floor: Math.max(s.body, s.previewKeep) } : { section: "preview", floor: s.previewKeep },
		{ section: "gapTop", floor: 0 },
		{ section: "gapBody", floor: 0 },
		{ section: "body", floor: side ? Math.max(s.bodyKeep, s.previewKeep) : s.bodyKeep },
		{ section: "question", floor: Math.min(s.question, s.reviewTitle ? 1 : 2) },
		{ section: "note", floor: s.editorNote ? s.note : 0 },
		{ section: "gapPreview", floor: 0 },
		{ section: "preview", floor: Math.min(s.preview, 2) },
		{ section: "borderTop", floor: 0 },
		{ section: "borderBottom", floor: 0 },
		{ section: "footer", floor: 0 },
		{ section: "preview", floor: 0 },
		{ section: "body", floor: Math.min(s.bodyKeep, 3) },
		{ section: "question", floor: 1 },
		{ section: "note", floor: s.editorNote ? Math.min(s.note, 2) : 0 },
		{ section: "tabs", floor: 0 },
		{ section: "body", floor: 1 },
		{ section: "question", floor: 0 },
		{ section: "note", floor: 0 },
		{ section: "status", floor: 1 },
		{ section: "body", floor: 0 },
		{ section: "status", floor: 0 },
	];
}

/** A lone border looks like a glitch: when only one fits, neither is drawn and its row goes to what was cut. */
export function balanceBorders(heights: Heights, natural: Heights): Heights {
	if (heights.borderTop === heights.borderBottom) return heights;
	const out = { ...heights, borderTop: 0, borderBottom: 0 };
	const cut = (["preview", "body", "question", "note", "footer"] as const).find((s) => out[s] < natural[s]);
	if (cut) out[cut] += 1;
	return out;
}
