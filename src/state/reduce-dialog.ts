/**
 * Modes `submit` (the Submit tab's Submit / Answer later / Cancel choice; partial submits are allowed) and
 * `leave` ("Stop answering?": Keep answering, Answer later, Answered in chat on a reopened questionnaire,
 * Decline; a cancel there puts it aside, never declines: leave.ts).
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import { inRange, type ReduceContext } from "./answers.ts";
import type { Transition } from "./effects.ts";
import { moveIn } from "./layout.ts";
import { LEAVE, leaveChoices } from "./leave.ts";
import { openEditor } from "./reduce-editor.ts";
import { backToBrowsing, changed, enterTab, finish, requestCancel, switchTab, unchanged } from "./transitions.ts";
import { type QuestionnaireState, SUBMIT_CHOICES } from "./types.ts";

/** Reduces an action on the Submit tab. */
export function reduceSubmit(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	switch (action.type) {
		case "nav/focusMoved": {
			const choice =
				SUBMIT_CHOICES[moveIn(SUBMIT_CHOICES.length, SUBMIT_CHOICES.indexOf(state.submitChoice), action.direction)] ??
				state.submitChoice;
			return choice === state.submitChoice ? unchanged(state) : changed({ ...state, submitChoice: choice });
		}
		case "dialog/submitRequested":
			return finish(state, context, "submitted");
		case "dialog/cancelRequested":
			return requestCancel(state, context);
		case "notes/opened":
			return openEditor(state, "notes");
		case "tab/switched":
			return switchTab(state, action.direction, context);
		case "tab/chosen":
			return inRange(action.tab, state.shape.length) ? changed(enterTab(state, action.tab)) : unchanged(state);
		default:
			return unchanged(state);
	}
}

/** Reduces an action while "Stop answering?" is shown. */
export function reduceLeave(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	switch (action.type) {
		case "nav/focusMoved": {
			const choices = leaveChoices(state.reopened);
			const at = Math.max(0, choices.indexOf(state.leaveChoice));
			const choice = choices[moveIn(choices.length, at, action.direction)] ?? state.leaveChoice;
			return choice === state.leaveChoice ? unchanged(state) : changed({ ...state, leaveChoice: choice });
		}
		// The cancel key again: put aside (leave.ts), whatever is highlighted.
		case "dialog/cancelRequested":
			return requestCancel(state, context);
		case "dialog/leaveChosen": {
			const ending = LEAVE[action.choice].ending;
			if (ending === "keep") return backToBrowsing(state);
			return leaveChoices(state.reopened).includes(action.choice) ? finish(state, context, ending) : unchanged(state);
		}
		default:
			return unchanged(state);
	}
}
