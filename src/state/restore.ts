/**
 * The state and what was given, both ways: `progressOfState` is what the session records while the person
 * answers; `restoredState` reopens a questionnaire where the person left it (`/answer` on a pending one):
 * the initial state with the answers, ticks, drafts and notes, on the first question still unanswered,
 * marked `reopened` (a cancel then asks how to leave and never declines: leave.ts).
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { IndexedAnswer, Progress } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import { fittingAnswer } from "../protocol/read-answer.ts";
import { browseMode, initialState, typeRow } from "./layout.ts";
import type { QuestionnaireState, QuestionShape } from "./types.ts";

/** The state of `questions` with `progress` restored. */
export function restoredState(questions: readonly Question[], progress: Progress): QuestionnaireState {
	const state = initialState(questions);
	// Read as every answer from outside is (protocol/read-answer.ts): one that does not fit its question is none.
	const answers = state.answers.map((_, i) => fittingAnswer(questions[i], progress.answers[i]) ?? null);
	const checked = state.checked.map((row, i) => {
		const answer = answers[i];
		const ticked = answer?.kind === "multi" ? answer.options : answer ? [] : (progress.ticks[i] ?? []);
		return row.map((_, k) => ticked.includes(k));
	});
	// A typed answer is also the draft its row shows and its editor opens with, as when it was typed.
	const drafts = state.drafts.map((d, i) => progress.drafts[i] || typedText(answers[i]) || d);
	const notes = state.notes.map((n, i) => progress.notes[i] ?? n);
	// Each question focused on what it holds, as when it was given: Enter there keeps it, never choosing option 1.
	const focus = state.focus.map((row, i) => {
		const shape = state.shape[i];
		return shape ? heldRow(answers[i] ?? null, progress.drafts[i] ?? "", shape) : row;
	});
	const open = answers.indexOf(null);
	// Everything answered: the Submit tab (a one-question form has none: its only question).
	const tab = open >= 0 ? open : state.shape.length > 1 ? state.shape.length : 0;
	const given = { answers, checked, drafts, notes, focus, globalNote: progress.globalNote };
	const restored = { ...state, ...given, tab, reopened: true };
	return { ...restored, mode: browseMode(restored, tab) };
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

function typedText(answer: IndexedAnswer | null | undefined): string {
	if (answer?.kind === "custom") return answer.text;
	return answer?.kind === "multi" ? (answer.text ?? "") : "";
}

/** What was given in `state`, by index: a draft that is its row's typed answer is recorded once, as the answer. */
export function progressOfState(state: QuestionnaireState): Progress {
	return {
		answers: state.answers.map((answer) => answer ?? undefined),
		ticks: state.checked.map((row, i) => (state.answers[i] ? [] : row.flatMap((on, k) => (on ? [k] : [])))),
		notes: [...state.notes],
		drafts: state.drafts.map((draft, i) => (draft === typedText(state.answers[i]) ? "" : draft)),
		globalNote: state.globalNote,
	};
}

/** True when what the person gave changed from `a` to `b` (not just where they are looking). */
export function givenChanged(a: QuestionnaireState, b: QuestionnaireState): boolean {
	return (
		a.answers !== b.answers ||
		a.checked !== b.checked ||
		a.drafts !== b.drafts ||
		a.notes !== b.notes ||
		a.globalNote !== b.globalNote
	);
}
