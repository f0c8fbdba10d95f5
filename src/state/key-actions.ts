/**
 * What Enter, Esc and the digit keys mean in each state: the keymap's actions that depend on the mode
 * or on the focused row, and Enter's footer hint. Pure functions of the state, read by the keymap table.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import { focusedRow } from "./focused-row.ts";
import type { HintId } from "./hints.ts";
import type { KeyInput } from "./keymap.ts";
import { submitChoiceAction, submitChoiceHint } from "./submit-choice.ts";
import type { QuestionnaireState } from "./types.ts";

/** Enter while browsing: depends on the focused row, or on the Submit tab's choice. */
export function confirmAction(s: QuestionnaireState): Action | undefined {
	if (s.mode === "confirm-discard") return { type: "dialog/discardConfirmed" };
	if (s.mode === "submit") return submitChoiceAction(s.submitChoice);
	const f = focusedRow(s);
	if (!f) return undefined;
	switch (f.row.kind) {
		case "option":
			return f.shape.multi
				? { type: "multi/optionToggled", option: f.row.option }
				: { type: "answer/optionChosen", option: f.row.option };
		case "type":
			return { type: "draft/opened" };
		case "next":
			return { type: "multi/committed" };
	}
}

/** Enter's footer hint: what choosing the focused row (or the Submit choice) does. */
export function confirmHint(s: QuestionnaireState): HintId | undefined {
	if (s.mode === "confirm-discard") return "discard";
	if (s.mode === "submit") return submitChoiceHint(s.submitChoice);
	const f = focusedRow(s);
	if (!f) return undefined;
	if (f.row.kind === "option") return f.shape.multi ? "toggle" : "select";
	return f.row.kind === "type" ? "typeAnswer" : "next";
}

/** Esc: leaves the open editor, confirms "Discard N answers?", else asks to cancel. */
export function cancelAction(s: QuestionnaireState): Action {
	if (s.mode === "editing") return { type: "draft/closed" };
	if (s.mode === "notes") return { type: "notes/closed" };
	if (s.mode === "confirm-discard") return { type: "dialog/discardConfirmed" };
	return { type: "dialog/cancelRequested" };
}

/** A digit: chooses (or toggles) the option it numbers, nothing past the last one. */
export function jumpAction(s: QuestionnaireState, data: string, keys: KeyInput): Action | undefined {
	const f = focusedRow(s);
	const digit = Number(keys.text(data));
	if (!f || !Number.isInteger(digit) || digit < 1 || digit > f.shape.optionCount) return undefined;
	const option = digit - 1;
	return f.shape.multi ? { type: "multi/optionToggled", option } : { type: "answer/optionChosen", option };
}
