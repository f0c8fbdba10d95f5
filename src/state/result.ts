/**
 * Turns the state into the protocol's `QuestionnaireResult` (through `finishedResult`), and counts
 * what the user would lose by leaving. Trimmed text; blank notes and blank typed text are dropped.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { reportedAnswers } from "../protocol/answer.ts";
import type { Ending, QuestionDraft, QuestionnaireResult } from "../protocol/result.ts";
import { finishedResult } from "../protocol/result.ts";
import type { QuestionnaireState, ReduceContext } from "./types.ts";

export type { Ending } from "../protocol/result.ts";

/** The result of a session that ends now with `ending`; answers so far are always kept. */
export function buildResult(state: QuestionnaireState, context: ReduceContext, ending: Ending): QuestionnaireResult {
	const given = reportedAnswers(context.questions, state.answers, state.notes);
	const drafts: QuestionDraft[] = [];
	context.questions.forEach((question, index) => {
		const draft = state.drafts[index] ?? "";
		if (!state.answers[index] && draft.trim() !== "")
			drafts.push({ questionIndex: index, question: question.question, text: draft });
	});
	const globalNote = state.globalNote.trim();
	return finishedResult(context.host, context.questions.length, ending, {
		...given,
		drafts,
		...(globalNote === "" ? {} : { globalNote }),
	});
}

/**
 * What leaving now would throw away: committed answers and notes. Typed text is among the answers:
 * leaving its editor keeps it as one, so no draft is ever unsaved work of its own.
 */
export interface DiscardSummary {
	/** Answered questions (a ticked option or kept typed text counts). */
	answers: number;
	/** Non-blank question notes plus the global note. */
	notes: number;
}

/** Counts what the user would lose by cancelling; all zero means Esc can decline at once. */
export function discardSummary(state: QuestionnaireState): DiscardSummary {
	let answers = 0;
	let notes = state.globalNote.trim() === "" ? 0 : 1;
	state.answers.forEach((answer, i) => {
		if (answer) answers += 1;
		if ((state.notes[i] ?? "").trim() !== "") notes += 1;
	});
	return { answers, notes };
}

/** True when the user has entered anything that cancelling would discard. */
export function hasInput(state: QuestionnaireState): boolean {
	const s = discardSummary(state);
	return s.answers + s.notes > 0;
}
