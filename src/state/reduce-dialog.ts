/**
 * Modes `submit` (the Submit tab's Submit / Answer later / Cancel choice; partial submits are allowed) and
 * `confirm-discard` ("Discard N answers?": confirming declines, keeping the answers in the result).
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import type { Transition } from "./effects.ts";
import { nextChoice } from "./submit-choice.ts";
import { backToBrowsing, changed, finish, requestCancel, switchTab, unchanged } from "./transitions.ts";
import type { QuestionnaireState, ReduceContext } from "./types.ts";

/** Reduces an action on the Submit tab. */
export function reduceSubmit(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	switch (action.type) {
		case "nav/focusMoved": {
			const choice = nextChoice(state.submitChoice, action.direction);
			return choice === state.submitChoice ? unchanged(state) : changed({ ...state, submitChoice: choice });
		}
		case "dialog/submitRequested":
			return finish(state, context, "submitted");
		case "dialog/cancelRequested":
			return requestCancel(state, context);
		case "notes/opened":
			return changed({ ...state, mode: "notes" }, { type: "editor/setText", text: state.globalNote });
		case "tab/switched":
			return switchTab(state, action.direction);
		default:
			return unchanged(state);
	}
}

/** Reduces an action while "Discard N answers?" is shown. */
export function reduceConfirmDiscard(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	switch (action.type) {
		case "dialog/discardConfirmed":
			return finish(state, context, "declined");
		case "dialog/discardDismissed":
			return backToBrowsing(state);
		default:
			return unchanged(state);
	}
}
