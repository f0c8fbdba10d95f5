/**
 * The questionnaire one dialog at a time (state/dialog-step.ts): which dialog a state is due to show, with
 * its rows as kinds and what a cancel does there, and what each move does through the reducer — the same
 * as the TUI's choice: ticks are the answer at once, typed text moves on, the review's Edit and Decline,
 * "Stop answering?", and a host that cannot go on (`host/failed`: declines only where a cancel would).
 */
import { describe, expect, it } from "vitest";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { initialAnswers } from "../../src/state/answers.ts";
import { applyMove, dialogStep, type Move, type WalkState, walkFrom } from "../../src/state/dialog-step.ts";
import { restoredAnswers } from "../../src/state/restore.ts";
import { contextOf, deepFreeze, MULTI, SINGLE, YESNO } from "./state-fixtures.ts";

const form = contextOf(SINGLE, MULTI, YESNO);
const start = (context = form) => deepFreeze(walkFrom(initialAnswers(context.questions), context));
const reopenedWalk = () => walkFrom(restoredAnswers(form.questions, emptyProgress(3)), form);
const step = (state: WalkState) => dialogStep(state, form);

/** Applies `moves` in turn; the final state and the result, if one came. */
function play(state: WalkState, ...moves: Move[]) {
	let result: ReturnType<typeof applyMove>["result"];
	for (const move of moves) ({ state, result } = applyMove(state, move, form));
	return { state, result };
}

describe("dialogStep", () => {
	it("a fresh single-select question: its options, Type, note, previews; a cancel declines", () => {
		expect(step(start())).toEqual({
			kind: "question",
			question: 0,
			rows: [
				{ kind: "option", option: 0 },
				{ kind: "option", option: 1 },
				{ kind: "option", option: 2 },
				{ kind: "type" },
				{ kind: "note" },
				{ kind: "previews" },
			],
			cancel: "decline",
		});
	});

	it("a multi-select: check boxes, the typed text, Done counting both, Back; a cancel asks once something is given", () => {
		const { state } = play(start(), { kind: "option", option: 1 }, { kind: "option", option: 2 });
		const typed = play(state, { kind: "type", text: "BSD" }, { kind: "back" }).state;
		expect(step(typed)).toEqual({
			kind: "question",
			question: 1,
			rows: [
				{ kind: "option", option: 0, checked: false },
				{ kind: "option", option: 1, checked: false },
				{ kind: "option", option: 2, checked: true },
				{ kind: "typed", text: "BSD" },
				{ kind: "done", count: 2 },
				{ kind: "type" },
				{ kind: "note" },
				{ kind: "back" },
			],
			cancel: "ask",
		});
	});

	it("the review rows, 'Stop answering?' choices (Answered in chat when reopened), and Submit ends", () => {
		const reviewing = play(start(), { kind: "option", option: 0 }, { kind: "done" }, { kind: "option", option: 0 });
		expect(step(reviewing.state)).toEqual({
			kind: "review",
			rows: [
				{ kind: "submit" },
				{ kind: "edit", question: 0 },
				{ kind: "edit", question: 1 },
				{ kind: "edit", question: 2 },
				{ kind: "later" },
				{ kind: "decline" },
			],
			cancel: "ask",
		});
		expect(step(play(reviewing.state, { kind: "cancel" }).state)).toEqual({
			kind: "leave",
			choices: ["keep", "later", "decline"],
			cancel: "later",
		});
		expect(step(play(reopenedWalk(), { kind: "cancel" }).state)).toMatchObject({
			choices: ["keep", "later", "chat", "decline"],
		});
		expect(play(reviewing.state, { kind: "submit" }).result?.outcome).toBe("answered");
	});
});

describe("applyMove: the TUI's rules", () => {
	it("a tick is the answer at once; Back keeps it; the next unanswered question comes after an answer", () => {
		const ticked = play(start(), { kind: "option", option: 0 }, { kind: "option", option: 2 });
		expect(ticked.state.answers[1]).toEqual({ kind: "multi", options: [2] });
		const back = play(ticked.state, { kind: "back" }, { kind: "option", option: 1 });
		expect(back.state.checked[1]).toEqual([false, false, true]);
		expect(back.state.at).toBe(2);
	});

	it("typed text is the answer and moves on; blank text changes nothing; the typed row takes it back", () => {
		const typed = play(start(), { kind: "type", text: "  " });
		expect(typed.state.answers[0]).toBeNull();
		const single = play(typed.state, { kind: "type", text: "Valkey" });
		expect(single.state).toMatchObject({ at: 1, answers: [{ kind: "custom", text: "Valkey" }, null, null] });
		const multi = play(single.state, { kind: "option", option: 0 }, { kind: "type", text: "BSD" });
		expect(multi.state.answers[1]).toEqual({ kind: "multi", options: [0], text: "BSD" });
		expect(multi.state.at).toBe(2);
		const cleared = play(multi.state, { kind: "back" }, { kind: "typed" });
		expect(cleared.state).toMatchObject({ at: 1, leaving: false });
		expect(cleared.state.answers[1]).toEqual({ kind: "multi", options: [0] });
	});

	it("a note is set, and removed by an empty one; it counts as given", () => {
		const noted = play(start(), { kind: "note", text: "why" });
		expect(noted.state.notes[0]).toBe("why");
		expect(step(noted.state)).toMatchObject({ cancel: "ask" });
		expect(play(noted.state, { kind: "note", text: "" }).state.notes[0]).toBe("");
	});

	it("the review's Edit goes to that question; its Decline declines, asked or not", () => {
		const done = play(start(), { kind: "option", option: 0 }, { kind: "done" }, { kind: "option", option: 1 });
		expect(play(done.state, { kind: "edit", question: 1 }).state).toMatchObject({ at: 1, leaving: false });
		expect(play(done.state, { kind: "decline" }).result).toMatchObject({ outcome: "declined", answers: [{}, {}, {}] });
		const fresh = play(start(), { kind: "option", option: 0 }, { kind: "later" });
		expect(fresh.result?.outcome).toBe("deferred");
	});

	it("'Stop answering?': Keep answering goes back, a second cancel puts it aside, Answered in chat when reopened", () => {
		const asked = play(start(), { kind: "option", option: 0 }, { kind: "cancel" });
		expect(play(asked.state, { kind: "leave", choice: "keep" }).state).toMatchObject({ leaving: false, at: 1 });
		expect(play(asked.state, { kind: "cancel" }).result?.outcome).toBe("deferred");
		expect(play(asked.state, { kind: "leave", choice: "decline" }).result?.outcome).toBe("declined");
		const reopened = play(reopenedWalk(), { kind: "cancel" });
		expect(play(reopened.state, { kind: "leave", choice: "chat" }).result?.outcome).toBe("answered_in_chat");
	});

	it("a stop: abort interrupts, the timeout times out, a failure declines only where a cancel would", () => {
		expect(play(start(), { kind: "stop", reason: "interrupted" }).result?.outcome).toBe("interrupted");
		expect(play(start(), { kind: "stop", reason: "timed_out" }).result?.outcome).toBe("timed_out");
		expect(play(start(), { kind: "stop", reason: "failed" }).result?.outcome).toBe("declined");
		const given = play(start(), { kind: "option", option: 0 }, { kind: "stop", reason: "failed" });
		expect(given.result).toMatchObject({ outcome: "interrupted", answers: [{ answer: "Memory" }] });
		expect(play(reopenedWalk(), { kind: "stop", reason: "failed" }).result?.outcome).toBe("interrupted");
	});
});
