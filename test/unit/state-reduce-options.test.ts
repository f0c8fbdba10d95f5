/**
 * Reducer, mode `options`: focus, single-select answers, multi-select toggles and commits, tab
 * switching, and the "same object, no effects" rule for illegal actions. Inputs are deep-frozen.
 */
import { describe, expect, it } from "vitest";
import { initialState } from "../../src/state/layout.ts";
import { reduce } from "../../src/state/reduce.ts";
import { contextOf, deepFreeze, doneResult, MULTI, render, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

const three = contextOf(SINGLE, MULTI, YESNO);

describe("initial state", () => {
	it("is plain JSON with one entry per question", () => {
		const state = initialState(three.questions);
		expect(JSON.parse(JSON.stringify(state))).toEqual(state);
		expect(state).toMatchObject({ mode: "options", tab: 0, focus: [0, 0, 0], answers: [null, null, null] });
		expect(state.shape).toEqual([
			{ kind: "single", optionCount: 3, hasPreview: [true, false, false] },
			{ kind: "multi", optionCount: 3, hasPreview: [false, false, false] },
			{ kind: "single", optionCount: 2, hasPreview: [false, false] },
		]);
	});

	it("frozen fixtures really are frozen", () => {
		const state = start(three);
		expect(() => {
			(state.focus as number[])[0] = 2;
		}).toThrow(TypeError);
	});
});

describe("focus", () => {
	it("wraps up and down over options plus the Type something. row", () => {
		const up = run(start(three), three, { type: "nav/focusMoved", direction: "up" });
		expect(up.state.focus[0]).toBe(3);
		expect(up.effects).toEqual([render]);
		const down = run(up.state, three, { type: "nav/focusMoved", direction: "down" });
		expect(down.state.focus[0]).toBe(0);
	});

	it("multi-select has a Next row after Type something.", () => {
		const s = run(
			start(three),
			three,
			{ type: "tab/switched", direction: "next" },
			{
				type: "nav/focusMoved",
				direction: "last",
			},
		).state;
		expect(s.focus[1]).toBe(4);
	});

	it("moving the focus resets the preview scroll", () => {
		const s = run(start(three), three, { type: "preview/scrolled", delta: 3 });
		expect(s.state.previewScroll[0]).toBe(3);
		const moved = run(s.state, three, { type: "nav/focusMoved", direction: "down" });
		expect(moved.state.previewScroll[0]).toBe(0);
	});

	it("first on the first row changes nothing", () => {
		const state = start(three);
		expect(reduce(state, { type: "nav/focusMoved", direction: "first" }, three)).toEqual({ state, effects: [] });
		expect(reduce(state, { type: "nav/focusMoved", direction: "first" }, three).state).toBe(state);
	});
});

describe("single-select", () => {
	it("choosing answers and moves to the next unanswered question", () => {
		const { state, effects } = run(start(three), three, { type: "answer/optionChosen", option: 1 });
		expect(state.answers[0]).toEqual({ kind: "option", option: 1 });
		expect(state.focus[0]).toBe(1);
		expect(state.tab).toBe(1);
		expect(effects).toEqual([render]);
	});

	it("moves to the next unanswered question, wrapping, then to Submit", () => {
		const s1 = run(start(three), three, { type: "tab/switched", direction: "prev" }); // Submit tab
		expect(s1.state).toMatchObject({ tab: 3, mode: "submit" });
		const s2 = run(
			s1.state,
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "answer/optionChosen", option: 0 },
		);
		expect(s2.state.tab).toBe(0); // Q3 answered → wraps to Q1
		const s3 = run(s2.state, three, { type: "answer/optionChosen", option: 0 });
		expect(s3.state.tab).toBe(1);
		const s4 = run(s3.state, three, { type: "multi/optionToggled", option: 2 }, { type: "multi/committed" });
		expect(s4.state).toMatchObject({ tab: 3, mode: "submit" });
	});

	it("a one-question form finishes at once, echoing the chosen preview", () => {
		const one = contextOf(SINGLE);
		const { state, effects } = run(start(one), one, { type: "answer/optionChosen", option: 0 });
		expect(state.mode).toBe("done");
		expect(effects).toHaveLength(1);
		expect(doneResult(effects)).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "tui",
			answeredBy: { kind: "person" },
			answers: [
				{
					questionIndex: 0,
					question: "Which cache?",
					kind: "option",
					answer: "Memory",
					preview: SINGLE.options[0]?.preview,
				},
			],
		});
	});

	it("rejects out-of-range and non-integer options with the same state object", () => {
		const state = start(three);
		for (const option of [-1, 3, 1.5, Number.NaN]) {
			const step = reduce(state, { type: "answer/optionChosen", option }, three);
			expect(step.state).toBe(state);
			expect(step.effects).toEqual([]);
		}
	});

	it("multi-select actions are illegal on a single-select question", () => {
		const state = start(three);
		expect(reduce(state, { type: "multi/optionToggled", option: 0 }, three).state).toBe(state);
		expect(reduce(state, { type: "multi/committed" }, three).state).toBe(state);
	});
});

