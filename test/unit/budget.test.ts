/**
 * Size budgets: the exact omission marker, each cap on the model text, the total cap (every question
 * still named), grapheme-safe cuts, and the hard cap on `details`.
 */
import { describe, expect, it } from "vitest";
import {
	type Cut,
	capDetails,
	countChars,
	cutText,
	DEFAULT_LIMITS,
	limitsFrom,
	omissionMarker,
	type TextLimits,
} from "../../src/protocol/budget.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import { quote } from "../../src/protocol/quote.ts";
import { type Answer, finishedResult, notShownResult, type QuestionnaireResult } from "../../src/protocol/result.ts";

/** The floor text-slots.ts promises: a cut string still shows 32 characters (or all of it), however tight the total. */
const MIN_KEEP = 32;
const MB = 1_000_000;
/** docs/reliability.md: `details` keep up to 256 Ki characters per string. */
const DETAILS_CAP = 256 * 1024;
const limits = (over: Partial<TextLimits>): TextLimits => ({ ...DEFAULT_LIMITS, ...over });
const answered = (answers: Answer[], extra: { globalNote?: string } = {}, count = answers.length) =>
	finishedResult("rpc", count, "submitted", { answers, ...extra });
const option = (questionIndex: number, question: string, label: string): Answer => ({
	questionIndex,
	question,
	kind: "option",
	answer: label,
});

describe("defaults and limitsFrom", () => {
	it("has the documented defaults", () => {
		expect(DEFAULT_LIMITS).toEqual({ previewEcho: 2000, customAnswer: 4000, note: 2000, totalText: 16000 });
		expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
	});

	it("takes positive integers and falls back per key for anything else", () => {
		expect(limitsFrom()).toEqual(DEFAULT_LIMITS);
		expect(limitsFrom({ note: 10, totalText: 500 })).toEqual({ ...DEFAULT_LIMITS, note: 10, totalText: 500 });
		const bad = { previewEcho: 0, customAnswer: -3, note: 1.5, totalText: Number.NaN };
		expect(limitsFrom(bad)).toEqual(DEFAULT_LIMITS);
	});
});

describe("countChars and omissionMarker", () => {
	it("counts code points, a lone surrogate as one", () => {
		expect(countChars("")).toBe(0);
		expect(countChars("abc")).toBe(3);
		expect(countChars("a😀b")).toBe(3);
		expect(countChars("\ud800x\udc00")).toBe(3);
		expect(countChars("👨‍👩‍👧")).toBe(5);
	});

	it("has the exact marker text", () => {
		expect(omissionMarker(12)).toBe("[… 12 more characters]");
		expect(omissionMarker(1)).toBe("[… 1 more character]");
		expect(omissionMarker(998_000)).toBe("[… 998000 more characters]");
	});
});

describe("cutText", () => {
	const cut = (text: string, max: number): Cut => cutText(text, max);

	it("keeps short text whole and cuts long text to the limit", () => {
		expect(cut("hello", 5)).toEqual({ kept: "hello", omitted: 0 });
		expect(cut("hello world", 5)).toEqual({ kept: "hello", omitted: 6 });
		expect(cut("hello", 0)).toEqual({ kept: "", omitted: 5 });
	});

	it("never splits a surrogate pair, a ZWJ family, a flag or a combining sequence", () => {
		expect(cut("ab😀c", 3)).toEqual({ kept: "ab😀", omitted: 1 });
		expect(cut("ab😀c", 2)).toEqual({ kept: "ab", omitted: 2 });
		const family = "👨‍👩‍👧"; // 5 code points, one grapheme
		for (let max = 1; max <= 5; max++) expect(cut(`x${family}y`, max).kept).toBe("x");
		expect(cut(`x${family}y`, 6).kept).toBe(`x${family}`);
		expect(cut("🇫🇷🇩🇪🇮🇹", 3).kept).toBe("🇫🇷");
		expect(cut("🇫🇷🇩🇪🇮🇹", 4).kept).toBe("🇫🇷🇩🇪");
		expect(cut("e\u0301e\u0301e\u0301", 3).kept).toBe("e\u0301");
		expect(cut("a\u0301\u0302\u0303b", 3).kept).toBe("");
	});

	it("counts what was left out in characters", () => {
		const { kept, omitted } = cut("😀".repeat(10), 4);
		expect(kept).toBe("😀".repeat(4));
		expect(omitted).toBe(6);
	});

	it("cuts a 1 MB text, and a 1 MB single grapheme to nothing", () => {
		expect(cut("x".repeat(MB), 2000)).toEqual({ kept: "x".repeat(2000), omitted: MB - 2000 });
		expect(cut(`a${"\u0301".repeat(MB)}`, 10).kept).toBe("");
	});
});

