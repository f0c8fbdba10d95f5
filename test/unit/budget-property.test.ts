/**
 * Budget properties over random results and random limits: the length bound, quoted pieces that parse
 * and are grapheme-safe prefixes of what the user or model wrote (with a marker counting exactly what
 * was left out), no raw control characters, and: with everything under the caps, the text is exactly
 * what the envelope produced before budgets existed (a frozen copy of it is at the end of this file).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countChars, DEFAULT_LIMITS, type TextLimits } from "../../src/protocol/budget.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import { quote } from "../../src/protocol/quote.ts";
import {
	type Answer,
	type ErrorCode,
	finishedResult,
	notShownResult,
	type QuestionnaireResult,
} from "../../src/protocol/result.ts";
import { finishedScenario } from "../support/result-arbitrary.ts";

/** The floor text-slots.ts promises: a cut string still shows 32 characters (or all of it), however tight the total. */
const MIN_KEEP = 32;

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const shortString = fc.oneof(
	fc.string({ unit: "grapheme", maxLength: 12 }),
	fc.string({ unit: "binary", maxLength: 12 }),
	fc.string({ unit: codeUnit, maxLength: 12 }),
	fc.string({
		unit: fc.constantFrom("\u001b", "\u202e", "\u2028", '"', "\\", "\n", "a", "😀", "🇫", "\u0301", "\u200d"),
	}),
);
/** Long strings: a short piece repeated, so caps of a few hundred characters are crossed often. */
const longString = fc
	.tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }), fc.integer({ min: 50, max: 1500 }))
	.map(([piece, times]) => piece.repeat(times));
const anyString = fc.oneof({ weight: 3, arbitrary: shortString }, { weight: 1, arbitrary: longString });

/** A finished questionnaire on the RPC host: some questions answered (any kind), notes anywhere. */
const finished = (strings: fc.Arbitrary<string>) => finishedScenario(strings, fc.constant("rpc"));

const errorCode = fc.constantFrom("no_ui", "no_custom_ui", "session_load_failed", "stale_module_cache") as fc.Arbitrary<
	Exclude<ErrorCode, "invalid_questions">
>;
const notShown = (strings: fc.Arbitrary<string>) =>
	fc.oneof(
		fc.record({ code: errorCode, message: strings }).map(({ code, message }) => ({
			questions: [] as string[],
			result: notShownResult("programmatic", code, message),
		})),
		fc
			.array(fc.record({ path: fc.string({ maxLength: 30 }), message: strings }), { minLength: 1, maxLength: 60 })
			.map((problems) => ({
				questions: [] as string[],
				result: notShownResult("programmatic", "invalid_questions", "invalid", problems),
			})),
	);

const scenario = fc.oneof({ weight: 4, arbitrary: finished(anyString) }, { weight: 1, arbitrary: notShown(anyString) });

const arbLimits: fc.Arbitrary<TextLimits> = fc.record({
	previewEcho: fc.integer({ min: 1, max: 3000 }),
	customAnswer: fc.integer({ min: 1, max: 3000 }),
	note: fc.integer({ min: 1, max: 3000 }),
	totalText: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 400, max: 20_000 })),
});

/** Raw characters that must never reach the model: C0 (newline only between problem lines), C1, bidi, lone surrogates. */
const RAW_UNSAFE =
	/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A JSON string, optionally followed by the omission marker. */
const QUOTED = /"((?:[^"\\]|\\.)*)"( \[… (\d+) more characters?\])?/g;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
function isBoundary(text: string, index: number): boolean {
	if (index === 0 || index === text.length) return true;
	return graphemes.segment(text).containing(index)?.index === index;
}

/** Every user or model string a result's text may quote. */
function sources(result: QuestionnaireResult, questions: readonly string[]): string[] {
	const out = [...questions, ...questions.map((_, i) => `question ${i + 1}`)];
	for (const a of result.answers) {
		out.push(a.question, ...(Array.isArray(a.answer) ? a.answer : [a.answer]), String(a.answer));
		for (const s of [a.custom, a.preview, a.notes]) if (s !== undefined) out.push(s);
	}
	for (const n of result.questionNotes ?? []) out.push(n.question, n.notes);
	if (result.globalNote !== undefined) out.push(result.globalNote);
	return out;
}

/** Characters a marker may add after a cut string: " [… N more characters]" for any N up to 10^9. */
const MARKER_ROOM = 32;

/**
 * An upper bound on the floor, computed without the budget code: the pre-budget text of the result with
 * every string cut to MIN_KEEP code points, plus room for one marker per string.
 */
