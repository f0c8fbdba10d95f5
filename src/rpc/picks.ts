/**
 * What the dialog walker has collected so far (and what an answer from another extension carries,
 * tool/answer-channel.ts), kept as indexes (never parsed back from display strings), and how it
 * becomes the protocol's answers. Pure; imports no host code.
 */

import { reportedAnswer } from "../protocol/answer.ts";
import { emptyProgress, type IndexedAnswer, type Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { Answer, Collected, QuestionNote } from "../protocol/result.ts";

/** The walk's data: one optional pick and one note ("" = none) per question. */
export interface Picks {
	picks: (IndexedAnswer | undefined)[];
	notes: string[];
}

/** An empty collection for a questionnaire of `count` questions. */
export function emptyPicks(count: number): Picks {
	return { picks: Array.from({ length: count }, () => undefined), notes: Array.from({ length: count }, () => "") };
}

/** The picks and notes of a pending questionnaire's saved progress (drafts have no place in dialogs). */
export function restoredPicks(progress: Progress, count: number): Picks {
	const picks = emptyPicks(count);
	for (let i = 0; i < count; i++) {
		picks.picks[i] = progress.answers[i];
		picks.notes[i] = progress.notes[i] ?? "";
	}
	return picks;
}

/**
 * What was given, as the session records it: the picks and notes; drafts, ticks and the overall note (which
 * dialogs do not show) as they were in `before`, so walking a questionnaire never loses them.
 */
export function progressOfPicks(picks: Picks, before: Progress | undefined): Progress {
	const base = before ?? emptyProgress(picks.picks.length);
	return {
		answers: [...picks.picks],
		ticks: base.ticks.map((t, i) => (picks.picks[i] === undefined ? t : [])),
		notes: [...picks.notes],
		drafts: base.drafts.map((d, i) => (picks.picks[i] === undefined ? d : "")),
		globalNote: base.globalNote,
	};
}

/** How many questions have a committed answer. */
export function answeredCount(picks: Picks): number {
	return picks.picks.filter((p) => p !== undefined).length;
}

/** Builds a multi pick from a selection; nothing selected or typed is the explicit "none of these". */
export function multiPick(selected: readonly boolean[], text: string | undefined): IndexedAnswer {
	const options = selected.flatMap((on, i) => (on ? [i] : []));
	return text === undefined ? { kind: "multi", options } : { kind: "multi", options, text };
}

/** Everything collected, in the shape `finishedResult` takes. Notes of unanswered questions are kept. */
export function collect(questionnaire: Questionnaire, picks: Picks): Collected {
	const answers: Answer[] = [];
	const questionNotes: QuestionNote[] = [];
	questionnaire.questions.forEach((question, i) => {
		const pick = picks.picks[i];
		const note = picks.notes[i] ?? "";
		if (pick !== undefined) answers.push(reportedAnswer(question, i, pick, note));
		else if (note !== "") questionNotes.push({ questionIndex: i, question: question.question, notes: note });
	});
	return questionNotes.length > 0 ? { answers, questionNotes } : { answers };
}
