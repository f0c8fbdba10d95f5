/**
 * Property tests over random questionnaires and random event sequences (direct actions with hostile
 * payloads, and keys through routeKey): reduce never throws, never mutates its (frozen) input, is
 * deterministic, always yields a valid plain-JSON state, and emits host/done at most once, after which
 * every action is a no-op. And the previews laid out ahead cover every preview one browsing key shows next.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import type { Action } from "../../src/state/actions.ts";
import type { ReduceContext } from "../../src/state/answers.ts";
import type { Effect } from "../../src/state/effects.ts";
import { KEYMAP } from "../../src/state/keymap.ts";
import { initialState, isSubmitTab, rowCount, tabCount } from "../../src/state/layout.ts";
import { leaveChoices } from "../../src/state/leave.ts";
import { reduce } from "../../src/state/reduce.ts";
import { startState } from "../../src/state/restore.ts";
import { hasInput } from "../../src/state/result.ts";
import { focusedPreview, previewsAhead } from "../../src/state/selectors.ts";
import type { QuestionnaireState } from "../../src/state/types.ts";
import { deepFreeze, keyAction, STEP_ACTIONS } from "./state-fixtures.ts";

const questionArb: fc.Arbitrary<Question> = fc
	.record({
		multiSelect: fc.boolean(),
		options: fc.array(
			fc.record({ label: fc.string(), description: fc.string(), preview: fc.option(fc.string(), { nil: undefined }) }),
			{ minLength: 1, maxLength: 10 },
		),
	})
	.map(({ multiSelect, options }) => ({
		question: "q",
		header: "h",
		multiSelect,
		options: options.map((o, i) =>
			o.preview === undefined
				? { label: `${o.label}${i}`, description: o.description }
				: { ...o, label: `${o.label}${i}` },
		),
	}));

const contextArb: fc.Arbitrary<ReduceContext> = fc
	.tuple(fc.array(questionArb, { minLength: 1, maxLength: 4 }), fc.constantFrom("tui", "rpc", "programmatic" as const))
	.map(([questions, host]) => ({ questions, host }));

const int = fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(Number.NaN, 1.5, Number.POSITIVE_INFINITY));
const text = fc.oneof(fc.string(), fc.constant(""), fc.constant("  "));

const actionArb: fc.Arbitrary<Action> = fc.oneof(
	fc
		.constantFrom("up", "down", "first", "last", "sideways")
		.map((direction) => ({ type: "nav/focusMoved", direction }) as Action),
	int.map((option): Action => ({ type: "answer/optionChosen", option })),
	int.map((option): Action => ({ type: "multi/optionToggled", option })),
	fc.constantFrom<Action>(
		...STEP_ACTIONS,
		{ type: "dialog/submitRequested" },
		{ type: "dialog/cancelRequested" },
		{ type: "dialog/leaveChosen", choice: "decline" },
		{ type: "dialog/leaveChosen", choice: "chat" },
		{ type: "dialog/leaveChosen", choice: "keep" },
		{ type: "dialog/deferRequested" },
		{ type: "view/collapseToggled" },
		{ type: "editor/externalRequested" },
		{ type: "host/aborted" },
		{ type: "host/timedOut" },
		{ type: "host/failed" },
		{ type: "bogus/unknown" } as unknown as Action,
	),
	int.map((tab): Action => ({ type: "tab/chosen", tab })),
	text.map((t): Action => ({ type: "draft/edited", text: t })),
	text.map((t): Action => ({ type: "notes/edited", text: t })),
	int.map((delta): Action => ({ type: "preview/scrolled", delta })),
	fc.constantFrom("up" as const, "down" as const).map((direction): Action => ({ type: "preview/paged", direction })),
	fc.tuple(int, int, int, int, fc.option(int, { nil: undefined })).map(
		([delta, tab, option, rows, maxOffset]): Action => ({
			type: "preview/scrolled",
			delta,
			shown: { tab, option, rows, maxOffset },
		}),
	),
	text.map((t): Action => ({ type: "draft/typedOnRow", text: t })),
	fc
		.tuple(int, fc.option(text, { nil: undefined }))
		.map(([requestId, t]): Action => ({ type: "editor/externalReturned", requestId, text: t })),
);

const allKeys = [...new Set(KEYMAP.flatMap((b) => b.defaultKeys)), "x", "a", " ", "shift+enter"];
/** Either a direct action or a key that goes through routeKey first. */
const eventArb = fc.oneof(
	actionArb.map((action) => ({ action })),
	fc.constantFrom(...allKeys).map((key) => ({ key })),
);

