/**
 * What the person typed at `pi-ask answer` for one question, read against that question: an option's
 * number (`2`), numbers for a multi-select (`1,3`), their own words (`text:Use Redis`, or any words that are
 * not numbers), or `-` (or nothing) to leave it. A number the question has no option for is a mistake to
 * point out, never an answer: sent as typed text it would reach the model as the person's own words ("5").
 * Pure: no I/O.
 */

/** A listed question as pi-ask reads it (its text, option labels, kind). */
export interface QuestionShape {
	text: string;
	options: string[];
	multi: boolean;
}

/** A listed question's text, option labels and kind, read defensively (it is the serving Pi's data). */
export function questionShape(question: unknown): QuestionShape {
	const q = (typeof question === "object" && question !== null ? question : {}) as Record<string, unknown>;
	const options = Array.isArray(q.options)
		? q.options.map((o) => String((o as Record<string, unknown> | null)?.label ?? ""))
		: [];
	return { text: String(q.question ?? ""), options, multi: q.multiSelect === true };
}

/** An answer entry for one question (protocol/read-answer.ts), without its index: option indexes, or typed text. */
export type AnswerEntry = { options: number[] } | { text: string };

/** One word read: an entry, nothing (left unanswered), or why it cannot be an answer to this question. */
export type ReadWord = { entry: AnswerEntry } | { skip: true } | { problem: string };

const NUMBERS = /^\d+(\s*,\s*\d+)*$/;

/** Reads one word typed for `question`. */
export function readAnswerWord(question: QuestionShape, word: string): ReadWord {
	const trimmed = word.trim();
	if (trimmed === "" || trimmed === "-") return { skip: true };
	if (trimmed.startsWith("text:")) return { entry: { text: trimmed.slice("text:".length) } };
	if (!NUMBERS.test(trimmed)) return { entry: { text: trimmed } };
	const numbers = [...new Set(trimmed.split(",").map((n) => Number(n.trim())))];
	const count = question.options.length;
	const missing = numbers.find((n) => n < 1 || n > count);
	if (missing !== undefined)
		return {
			problem: `there is no option ${missing} (the options are 1 to ${count}); to answer in your own words, write text:${trimmed}`,
		};
	if (numbers.length > 1 && !question.multi) return { problem: "this question takes one option" };
	return { entry: { options: numbers.map((n) => n - 1) } };
}
