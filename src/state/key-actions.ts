/**
 * What Enter, Esc and the digit keys mean in each state: the keymap's actions that depend on the mode
 * or on the focused row, and Enter's footer hint. Pure functions of the state, read by the keymap table.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import type { KeyInput } from "./bindings.ts";
import type { HintId } from "./hints.ts";
import { focusedRow } from "./layout.ts";
import { cancelStep, LEAVE } from "./leave.ts";
import { KINDS } from "./question-kinds.ts";
import { hasInput } from "./result.ts";
import type { QuestionnaireState, SubmitChoice } from "./types.ts";

/** The Submit tab's choices: what Enter on each does, and its footer hint. */
const SUBMIT_KEYS: Readonly<Record<SubmitChoice, { action: Action; hint: HintId }>> = {
	submit: { action: { type: "dialog/submitRequested" }, hint: "submit" },
	later: { action: { type: "dialog/deferRequested" }, hint: "answerLater" },
	cancel: { action: { type: "dialog/cancelRequested" }, hint: "cancel" },
};

/** Enter while browsing: depends on the focused row, or on the Submit tab's choice. */
export function confirmAction(s: QuestionnaireState): Action | undefined {
	if (s.mode === "leave") return { type: "dialog/leaveChosen", choice: s.leaveChoice };
	if (s.mode === "submit") return SUBMIT_KEYS[s.submitChoice].action;
	const f = focusedRow(s);
	if (!f) return undefined;
	switch (f.row.kind) {
		case "option":
			return { type: KINDS[f.shape.kind].optionAction, option: f.row.option };
		case "type":
			return { type: "draft/opened" };
		case "next":
			return { type: "multi/committed" };
	}
}

/** Enter's footer hint: what choosing the focused row (or the Submit choice) does. */
export function confirmHint(s: QuestionnaireState): HintId | undefined {
	if (s.mode === "leave") return LEAVE[s.leaveChoice].hint;
	if (s.mode === "submit") return s.submitChoice === "cancel" ? cancelHint(s) : SUBMIT_KEYS[s.submitChoice].hint;
	const f = focusedRow(s);
	if (!f) return undefined;
	if (f.row.kind === "option") return KINDS[f.shape.kind].optionHint;
	return f.row.kind === "type" ? "typeAnswer" : "next";
}

/** Esc: leaves the open editor, else asks to leave (leave.ts says what that does now). */
export function cancelAction(s: QuestionnaireState): Action {
	if (s.mode === "editing") return { type: "draft/closed" };
	if (s.mode === "notes") return { type: "notes/closed" };
	return { type: "dialog/cancelRequested" };
}

/** Esc's footer hint: back out of an editor, or what leaving does now (decline, ask, answer later). */
export function cancelHint(s: QuestionnaireState): HintId {
	if (s.mode === "editing" || s.mode === "notes") return "back";
	const step = cancelStep({ reopened: s.reopened, given: hasInput(s), asking: s.mode === "leave" });
	return step === "decline" ? "decline" : step === "later" ? "answerLater" : "cancel";
}

/** A digit: chooses (or toggles) the option it numbers, nothing past the last one. */
export function jumpAction(s: QuestionnaireState, data: string, keys: KeyInput): Action | undefined {
	const f = focusedRow(s);
	const digit = Number(keys.text(data));
	if (!f || !Number.isInteger(digit) || digit < 1 || digit > f.shape.optionCount) return undefined;
	const option = digit - 1;
	return { type: KINDS[f.shape.kind].optionAction, option };
}
