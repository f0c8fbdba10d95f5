/**
 * The one reader of answers from outside (protocol/read-answer.ts): the bus, the relay (both ways),
 * pi-ask and session records read what was given into one answer model, with one label rule and one set
 * of bounded problems. Hand-written cases pin the wire form and the rule; properties check that any answer
 * model survives its wire form (as JSON) unchanged, that labels read as their indexes, that a relayed
 * ending reads back as the result given above, and that no input throws or makes a runaway refusal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IndexedAnswer } from "../../src/protocol/progress.ts";
import type { Question } from "../../src/protocol/questions.ts";
import { fittingAnswer, type Given, givenResult, readGiven, wireOfGiven } from "../../src/protocol/read-answer.ts";
import type { Ending } from "../../src/protocol/result.ts";
import type { RelayReply } from "../../src/relay/protocol.ts";
import { replyOfResult, resultOfReply } from "../../src/relay/reply.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION, SMALL_CACHE_QUESTION } from "../support/questions.ts";

const QUESTIONS: readonly Question[] = [CACHE_QUESTION, PLATFORM_QUESTION, SMALL_CACHE_QUESTION];

const nothing = (): Given => ({
	answers: [undefined, undefined, undefined],
	notes: ["", "", ""],
	drafts: ["", "", ""],
	globalNote: "",
});

const read = (value: unknown) => readGiven(QUESTIONS, JSON.parse(JSON.stringify(value)));

describe("the wire form", () => {
	it("carries option indexes and typed text, notes and drafts per question, and nothing for an untouched one", () => {
		const given: Given = {
			answers: [{ kind: "custom", text: "Valkey" }, { kind: "multi", options: [0, 2], text: "BSD" }, undefined],
			notes: ["why", "", "later"],
			drafts: ["", "", "half"],
			globalNote: "all",
		};
		expect(wireOfGiven(given)).toEqual({
			answers: [
				{ question: 0, text: "Valkey", note: "why" },
				{ question: 1, options: [0, 2], text: "BSD" },
				{ question: 2, note: "later", draft: "half" },
			],
			globalNote: "all",
		});
		expect(
			wireOfGiven({
				...nothing(),
				answers: [{ kind: "option", option: 2 }, { kind: "multi", options: [] }, undefined],
			}),
		).toEqual({
			answers: [
				{ question: 0, options: [2] },
				{ question: 1, options: [] },
			],
		});
	});
});

describe("readGiven", () => {
	it("takes options by index or by label, as validation tells labels apart (case, spacing, width, invisibles)", () => {
		const byLabel = read({
			answers: [
				{ question: 0, options: [" redis "] },
				{ question: 1, options: ["ＬＩＮＵＸ", "Win\u200bdows"] },
			],
		});
		const byIndex = read({
			answers: [
				{ question: 0, options: [2] },
				{ question: 1, options: [2, 0] },
			],
		});
		expect(byLabel).toEqual(byIndex);
		expect(byIndex.given.answers).toEqual([
			{ kind: "option", option: 2 },
			{ kind: "multi", options: [0, 2] },
			undefined,
		]);
	});

	it("trims typed text and notes (a blank one is none) and keeps a draft as typed", () => {
		const { given, problems } = read({
			answers: [
				{ question: 0, text: "  Valkey ", note: " why " },
				{ question: 2, note: "   ", draft: "  half " },
			],
			globalNote: "  ",
		});
		expect(problems).toEqual([]);
		expect(given).toEqual({
			answers: [{ kind: "custom", text: "Valkey" }, undefined, undefined],
			notes: ["why", "", ""],
			drafts: ["", "", "  half "],
			globalNote: "",
		});
	});

	it.each([
		[{ answers: [{ question: 0, options: [3] }] }, "answers[0].options: no option 3 (the options are 0 to 2)"],
		[{ answers: [{ question: 0, options: [-1] }] }, "answers[0].options: no option -1 (the options are 0 to 2)"],
		[{ answers: [{ question: 0, options: ["Postgres"] }] }, 'answers[0].options: no option is labelled "Postgres"'],
		[{ answers: [{ question: 0, options: [0, "Redis"] }] }, "answers[0]: this question takes one option or one text"],
		[{ answers: [{ question: 2, options: [0], text: "x" }] }, "answers[0]: this question takes one option or one text"],
		[{ answers: [{ question: 0, draft: 3 }] }, "answers[0].draft: must be a string"],
		[{ answers: [{ question: 3, text: "x" }] }, "answers[0].question: must be a question index from 0 to 2"],
		[{ answers: [{ question: 0 }] }, "answers[0]: give options, text or a note"],
	])("refuses %j: %s", (value, problem) => {
		expect(read(value).problems).toEqual([problem]);
	});
});

describe("fittingAnswer (a session record's answer)", () => {
	it("keeps an answer that fits its question, in the one form, and drops one that does not", () => {
		expect(fittingAnswer(PLATFORM_QUESTION, { kind: "multi", options: [2, 0, 2] })).toEqual({
			kind: "multi",
			options: [0, 2],
		});
		expect(fittingAnswer(CACHE_QUESTION, { kind: "option", option: 1 })).toEqual({ kind: "option", option: 1 });
		expect(fittingAnswer(CACHE_QUESTION, { kind: "option", option: 3 })).toBeUndefined();
		expect(fittingAnswer(PLATFORM_QUESTION, { kind: "multi", options: [0, 7] })).toBeUndefined();
		expect(fittingAnswer(CACHE_QUESTION, { kind: "custom", text: "  " })).toBeUndefined();
		expect(fittingAnswer(undefined, { kind: "option", option: 0 })).toBeUndefined();
	});
});

/** Trimmed, non-blank text: what a host commits as typed text or a note. */
const said = fc
	.string({ maxLength: 12 })
	.map((s) => s.trim())
	.filter((s) => s !== "");
