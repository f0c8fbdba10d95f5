/**
 * Property tests for the dialog walker: for random questionnaires and random dialog scripts
 * (row picks, cancels, rejections, strings that are no row at all), the walk always ends within a
 * bounded number of dialogs, shows only unique and sanitized rows, and returns a structurally
 * valid result. An abort at any dialog ends the walk there, as interrupted.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import type { Question, Questionnaire } from "../../src/protocol/questions.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { type Call, ScriptedHost, type Step } from "./rpc-fake-host.ts";

/** The most dialogs one walk opens (src/dialogs/host.ts). */
const DIALOG_BUDGET = 200;

const text = fc.oneof(
	fc.string({ maxLength: 12 }),
	fc.constantFrom(
		"Type something…",
		"Add a note…",
		"Done — none of these",
		"Submit",
		"A",
		"a\tb",
		"a b",
		"\u001b[2J",
		"\u202e",
	),
);
const option = fc.record({ label: text, description: text, preview: fc.option(text, { nil: undefined }) });
const question: fc.Arbitrary<Question> = fc
	.record({
		question: text,
		header: text,
		multiSelect: fc.boolean(),
		options: fc.array(option, { minLength: 2, maxLength: 4 }),
	})
	.map((q) => ({
		...q,
		options: q.options.map((o) => (o.preview === undefined ? { label: o.label, description: o.description } : o)),
	}));
const questionnaire: fc.Arbitrary<Questionnaire> = fc.record({
	questions: fc.array(question, { minLength: 1, maxLength: 4 }),
});

type Move = { type: "pick"; k: number } | { type: "cancel" } | { type: "text"; s: string } | { type: "reject" };
const move: fc.Arbitrary<Move> = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ type: fc.constant("pick" as const), k: fc.nat(20) }) },
	{ weight: 1, arbitrary: fc.constant({ type: "cancel" as const }) },
	{ weight: 1, arbitrary: fc.record({ type: fc.constant("text" as const), s: text }) },
	{ weight: 1, arbitrary: fc.constant({ type: "reject" as const }) },
);

function toStep(m: Move): Step {
	switch (m.type) {
		case "pick":
			return (call: Call) => (call.kind === "select" ? call.options[m.k % call.options.length] : `typed ${m.k}`);
		case "cancel":
			return undefined;
		case "text":
			return m.s;
		case "reject":
			return new Error("dialog failed");
	}
}

const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function expectSafeDialogs(calls: readonly Call[]): void {
	for (const call of calls) {
		expect(call.title).not.toMatch(UNSAFE);
		if (call.kind !== "select") continue;
		expect(call.options.length).toBeGreaterThan(0);
		expect(new Set(call.options).size).toBe(call.options.length);
		for (const o of call.options) expect(o).not.toMatch(/[\n\r]/);
		for (const o of call.options) expect(o).not.toMatch(UNSAFE);
	}
}

