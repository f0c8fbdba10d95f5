/**
 * What the person typed at `pi-ask answer` for one question, read against that question: an option's
 * number (`2`), numbers for a multi-select (`1,3`), their own words (`text:Use Redis`, or any words that are
 * not numbers), or `-` (or nothing) to leave it. A number the question has no option for is a mistake to
 * point out, never an answer: sent as typed text it would reach the model as the person's own words ("5").
 * Also how pi-ask, its page and its notifications read a listed question. Pure: no I/O.
 */
import { isRecord } from "../util/records.ts";

/** A listed question as pi-ask shows it. */
export interface ListedQuestion {
	text: string;
	header: string;
	multi: boolean;
	options: { label: string; description: string; preview?: string }[];
}

/** A listed question read defensively: it is the serving Pi's data, and the model's words. */
export function readListedQuestion(value: unknown): ListedQuestion {
	const q = isRecord(value) ? value : {};
	const options = (Array.isArray(q.options) ? q.options : []).map((o) => {
		const r = isRecord(o) ? o : {};
		const option = { label: String(r.label ?? ""), description: String(r.description ?? "") };
		return typeof r.preview === "string" && r.preview !== "" ? { ...option, preview: r.preview } : option;
	});
	return { text: String(q.question ?? ""), header: String(q.header ?? ""), multi: q.multiSelect === true, options };
}

/** An answer entry for one question (protocol/read-answer.ts), without its index: option indexes, or typed text. */
export type AnswerEntry = { options: number[] } | { text: string };

/** One word read: an entry, nothing (left unanswered), or why it cannot be an answer to this question. */
export type ReadWord = { entry: AnswerEntry } | { skip: true } | { problem: string };

const NUMBERS = /^\d+(\s*,\s*\d+)*$/;

/** Reads one word typed for `question`. */
export function readAnswerWord(question: Pick<ListedQuestion, "options" | "multi">, word: string): ReadWord {
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