function checkValid(state: QuestionnaireState, context: ReduceContext): void {
	expect(JSON.parse(JSON.stringify(state))).toEqual(state);
	const n = context.questions.length;
	expect(state.shape).toHaveLength(n);
	for (const arr of [state.focus, state.answers, state.checked, state.drafts, state.notes, state.previewScroll]) {
		expect(arr).toHaveLength(n);
	}
	expect(Number.isInteger(state.tab) && state.tab >= 0 && state.tab < tabCount(state)).toBe(true);
	state.shape.forEach((shape, i) => {
		const focus = state.focus[i] ?? -1;
		expect(Number.isInteger(focus) && focus >= 0 && focus < rowCount(shape)).toBe(true);
		expect(state.checked[i]).toHaveLength(shape.optionCount);
		const scroll = state.previewScroll[i] ?? -1;
		expect(Number.isInteger(scroll) && scroll >= 0).toBe(true);
		const answer = state.answers[i];
		if (answer?.kind === "option")
			expect(shape.kind === "single" && answer.option >= 0 && answer.option < shape.optionCount).toBe(true);
		if (answer?.kind === "custom") expect(answer.text.trim()).toBe(answer.text);
		if (answer?.kind === "multi") {
			expect(shape.kind).toBe("multi");
			// The options are the ticks; none ticked and nothing typed is the explicit "none of these".
			const ticked = (state.checked[i] ?? []).flatMap((on, o) => (on ? [o] : []));
			expect(answer.options).toEqual(ticked);
		}
	});
	const onSubmit = isSubmitTab(state, state.tab);
	if (state.mode === "submit") expect(onSubmit).toBe(true);
	if (state.mode === "options" || state.mode === "editing") expect(onSubmit).toBe(false);
	expect(["submit", "later", "cancel"]).toContain(state.submitChoice);
	expect(leaveChoices(state.reopened)).toContain(state.leaveChoice);
}

describe("reduce over random sessions", () => {
	it("never throws, never mutates, stays valid, and finishes at most once", () => {
		fc.assert(
			fc.property(contextArb, fc.array(eventArb, { maxLength: 60 }), (context, events) => {
				let state = deepFreeze(initialState(context.questions));
				checkValid(state, context);
				const dones: Effect[] = [];
				for (const event of events) {
					const action = "action" in event ? event.action : keyAction(event.key, state);
					if (action === undefined) continue;
					const step = reduce(state, action, context);
					expect(reduce(state, action, context)).toEqual(step);
					if (state.mode === "done") {
						expect(step.state).toBe(state);
						expect(step.effects).toEqual([]);
					}
					const done = step.effects.filter((e) => e.type === "host/done");
					if (done.length > 0) {
						expect(step.state.mode).toBe("done");
						expect(step.effects).toHaveLength(1);
					}
					if (step.state === state)
						expect(step.effects.some((e) => e.type === "host/requestRender")).toBe(step.effects.length > 0);
					dones.push(...done);
					state = deepFreeze(step.state);
					checkValid(state, context);
				}
				expect(dones.length).toBeLessThanOrEqual(1);
				const result = dones[0]?.type === "host/done" ? dones[0].result : undefined;
				if (result) {
					const indexes = result.answers.map((a) => a.questionIndex);
					expect(indexes).toEqual([...new Set(indexes)].sort((a, b) => a - b));
					expect(result.host).toBe(context.host);
				}
			}),
			{ numRuns: 300 },
		);
	});
});

