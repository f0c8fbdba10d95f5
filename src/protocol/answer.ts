/**
 * The one conversion from what was given (an answer by option index, protocol/progress.ts) to what the
 * result reports (labels and text, protocol/result.ts), for every host: the TUI state, the dialog walker,
 * an answer from another extension. The model's and the person's text go in unsanitized: the envelope
 * quotes them. Pure; imports nothing from Pi or the terminal.
 */
import type { IndexedAnswer } from "./progress.ts";
import type { Question } from "./questions.ts";
import type { Answer, QuestionNote } from "./result.ts";

/** The reported answer to `question` (at `questionIndex`), with its note ("" = none). */
function reportedAnswer(question: Question, questionIndex: number, given: IndexedAnswer, note: string): Answer {
	const base = { questionIndex, question: question.question };
	const label = (option: number) => question.options[option]?.label ?? "";
	let answer: Answer;
	switch (given.kind) {
		case "option": {
			answer = { ...base, kind: "option", answer: label(given.option) };
			const preview = question.options[given.option]?.preview;
			if (preview !== undefined && preview.trim() !== "") answer.preview = preview;
			break;
		}
		case "custom":
			answer = { ...base, kind: "custom", answer: given.text };
			break;
		case "multi": {
			const labels = given.options.map(label);
			answer =
				given.text === undefined
					? { ...base, kind: "multi", answer: labels }
					: { ...base, kind: "multi", answer: [...labels, given.text], custom: given.text };
			break;
		}
	}
	if (note !== "") answer.notes = note;
	return answer;
}

/**
 * Everything given by index, reported: each answered question's answer with its note, and the notes of
 * questions left unanswered. Notes are trimmed; a blank one is none.
 */
export function reportedAnswers(
	questions: readonly Question[],
	answers: readonly (IndexedAnswer | null | undefined)[],
	notes: readonly string[],
): { answers: Answer[]; questionNotes: QuestionNote[] } {
	const reported: Answer[] = [];
	const questionNotes: QuestionNote[] = [];
	questions.forEach((question, i) => {
		const given = answers[i];
		const note = notes[i]?.trim() ?? "";
		if (given) reported.push(reportedAnswer(question, i, given, note));
		else if (note !== "") questionNotes.push({ questionIndex: i, question: question.question, notes: note });
	});
	return { answers: reported, questionNotes };
}
