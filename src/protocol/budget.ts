/**
 * Size budgets for what a questionnaire sends back (DESIGN.md §4, issue "size budgets"): caps on the
 * model-facing text per kind of user string, and a hard cap on every string kept in `details`. Owns
 * the measuring unit, the grapheme-safe cut and the omission marker; `text-slots.ts` uses them to fit
 * the model text. Pure; imports nothing from Pi or the terminal.
 *
 * Decisions:
 * - A "character" is a Unicode code point: what a reader counts, independent of UTF-16 surrogates.
 * - A cut never splits a grapheme (emoji ZWJ sequences, flags, combining marks): it moves back to the
 *   start of the grapheme that would be split, so a cut text may be a little shorter than its cap.
 * - Every cut is shown with `[… N more characters]` (`[… 1 more character]`), N counting the
 *   characters left out, so a reader always knows text is missing and how much.
 */

import { graphemeSegmenter } from "../util/graphemes.ts";
import type { Answer, QuestionNote, QuestionnaireResult, ResultError } from "./result.ts";

/** Caps, in characters, on the user strings echoed to the model, and on the model text as a whole. */
export interface TextLimits {
	/** The chosen option's preview, echoed so the model knows what was picked. */
	previewEcho: number;
	/** Each answer the user typed (a custom answer, or the typed part of a multi-select). */
	customAnswer: number;
	/** Each note: per question, and the note on the whole questionnaire. */
	note: number;
	/** The whole model text; previews, answers, notes and question texts are shortened to fit it. */
	totalText: number;
}

/**
 * The built-in caps. A preview is the model's own text (the echo only confirms which one was picked),
 * so it gets the least; a typed answer is the user's decision itself, so it gets the most. 16,000
 * characters is roughly 4,000 tokens: a full answer to four questions with notes fits many times over,
 * and a pasted log cannot flood the context.
 */
export const DEFAULT_LIMITS: Readonly<TextLimits> = Object.freeze({
	previewEcho: 2_000,
	customAnswer: 4_000,
	note: 2_000,
	totalText: 16_000,
});

/** The most characters any one string keeps in `details` (256 Ki characters); longer ones are cut and marked. */
const DETAILS_CAP = 256 * 1024;

/** The limits to use: `partial`'s positive integer values over the defaults (absent or invalid ones fall back). */
export function limitsFrom(partial?: Partial<TextLimits>): TextLimits {
	const pick = (key: keyof TextLimits): number => {
		const value = partial?.[key];
		return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : DEFAULT_LIMITS[key];
	};
	return {
		previewEcho: pick("previewEcho"),
		customAnswer: pick("customAnswer"),
		note: pick("note"),
		totalText: pick("totalText"),
	};
}

const SURROGATE = /[\ud800-\udfff]/;

/** The length of `text` in characters (code points; a lone surrogate counts as one). */
export function countChars(text: string): number {
	// The native scan makes the common case (no astral characters) cheap even for a 1 MB paste.
	if (!SURROGATE.test(text)) return text.length;
	let count = 0;
	for (const _ of text) count++;
	return count;
}

/** The marker that stands where `omitted` characters were cut. */
export function omissionMarker(omitted: number): string {
	return `[… ${omitted} more character${omitted === 1 ? "" : "s"}]`;
}

/** A text cut to a budget: what is kept, and how many characters were left out (0: nothing was cut). */
export interface Cut {
	kept: string;
	omitted: number;
}

/**
 * The longest prefix of `text` with at most `max` characters that ends on a grapheme boundary.
 * `total` is `countChars(text)` when the caller already knows it (a 1 MB text is measured once).
 */
export function cutText(text: string, max: number, total: number = countChars(text)): Cut {
	if (total <= max) return { kept: text, omitted: 0 };
	const limit = Math.max(0, Math.floor(max));
	let end = 0;
	for (let chars = 0; chars < limit && end < text.length; chars++) end += isPairAt(text, end) ? 2 : 1;
	// Whether `end` is a boundary depends only on what precedes it and the code point at it, so a
	// short probe is enough and a 1 MB text is never handed to the segmenter whole.
	const probe = text.slice(0, end + 2);
	const segment = graphemeSegmenter().segment(probe).containing(end);
	if (segment !== undefined && segment.index < end) end = segment.index;
	const kept = text.slice(0, end);
	return { kept, omitted: total - countChars(kept) };
}

/** What the model gets of a string over its cap: the first `shown` of its `total` characters. */
export interface Shortfall {
	shown: number;
	total: number;
}

/**
 * How much of `text` the model will see under a cap of `max` characters (the same grapheme-safe cut
 * the envelope makes), or undefined when it sees all of it: what the TUI warns about before Submit.
 */
export function shortfall(text: string, max: number): Shortfall | undefined {
	const total = countChars(text);
	if (total <= max) return undefined;
	return { shown: countChars(cutText(text, max, total).kept), total };
}

/** `text` cut to `max` characters with the marker appended after a space, for strings kept as data. */
function capString(text: string, max: number): string {
	if (text.length <= max) return text;
	const { kept, omitted } = cutText(text, max);
	return omitted === 0 ? text : `${kept} ${omissionMarker(omitted)}`;
}

/**
 * `result` with every string capped at `DETAILS_CAP` characters and marked where cut: what `details`
 * keeps. Returns a new object (the input is not changed); strings under the cap are kept verbatim.
 */
export function capDetails(result: QuestionnaireResult, max: number = DETAILS_CAP): QuestionnaireResult {
	const cap = (text: string) => capString(text, max);
	const capped: QuestionnaireResult = { ...result, answers: result.answers.map((a) => capAnswer(a, cap)) };
	if (result.unanswered !== undefined) capped.unanswered = [...result.unanswered];
	if (result.questionNotes !== undefined) {
		capped.questionNotes = result.questionNotes.map(
			(n): QuestionNote => ({ ...n, question: cap(n.question), notes: cap(n.notes) }),
		);
	}
	if (result.globalNote !== undefined) capped.globalNote = cap(result.globalNote);
	if (result.error !== undefined) capped.error = capError(result.error, cap);
	return capped;
}

function capAnswer(answer: Answer, cap: (text: string) => string): Answer {
	const capped: Answer = {
		...answer,
		question: cap(answer.question),
		answer: Array.isArray(answer.answer) ? answer.answer.map(cap) : cap(answer.answer),
	};
	// The same function caps `custom` and the last entry of `answer`, so the two stay equal.
	if (answer.custom !== undefined) capped.custom = cap(answer.custom);
	if (answer.preview !== undefined) capped.preview = cap(answer.preview);
	if (answer.notes !== undefined) capped.notes = cap(answer.notes);
	return capped;
}

function capError(error: ResultError, cap: (text: string) => string): ResultError {
	const capped: ResultError = { ...error, message: cap(error.message) };
	if (error.problems !== undefined) {
		capped.problems = error.problems.map((p) => ({ path: cap(p.path), message: cap(p.message) }));
	}
	return capped;
}

function isPairAt(text: string, index: number): boolean {
	const unit = text.charCodeAt(index);
	if (unit < 0xd800 || unit > 0xdbff) return false;
	const next = text.charCodeAt(index + 1);
	return next >= 0xdc00 && next <= 0xdfff;
}
