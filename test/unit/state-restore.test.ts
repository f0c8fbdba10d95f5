/**
 * Reopening a pending questionnaire: the state comes back with answers, ticks, drafts and notes, on the
 * first unanswered question; and the progress a state records gives that state back.
 */
import { describe, expect, it } from "vitest";
import type { Progress } from "../../src/protocol/progress.ts";
import { confirmAction } from "../../src/state/key-actions.ts";
import { reduce } from "../../src/state/reduce.ts";
import { progressOfState, startState } from "../../src/state/restore.ts";
import { MULTI, SINGLE, YESNO } from "./state-fixtures.ts";

const questions = [SINGLE, MULTI, YESNO];

describe("startState: reopened", () => {
	it("restores answers, ticks, drafts and notes and opens the first unanswered question", () => {
		const state = startState(
			{ questions, host: "tui" },
			{
				answers: [{ kind: "option", option: 1 }, { kind: "multi", options: [2, 0] }, undefined],
				ticks: [[], [], []],
				notes: ["", "x", ""],
				drafts: ["", "", "later"],
				globalNote: "all",
			},
		);
		expect(state).toMatchObject({
			tab: 2,
			mode: "options",
			answers: [{ kind: "option", option: 1 }, { kind: "multi", options: [0, 2] }, null],
			drafts: ["", "", "later"],
			notes: ["", "x", ""],
			globalNote: "all",
		});
		expect(state.checked[1]).toEqual([true, false, true]);
	});

	it("with everything answered it opens the Submit tab", () => {
		const state = startState(
			{ questions: [SINGLE, YESNO], host: "tui" },
			{
				answers: [
					{ kind: "option", option: 0 },
					{ kind: "custom", text: "sure" },
				],
				ticks: [[], []],
				notes: ["", ""],
				drafts: ["", ""],
				globalNote: "",
			},
		);
		expect(state).toMatchObject({ tab: 2, mode: "submit" });
	});

	it("a typed answer is also its row's draft, as when it was typed (the row shows it, the editor opens with it)", () => {
		const state = startState(
			{ questions: [SINGLE, MULTI], host: "tui" },
			{
				answers: [
					{ kind: "custom", text: "Valkey" },
					{ kind: "multi", options: [1], text: "BSD" },
				],
				ticks: [[], []],
				notes: ["", ""],
				drafts: ["", ""],
				globalNote: "",
			},
		);
		expect(state.drafts).toEqual(["Valkey", "BSD"]);
	});
});

describe("startState: the focus rests where each answer is, so Enter keeps it", () => {
	const given = (count: number, over: Partial<Progress>): Progress => ({
		answers: Array.from({ length: count }, () => undefined),
		ticks: Array.from({ length: count }, () => []),
		notes: Array.from({ length: count }, () => ""),
		drafts: Array.from({ length: count }, () => ""),
		globalNote: "",
		...over,
	});

	it("the chosen option, Type something. under typed text or a draft; a multi-select on its first row", () => {
		const answered = startState(
			{ questions: [SINGLE, MULTI, YESNO], host: "tui" },
			given(3, {
				answers: [
					{ kind: "option", option: 1 },
					{ kind: "multi", options: [2] },
					{ kind: "custom", text: "x" },
				],
			}),
		);
		expect(answered.focus).toEqual([1, 0, 2]);
		const drafted = startState(
			{ questions: [SINGLE, MULTI], host: "tui" },
			given(2, { drafts: ["Valkey", "BSD"], ticks: [[], [1]] }),
		);
		expect(drafted.focus).toEqual([3, 3]);
	});

	it("a one-question form put aside with typed text: Enter opens the text, never chooses the first option", () => {
		const context = { questions: [YESNO], host: "tui" as const };
		const state = startState(
			{ questions: [YESNO], host: "tui" },
			given(1, { answers: [{ kind: "custom", text: "journald" }] }),
		);
		const action = confirmAction(state);
		expect(action).toEqual({ type: "draft/opened" });
		const opened = reduce(state, action!, context).state;
		const confirmed = reduce(opened, { type: "draft/confirmed" }, context);
		const done = confirmed.effects.find((e) => e.type === "host/done");
		expect(done).toMatchObject({ result: { outcome: "answered", answers: [{ kind: "custom", answer: "journald" }] } });
	});
});

describe("progressOfState", () => {
	it("records ticks not yet committed, and a typed answer once (not again as its draft)", () => {
		const state = startState(
			{ questions: [SINGLE, MULTI, YESNO], host: "tui" },
			{
				answers: [{ kind: "custom", text: "Valkey" }, undefined, undefined],
				ticks: [[], [0, 2], []],
				notes: ["why", "", ""],
				drafts: ["", "", "half typed"],
				globalNote: "all",
			},
		);
		expect(state.checked[1]).toEqual([true, false, true]);
		expect(progressOfState(state)).toEqual({
			answers: [{ kind: "custom", text: "Valkey" }, undefined, undefined],
			ticks: [[], [0, 2], []],
			notes: ["why", "", ""],
			drafts: ["", "", "half typed"],
			globalNote: "all",
		});
	});
});
