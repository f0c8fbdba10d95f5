/**
 * Answers from other extensions (tool/answer-channel.ts): a payload is checked against the questions
 * by the one reader (protocol/read-answer.ts) and becomes answers by index, or comes back with every
 * problem, each naming its place. Options are indexes or labels (matched in any case and spacing); a
 * single-select question takes one option or one text; notes may stand alone; a decline carries no
 * answers. Random payloads never throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { parseAnswer } from "../../src/tool/answer-channel.ts";
import { answerId, vouchForClient } from "../../src/tool/answer-events.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

/** Payloads name who answers unless a test is about that name. */
const named = (payload: unknown) =>
	payload !== null && typeof payload === "object" && !Array.isArray(payload) && !("by" in payload)
		? { by: "test-bridge", ...payload }
		: payload;

const FORM: Questionnaire = { questions: [CACHE_QUESTION, PLATFORM_QUESTION] };

const ok = (payload: unknown) => {
	const parsed = parseAnswer(FORM, named(payload));
	if (!parsed.ok) throw new Error(`expected ok: ${parsed.problems.join("; ")}`);
	return parsed.answer;
};
const problems = (payload: unknown) => {
	const parsed = parseAnswer(FORM, named(payload));
	if (parsed.ok) throw new Error("expected problems");
	return parsed.problems;
};