describe("declining over random sessions (DESIGN §8, src/state/leave.ts)", () => {
	it("only an explicit Decline, or one cancel (or a host giving up) on a fresh call with nothing given, declines; Answered in chat only when reopened", () => {
		fc.assert(
			fc.property(contextArb, fc.boolean(), fc.array(eventArb, { maxLength: 60 }), (context, reopened, events) => {
				const n = context.questions.length;
				const empty = {
					answers: Array(n).fill(undefined),
					ticks: Array.from({ length: n }, () => []),
					notes: Array(n).fill(""),
					drafts: Array(n).fill(""),
					globalNote: "",
				};
				let state = deepFreeze(reopened ? startState(context, empty) : initialState(context.questions));
				for (const event of events) {
					const action = "action" in event ? event.action : keyAction(event.key, state);
					if (action === undefined) continue;
					const step = reduce(state, action, context);
					const done = step.effects.find((e) => e.type === "host/done");
					if (done?.type === "host/done" && done.result.outcome === "declined") {
						const oneCancel =
							action.type === "dialog/cancelRequested" && !reopened && state.mode !== "leave" && !hasInput(state);
						const gaveUp = action.type === "host/failed" && !reopened && !hasInput(state);
						const declined = action.type === "dialog/leaveChosen" && action.choice === "decline";
						expect(declined || oneCancel || gaveUp).toBe(true);
					}
					if (done?.type === "host/done" && done.result.outcome === "answered_in_chat") {
						expect(reopened && action.type === "dialog/leaveChosen" && action.choice === "chat").toBe(true);
					}
					state = deepFreeze(step.state);
				}
			}),
			{ numRuns: 300 },
		);
	});

	it("cancel keys alone, pressed any number of times, never decline a questionnaire holding anything given", () => {
		const cancelKeys = fc.array(fc.constantFrom("escape", "ctrl+c"), { minLength: 1, maxLength: 8 });
		fc.assert(
			fc.property(contextArb, fc.array(eventArb, { maxLength: 30 }), cancelKeys, (context, events, keys) => {
				let state = deepFreeze(initialState(context.questions));
				for (const event of events) {
					const action = "action" in event ? event.action : keyAction(event.key, state);
					if (action === undefined || action.type === "host/aborted" || action.type === "host/timedOut") continue;
					if (action.type === "dialog/leaveChosen" || action.type === "dialog/submitRequested") continue;
					const next = reduce(state, action, context).state;
					if (next.mode === "done") break;
					state = deepFreeze(next);
				}
				if (state.mode === "done" || state.collapsed || !hasInput(state)) return;
				for (const key of keys) {
					const action = keyAction(key, state);
					if (action === undefined) break;
					const step = reduce(state, action, context);
					const done = step.effects.find((e) => e.type === "host/done");
					if (done?.type === "host/done") expect(done.result.outcome).toBe("deferred");
					state = deepFreeze(step.state);
				}
			}),
			{ numRuns: 300 },
		);
	});
});

describe("previewsAhead over random sessions", () => {
	// What the TUI lays out while the user reads must cover what one more browsing key can show.
	const browsing: readonly Action[] = [
		...(["up", "down", "first", "last"] as const).map((direction): Action => ({ type: "nav/focusMoved", direction })),
		{ type: "tab/switched", direction: "next" },
		{ type: "tab/switched", direction: "prev" },
	];

	it("holds every preview one browsing key can show next, never the one shown, each once", () => {
		fc.assert(
			fc.property(contextArb, fc.array(eventArb, { maxLength: 40 }), (context, events) => {
				let state = deepFreeze(initialState(context.questions));
				const check = () => {
					const ahead = previewsAhead(state, context);
					const shown = focusedPreview(state, context);
					const key = (p: { tab: number; option: number }) => `${p.tab}:${p.option}`;
					expect(new Set(ahead.map(key)).size).toBe(ahead.length);
					if (shown) expect(ahead.map(key)).not.toContain(key(shown));
					for (const p of ahead) expect(p.markdown).toBe(context.questions[p.tab]?.options[p.option]?.preview);
					for (const action of browsing) {
						const next = focusedPreview(reduce(state, action, context).state, context);
						if (!next || (shown && key(next) === key(shown))) continue;
						expect(ahead).toContainEqual(next);
					}
				};
				check();
				for (const event of events) {
					const action = "action" in event ? event.action : keyAction(event.key, state);
					if (action === undefined) continue;
					state = deepFreeze(reduce(state, action, context).state);
					check();
				}
			}),
		);
	});
});
