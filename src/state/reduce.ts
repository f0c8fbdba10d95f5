/**
 * The questionnaire reducer: `reduce(state, action, context)` returns the next state and the effects to
 * run. Pure and total: no clock, randomness or I/O; an unknown or illegal action returns the same
 * state object and no effects; after `host/done` every action is a no-op. Host events (abort, time
 * out), collapse and async results are accepted in every mode; everything else is
 * dispatched on the mode first, then on the action type.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import type { ReduceContext } from "./answers.ts";
import { assertNever, type Effect, type Transition } from "./effects.ts";
import { reduceLeave, reduceSubmit } from "./reduce-dialog.ts";
import { reduceEditing, reduceExternalReturned, reduceNotes } from "./reduce-editor.ts";
import { reduceOptions } from "./reduce-options.ts";
import { changed, finish, giveUp, unchanged } from "./transitions.ts";
import type { QuestionnaireState } from "./types.ts";

/**
 * Computes the next state and effects for one action. Any change that does not end the session also
 * requests a render, so the effect runner never has to compare states.
 *
 * @example
 * const { state: next, effects } = reduce(state, { type: "answer/optionChosen", option: 1 }, context);
 */
export function reduce(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	const step = reduceStep(state, action, context);
	if (step.state === state && step.effects.length === 0) return step;
	if (step.effects.some((e) => e.type === "host/done")) return step;
	const render: Effect = { type: "host/requestRender" };
	return { state: step.state, effects: [...step.effects, render] };
}

function reduceStep(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	if (state.mode === "done" || typeof action !== "object" || action === null) return unchanged(state);
	switch (action.type) {
		case "host/aborted":
			return finish(state, context, "interrupted");
		case "host/timedOut":
			return finish(state, context, "timed_out");
		case "host/failed":
			return giveUp(state, context);
		// Putting it aside keeps everything, an open draft or note included: accepted in every mode.
		case "dialog/deferRequested":
			return finish(state, context, "deferred");
		case "view/collapseToggled": {
			const collapsed = !state.collapsed;
			return changed({ ...state, collapsed }, { type: "overlay/setHidden", hidden: collapsed });
		}
		case "editor/externalReturned":
			return reduceExternalReturned(state, action);
	}
	// The overlay is hidden: keys cannot reach it, and stray events must not change what is behind it.
	if (state.collapsed) return unchanged(state);
	switch (state.mode) {
		case "options":
			return reduceOptions(state, action, context);
		case "editing":
			return reduceEditing(state, action, context);
		case "notes":
			return reduceNotes(state, action, context);
		case "submit":
			return reduceSubmit(state, action, context);
		case "leave":
			return reduceLeave(state, action, context);
		default:
			return assertNever(state.mode);
	}
}
