/**
 * The Submit tab's three choices (Submit, Answer later, Cancel): what Enter on each means, its footer
 * hint, and moving between them. Imports nothing from Pi or the terminal (only src/state).
 */
import type { Action } from "./actions.ts";
import type { HintId } from "./hints.ts";
import { SUBMIT_CHOICES, type SubmitChoice } from "./types.ts";

const ACTIONS: Readonly<Record<SubmitChoice, Action>> = {
	submit: { type: "dialog/submitRequested" },
	later: { type: "dialog/deferRequested" },
	cancel: { type: "dialog/cancelRequested" },
};

const HINTS: Readonly<Record<SubmitChoice, HintId>> = { submit: "submit", later: "answerLater", cancel: "cancel" };

/** The action Enter produces on `choice`. */
export function submitChoiceAction(choice: SubmitChoice): Action {
	return ACTIONS[choice];
}

/** The footer hint of Enter on `choice`. */
export function submitChoiceHint(choice: SubmitChoice): HintId {
	return HINTS[choice];
}

/** The choice the focus lands on: up/down wrap, first/last jump to an end. */
export function nextChoice(choice: SubmitChoice, direction: "up" | "down" | "first" | "last"): SubmitChoice {
	const last = SUBMIT_CHOICES.length - 1;
	const at = SUBMIT_CHOICES.indexOf(choice);
	const index = { first: 0, last, up: at <= 0 ? last : at - 1, down: at >= last ? 0 : at + 1 }[direction];
	return SUBMIT_CHOICES[index] ?? choice;
}
