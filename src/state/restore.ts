/**
 * The answers and what was given, both ways: `progressOfState` is what a driver records while the person
 * answers; `restoredAnswers` reopens a questionnaire where the person left it (`/answer` on a pending one):
 * the answers, ticks, drafts and notes, marked `reopened` (a cancel then asks how to leave and never
 * declines: leave.ts); `startState` is the TUI's first state, fresh or reopened.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { type IndexedAnswer, type Progress, typedPart } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import { fittingAnswer } from "../protocol/read-answer.ts";
import { type Answers, firstOpen, initialAnswers, type QuestionShape, type ReduceContext } from "./answers.ts";
import { browseMode, initialState, typeRow } from "./layout.ts";
import type { QuestionnaireState } from "./types.ts";

/** What was given in `progress`, as the core's answers of `questions`, marked `reopened`. */
export function restoredAnswers(questions: readonly Question[], progress: Progress): Answers {
	const initial = initialAnswers(questions);
	// Read as every answer from outside is (protocol/read-answer.ts): one that does not fit its question is none.
	const answers = initial.answers.map((_, i) => fittingAnswer(questions[i], progress.answers[i]) ?? null);
	const checked = initial.checked.map((row, i) => {
		const answer = answers[i];
		const ticked = answer?.kind === "multi" ? answer.options : answer ? [] : (progress.ticks[i] ?? []);
		return row.map((_, k) => ticked.includes(k));
	});
	// A typed answer is also the draft its row shows and its editor opens with, as when it was typed.
	const drafts = initial.drafts.map((d, i) => progress.drafts[i] || typedPart(answers[i]) || d);
	const notes = initial.notes.map((n, i) => progress.notes[i] ?? n);
	return { ...initial, answers, checked, drafts, notes, globalNote: progress.globalNote, reopened: true };
}

/**
 * The TUI's first state: nothing given, or what a reopened questionnaire held (`progress`), on the tab where
 * the form opens (answers.ts `firstOpen`: only a question that applies).
 */
export function startState(context: ReduceContext, progress?: Progress): QuestionnaireState {
	const { questions } = context;
	const given = progress ? restoredAnswers(questions, progress) : initialAnswers(questions);
	// Each question focused on what it holds, as when it was given: Enter there keeps it, never choosing option 1.
	const focus = given.shape.map((shape, i) => heldRow(given.answers[i] ?? null, given.drafts[i] ?? "", shape));
	const tab = firstOpen(given, context);
	const state = { ...initialState(questions), ...given, focus, tab };
	return { ...state, mode: browseMode(state, tab) };
}

/**
 * The row of what a question holds: its option, or "Type something." under typed text or a draft. Committed
 * ticks stay on the first row: a key there ticks visibly and sends nothing.
 */
function heldRow(answer: IndexedAnswer | null, draft: string, shape: QuestionShape): number {
	if (answer?.kind === "option") return answer.option;
	if (answer?.kind === "custom" || (answer === null && draft !== "")) return typeRow(shape);
	return 0;
}

/** What was given in `state`, by index: a draft that is its row's typed answer is recorded once, as the answer. */
export function progressOfState(state: Answers): Progress {
	return {
		answers: state.answers.map((answer) => answer ?? undefined),
		ticks: state.checked.map((row, i) => (state.answers[i] ? [] : row.flatMap((on, k) => (on ? [k] : [])))),
		notes: [...state.notes],
		drafts: state.drafts.map((draft, i) => (draft === (typedPart(state.answers[i]) ?? "") ? "" : draft)),
		globalNote: state.globalNote,
	};
}

/** True when what the person gave changed from `a` to `b` (not just where they are looking). */
export function givenChanged(a: Answers, b: Answers): boolean {
	return (
		a.answers !== b.answers ||
		a.checked !== b.checked ||
		a.drafts !== b.drafts ||
		a.notes !== b.notes ||
		a.globalNote !== b.globalNote
	);
}
