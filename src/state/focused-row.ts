/**
 * What the focused row of the current question tab is: the questions the keymap and routeKey ask of
 * the focus before they decide what a key means. Pure functions of the state.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { type RowKind, rowAt } from "./layout.ts";
import type { QuestionnaireState, QuestionShape } from "./types.ts";

/** The current question's shape and focused row, or undefined on the Submit tab. */
export function focusedRow(s: QuestionnaireState): { shape: QuestionShape; row: RowKind } | undefined {
	const shape = s.shape[s.tab];
	return shape ? { shape, row: rowAt(shape, s.focus[s.tab] ?? 0) } : undefined;
}

/** True while browsing a question with its "Type something." row focused: there, keys that type are text. */
export function onTypeRow(s: QuestionnaireState): boolean {
	return s.mode === "options" && focusedRow(s)?.row.kind === "type";
}

/** True when the focused row is an option with a markdown preview. */
export function focusedOptionHasPreview(s: QuestionnaireState): boolean {
	const f = focusedRow(s);
	return f?.row.kind === "option" && f.shape.hasPreview[f.row.option] === true;
}