describe("multi-select", () => {
	const onMulti = () => run(start(three), three, { type: "tab/switched", direction: "next" }).state;

	it("toggles focus and check; the ticks are the answer at once, and stay on the tab", () => {
		const { state } = run(onMulti(), three, { type: "multi/optionToggled", option: 2 });
		expect(state.checked[1]).toEqual([false, false, true]);
		expect(state.focus[1]).toBe(2);
		expect(state.answers[1]).toEqual({ kind: "multi", options: [2] });
		expect(state.tab).toBe(1);
		const again = run(state, three, { type: "multi/optionToggled", option: 2 });
		expect(again.state.checked[1]).toEqual([false, false, false]);
		expect(again.state.answers[1]).toBeNull();
	});

	it("ticks left with Tab instead of Next are still submitted", () => {
		const { state } = run(
			onMulti(),
			three,
			{ type: "multi/optionToggled", option: 0 },
			{ type: "multi/optionToggled", option: 2 },
			{ type: "tab/switched", direction: "next" },
			{ type: "answer/optionChosen", option: 0 },
		);
		// Choosing on the last question moves to the one still unanswered: the first, not the ticked one.
		expect(state.tab).toBe(0);
		expect(state.answers[1]).toEqual({ kind: "multi", options: [0, 2] });
	});

	it("commit makes the checked options the answer and moves on", () => {
		const { state } = run(
			onMulti(),
			three,
			{ type: "multi/optionToggled", option: 0 },
			{ type: "multi/optionToggled", option: 1 },
			{ type: "multi/committed" },
		);
		expect(state.answers[1]).toEqual({ kind: "multi", options: [0, 1] });
		expect(state.tab).toBe(2);
	});

	it("a committed answer follows later toggles; unchecking everything unanswers", () => {
		const committed = run(onMulti(), three, { type: "multi/optionToggled", option: 0 }, { type: "multi/committed" });
		const back = run(
			committed.state,
			three,
			{ type: "tab/switched", direction: "prev" },
			{
				type: "multi/optionToggled",
				option: 2,
			},
		);
		expect(back.state.answers[1]).toEqual({ kind: "multi", options: [0, 2] });
		const none = run(
			back.state,
			three,
			{ type: "multi/optionToggled", option: 0 },
			{ type: "multi/optionToggled", option: 2 },
		);
		expect(none.state.answers[1]).toBeNull();
	});

	it('Next with nothing ticked is the explicit answer "none of these"', () => {
		const { state, effects } = run(onMulti(), three, { type: "multi/committed" });
		expect(state.answers[1]).toEqual({ kind: "multi", options: [] });
		expect(state.tab).toBe(2);
		const submitted = run(
			state,
			three,
			{ type: "tab/switched", direction: "next" },
			{ type: "dialog/submitRequested" },
		);
		expect(effects.some((e) => e.type === "host/done")).toBe(false);
		expect(doneResult(submitted.effects).answers).toContainEqual({
			questionIndex: 1,
			question: MULTI.question,
			kind: "multi",
			answer: [],
		});
	});

	it("ticking and unticking again is no answer yet (only Next says none)", () => {
		const { state } = run(
			onMulti(),
			three,
			{ type: "multi/optionToggled", option: 0 },
			{ type: "multi/optionToggled", option: 0 },
		);
		expect(state.answers[1]).toBeNull();
	});
});

describe("tabs", () => {
	it("switch wraps both ways and keeps per-tab focus", () => {
		const s = run(
			start(three),
			three,
			{ type: "nav/focusMoved", direction: "down" },
			{
				type: "tab/switched",
				direction: "next",
			},
		);
		expect(s.state).toMatchObject({ tab: 1, mode: "options", focus: [1, 0, 0] });
		const back = run(
			s.state,
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "tab/switched", direction: "prev" },
		);
		expect(back.state).toMatchObject({ tab: 3, mode: "submit" });
	});

	it("a one-question form has a single tab: switching is a no-op", () => {
		const one = contextOf(YESNO);
		const state = start(one);
		expect(reduce(state, { type: "tab/switched", direction: "next" }, one)).toEqual({ state, effects: [] });
	});
});

describe("totality", () => {
	it("an unknown action returns the same state and no effects", () => {
		const state = deepFreeze(initialState(three.questions));
		const bogus = { type: "nope/nothing" } as unknown as Parameters<typeof reduce>[1];
		const step = reduce(state, bogus, three);
		expect(step.state).toBe(state);
		expect(step.effects).toEqual([]);
	});

	it("actions of other modes are ignored in options mode", () => {
		const state = start(three);
		const others = ["draft/confirmed", "draft/closed", "notes/closed"] as const;
		for (const type of others) {
			expect(reduce(state, { type }, three).state).toBe(state);
		}
		for (const choice of ["decline", "chat", "keep"] as const)
			expect(reduce(state, { type: "dialog/leaveChosen", choice }, three).state).toBe(state);
		expect(reduce(state, { type: "draft/edited", text: "x" }, three).state).toBe(state);
	});
});