describe("resultText: each cap", () => {
	const long = (n: number, ch = "a") => ch.repeat(n);

	it("cuts the preview echo with the marker outside the quotes", () => {
		const result = answered([{ ...option(0, "Q?", "Redis"), preview: long(30) }]);
		expect(resultText(result, ["Q?"], limits({ previewEcho: 10 }))).toBe(
			`User answered: "Q?" = "Redis" (preview: "${long(10)}" [… 20 more characters]). Continue with these answers.`,
		);
	});

	it("cuts a custom answer and the typed part of a multi answer", () => {
		const custom: Answer = { questionIndex: 0, question: "Q?", kind: "custom", answer: long(12, "c") };
		const multi: Answer = {
			questionIndex: 1,
			question: "M?",
			kind: "multi",
			answer: ["A", long(9, "t")],
			custom: long(9, "t"),
		};
		expect(resultText(answered([custom, multi]), ["Q?", "M?"], limits({ customAnswer: 4 }))).toBe(
			'User answered: "Q?" = "cccc" [… 8 more characters] (typed by the user). ' +
				'"M?" = ["A"] plus typed "tttt" [… 5 more characters]. Continue with these answers.',
		);
	});

	it("cuts answer notes, notes on unanswered questions and the global note", () => {
		const tight = limits({ note: 3 });
		const result = finishedResult("tui", 2, "submitted", {
			answers: [{ ...option(0, "A?", "x"), notes: "note one" }],
			questionNotes: [{ questionIndex: 1, question: "B?", notes: "note two" }],
			globalNote: "overall",
		});
		expect(resultText(result, ["A?", "B?"], tight)).toBe(
			'User answered 1 of 2 questions: "A?" = "x" (note: "not" [… 5 more characters]). ' +
				'Unanswered: "B?" (note: "not" [… 5 more characters]). Overall note: "ove" [… 4 more characters]. ' +
				"Do not assume answers to unanswered questions.",
		);
		const declined = finishedResult("tui", 1, "declined", { answers: [{ ...option(0, "A?", "x"), notes: "why not" }] });
		expect(resultText(declined, ["A?"], tight)).toContain('"A?" (note: "why" [… 4 more characters])');
	});

	it("leaves the text unchanged when everything is under the caps", () => {
		const result = answered([{ ...option(0, "Q?", "Redis"), preview: "p", notes: "n" }], { globalNote: "g" });
		expect(resultText(result, ["Q?"], limits({ previewEcho: 1, note: 1 }))).toBe(resultText(result, ["Q?"]));
		expect(resultText(result, ["Q?"])).not.toContain("more character");
	});
});

describe("resultText: total cap", () => {
	it("keeps a 1 MB preview and a 1 MB pasted answer within the total", () => {
		const result = answered([
			{ ...option(0, "Which cache?", "Redis"), preview: "p".repeat(MB) },
			{ questionIndex: 1, question: "Why?", kind: "custom", answer: "w".repeat(MB), notes: "n".repeat(MB) },
		]);
		const text = resultText(result, ["Which cache?", "Why?"]);
		expect(countChars(text)).toBeLessThanOrEqual(DEFAULT_LIMITS.totalText);
		expect(text).toContain(`"${"p".repeat(2000)}" [… ${MB - 2000} more characters]`);
		expect(text).toContain(`"${"w".repeat(4000)}" [… ${MB - 4000} more characters] (typed by the user)`);
	});

	it("keeps every question named when all strings are huge, and stays within the total", () => {
		const questions = ["Alpha", "Beta", "Gamma", "Delta"].map((q) => `${q} ${"q".repeat(MB)}`);
		const result = finishedResult("tui", 4, "submitted", {
			answers: [
				{ ...option(0, questions[0]!, "l".repeat(MB)), preview: "p".repeat(MB), notes: "n".repeat(MB) },
				{ questionIndex: 1, question: questions[1]!, kind: "custom", answer: "\u0001".repeat(MB) },
				{ questionIndex: 2, question: questions[2]!, kind: "multi", answer: ["😀".repeat(MB)] },
			],
			questionNotes: [{ questionIndex: 3, question: questions[3]!, notes: "z".repeat(MB) }],
			globalNote: "g".repeat(MB),
		});
		for (const totalText of [16_000, 3_000, 1_500]) {
			const text = resultText(result, questions, limits({ totalText }));
			expect(countChars(text)).toBeLessThanOrEqual(totalText);
			for (const name of ["Alpha", "Beta", "Gamma", "Delta"]) expect(text).toContain(`"${name} qqq`);
			expect(text.endsWith("Do not assume answers to unanswered questions.")).toBe(true);
		}
	});

	it("falls back to the floor (every string at its minimum) when even that is over the total", () => {
		const result = answered([option(0, "q".repeat(100), "l".repeat(100))]);
		const text = resultText(result, ["q".repeat(100)], limits({ totalText: 1 }));
		expect(text).toBe(
			`User answered: "${"q".repeat(MIN_KEEP)}" [… 68 more characters] = "${"l".repeat(MIN_KEEP)}" ` +
				"[… 68 more characters]. Continue with these answers.",
		);
	});

	it("cuts the problem list at a line, with the marker on its own line", () => {
		const problems = Array.from({ length: 50 }, (_, i) => ({ path: `questions[${i}]`, message: "m".repeat(30) }));
		const result = notShownResult("programmatic", "invalid_questions", "bad", problems);
		const full = resultText(result, []);
		const text = resultText(result, [], limits({ totalText: 500 }));
		expect(countChars(text)).toBeLessThanOrEqual(500);
		const lines = text.split("\n");
		expect(lines[0]).toBe(
			"ask_user_question was not shown: the arguments have 50 problems. Fix all of them and call again.",
		);
		const last = lines.at(-1)!;
		const shown = lines.slice(1, -1);
		expect(shown.length).toBeGreaterThan(0);
		expect(full.startsWith(lines.slice(0, -1).join("\n"))).toBe(true);
		expect(last).toBe(omissionMarker(full.length - lines.slice(0, -1).join("\n").length));
	});

	it("escapes control characters in an error message shown without quotes", () => {
		const result = notShownResult("programmatic", "session_load_failed", "boom\n\u001b[2J\u202e");
		expect(resultText(result, [])).toBe(
			"The questions were not shown to the user (session_load_failed: boom\\u000a\\u001b[2J\\u202e). " +
				"This is not a refusal: ask the user in plain chat instead.",
		);
	});
});

