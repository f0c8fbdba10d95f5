/** The model-facing result text: exact wording per outcome, and quoting that no user string can escape. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import { quote } from "../../src/protocol/quote.ts";
import {
	type Answer,
	type Collected,
	finishedResult,
	notShownResult,
	type QuestionNote,
	type QuestionnaireResult,
} from "../../src/protocol/result.ts";
import { finishedScenario } from "../support/result-arbitrary.ts";

const Q = ["Which cache?", "Which targets?", "Ship when?"];
const cache: Answer = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" };
const targets: Answer = { questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux", "macOS"] };
const ship: Answer = { questionIndex: 2, question: "Ship when?", kind: "custom", answer: 'after "QA"\nsign-off' };
const note = (questionIndex: number, notes: string): QuestionNote => ({
	questionIndex,
	question: Q[questionIndex]!,
	notes,
});

const submitted = (collected: Collected, count = 3) => finishedResult("tui", count, "submitted", collected);

describe("quote", () => {
	it("JSON-quotes, escaping quotes, backslashes and controls", () => {
		expect(quote('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
		expect(quote("a\nb\tc\u0000\u001b[2J")).toBe('"a\\nb\\tc\\u0000\\u001b[2J"');
	});

	it("escapes C1 controls, bidi and zero-width characters, and line separators", () => {
		expect(quote("\u0085\u009b\u007f")).toBe('"\\u0085\\u009b\\u007f"');
		expect(quote("\u202eevil\u2066\u200b\u200f\u061c\ufeff")).toBe('"\\u202eevil\\u2066\\u200b\\u200f\\u061c\\ufeff"');
		expect(quote("a\u2028b\u2029c")).toBe('"a\\u2028b\\u2029c"');
	});

	it("keeps ordinary non-ASCII text readable", () => {
		expect(quote("缓存 — café 👍🏽")).toBe('"缓存 — café 👍🏽"');
		// A joiner inside an emoji sequence is what the person typed; anywhere else it is escaped.
		for (const emoji of ["👨‍💻", "👩🏽‍💻", "🏳️‍🌈", "👨‍👩‍👧‍👦", "❤️‍🔥"])
			expect(quote(`ok ${emoji}`)).toBe(`"ok ${emoji}"`);
		expect(quote("a\u200db 👍\u200d \u200d👍")).toBe('"a\\u200db 👍\\u200d \\u200d👍"');
	});
});

describe("resultText: answered", () => {
	it("lists option, multi and custom answers with notes", () => {
		const result = submitted({ answers: [cache, { ...targets, notes: "no Windows yet" }, ship] });
		expect(resultText(result, Q)).toBe(
			'User answered: "Which cache?" = "Redis". "Which targets?" = ["Linux", "macOS"] (note: "no Windows yet"). ' +
				'"Ship when?" = "after \\"QA\\"\\nsign-off" (typed by the user). Continue with these answers.',
		);
	});

	it("echoes the chosen preview, multi with typed text, and the global note", () => {
		const result = submitted(
			{
				answers: [
					{ ...cache, preview: "```\nredis: 6\n```" },
					{ ...targets, answer: ["Linux", "BSD too"], custom: "BSD too" },
				],
				globalNote: "keep it cheap",
			},
			2,
		);
		expect(resultText(result, Q.slice(0, 2))).toBe(
			'User answered: "Which cache?" = "Redis" (preview: "```\\nredis: 6\\n```"). ' +
				'"Which targets?" = ["Linux"] plus typed "BSD too". Overall note: "keep it cheap". Continue with these answers.',
		);
	});

	it("shows a multi answer that is only typed text", () => {
		const result = submitted({ answers: [{ ...targets, questionIndex: 0, answer: ["mine"], custom: "mine" }] }, 1);
		expect(resultText(result, ["Which targets?"])).toBe(
			'User answered: "Which targets?" = [] plus typed "mine". Continue with these answers.',
		);
	});

	it("says so when a multi-select was answered with none of its options", () => {
		const result = submitted({ answers: [{ ...targets, questionIndex: 0, answer: [] }] }, 1);
		expect(resultText(result, ["Which targets?"])).toBe(
			'User answered: "Which targets?" = [] (none of the options). Continue with these answers.',
		);
	});

	it("orders answers by question, whatever order they were collected in", () => {
		const result = submitted({ answers: [ship, cache, targets] });
		expect(resultText(result, Q)).toMatch(/^User answered: "Which cache\?".*"Which targets\?".*"Ship when\?"/);
	});
});

describe("resultText: partial", () => {
	it("lists the unanswered questions with their notes", () => {
		const result = submitted({ answers: [cache], questionNotes: [note(2, "ask ops")] });
		expect(result.outcome).toBe("partial");
		expect(resultText(result, Q)).toBe(
			'User answered 1 of 3 questions: "Which cache?" = "Redis". Unanswered: "Which targets?", "Ship when?" (note: "ask ops"). ' +
				"Do not assume answers to unanswered questions.",
		);
	});

	it("says so when nothing was answered, and keeps the global note", () => {
		const result = submitted({ answers: [], globalNote: "later" }, 2);
		expect(resultText(result, Q.slice(0, 2))).toBe(
			'User submitted without answering 2 questions. Unanswered: "Which cache?", "Which targets?". ' +
				'Overall note: "later". Do not assume answers to unanswered questions.',
		);
		expect(resultText(submitted({ answers: [] }, 1), ["Only?"])).toBe(
			'User submitted without answering 1 question. Unanswered: "Only?". Do not assume answers to unanswered questions.',
		);
	});
});

describe("resultText: declined", () => {
	it("tells the model not to assume answers", () => {
		expect(resultText(finishedResult("tui", 3, "declined", { answers: [cache] }), Q)).toBe(
			"User declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.",
		);
	});

	it("keeps what the user wrote: notes and the global note", () => {
		const result = finishedResult("tui", 3, "declined", {
			answers: [{ ...targets, notes: "no Windows yet" }],
			questionNotes: [note(2, "ask ops")],
			globalNote: "not now",
		});
		expect(resultText(result, Q)).toBe(
			'User declined to answer the questions. User notes: "Which targets?" (note: "no Windows yet"), "Ship when?" (note: "ask ops"). ' +
				'Overall note: "not now". Do not assume answers: continue without them, or ask in chat if you cannot.',
		);
	});
});

describe("resultText: answered in chat", () => {
	it("says what the person said, not a decline: take the answers from the conversation", () => {
		const result = finishedResult("tui", 3, "answered_in_chat", { answers: [cache], globalNote: "see above" });
		expect(result).toMatchObject({ outcome: "answered_in_chat", cancelled: false });
		const text = resultText(result, Q);
		expect(text).toBe(
			"User says they answered these questions in the chat instead of in the questionnaire. " +
				'Overall note: "see above". Take the answers from the conversation; do not ask the same questions again.',
		);
		expect(text).not.toMatch(/declin/i);
	});
});

describe("resultText: interrupted and timed out", () => {
	it("interrupted without answers", () => {
		expect(resultText(finishedResult("rpc", 3, "interrupted", { answers: [] }), Q)).toBe(
			"The questionnaire was interrupted before the user answered. Do not assume answers.",
		);
	});

	it("interrupted with answers returns them and lists the rest", () => {
		const result = finishedResult("rpc", 3, "interrupted", {
			answers: [cache],
			questionNotes: [note(1, "hmm")],
			globalNote: "brb",
		});
		expect(resultText(result, Q)).toBe(
			'The questionnaire was interrupted before the user submitted it. Answers given so far: "Which cache?" = "Redis". ' +
				'Unanswered: "Which targets?" (note: "hmm"), "Ship when?". Overall note: "brb". Do not assume answers to unanswered questions.',
		);
	});

	it("timed out without answers keeps notes", () => {
		const result = finishedResult("tui", 3, "timed_out", { answers: [], questionNotes: [note(1, "hmm")] });
		expect(resultText(result, Q)).toBe(
			'The questionnaire timed out before the user answered; they may be away. User notes: "Which targets?" (note: "hmm"). ' +
				"Do not assume answers: continue with work that does not depend on them, or ask again later.",
		);
	});

	it("timed out with answers", () => {
		expect(resultText(finishedResult("tui", 3, "timed_out", { answers: [ship] }), Q)).toBe(
			'The questionnaire timed out before the user submitted it. Answers given so far: "Ship when?" = "after \\"QA\\"\\nsign-off" ' +
				'(typed by the user). Unanswered: "Which cache?", "Which targets?". Do not assume answers to unanswered questions.',
		);
	});
});

describe("resultText: answered by another extension", () => {
	const byBus = (ended: "submitted" | "declined", collected: Collected, by: string) => ({
		...finishedResult("programmatic", 3, ended, collected),
		answeredBy: { kind: "extension" as const, name: by },
	});

	it("names the extension instead of the user, quoted like every string that is not ours", () => {
		expect(resultText(byBus("submitted", { answers: [cache, targets, ship] }, "phone-bridge"), Q)).toMatch(
			/^Extension "phone-bridge" \(not the user\) answered: "Which cache\?" = "Redis"\. /,
		);
		expect(resultText(byBus("submitted", { answers: [cache] }, "supervisor"), Q)).toMatch(
			/^Extension "supervisor" \(not the user\) answered 1 of 3 questions: /,
		);
		expect(resultText(byBus("declined", { answers: [] }, "supervisor"), Q)).toMatch(
			/^Extension "supervisor" \(not the user\) declined to answer the questions\. Do not assume answers/,
		);
		const hostile = resultText(byBus("submitted", { answers: [cache, targets, ship] }, 'x" = "y\u202e\n'), Q);
		expect(hostile.startsWith(`Extension ${quote('x" = "y\u202e\n')} (not the user) answered: `)).toBe(true);
		expect(hostile).not.toMatch(/[\u202e\n]/);
	});
});

describe("resultText: not shown", () => {
	it.each([
		["no_ui", "This Pi session has no interactive UI."],
		["no_custom_ui", "The host cannot show custom UI."],
		["session_load_failed", "The dialog failed to load."],
		["stale_module_cache", "Restart Pi."],
	] as const)("%s: not a refusal, ask in plain chat", (code, message) => {
		const text = resultText(notShownResult("programmatic", code, message), Q);
		expect(text).toBe(
			`The questions were not shown to the user (${code}: ${message}). This is not a refusal: ask the user in plain chat instead.`,
		);
		expect(text).toContain("not a refusal");
		expect(text).toMatch(/ask .* in plain chat/);
	});

	it("invalid_questions lists each problem with its path", () => {
		const result = notShownResult("programmatic", "invalid_questions", "The questionnaire arguments are invalid.", [
			{ path: "questions[0].options[1].label", message: '"Other" is reserved.' },
			{ path: "questions", message: "Has 5 questions." },
		]);
		expect(resultText(result, [])).toBe(
			"ask_user_question was not shown: the arguments have 2 problems. Fix all of them and call again.\n" +
				'- questions[0].options[1].label: "Other" is reserved.\n' +
				"- questions: Has 5 questions.",
		);
		const one = notShownResult("programmatic", "invalid_questions", "x", [{ path: "questions", message: "Missing." }]);
		expect(resultText(one, [])).toBe(
			"ask_user_question was not shown: the arguments have 1 problem. Fix all of them and call again.\n- questions: Missing.",
		);
	});
});

// ---------- property tests ----------

/** Raw characters that must never leave `quote`: C0, DEL, C1, bidi controls, line/paragraph separators, lone surrogates. */
const RAW_UNSAFE =
	/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const anyString = fc.oneof(
	fc.string({ unit: "grapheme" }),
	fc.string({ unit: "binary" }),
	fc.string({ unit: codeUnit }),
	fc.string({
		unit: fc.constantFrom("\u001b", "\u009b", "\u202e", "\u2028", "\u2029", "\u200b", '"', "\\", "\n", "a"),
	}),
);