function expectValidResult(q: Questionnaire, result: QuestionnaireResult): void {
	const n = q.questions.length;
	expect(JSON.parse(JSON.stringify(result))).toEqual(result);
	expect(result.host).toBe("rpc");
	expect(result.cancelled).toBe(result.outcome === "declined" || result.outcome === "interrupted");
	const indexes = result.answers.map((a) => a.questionIndex);
	expect(indexes).toEqual([...new Set(indexes)].sort((a, b) => a - b));
	for (const a of result.answers) {
		const asked = q.questions[a.questionIndex];
		if (asked === undefined) throw new Error(`answer for unknown question ${a.questionIndex}`);
		expect(a.question).toBe(asked.question);
		const labels = asked.options.map((o) => o.label);
		if (asked.multiSelect) {
			expect(a.kind).toBe("multi");
			if (!Array.isArray(a.answer)) throw new Error("multi answer must be an array");
			// An empty list is the explicit "none of these".
			const chosen = a.custom === undefined ? a.answer : a.answer.slice(0, -1);
			if (a.custom !== undefined) expect(a.answer.at(-1)).toBe(a.custom);
			for (const label of chosen) expect(labels).toContain(label);
			expect(chosen.length).toBeLessThanOrEqual(labels.length);
		} else if (a.kind === "option") {
			expect(labels).toContain(a.answer);
			// A chosen option's preview is echoed unless it is blank (protocol/read-answer.ts givenResult, for every host).
			const previews = asked.options
				.filter((o) => o.label === a.answer)
				.map((o) => (o.preview?.trim() ? o.preview : undefined));
			expect(previews).toContain(a.preview);
		} else {
			expect(a.kind).toBe("custom");
			expect(typeof a.answer === "string" && a.answer.trim() === a.answer && a.answer !== "").toBe(true);
		}
		if (a.notes !== undefined) expect(a.notes).not.toBe("");
	}
	const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !indexes.includes(i));
	expect(result.unanswered).toEqual(missing.length > 0 ? missing : undefined);
	if (result.outcome === "answered") expect(missing).toEqual([]);
	if (result.outcome === "partial") expect(missing.length).toBeGreaterThan(0);
	for (const note of result.questionNotes ?? []) {
		expect(missing).toContain(note.questionIndex);
		expect(note.notes).not.toBe("");
	}
}

describe("walkQuestionnaire: properties", () => {
	it("always ends within the budget and at most six dialogs after the script runs out, with a valid result", async () => {
		await fc.assert(
			fc.asyncProperty(questionnaire, fc.array(move, { maxLength: 80 }), async (q, moves) => {
				const host = new ScriptedHost(moves.map(toStep));
				const result = await walkQuestionnaire(q, host, { host: "rpc" });
				// At worst, once the script is out: the dialog it left open, back to the question, "Stop
				// answering?" dismissed, the question again, "Stop answering?" again (declines).
				expect(host.calls.length).toBeLessThanOrEqual(Math.min(DIALOG_BUDGET, moves.length + 6));
				expect(["answered", "partial", "declined", "deferred"]).toContain(result.outcome);
				expectSafeDialogs(host.calls);
				expectValidResult(q, result);
			}),
			{ numRuns: 400 },
		);
	});

	it("a client that never cancels still ends at the budget", async () => {
		await fc.assert(
			fc.asyncProperty(questionnaire, fc.array(fc.nat(20), { minLength: 1, maxLength: 10 }), async (q, picks) => {
				let i = 0;
				const pick = (call: Call) => {
					const k = picks[i++ % picks.length] ?? 0;
					return call.kind === "select" ? call.options[k % call.options.length] : `typed ${k}`;
				};
				const host = new ScriptedHost(Array.from({ length: DIALOG_BUDGET + 50 }, () => pick));
				const result = await walkQuestionnaire(q, host, { host: "rpc" });
				expect(host.calls.length).toBeLessThanOrEqual(DIALOG_BUDGET);
				expectValidResult(q, result);
			}),
			{ numRuns: 100 },
		);
	});

	it("an abort during any dialog ends the walk right there as interrupted", async () => {
		await fc.assert(
			fc.asyncProperty(questionnaire, fc.array(move, { maxLength: 40 }), fc.nat(40), async (q, moves, at) => {
				const controller = new AbortController();
				const steps = moves.map(toStep);
				const abortAt = Math.min(at, steps.length);
				steps.splice(abortAt, 0, () => {
					controller.abort();
					return undefined;
				});
				const host = new ScriptedHost(steps);
				const result = await walkQuestionnaire(q, host, { host: "rpc", signal: controller.signal });
				if (controller.signal.aborted) {
					expect(result.outcome).toBe("interrupted");
					expect(host.calls.length).toBe(abortAt + 1);
				} else {
					expect(host.calls.length).toBeLessThanOrEqual(abortAt);
				}
				expectValidResult(q, result);
			}),
			{ numRuns: 300 },
		);
	});
});