describe("parseAnswer", () => {
	it("turns labels into option indexes (trimmed, any case), text into typed answers, and keeps notes", () => {
		const answer = ok({
			id: "call-1",
			answers: [
				{ question: 0, options: ["  in-memory lru "], note: " fast enough " },
				{ question: 1, options: ["windows", "Linux", "LINUX"], text: " BSD " },
			],
			globalNote: " from chat ",
			by: " telegram-bridge ",
		});
		expect(answer).toEqual({
			decline: false,
			given: {
				answers: [
					{ kind: "option", option: 0 },
					{ kind: "multi", options: [0, 2], text: "BSD" },
				],
				notes: ["fast enough", ""],
				drafts: ["", ""],
				globalNote: "from chat",
			},
			by: { kind: "extension", name: "telegram-bridge" },
		});
	});

	it("takes a typed answer, a note alone, and a decline", () => {
		expect(ok({ answers: [{ question: 0, text: "Memcached" }] }).given.answers[0]).toEqual({
			kind: "custom",
			text: "Memcached",
		});
		const noteOnly = ok({ answers: [{ question: 1, note: "ask ops" }] });
		expect(noteOnly.given).toMatchObject({ answers: [undefined, undefined], notes: ["", "ask ops"] });
		expect(ok({ decline: true, globalNote: "not now" })).toMatchObject({
			decline: true,
			given: { globalNote: "not now" },
		});
		expect(ok({ answers: [{ question: 1, options: [], text: "x" }] }).given.answers[1]).toEqual({
			kind: "multi",
			options: [],
			text: "x",
		});
	});

	it('takes options by index too, and `options: []` on a multi-select as "none of these"', () => {
		const answer = ok({
			answers: [
				{ question: 0, options: [2] },
				{ question: 1, options: [0, "windows", 0] },
			],
		});
		expect(answer.given.answers).toEqual([
			{ kind: "option", option: 2 },
			{ kind: "multi", options: [0, 2] },
		]);
		expect(ok({ answers: [{ question: 1, options: [] }] }).given.answers[1]).toEqual({ kind: "multi", options: [] });
	});

	it("matches a label as validation tells labels apart: any case, spacing, width and invisible characters", () => {
		const answer = ok({ answers: [{ question: 0, options: ["IN-MEMORY\u200b  LRU"] }] });
		expect(answer.given.answers[0]).toEqual({ kind: "option", option: 0 });
	});

	it("caps who answered at 100 characters", () => {
		expect(ok({ decline: true, by: "b".repeat(500) }).by).toEqual({ kind: "extension", name: "b".repeat(100) });
	});

	it.each([
		["no name", undefined, "by: name who answers"],
		["a blank name", "   ", "by: is blank or invisible"],
		["a name of controls and invisible characters", "\u0000\u001b\u200b\u202e\ufeff", "by: is blank or invisible"],
		["User", "User", 'by: "User" claims to be the user'],
		["the user", " the user ", 'by: "the user" claims to be the user'],
		["a name that says it is the user", "pi-ask (the user, from another terminal)", "claims to be the user"],
		["me", "Me", "claims to be the user"],
	])("refuses an answer with %s: nobody answers as the person from the bus", (_what, by, problem) => {
		const parsed = parseAnswer(FORM, { decline: true, by });
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? [] : parsed.problems).toEqual([expect.stringContaining(problem)]);
	});

	it("reads a payload this extension vouched for as the paired client's, whatever its `by`", () => {
		const payload = { decline: true, by: "ignored" };
		vouchForClient(payload, "pi-ask on pts/3");
		expect(ok(payload).by).toEqual({ kind: "client", name: "pi-ask on pts/3" });
		// A copy is not vouched for: another extension cannot forge it.
		expect(ok({ ...payload }).by).toEqual({ kind: "extension", name: "ignored" });
	});

	it.each([
		[null, "the answer must be an object"],
		[[], "the answer must be an object"],
		[{}, "answers: give at least one answer, or decline: true"],
		[{ answers: [] }, "answers: give at least one answer, or decline: true"],
		[{ answers: "Redis" }, "answers: must be an array"],
		[{ decline: "yes" }, "decline: must be true or false"],
		[{ decline: true, answers: [{ question: 0, options: ["Redis"] }] }, "answers: a decline cannot carry answers"],
		[{ answers: [7] }, "answers[0]: must be an object"],
		[{ answers: [{ question: 2, options: ["Redis"] }] }, "answers[0].question: must be a question index from 0 to 1"],
		[{ answers: [{ question: 0.5 }] }, "answers[0].question: must be a question index from 0 to 1"],
		[{ answers: [{ question: "0", options: ["Redis"] }] }, "answers[0].question: must be a question index"],
		[{ answers: [{ question: 0, options: ["Memcached"] }] }, 'answers[0].options: no option is labelled "Memcached"'],
		[
			{ answers: [{ question: 0, options: "Redis" }] },
			"answers[0].options: must be an array of option indexes or labels",
		],
		[{ answers: [{ question: 0, options: [3] }] }, "answers[0].options: no option 3 (the options are 0 to 2)"],
		[{ answers: [{ question: 0, options: [0.5] }] }, "answers[0].options: no option 0.5"],
		[
			{ answers: [{ question: 0, options: [null] }] },
			"answers[0].options: each option must be an option index or label",
		],
		[{ answers: [{ question: 0, options: [] }] }, "answers[0]: give options, text or a note"],
		[
			{ answers: [{ question: 0, options: ["Redis", "In-memory LRU"] }] },
			"answers[0]: this question takes one option or one text",
		],
		[
			{ answers: [{ question: 0, options: ["Redis"], text: "also" }] },
			"answers[0]: this question takes one option or one text",
		],
		[{ answers: [{ question: 0, text: 3 }] }, "answers[0].text: must be a string"],
		[{ answers: [{ question: 0, text: "   " }] }, "answers[0]: give options, text or a note"],
		[
			{
				answers: [
					{ question: 0, options: ["Redis"] },
					{ question: 0, text: "x" },
				],
			},
			"answers[1].question: question 0 is answered twice",
		],
		[{ answers: [{ question: 0, options: ["Redis"] }], globalNote: 1 }, "globalNote: must be a string"],
		[{ answers: [{ question: 0, options: ["Redis"] }], by: {} }, "by: must be a string"],
	])("refuses %j: %s", (payload, problem) => {
		expect(problems(payload).some((p) => p.startsWith(problem))).toBe(true);
	});

	it("reports every problem at once", () => {
		expect(problems({ answers: [{ question: 9 }, { question: 0, options: ["Nope"] }], globalNote: 2 })).toHaveLength(3);
	});

	it("never throws on random payloads, and a refusal always says why", () => {
		fc.assert(
			fc.property(fc.anything(), (payload) => {
				const parsed = parseAnswer(FORM, payload);
				if (!parsed.ok) expect(parsed.problems.length).toBeGreaterThan(0);
			}),
		);
		fc.assert(
			fc.property(
				fc.record({
					answers: fc.array(
						fc.record({
							question: fc.integer({ min: -1, max: 2 }),
							options: fc.array(fc.constantFrom("Redis", "linux", "macOS", "x")),
							text: fc.option(fc.string(), { nil: undefined }),
							note: fc.option(fc.string(), { nil: undefined }),
						}),
						{ maxLength: 3 },
					),
				}),
				(payload) => {
					const parsed = parseAnswer(FORM, payload);
					if (!parsed.ok) expect(parsed.problems.length).toBeGreaterThan(0);
				},
			),
		);
	});
});

describe("answerId", () => {
	it("is the payload's string id, or nothing", () => {
		expect(answerId({ id: "a" })).toBe("a");
		for (const payload of [undefined, null, "a", { id: 1 }, {}]) expect(answerId(payload)).toBeUndefined();
	});
});