function floorBound(result: QuestionnaireResult, questions: readonly string[]): number {
	if (result.error?.code === "invalid_questions") {
		return countChars(legacyResultText(result, []).split("\n")[0]!) + 1 + MARKER_ROOM;
	}
	const short = (s: string) => Array.from(s).slice(0, MIN_KEEP).join("");
	const answers = result.answers.map((a): Answer => {
		const cut: Answer = {
			...a,
			question: short(a.question),
			answer: Array.isArray(a.answer) ? a.answer.map(short) : short(a.answer),
		};
		if (a.custom !== undefined) cut.custom = short(a.custom);
		if (a.preview !== undefined) cut.preview = short(a.preview);
		if (a.notes !== undefined) cut.notes = short(a.notes);
		return cut;
	});
	const cut: QuestionnaireResult = { ...result, answers };
	if (result.questionNotes)
		cut.questionNotes = result.questionNotes.map((n) => ({ ...n, question: short(n.question), notes: short(n.notes) }));
	if (result.globalNote !== undefined) cut.globalNote = short(result.globalNote);
	if (result.error) cut.error = { ...result.error, message: short(result.error.message) };
	const strings = sources(result, questions).length + 2;
	// The pre-budget text shows an error message raw; the budget text escapes it (up to 6 characters each).
	const escapes = result.error ? 5 * MIN_KEEP + 20 : 0;
	return countChars(legacyResultText(cut, questions.map(short))) + strings * MARKER_ROOM + escapes;
}

describe("budget properties", () => {
	it("the text has at most totalText characters, or at most the floor (every string at its minimum)", () => {
		fc.assert(
			fc.property(scenario, arbLimits, ({ questions, result }, limits) => {
				const length = countChars(resultText(result, questions, limits));
				expect(length).toBeLessThanOrEqual(Math.max(limits.totalText, floorBound(result, questions)));
			}),
			{ numRuns: 400 },
		);
	});

	it("the floor is small: a few hundred characters for four huge answered questions", () => {
		const huge = "x".repeat(100_000);
		const answers: Answer[] = [0, 1, 2, 3].map((questionIndex) => ({
			questionIndex,
			question: huge,
			kind: "multi",
			answer: [huge, huge, huge, huge],
			custom: huge,
			notes: huge,
		}));
		const result = finishedResult("rpc", 4, "submitted", { answers, globalNote: huge });
		const floor = floorBound(result, [huge, huge, huge, huge]);
		expect(floor).toBeLessThan(2_500);
		expect(
			countChars(resultText(result, [huge, huge, huge, huge], { ...DEFAULT_LIMITS, totalText: 1 })),
		).toBeLessThanOrEqual(floor);
	});

	it("quoted pieces parse, are grapheme-safe prefixes of a source, and markers count what is missing", () => {
		fc.assert(
			fc.property(finished(anyString), arbLimits, ({ questions, result }, limits) => {
				const text = resultText(result, questions, limits);
				const all = sources(result, questions);
				for (const match of text.matchAll(QUOTED)) {
					const piece = JSON.parse(`"${match[1]}"`) as string;
					const omitted = match[3] === undefined ? 0 : Number(match[3]);
					const from = all.find(
						(s) => s.startsWith(piece) && countChars(s) - countChars(piece) === omitted && isBoundary(s, piece.length),
					);
					expect(from, `no source for ${quote(piece)} with ${omitted} omitted`).toBeDefined();
				}
			}),
			{ numRuns: 300 },
		);
	});

	it("never carries a raw control, bidi or lone surrogate character", () => {
		fc.assert(
			fc.property(scenario, arbLimits, ({ questions, result }, limits) => {
				const text = resultText(result, questions, limits);
				const checked = result.error?.code === "invalid_questions" ? text.replaceAll("\n", " ") : text;
				expect(checked).not.toMatch(RAW_UNSAFE);
			}),
			{ numRuns: 300 },
		);
	});

	it("equals the pre-budget text when limits are out of reach", () => {
		const open: TextLimits = { previewEcho: 1e9, customAnswer: 1e9, note: 1e9, totalText: 1e9 };
		// Unquoted messages are now escaped (the pre-budget text showed them raw), so they stay printable here.
		const printable = fc.string({ unit: "grapheme-ascii", maxLength: 30 });
		const cases = fc.oneof(finished(anyString), notShown(printable));
		fc.assert(
			fc.property(cases, ({ questions, result }) => {
				expect(resultText(result, questions, open)).toBe(legacyResultText(result, questions));
			}),
			{ numRuns: 300 },
		);
	});

	it("equals the pre-budget text under the default limits when every string is short", () => {
		fc.assert(
			fc.property(finished(shortString), ({ questions, result }) => {
				expect(resultText(result, questions)).toBe(legacyResultText(result, questions));
				expect(resultText(result, questions, DEFAULT_LIMITS)).toBe(legacyResultText(result, questions));
			}),
			{ numRuns: 300 },
		);
	});
});

// ---------- the envelope as it was before budgets (commit 6ac00fb), frozen as the reference ----------

