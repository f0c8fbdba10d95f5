/**
 * The questionnaire's fixed structure: which tabs exist and which rows each question tab shows. The
 * runtime owns the control rows ("Type something.", and "Next" for multi-select); the model only
 * supplies options. Pure functions of the state's `shape`.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Question } from "../protocol/questions.ts";
import type { QuestionnaireState, QuestionShape } from "./types.ts";

/** Label of the free-text row every question ends with. */
export const TYPE_ROW_LABEL = "Type something.";
/** Label of the row that commits a multi-select question. */
export const NEXT_ROW_LABEL = "Next";

/** What a row of a question tab is. */
export type RowKind = { kind: "option"; option: number } | { kind: "type" } | { kind: "next" };

/** Number of rows of a question tab: options, "Type something.", and "Next" for multi-select. */
export function rowCount(shape: QuestionShape): number {
	return shape.optionCount + (shape.multi ? 2 : 1);
}

/** Index of the "Type something." row. */
export function typeRow(shape: QuestionShape): number {
	return shape.optionCount;
}

/** What row `row` of a question tab is (rows past the end count as the last row). */
export function rowAt(shape: QuestionShape, row: number): RowKind {
	if (row >= 0 && row < shape.optionCount) return { kind: "option", option: row };
	if (row === shape.optionCount || !shape.multi) return { kind: "type" };
	return { kind: "next" };
}

/** Number of tabs: one per question, plus the Submit tab when there is more than one question. */
export function tabCount(state: QuestionnaireState): number {
	return state.shape.length > 1 ? state.shape.length + 1 : state.shape.length;
}

/** True when `tab` is the Submit tab. */
export function isSubmitTab(state: QuestionnaireState, tab: number): boolean {
	return state.shape.length > 1 && tab === state.shape.length;
}

/** The mode a tab is browsed in: `submit` on the Submit tab, `options` elsewhere. */
export function browseMode(state: QuestionnaireState, tab: number): "options" | "submit" {
	return isSubmitTab(state, tab) ? "submit" : "options";
}

/** The initial state for a validated questionnaire (1–4 questions; any option count works). */
export function initialState(questions: readonly Question[]): QuestionnaireState {
	const shape = questions.map((q) => ({
		multi: q.multiSelect === true,
		optionCount: q.options.length,
		hasPreview: q.options.map((o) => typeof o.preview === "string" && o.preview.trim() !== ""),
	}));
	return {
		shape,
		mode: "options",
		tab: 0,
		focus: shape.map(() => 0),
		answers: shape.map(() => null),
		checked: shape.map((s) => Array.from({ length: s.optionCount }, () => false)),
		drafts: shape.map(() => ""),
		notes: shape.map(() => ""),
		globalNote: "",
		submitChoice: "submit",
		leaveChoice: "keep",
		reopened: false,
		collapsed: false,
		previewScroll: shape.map(() => 0),
		pendingExternal: null,
		nextRequestId: 1,
	};
}
