/**
 * Property test of the whole view: random questionnaires (wide, joined, hostile text; multi-select;
 * previews or none) driven by random reducer actions into every mode, rendered at random widths and
 * heights with the ANSI theme. Every line fits the width and is terminal-safe, the dialog never exceeds
 * maxHeight, rendering never throws, and the preview's max offset is a whole number when reported.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { type Action, reduce } from "../../src/state/index.ts";
import { initialState } from "../../src/state/layout.ts";
import { QuestionnaireView } from "../../src/tui/view/questionnaire-view.ts";
import { plainViewTheme } from "../support/plain-theme.ts";
import { STEP_ACTIONS } from "./state-fixtures.ts";
import { ansiTheme, contextOf, expectFits, fakeEditor, NASTY } from "./view-fixtures.ts";

const word = fc.oneof(
	fc.constantFrom("Redis", "cache", "a", "(Recommended)", "日本語", "👩‍💻", "e\u0301", "\t", "\n", " "),
	fc.constantFrom(...NASTY.map((t) => t.slice(0, 60))),
	fc.string({ maxLength: 12 }),
);
const text = (max: number) => fc.array(word, { maxLength: max }).map((w) => w.join(" "));

const questionArb: fc.Arbitrary<Question> = fc
	.record({
		question: text(12),
		header: text(3),
		multiSelect: fc.boolean(),
		options: fc.array(
			fc.record({
				label: text(6),
				description: text(10),
				preview: fc.option(text(30), { nil: undefined }),
			}),
			{ minLength: 1, maxLength: 11 },
		),
	})
	.map((q) => ({
		...q,
		options: q.options.map((o, i) =>
			o.preview === undefined
				? { label: `${o.label}${i}`, description: o.description }
				: { ...o, label: `${o.label}${i}` },
		),
	}));

const actionArb: fc.Arbitrary<Action> = fc.oneof(
	fc.constantFrom("up", "down", "first", "last").map((direction) => ({ type: "nav/focusMoved", direction }) as Action),
	fc.integer({ min: 0, max: 11 }).map((option): Action => ({ type: "answer/optionChosen", option })),
	fc.integer({ min: 0, max: 11 }).map((option): Action => ({ type: "multi/optionToggled", option })),
	fc.constantFrom<Action>(
		...STEP_ACTIONS,
		{ type: "dialog/cancelRequested" },
		{ type: "dialog/leaveChosen", choice: "keep" },
	),
	text(8).map((t): Action => ({ type: "draft/edited", text: t })),
	text(8).map((t): Action => ({ type: "notes/edited", text: t })),
	fc.integer({ min: -5, max: 40 }).map((delta): Action => ({ type: "preview/scrolled", delta })),
);

const frameArb = fc.record({
	questions: fc.array(questionArb, { minLength: 1, maxLength: 4 }),
	actions: fc.array(actionArb, { maxLength: 25 }),
	width: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: 200 })),
	maxHeight: fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 9, max: 60 })),
	status: fc.option(text(6), { nil: undefined }),
	collapsedHint: fc.boolean(),
	ansi: fc.boolean(),
});

describe("the whole view over random sessions", () => {
	it("fits every width and height in every mode, and never throws", () => {
		fc.assert(
			fc.property(frameArb, (f) => {
				const context = contextOf(f.questions);
				let state = initialState(f.questions);
				const view = new QuestionnaireView(f.ansi ? ansiTheme : plainViewTheme);
				for (const action of f.actions) {
					state = reduce(state, action, context).state;
					const editing = state.mode === "editing" || state.mode === "notes";
					view.setInput({
						state,
						context,
						maxHeight: f.maxHeight,
						...(editing ? { editor: fakeEditor("typed text") } : {}),
						...(f.status === undefined ? {} : { status: f.status }),
						collapsedHint: f.collapsedHint && state.collapsed,
					});
					for (const width of [f.width, Math.max(1, f.width - 37)]) {
						const lines = view.render(width);
						expect(lines.length).toBeLessThanOrEqual(Math.max(0, f.maxHeight));
						expectFits(lines, width);
						const max = view.previewMaxOffset();
						if (max !== undefined) expect(Number.isInteger(max) && max >= 0).toBe(true);
					}
				}
			}),
			{ numRuns: 150 },
		);
	});

	it("renders every tiny size without exceptions", () => {
		const questions: Question[] = [
			{
				question: NASTY.join(" "),
				header: NASTY[0] ?? "",
				options: NASTY.slice(0, 5).map((label, i) => ({ label: `${label}${i}`, description: label, preview: label })),
			},
			{ question: "q", header: "日本語", multiSelect: true, options: [{ label: "👩‍💻", description: "" }] },
		];
		const context = contextOf(questions);
		const view = new QuestionnaireView(ansiTheme);
		const states = [initialState(questions)];
		for (const action of [
			{ type: "draft/opened" },
			{ type: "tab/switched", direction: "prev" },
			{ type: "notes/opened" },
		] as Action[])
			states.push(reduce(states.at(-1) ?? states[0]!, action, context).state);
		for (const state of states)
			for (let width = 1; width <= 24; width++)
				for (let maxHeight = 0; maxHeight <= 6; maxHeight++) {
					view.setInput({ state, context, maxHeight, editor: fakeEditor("x") });
					const lines = view.render(width);
					expect(lines.length).toBeLessThanOrEqual(maxHeight);
					expectFits(lines, width);
				}
	});
});
