/**
 * The questionnaire's fixed structure: which tabs exist and which rows each question tab shows. The
 * runtime owns the control rows ("Type something.", and "Next" for multi-select); the model only
 * supplies options. Pure functions of the state's `shape`, and what its focused row is (what the keymap
 * and routeKey ask of the focus before they decide what a key means).
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Question } from "../protocol/questions.ts";
import { askedQuestions, initialAnswers, type QuestionShape, type ReduceContext } from "./answers.ts";
import { KINDS } from "./question-kinds.ts";
import type { QuestionnaireState } from "./types.ts";

/** What a row of a question tab is. */
export type RowKind = { kind: "option"; option: number } | { kind: "type" } | { kind: "next" };

/** Number of rows of a question tab: options, then its kind's control rows ("Type something.", "Next"). */
export function rowCount(shape: QuestionShape): number {
	return shape.optionCount + KINDS[shape.kind].controlRows.length;
}

/** Index of the "Type something." row. */
export function typeRow(shape: QuestionShape): number {
	return shape.optionCount;
}

/** What row `row` of a question tab is (rows past the end count as the last row). */
export function rowAt(shape: QuestionShape, row: number): RowKind {
	if (row >= 0 && row < shape.optionCount) return { kind: "option", option: row };
	const controls = KINDS[shape.kind].controlRows;
	return { kind: controls[Math.min(Math.max(0, row - shape.optionCount), controls.length - 1)] ?? "type" };
}

/** Where the focus lands in a list of `count` rows from `at`: up/down wrap, first/last jump to an end. */
export function moveIn(count: number, at: number, direction: "up" | "down" | "first" | "last"): number {
	const last = Math.max(0, count - 1);
	return { first: 0, last, up: at <= 0 ? last : at - 1, down: at >= last ? 0 : at + 1 }[direction] ?? at;
}

/** The current question's shape and focused row, or undefined on the Submit tab. */
export function focusedRow(s: QuestionnaireState): { shape: QuestionShape; row: RowKind } | undefined {
	const shape = s.shape[s.tab];
	return shape ? { shape, row: rowAt(shape, s.focus[s.tab] ?? 0) } : undefined;
}

/** True while browsing a question with its "Type something." row focused: there, keys that type are text. */
export function onTypeRow(s: QuestionnaireState): boolean {
	return s.mode === "options" && focusedRow(s)?.row.kind === "type";
}

/** The focused option when it has a markdown preview. */
export function focusedPreviewOption(s: QuestionnaireState): number | undefined {
	const f = focusedRow(s);
	return f?.row.kind === "option" && f.shape.hasPreview[f.row.option] ? f.row.option : undefined;
}

/** Number of tabs: one per question, plus the Submit tab when there is more than one question. */
export function tabCount(state: QuestionnaireState): number {
	return state.shape.length > 1 ? state.shape.length + 1 : state.shape.length;
}

/** The tabs shown, in order: the questions asked (answers.ts), then the Submit tab with more than one question. */
export function shownTabs(state: QuestionnaireState, context: ReduceContext): number[] {
	const asked = askedQuestions(state, context);
	return state.shape.length > 1 ? [...asked, state.shape.length] : asked;
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
	const answers = initialAnswers(questions);
	return {
		...answers,
		mode: "options",
		tab: 0,
		focus: answers.shape.map(() => 0),
		submitChoice: "submit",
		leaveChoice: "keep",
		collapsed: false,
		previewScroll: answers.shape.map(() => 0),
		pendingExternal: null,
		nextRequestId: 1,
	};
}
