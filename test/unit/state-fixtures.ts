/**
 * Shared fixtures for the state tests: sample questionnaires, deep freezing (so any mutation throws),
 * running action sequences, and a fake KeyInput whose key data is the pi-tui KeyId itself.
 */
import type { Question } from "../../src/protocol/questions.ts";
import type { Action } from "../../src/state/actions.ts";
import type { ReduceContext } from "../../src/state/answers.ts";
import type { BindingId, KeyInput } from "../../src/state/bindings.ts";
import type { Effect } from "../../src/state/effects.ts";
import { KEYMAP } from "../../src/state/keymap.ts";
import { reduce } from "../../src/state/reduce.ts";
import { editorText } from "../../src/state/reduce-editor.ts";
import { startState } from "../../src/state/restore.ts";
import { editorChanged, editorTarget, routeKey } from "../../src/state/route-key.ts";
import type { QuestionnaireState } from "../../src/state/types.ts";
import { deepFreeze } from "../../src/util/freeze.ts";

export const SINGLE: Question = {
	question: "Which cache?",
	header: "Cache",
	options: [
		{ label: "Memory", description: "Simple, lost on restart", preview: "```ts\nnew Map()\n```" },
		{ label: "Redis (Recommended)", description: "Shared across instances" },
		{ label: "None", description: "No cache" },
	],
};

export const MULTI: Question = {
	question: "Which targets?",
	header: "Targets",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "" },
		{ label: "macOS", description: "" },
		{ label: "Windows", description: "" },
	],
};

export const YESNO: Question = {
	question: "Ship it?",
	header: "Ship",
	options: [
		{ label: "Yes", description: "" },
		{ label: "No", description: "" },
	],
};

/** A reduce context over `questions` on the TUI host. */
export function contextOf(...questions: Question[]): ReduceContext {
	return { questions, host: "tui" };
}

/** Recursively freezes `value` so that any mutation throws in strict mode. */
export { deepFreeze };

/** A frozen first state for `context`, as the TUI opens it. */
export function start(context: ReduceContext): QuestionnaireState {
	return deepFreeze(startState(context));
}

/** Runs `actions` from `state` (each input frozen); returns the final state and every effect, in order. */
export function run(
	state: QuestionnaireState,
	context: ReduceContext,
	...actions: Action[]
): { state: QuestionnaireState; effects: Effect[] } {
	let current = deepFreeze(state);
	const effects: Effect[] = [];
	for (const action of actions) {
		const step = reduce(current, action, context);
		effects.push(...step.effects);
		current = deepFreeze(step.state);
	}
	return { state: current, effects };
}

/** The single `host/done` result among `effects` (throws unless exactly one). */
export function doneResult(effects: Effect[]) {
	const done = effects.filter((e) => e.type === "host/done");
	if (done.length !== 1 || done[0]?.type !== "host/done") throw new Error(`expected one host/done, got ${done.length}`);
	return done[0].result;
}

/** A KeyInput where key data is a pi-tui KeyId ("up", "enter", "1") and bindings use their default keys. */
export const fakeKeys: KeyInput = {
	matches(data: string, binding: BindingId): boolean {
		return KEYMAP.some((b) => b.id === binding && b.defaultKeys.includes(data));
	},
	text(data: string): string | undefined {
		if (data === "space") return " ";
		return [...data].length === 1 ? data : undefined;
	},
};

/**
 * The action a key makes, as the session makes it: a key left to the open editor is typed at the end of
 * its text (the embedded editor, here without a cursor) and reported as the edit it makes.
 */
export function keyAction(key: string, state: QuestionnaireState, keys: KeyInput = fakeKeys): Action | undefined {
	const route = routeKey(key, state, keys);
	if (route !== "editor") return route;
	const target = editorTarget(state);
	const typed = keys.text(key);
	if (target === undefined || typed === undefined) return undefined;
	return editorChanged(state, editorText(state, target) + typed);
}

export const render: Effect = { type: "host/requestRender" };

/** Parameterless actions that step through a form (multi commit, tabs, draft and notes editors), for fuzzing. */
export const STEP_ACTIONS: readonly Action[] = [
	{ type: "multi/committed" },
	{ type: "tab/switched", direction: "next" },
	{ type: "tab/switched", direction: "prev" },
	{ type: "draft/opened" },
	{ type: "draft/confirmed" },
	{ type: "draft/closed" },
	{ type: "notes/opened" },
	{ type: "notes/closed" },
];
