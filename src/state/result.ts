/**
 * Turns the core's answers into the protocol's `QuestionnaireResult` (through `givenResult`), and counts
 * what the user would lose by leaving. Trimmed text; blank notes and blank typed text are dropped; a question
 * that does not apply is left out (neither answered nor unanswered).
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { type Given, givenResult } from "../protocol/read-answer.ts";
import type { Ending, QuestionnaireResult } from "../protocol/result.ts";
import { type Answers, askedQuestions, type ReduceContext } from "./answers.ts";

/** The result of a questionnaire that ends now with `ending`; answers so far are always kept. */
export function buildResult(s: Answers, context: ReduceContext, ending: Ending): QuestionnaireResult {
	const asked = askedQuestions(s, context);
	const skipped = s.shape.flatMap((_, i) => (asked.includes(i) ? [] : [i]));
	const kept = <T>(items: readonly T[], none: T) => items.map((item, i) => (asked.includes(i) ? item : none));
	const given: Given = {
		answers: kept(s.answers, null).map((answer) => answer ?? undefined),
		notes: kept(s.notes, ""),
		drafts: kept(s.drafts, ""),
		globalNote: s.globalNote,
	};
	return givenResult(context.host, context.questions, ending, given, skipped);
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
export function discardSummary(s: Answers): DiscardSummary {
	let answers = 0;
	let notes = s.globalNote.trim() === "" ? 0 : 1;
	s.answers.forEach((answer, i) => {
		if (answer) answers += 1;
		if ((s.notes[i] ?? "").trim() !== "") notes += 1;
	});
	return { answers, notes };
}

/** True when the user has entered anything that cancelling would discard. */
export function hasInput(s: Answers): boolean {
	const d = discardSummary(s);
	return d.answers + d.notes > 0;
}
