/**
 * Property tests for the core's answers (state/answers.ts) and the two drivers that move them. For random
 * questionnaires (fresh or reopened) and random moves picked from the dialog due (as a person picks rows), the dialog walker's
 * move and the TUI's actions for the same choice (what the TUI dispatches for it, written out here) leave the
 * same answers, ticks, drafts and notes, at the same place, and end with the same result. And every answer
 * fits its question's kind: one option of a single-select, the ticks of a multi-select, trimmed typed text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { Question } from "../../src/protocol/questions.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import type { Action } from "../../src/state/actions.ts";
import type { ReduceContext } from "../../src/state/answers.ts";
import { type Answers, initialAnswers } from "../../src/state/answers.ts";
import { applyMove, dialogStep, type Move, walkFrom } from "../../src/state/dialog-step.ts";
import { initialState } from "../../src/state/layout.ts";
import { reduce } from "../../src/state/reduce.ts";
import { restoredAnswers, startState } from "../../src/state/restore.ts";
import type { QuestionnaireState } from "../../src/state/types.ts";
import { deepFreeze } from "./state-fixtures.ts";

const questionArb: fc.Arbitrary<Question> = fc
	.record({ multiSelect: fc.boolean(), count: fc.integer({ min: 1, max: 5 }), preview: fc.boolean() })
	.map(({ multiSelect, count, preview }) => ({
		question: "q",
		header: "h",
		multiSelect,
		options: Array.from({ length: count }, (_, i) => ({
			label: `o${i}`,
			description: "",
			...(preview && i === 0 ? { preview: "p" } : {}),
		})),
	}));

const contextArb: fc.Arbitrary<ReduceContext> = fc
	.array(questionArb, { minLength: 1, maxLength: 4 })
	.map((questions) => ({ questions, host: "rpc" }));

/** A pick: which row (modulo the rows offered), and the text an input would return. */
const pickArb = fc.record({
	row: fc.nat(),
	text: fc.constantFrom("", "  ", "Valkey", " BSD ", "a\nb"),
	how: fc.constantFrom("row", "row", "row", "cancel", "kept", "stop"),
	stop: fc.constantFrom("interrupted", "timed_out", "failed" as const),
});

type Pick = typeof pickArb extends fc.Arbitrary<infer T> ? T : never;

/** The move a person makes on `state`'s dialog with `pick`. */
function moveOf(state: ReturnType<typeof walkFrom>, context: ReduceContext, pick: Pick): Move {
	const step = dialogStep(state, context);
	if (pick.how === "cancel") return { kind: "cancel" };
	if (pick.how === "stop") return { kind: "stop", reason: pick.stop };
	if (step.kind === "leave") return { kind: "leave", choice: step.choices[pick.row % step.choices.length] ?? "keep" };
	const row = step.rows[pick.row % step.rows.length] ?? { kind: "submit" };
	if (row.kind === "type" || row.kind === "note") {
		return pick.how === "kept"
			? { kind: "kept", field: row.kind, text: pick.text.trim() }
			: { kind: row.kind, text: pick.text };
	}
	return row.kind === "previews" ? { kind: "cancel" } : row;
}

/** What the full TUI dispatches for the same choice. */
function tuiActions(state: QuestionnaireState, move: Move): Action[] {
	switch (move.kind) {
		case "option":
			return [
				state.shape[state.tab]?.kind === "multi"
					? { type: "multi/optionToggled", option: move.option }
					: { type: "answer/optionChosen", option: move.option },
			];
		case "typed":
			return [{ type: "draft/opened" }, { type: "draft/edited", text: "" }, { type: "draft/closed" }];
		case "done":
			return [{ type: "multi/committed" }];
		case "back":
			return [{ type: "tab/switched", direction: "prev" }];
		case "type":
			if (move.text.trim() === "") return [];
			return [{ type: "draft/opened" }, { type: "draft/edited", text: move.text }, { type: "draft/confirmed" }];
		case "note":
			return [{ type: "notes/opened" }, { type: "notes/edited", text: move.text }, { type: "notes/closed" }];
		case "kept":
			return move.field === "type"
				? [{ type: "draft/opened" }, { type: "draft/edited", text: move.text }, { type: "draft/closed" }]
				: [{ type: "notes/opened" }, { type: "notes/edited", text: move.text }, { type: "notes/closed" }];
		case "submit":
			return [{ type: "dialog/submitRequested" }];
		case "edit":
			return [{ type: "tab/chosen", tab: move.question }];
		case "later":
			return [{ type: "dialog/deferRequested" }];
		case "decline":
			return [{ type: "dialog/cancelRequested" }, { type: "dialog/leaveChosen", choice: "decline" }];
		case "leave":
			return [{ type: "dialog/leaveChosen", choice: move.choice }];
		case "cancel":
			return [{ type: "dialog/cancelRequested" }];
		case "typing":
			return [];
		case "stop":
			return [
				{
					type:
						move.reason === "failed" ? "host/failed" : move.reason === "timed_out" ? "host/timedOut" : "host/aborted",
				},
			];
	}
}

const given = ({ answers, checked, drafts, notes, globalNote }: Answers) => ({
	answers,
	checked,
	drafts,
	notes,
	globalNote,
});

function expectKindsHold(s: Answers): void {
	s.shape.forEach((shape, q) => {
		const answer = s.answers[q];
		if (answer?.kind === "option") expect(shape.kind === "single" && answer.option < shape.optionCount).toBe(true);
		if (answer?.kind === "custom") expect(answer.text !== "" && answer.text.trim() === answer.text).toBe(true);
		if (answer?.kind === "multi") {
			expect(shape.kind).toBe("multi");
			expect(answer.options).toEqual((s.checked[q] ?? []).flatMap((on, i) => (on ? [i] : [])));
		}
	});
}

describe("the core's moves: the walker and the TUI agree", () => {
	it("the same choices leave the same answers at the same place and end with the same result (property)", () => {
		fc.assert(
			fc.property(contextArb, fc.boolean(), fc.array(pickArb, { maxLength: 25 }), (context, reopened, picks) => {
				const { questions } = context;
				const nothing = emptyProgress(questions.length);
				const start = reopened ? restoredAnswers(questions, nothing) : initialAnswers(questions);
				let walk = deepFreeze(walkFrom(start, context));
				let tui = deepFreeze(reopened ? startState({ questions, host: "tui" }, nothing) : initialState(questions));
				for (const pick of picks) {
					const move = moveOf(walk, context, pick);
					const walked = applyMove(walk, move, context);
					let ended: QuestionnaireResult | undefined;
					for (const action of tuiActions(tui, move)) {
						const step = reduce(tui, action, context);
						for (const effect of step.effects) if (effect.type === "host/done") ended = effect.result;
						tui = deepFreeze(step.state);
					}
					expect(ended).toEqual(walked.result);
					if (walked.result) return;
					walk = deepFreeze(walked.state);
					expect(given(walk)).toEqual(given(tui));
					expect([walk.at, walk.leaving]).toEqual([tui.tab, tui.mode === "leave"]);
					expectKindsHold(walk);
				}
			}),
			{ numRuns: 400 },
		);
	});
});