describe("resultText: grapheme safety", () => {
	it("cuts before an emoji that does not fit, never inside it", () => {
		const result = answered([{ ...option(0, "Q?", "x"), preview: `ab${"👨‍👩‍👧"}cd` }]);
		expect(resultText(result, ["Q?"], limits({ previewEcho: 4 }))).toContain('(preview: "ab" [… 7 more characters])');
		const flags = answered([{ questionIndex: 0, question: "Q?", kind: "custom", answer: "🇫🇷🇩🇪🇮🇹" }]);
		expect(resultText(flags, ["Q?"], limits({ customAnswer: 5 }))).toContain(
			`${quote("🇫🇷🇩🇪")} [… 2 more characters] (typed by the user)`,
		);
	});
});

describe("capDetails", () => {
	const result = (): QuestionnaireResult =>
		finishedResult("tui", 3, "submitted", {
			answers: [
				{ ...option(0, "q".repeat(20), "l".repeat(20)), preview: "p".repeat(20), notes: "n".repeat(5) },
				{ questionIndex: 1, question: "Q", kind: "multi", answer: ["A", "t".repeat(20)], custom: "t".repeat(20) },
			],
			questionNotes: [{ questionIndex: 2, question: "x".repeat(20), notes: "y".repeat(20) }],
			globalNote: "g".repeat(20),
		});

	it("keeps strings under the cap verbatim and returns a new object", () => {
		const input = result();
		const capped = capDetails(input);
		expect(capped).toEqual(input);
		expect(capped).not.toBe(input);
		expect(capped.answers).not.toBe(input.answers);
	});

	it("cuts and marks every string over the cap, keeping custom equal to the last multi entry", () => {
		const input = result();
		const before = structuredClone(input);
		const capped = capDetails(input, 10);
		expect(input).toEqual(before);
		const marked = (ch: string) => `${ch.repeat(10)} [… 10 more characters]`;
		expect(capped.answers[0]).toMatchObject({
			question: marked("q"),
			answer: marked("l"),
			preview: marked("p"),
			notes: "nnnnn",
		});
		expect(capped.answers[1]!.answer).toEqual(["A", marked("t")]);
		expect(capped.answers[1]!.custom).toBe(marked("t"));
		expect(capped.questionNotes).toEqual([{ questionIndex: 2, question: marked("x"), notes: marked("y") }]);
		expect(capped.globalNote).toBe(marked("g"));
	});

	it("caps error messages and problems", () => {
		const input = notShownResult("programmatic", "invalid_questions", "m".repeat(30), [
			{ path: "questions", message: "z".repeat(30) },
		]);
		const capped = capDetails(input, 10);
		expect(capped.error).toEqual({
			code: "invalid_questions",
			message: `${"m".repeat(10)} [… 20 more characters]`,
			problems: [{ path: "questions", message: `${"z".repeat(10)} [… 20 more characters]` }],
		});
	});

	it("holds a 1 MB answer at 256 Ki characters by default", () => {
		const input = answered([{ questionIndex: 0, question: "Q", kind: "custom", answer: "😀".repeat(MB) }]);
		const answer = capDetails(input).answers[0]!.answer as string;
		expect(answer).toBe(`${"😀".repeat(DETAILS_CAP)} [… ${MB - DETAILS_CAP} more characters]`);
	});
});
