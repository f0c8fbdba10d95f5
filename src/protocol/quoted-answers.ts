/**
 * How what the person gave is written into the model-facing text: each answer as `"question" = "label"`
 * (a list for multi-select, "(typed by the user)" for a typed answer, the echoed preview and the note
 * after it), the questions left unanswered, every per-question note, and the overall note. Every string
 * that came from the model or the user is a slot (`text-slots.ts`), JSON-quoted with its own cap, so
 * quotes, newlines and escape sequences can never blur where an answer starts and ends. Which of these
 * an outcome shows, and the sentences around them, are `envelope.ts`'s.
 */

import type { TextLimits } from "./budget.ts";
import type { Answer, QuestionnaireResult } from "./result.ts";
import { type Piece, slot } from "./text-slots.ts";

/** Every answer given, joined with ". ". */
export function answersText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	return joined(
		result.answers.map((a) => answerText(a, limits)),
		". ",
	);
}

function answerText(answer: Answer, limits: TextLimits): Piece[] {
	const pieces: Piece[] = [slot(answer.question), " = ", ...answerValue(answer, limits)];
	if (answer.preview !== undefined) pieces.push(" (preview: ", slot(answer.preview, limits.previewEcho), ")");
	if (answer.notes) pieces.push(" (note: ", slot(answer.notes, limits.note), ")");
	return pieces;
}

function answerValue(answer: Answer, limits: TextLimits): Piece[] {
	if (answer.kind === "custom") return [slot(String(answer.answer), limits.customAnswer), " (typed by the user)"];
	if (answer.kind === "option") return [slot(String(answer.answer))];
	const entries = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const chosen = answer.custom === undefined ? entries : entries.slice(0, -1);
	if (chosen.length === 0 && answer.custom === undefined) return ["[] (none of the options)"];
	const list: Piece[] = [
		"[",
		...joined(
			chosen.map((label) => [slot(String(label))]),
			", ",
		),
		"]",
	];
	return answer.custom === undefined ? list : [...list, " plus typed ", slot(answer.custom, limits.customAnswer)];
}

/** "Unanswered: …" with each question left open (and its note), or nothing when all were answered. */
export function unansweredText(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const notes = new Map((result.questionNotes ?? []).map((n) => [n.questionIndex, n.notes]));
	const items = (result.unanswered ?? []).map((i): Piece[] => {
		const note = notes.get(i);
		const text = slot(questions[i] ?? `question ${i + 1}`);
		return note ? [text, " (note: ", slot(note, limits.note), ")"] : [text];
	});
	return items.length > 0 ? ["Unanswered: ", ...joined(items, ", ")] : [];
}

/** Every per-question note, for outcomes whose text lists no answers (so no note would be shown otherwise). */
export function allNotesText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	const notes = [
		...result.answers
			.filter((a) => a.notes)
			.map((a) => ({ questionIndex: a.questionIndex, question: a.question, notes: a.notes ?? "" })),
		...(result.questionNotes ?? []).filter((n) => n.notes),
	].sort((a, b) => a.questionIndex - b.questionIndex);
	const items = notes.map((n): Piece[] => [slot(n.question), " (note: ", slot(n.notes, limits.note), ")"]);
	return items.length > 0 ? ["User notes: ", ...joined(items, ", ")] : [];
}

/** "Overall note: …", or nothing. */
export function globalNoteText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	return result.globalNote ? ["Overall note: ", slot(result.globalNote, limits.note)] : [];
}

function joined(items: readonly Piece[][], separator: string): Piece[] {
	return items.flatMap((item, i) => (i === 0 ? item : [separator, ...item]));
}
