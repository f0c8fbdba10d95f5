/**
 * The walker's closing dialogs: the review of a multi-question form (Submit / Edit <header> /
 * Answer later / Decline) and "Stop answering?" (Keep answering / Answer later / Answered in chat on a
 * reopened questionnaire / Decline), asked when the person cancels (src/state/leave.ts). Titles and rows
 * only; the walker decides what happens next.
 */
import { leaveChoiceWords, type Messages } from "../i18n/messages.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { type LeaveChoice, leaveChoices } from "../state/leave.ts";
import { answeredCount, type Picks } from "./picks.ts";
import type { Row } from "./rows.ts";
import { DIALOG_CAPS, describePick, inlineText } from "./titles.ts";

/** What a review row does. */
export type ReviewAction =
	| { type: "submit" }
	| { type: "edit"; question: number }
	| { type: "later" }
	| { type: "decline" };

/** The review title: every question with its answer (or "(unanswered)") and its note. */
export function reviewTitle(questionnaire: Questionnaire, picks: Picks, m: Messages): string {
	const total = questionnaire.questions.length;
	const lines = [m.reviewTitle];
	questionnaire.questions.forEach((question, i) => {
		const pick = picks.picks[i];
		const answer = pick === undefined ? m.unanswered : describePick(question, pick, m);
		lines.push(m.reviewLine(m.position(i + 1, total), inlineText(question.header, DIALOG_CAPS.header), answer));
		const note = picks.notes[i] ?? "";
		if (note !== "") lines.push(m.reviewNote(inlineText(note, DIALOG_CAPS.typed)));
	});
	return lines.join("\n");
}

/** The review rows: Submit, one Edit row per question, Answer later, Decline. */
export function reviewRows(questionnaire: Questionnaire, m: Messages): Row<ReviewAction>[] {
	const edits = questionnaire.questions.map(
		(question, i): Row<ReviewAction> => ({
			text: m.edit(inlineText(question.header, DIALOG_CAPS.header)),
			action: { type: "edit", question: i },
		}),
	);
	return [
		{ text: m.submit, action: { type: "submit" } },
		...edits,
		{ text: m.answerLater, action: { type: "later" } },
		{ text: m.decline, action: { type: "decline" } },
	];
}

/** "Stop answering?"'s title: how many questions are answered. */
export function leaveTitle(questionnaire: Questionnaire, picks: Picks, m: Messages): string {
	return m.discardTitle(answeredCount(picks), questionnaire.questions.length);
}

/** "Stop answering?"'s rows, in the words every host uses for them. */
export function leaveRows(reopened: boolean, m: Messages): Row<LeaveChoice>[] {
	const words = leaveChoiceWords(m);
	return leaveChoices(reopened).map((choice) => ({ text: words[choice], action: choice }));
}
