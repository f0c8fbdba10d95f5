/**
 * Shared building blocks of the mode reducers: immutable array updates, tab switching, moving on after
 * an answer, finishing, and the Esc flow (its rule lives in leave.ts). Every function returns a new
 * state only when something changed, so "nothing happened" stays observable as the same object.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */

import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Effect, Transition } from "./effects.ts";
import { browseMode, tabCount, typeRow } from "./layout.ts";
import { cancelStep } from "./leave.ts";
import { buildResult, type Ending, hasInput } from "./result.ts";
import type { QuestionnaireState, ReduceContext } from "./types.ts";

/** No change: the same state object and no effects. */
export function unchanged(state: QuestionnaireState): Transition {
	return { state, effects: [] };
}

/** A state change with optional effects. */
export function changed(state: QuestionnaireState, ...effects: Effect[]): Transition {
	return { state, effects };
}

/** Copy of `items` with `items[index] = value`, or `items` itself when the value is already there. */
export function setAt<T>(items: readonly T[], index: number, value: T): T[] {
	if (items[index] === value) return items as T[];
	const copy = items.slice();
	copy[index] = value;
	return copy;
}

/** True when `value` is an integer in `[0, length)`. */
export function inRange(value: number, length: number): boolean {
	return Number.isInteger(value) && value >= 0 && value < length;
}

/** Ends the session: mode `done` and one `host/done` effect carrying the result. */
export function finish(state: QuestionnaireState, context: ReduceContext, ending: Ending): Transition {
	// Text still in an open editor was never confirmed: it ends as the draft it is, never as an answer (a
	// closed window, a signal, the timeout, Answer later); /answer reopens on it.
	const result = buildResult(state, context, ending);
	return changed({ ...state, mode: "done", pendingExternal: null }, { type: "host/done", result });
}

/**
 * The current question with its draft kept as the answer, the one rule for leaving the draft editor
 * (Enter, Esc, Tab, Shift+Tab): non-empty text is the typed answer (with the ticks
 * of a multi-select); text erased to nothing takes back a typed answer and leaves a chosen option (or
 * an explicit "none of these") alone.
 */
export function keepDraft(state: QuestionnaireState): QuestionnaireState {
	const tab = state.tab;
	const shape = state.shape[tab];
	if (!shape) return state;
	const text = (state.drafts[tab] ?? "").trim();
	const previous = state.answers[tab] ?? null;
	let answer: IndexedAnswer | null;
	if (shape.multi) {
		const ticked = state.checked[tab] ?? [];
		const untyped = previous?.kind === "multi" && previous.text === undefined;
		answer = text === "" && (untyped || previous === null) ? previous : multiAnswer(ticked, text || undefined);
	} else if (text !== "") {
		answer = previous?.kind === "custom" && previous.text === text ? previous : { kind: "custom", text };
	} else {
		answer = previous?.kind === "custom" ? null : previous;
	}
	return answer === previous ? state : { ...state, answers: setAt(state.answers, tab, answer) };
}

/** Moves to the neighbouring tab (wrapping), browsing it; open editors close, their text is kept. */
export function switchTab(state: QuestionnaireState, direction: "next" | "prev"): Transition {
	const count = tabCount(state);
	if (count < 2) return unchanged(state);
	const tab = (state.tab + (direction === "next" ? 1 : count - 1)) % count;
	return changed(enterTab(state, tab));
}

/** `state` showing `tab` in its browse mode; arriving on the Submit tab always highlights Submit. */
export function enterTab(state: QuestionnaireState, tab: number): QuestionnaireState {
	const mode = browseMode(state, tab);
	// A Cancel left highlighted earlier must not turn the next Enter into a cancel.
	const submitChoice = mode === "submit" && tab !== state.tab ? "submit" : state.submitChoice;
	return { ...state, tab, mode, submitChoice, pendingExternal: null };
}

/**
 * After the current question was answered: the next unanswered question (searching forward, wrapping),
 * else the Submit tab; a one-question form that is now answered finishes at once.
 */
export function advance(state: QuestionnaireState, context: ReduceContext): Transition {
	const count = state.shape.length;
	for (let step = 1; step < count; step++) {
		const next = (state.tab + step) % count;
		if (state.answers[next] === null) return changed(enterTab(state, next));
	}
	if (count > 1) return changed(enterTab(state, count));
	if (state.answers[state.tab] !== null) return finish(state, context, "submitted");
	return changed(enterTab(state, state.tab));
}

/**
 * Esc / Ctrl+C / Cancel, by the one rule of leave.ts: decline at once (a fresh call, nothing given), ask
 * "Stop answering?" with Keep answering highlighted, or (asked already) put the questionnaire aside.
 */
export function requestCancel(state: QuestionnaireState, context: ReduceContext): Transition {
	const step = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: state.mode === "leave" });
	switch (step) {
		case "decline":
			return finish(state, context, "declined");
		case "later":
			return finish(state, context, "deferred");
		case "ask":
			return changed({ ...state, mode: "leave", leaveChoice: "keep" });
	}
}

/**
 * The host cannot go on: it ends as a cancel would where a cancel declines (a fresh call, nothing given),
 * else as interrupted, keeping everything given (it stays pending): never declining what holds answers.
 */
export function giveUp(state: QuestionnaireState, context: ReduceContext): Transition {
	const declines = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: false }) === "decline";
	return finish(state, context, declines ? "declined" : "interrupted");
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

/** The multi-select answer for checked options plus optional typed text; null when nothing is chosen. */
export function multiAnswer(checked: readonly boolean[], custom: string | undefined): IndexedAnswer | null {
	const options = checked.flatMap((on, i) => (on ? [i] : []));
	if (options.length === 0 && custom === undefined) return null;
	return custom === undefined ? { kind: "multi", options } : { kind: "multi", options, text: custom };
}
