/**
 * Reopening a pending questionnaire: a saved result becomes index-based progress (strings that no longer
 * fit the questions are dropped), and the state comes back with answers, ticks, drafts and notes, on the
 * first unanswered question.
 */
import { describe, expect, it } from "vitest";
import { progressOf } from "../../src/protocol/progress.ts";
import { restoredState } from "../../src/state/restore.ts";
import { MULTI, SINGLE, YESNO } from "./state-fixtures.ts";

const questions = [SINGLE, MULTI, YESNO];

describe("progressOf", () => {
	it("maps labels back to option indexes and keeps notes, drafts and the overall note", () => {
		const progress = progressOf(questions, {
			answers: [
				{ questionIndex: 0, question: SINGLE.question, kind: "option", answer: "None", notes: "n0" },
				{ questionIndex: 1, question: MULTI.question, kind: "multi", answer: ["macOS", "BSD"], custom: "BSD" },
			],
			questionNotes: [{ questionIndex: 2, question: YESNO.question, notes: "n2" }],
			drafts: [{ questionIndex: 2, question: YESNO.question, text: "maybe" }],
			globalNote: "g",
		});
		expect(progress).toEqual({
			answers: [{ kind: "option", option: 2 }, { kind: "multi", options: [1], text: "BSD" }, undefined],
			notes: ["n0", "", "n2"],
			drafts: ["", "", "maybe"],
			globalNote: "g",
		});
	});

	it("drops what no longer fits: unknown labels, indexes out of range, a multi answer on a single question", () => {
		const progress = progressOf(questions, {
			answers: [
				{ questionIndex: 0, question: "", kind: "option", answer: "Gone" },
				{ questionIndex: 7, question: "", kind: "custom", answer: "x" },
				{ questionIndex: 2, question: "", kind: "multi", answer: ["Yes"] },
			],
		});
		expect(progress.answers).toEqual([undefined, undefined, undefined]);
	});
});

describe("restoredState", () => {
	it("restores answers, ticks, drafts and notes and opens the first unanswered question", () => {
		const state = restoredState(questions, {
			answers: [{ kind: "option", option: 1 }, { kind: "multi", options: [2, 0] }, undefined],
			notes: ["", "x", ""],
			drafts: ["", "", "later"],
			globalNote: "all",
		});
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
		const state = restoredState([SINGLE, YESNO], {
			answers: [
				{ kind: "option", option: 0 },
				{ kind: "custom", text: "sure" },
			],
			notes: ["", ""],
			drafts: ["", ""],
			globalNote: "",
		});
		expect(state).toMatchObject({ tab: 2, mode: "submit" });
	});

	it("a typed answer is also its row's draft, as when it was typed (the row shows it, the editor opens with it)", () => {
		const state = restoredState([SINGLE, MULTI], {
			answers: [
				{ kind: "custom", text: "Valkey" },
				{ kind: "multi", options: [1], text: "BSD" },
			],
			notes: ["", ""],
			drafts: ["", ""],
			globalNote: "",
		});
		expect(state.drafts).toEqual(["Valkey", "BSD"]);
	});
});
