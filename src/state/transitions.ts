/**
 * Shared building blocks of the TUI's mode reducers: tab switching, moving on after an answer (where to is
 * the core's `nextQuestion`), finishing, and the Esc flow (its rule lives in leave.ts). Every function
 * returns a new state only when something changed, so "nothing happened" stays observable as the same object.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */

import type { Ending } from "../protocol/result.ts";
import { nextQuestion, type ReduceContext, setAt } from "./answers.ts";
import type { Effect, Transition } from "./effects.ts";
import { browseMode, shownTabs, typeRow } from "./layout.ts";
import { cancelStep, failedEnding } from "./leave.ts";
import { buildResult, hasInput } from "./result.ts";
import type { QuestionnaireState } from "./types.ts";

/** No change: the same state object and no effects. */
export function unchanged(state: QuestionnaireState): Transition {
	return { state, effects: [] };
}

/** A state change with optional effects. */
export function changed(state: QuestionnaireState, ...effects: Effect[]): Transition {
	return { state, effects };
}

/** Ends the session: mode `done` and one `host/done` effect carrying the result. */
export function finish(state: QuestionnaireState, context: ReduceContext, ending: Ending): Transition {
	// Text still in an open editor was never confirmed: it ends as the draft it is, never as an answer (a
	// closed window, a signal, the timeout, Answer later); /answer reopens on it.
	const result = buildResult(state, context, ending);
	return changed({ ...state, mode: "done", pendingExternal: null }, { type: "host/done", result });
}

/** Moves to the neighbouring tab shown (wrapping), browsing it; open editors close, their text is kept. */
export function switchTab(state: QuestionnaireState, direction: "next" | "prev", context: ReduceContext): Transition {
	const tabs = shownTabs(state, context);
	const count = tabs.length;
	if (count < 2) return unchanged(state);
	const at = tabs.indexOf(state.tab);
	const tab = tabs[(at + (direction === "next" ? 1 : count - 1)) % count] ?? state.tab;
	return changed(enterTab(state, tab));
}

/** `state` showing `tab` in its browse mode; arriving on the Submit tab always highlights Submit. */
export function enterTab(state: QuestionnaireState, tab: number): QuestionnaireState {
	const mode = browseMode(state, tab);
	// A Cancel left highlighted earlier must not turn the next Enter into a cancel.
	const submitChoice = mode === "submit" && tab !== state.tab ? "submit" : state.submitChoice;
	return { ...state, tab, mode, submitChoice, pendingExternal: null };
}

/** After the current question was answered: on to where the core says, or the end of a one-question form. */
export function advance(state: QuestionnaireState, context: ReduceContext): Transition {
	const next = nextQuestion(state, state.tab, context);
	return next === "end" ? finish(state, context, "submitted") : changed(enterTab(state, next));
}

/**
 * Esc / Ctrl+C / Cancel, by the one rule of leave.ts: decline at once (a fresh call, nothing given), ask
 * "Stop answering?" with Keep answering highlighted, or (asked already) put the questionnaire aside.
 */
export function requestCancel(state: QuestionnaireState, context: ReduceContext): Transition {
	const step = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: state.mode === "leave" });
	if (step === "ask") return changed({ ...state, mode: "leave", leaveChoice: "keep" });
	return finish(state, context, step === "later" ? "deferred" : "declined");
}

/** The host cannot go on: it ends as leave.ts's `failedEnding` says. */
export function giveUp(state: QuestionnaireState, context: ReduceContext): Transition {
	return finish(state, context, failedEnding(state.reopened, hasInput(state)));
}

/** Leaves an editor or dialog, back to browsing the current tab. */
export function backToBrowsing(state: QuestionnaireState): Transition {
	return changed({ ...state, mode: browseMode(state, state.tab), pendingExternal: null });
}

/** Moves the focus of the current question tab to `row`, resetting its preview scroll. */
export function focusRow(state: QuestionnaireState, row: number): QuestionnaireState {
	if (state.focus[state.tab] === row) return state;
	return {
		...state,
		focus: setAt(state.focus, state.tab, row),
		previewScroll: setAt(state.previewScroll, state.tab, 0),
	};
}

/** Focus of the current question tab moved to its "Type something." row. */
export function focusTypeRow(state: QuestionnaireState): QuestionnaireState {
	const shape = state.shape[state.tab];
	return shape ? focusRow(state, typeRow(shape)) : state;
}