/** A random questionnaire result: some questions answered (any kind), notes anywhere, any strings. */
const arbScenario = finishedScenario(
	anyString,
	fc.constantFrom("tui", "rpc", "programmatic") as fc.Arbitrary<"tui" | "rpc" | "programmatic">,
);

/** Every user string the text must carry, quoted, for a result. */
function expectedQuoted(result: QuestionnaireResult, questions: readonly string[]): string[] {
	const out: string[] = [];
	const notes = (s: string | undefined) => (s ? [s] : []); // empty notes carry nothing
	if (result.outcome !== "declined") {
		for (const a of result.answers) {
			out.push(a.question, ...(Array.isArray(a.answer) ? a.answer : [a.answer]));
			if (a.preview !== undefined) out.push(a.preview);
			out.push(...notes(a.notes));
		}
		for (const i of result.unanswered ?? [])
			if (result.answers.length > 0 || result.outcome === "partial") out.push(questions[i]!);
	} else {
		for (const a of result.answers) if (a.notes) out.push(a.question, a.notes);
	}
	for (const n of result.questionNotes ?? []) out.push(n.question, ...notes(n.notes));
	out.push(...notes(result.globalNote));
	return out;
}

describe("envelope properties", () => {
	it("quote round-trips through JSON.parse for any string", () => {
		fc.assert(
			fc.property(anyString, (s) => {
				expect(JSON.parse(quote(s))).toBe(s);
			}),
			{ numRuns: 2000 },
		);
	});

	it("quote never emits raw controls, bidi characters, line separators or lone surrogates", () => {
		fc.assert(
			fc.property(anyString, (s) => {
				expect(quote(s)).not.toMatch(RAW_UNSAFE);
			}),
			{ numRuns: 2000 },
		);
	});

	it("is deterministic", () => {
		fc.assert(
			fc.property(arbScenario, ({ questions, result }) => {
				expect(resultText(structuredClone(result), [...questions])).toBe(resultText(result, questions));
			}),
		);
	});

	it("carries every user string quoted, and nothing raw", () => {
		fc.assert(
			fc.property(arbScenario, ({ questions, result }) => {
				const text = resultText(result, questions);
				for (const s of expectedQuoted(result, questions)) expect(text).toContain(quote(s));
				expect(text).not.toMatch(RAW_UNSAFE);
			}),
			{ numRuns: 1000 },
		);
	});

	it("the RAW_UNSAFE oracle itself catches what it should", () => {
		for (const ch of ["\u0000", "\u001b", "\u0085", "\u202e", "\u2028", "\u2029", "\u2066", "\ud800", "\udc00x"]) {
			expect(`a${ch}b`).toMatch(RAW_UNSAFE);
		}
		expect("a😀b").not.toMatch(RAW_UNSAFE);
	});
});
