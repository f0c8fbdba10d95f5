/**
 * What a questionnaire had collected when it was put aside or cut short, by index: the form a host
 * needs to reopen it where the person left it. Built from a saved result (answers, notes, drafts), whose
 * strings are matched back to the questions; anything that no longer fits them (a label that is not an
 * option, an index out of range) is dropped, never guessed. Pure data; imports nothing from Pi or the terminal.
 */
import type { Question } from "./questions.ts";
import type { QuestionnaireResult } from "./result.ts";

/** One committed answer by option index: an option, typed text, or several options plus typed text. */
export type IndexedAnswer =
	| { kind: "option"; option: number }
	| { kind: "custom"; text: string }
	| { kind: "multi"; options: number[]; text?: string };

/** Everything given so far, one entry per question ("" = none). */
export interface Progress {
	answers: (IndexedAnswer | undefined)[];
	notes: string[];
	drafts: string[];
	globalNote: string;
}

/** The parts of a result that carry what was given. */
export type SavedAnswers = Pick<QuestionnaireResult, "answers" | "questionNotes" | "globalNote" | "drafts">;

/** The progress `saved` describes for `questions`. */
export function progressOf(questions: readonly Question[], saved: SavedAnswers): Progress {
	const count = questions.length;
	const progress: Progress = {
		answers: Array.from({ length: count }, () => undefined),
		notes: Array.from({ length: count }, () => ""),
		drafts: Array.from({ length: count }, () => ""),
		globalNote: typeof saved.globalNote === "string" ? saved.globalNote : "",
	};
	const at = (index: unknown) => (Number.isInteger(index) ? questions[index as number] : undefined);
	for (const answer of saved.answers ?? []) {
		const question = at(answer.questionIndex);
		if (!question) continue;
		progress.answers[answer.questionIndex] = indexed(question, answer.kind, answer.answer, answer.custom);
		if (typeof answer.notes === "string") progress.notes[answer.questionIndex] = answer.notes;
	}
	for (const note of saved.questionNotes ?? [])
		if (at(note.questionIndex) && typeof note.notes === "string") progress.notes[note.questionIndex] = note.notes;
	for (const draft of saved.drafts ?? [])
		if (at(draft.questionIndex) && typeof draft.text === "string") progress.drafts[draft.questionIndex] = draft.text;
	return progress;
}

function indexed(question: Question, kind: string, answer: unknown, custom: unknown): IndexedAnswer | undefined {
	const labels = question.options.map((o) => o.label);
	if (kind === "option") {
		const option = labels.indexOf(String(answer));
		return option >= 0 ? { kind: "option", option } : undefined;
	}
	if (kind === "custom") return typeof answer === "string" ? { kind: "custom", text: answer } : undefined;
	if (kind !== "multi" || question.multiSelect !== true || !Array.isArray(answer)) return undefined;
	const text = typeof custom === "string" ? custom : undefined;
	const chosen = text === undefined ? answer : answer.slice(0, -1);
	const options = chosen.map((label) => labels.indexOf(String(label)));
	if (options.some((i) => i < 0)) return undefined;
	return text === undefined ? { kind: "multi", options } : { kind: "multi", options, text };
}

/** True when nothing at all was given. */
export function isEmptyProgress(progress: Progress): boolean {
	return (
		progress.globalNote === "" &&
		progress.answers.every((a) => a === undefined) &&
		progress.notes.every((n) => n === "") &&
		progress.drafts.every((d) => d === "")
	);
}