/** The text the model reads for a result. `questions` are the question texts, by index. */
function legacyResultText(result: QuestionnaireResult, questions: readonly string[]): string {
	switch (result.outcome) {
		case "answered":
			return sentences(`User answered: ${answersText(result)}`, globalNoteText(result), "Continue with these answers.");
		case "partial":
			return sentences(
				result.answers.length === 0
					? `User submitted without answering ${count(questions.length, "question")}`
					: `User answered ${result.answers.length} of ${count(questions.length, "question")}: ${answersText(result)}`,
				unansweredText(result, questions),
				globalNoteText(result),
				"Do not assume answers to unanswered questions.",
			);
		case "declined":
			// Answers given before declining are void, but what the user wrote is kept: it often says why.
			return sentences(
				"User declined to answer the questions",
				allNotesText(result),
				globalNoteText(result),
				"Do not assume answers: continue without them, or ask in chat if you cannot.",
			);
		case "interrupted":
		case "timed_out":
			return stoppedText(result, questions);
		case "not_shown":
			return notShownText(result);
		case "deferred":
			return "(no deferred outcome before budgets)";
		case "answered_in_chat":
			return "(no answered_in_chat outcome before budgets)";
	}
}

function stoppedText(result: QuestionnaireResult, questions: readonly string[]): string {
	const timedOut = result.outcome === "timed_out";
	const how = timedOut ? "timed out" : "was interrupted";
	if (result.answers.length === 0) {
		return sentences(
			`The questionnaire ${how} before the user answered${timedOut ? "; they may be away" : ""}`,
			allNotesText(result),
			globalNoteText(result),
			timedOut
				? "Do not assume answers: continue with work that does not depend on them, or ask again later."
				: "Do not assume answers.",
		);
	}
	return sentences(
		`The questionnaire ${how} before the user submitted it. Answers given so far: ${answersText(result)}`,
		unansweredText(result, questions),
		globalNoteText(result),
		"Do not assume answers to unanswered questions.",
	);
}

/** Joins non-empty parts as sentences: "A. B. C." (a part that already ends in "." keeps one). */
function sentences(...parts: string[]): string {
	return parts
		.filter((p) => p !== "")
		.map((p) => (p.endsWith(".") ? p : `${p}.`))
		.join(" ");
}

function notShownText(result: QuestionnaireResult): string {
	const error = result.error;
	if (error?.code === "invalid_questions") {
		const problems = (error.problems ?? []).map((p) => `\n- ${p.path}: ${p.message}`).join("");
		const count = error.problems?.length ?? 0;
		return `ask_user_question was not shown: the arguments have ${count} problem${count === 1 ? "" : "s"}. Fix all of them and call again.${problems}`;
	}
	const reason = error ? ` (${error.code}: ${error.message})` : "";
	return `The questions were not shown to the user${reason}. This is not a refusal: ask the user in plain chat instead.`;
}

function answersText(result: QuestionnaireResult): string {
	return result.answers.map(answerText).join(". ");
}

function answerText(answer: Answer): string {
	let text = `${quote(answer.question)} = ${answerValue(answer)}`;
	if (answer.preview !== undefined) text += ` (preview: ${quote(answer.preview)})`;
	if (answer.notes) text += ` (note: ${quote(answer.notes)})`;
	return text;
}

function answerValue(answer: Answer): string {
	if (answer.kind === "custom") return `${quote(String(answer.answer))} (typed by the user)`;
	if (answer.kind === "option") return quote(String(answer.answer));
	const entries = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const chosen = answer.custom === undefined ? entries : entries.slice(0, -1);
	if (chosen.length === 0 && answer.custom === undefined) return "[] (none of the options)";
	const list = `[${chosen.map(quote).join(", ")}]`;
	return answer.custom === undefined ? list : `${list} plus typed ${quote(answer.custom)}`;
}

function unansweredText(result: QuestionnaireResult, questions: readonly string[]): string {
	const notes = new Map((result.questionNotes ?? []).map((n) => [n.questionIndex, n.notes]));
	const items = (result.unanswered ?? []).map((i) => {
		const note = notes.get(i);
		const text = quote(questions[i] ?? `question ${i + 1}`);
		return note ? `${text} (note: ${quote(note)})` : text;
	});
	return items.length > 0 ? `Unanswered: ${items.join(", ")}` : "";
}

/** Every per-question note, for outcomes whose text lists no answers (so no note would be shown otherwise). */
function allNotesText(result: QuestionnaireResult): string {
	const notes = [
		...result.answers
			.filter((a) => a.notes)
			.map((a) => ({ questionIndex: a.questionIndex, question: a.question, notes: a.notes ?? "" })),
		...(result.questionNotes ?? []).filter((n) => n.notes),
	].sort((a, b) => a.questionIndex - b.questionIndex);
	const items = notes.map((n) => `${quote(n.question)} (note: ${quote(n.notes)})`);
	return items.length > 0 ? `User notes: ${items.join(", ")}` : "";
}

function count(n: number, noun: string): string {
	return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function globalNoteText(result: QuestionnaireResult): string {
	return result.globalNote ? `Overall note: ${quote(result.globalNote)}` : "";
}