const maybe = (text: fc.Arbitrary<string>) => fc.oneof(fc.constant(""), text);

function answerFor(question: Question): fc.Arbitrary<IndexedAnswer | undefined> {
	const count = question.options.length;
	if (question.multiSelect === true)
		return fc.option(
			fc
				.record({ options: fc.uniqueArray(fc.nat(count - 1)), text: fc.option(said, { nil: undefined }) })
				.map(({ options, text }): IndexedAnswer => {
					const sorted = [...options].sort((a, b) => a - b);
					return text === undefined ? { kind: "multi", options: sorted } : { kind: "multi", options: sorted, text };
				}),
			{ nil: undefined },
		);
	return fc.option(
		fc.oneof(
			fc.nat(count - 1).map((option): IndexedAnswer => ({ kind: "option", option })),
			said.map((text): IndexedAnswer => ({ kind: "custom", text })),
		),
		{ nil: undefined },
	);
}

const anyGiven: fc.Arbitrary<Given> = fc.record({
	answers: fc.tuple(...QUESTIONS.map(answerFor)),
	notes: fc.tuple(...QUESTIONS.map(() => maybe(said))),
	drafts: fc.tuple(...QUESTIONS.map(() => maybe(fc.string({ maxLength: 12 }).filter((s) => s.trim() !== "")))),
	globalNote: maybe(said),
});

describe("properties", () => {
	it("any answer model → its wire form (as JSON) → read back → the same model", () => {
		fc.assert(
			fc.property(anyGiven, (given) => {
				expect(read(wireOfGiven(given))).toEqual({ given, problems: [] });
			}),
		);
	});

	it("options named by label, in any case and spacing, read as their indexes", () => {
		fc.assert(
			fc.property(anyGiven, fc.boolean(), (given, upper) => {
				const wire = wireOfGiven(given);
				const labelled = wire.answers.map((entry) => {
					const labels = QUESTIONS[entry.question]?.options.map((o) => o.label) ?? [];
					const spelled = (label = "") => ` ${upper ? label.toUpperCase() : label.toLowerCase()}  `;
					const named = entry.options?.map((i) => spelled(labels[Number(i)]));
					return named === undefined ? entry : { ...entry, options: named };
				});
				expect(read({ ...wire, answers: labelled })).toEqual({ given, problems: [] });
			}),
		);
	});

	it("a relayed ending reads back in the asking Pi as the result given above, with host relay", () => {
		const endings: Ending[] = ["submitted", "declined", "interrupted", "timed_out", "deferred", "answered_in_chat"];
		fc.assert(
			fc.property(anyGiven, fc.constantFrom(...endings), (given, ending) => {
				const above = givenResult("tui", QUESTIONS, ending, given);
				const wire: RelayReply = JSON.parse(JSON.stringify(replyOfResult(QUESTIONS, above)));
				expect(resultOfReply(wire, { questions: [...QUESTIONS] })).toEqual({ ...above, host: "relay" });
			}),
		);
	});

	it("never throws, and what does not fit comes back as a few short problems", () => {
		fc.assert(
			fc.property(fc.anything(), fc.anything(), (answers, globalNote) => {
				const { problems } = readGiven(QUESTIONS, { answers, globalNote });
				expect(problems.length).toBeLessThanOrEqual(1 + 16 * 20);
				for (const problem of problems) expect(problem.length).toBeLessThan(200);
			}),
		);
	});
});
