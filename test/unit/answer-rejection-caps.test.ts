/**
 * Refusals on the answer channel stay small whatever another extension sends. Regression: one answer with
 * 1,000,000 entries came back as one `answer_rejected` event with 1,000,000 problems, and a 10 MB label or
 * id was quoted whole. Now, as argument validation does (validation.ts), lists are inspected up to 16
 * entries with one problem giving the count, at most 20 problems are listed (the last counts the rest),
 * and a quoted label or id is cut to 40 characters. Both the open call (answer-anywhere.ts) and a pending
 * questionnaire (answer-pending.ts) refuse through the same parser.
 */
import { describe, expect, it, vi } from "vitest";
import { raceTheBus } from "../../src/ask/bus-race.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { quotedExcerpt } from "../../src/protocol/quote.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { parseAnswer } from "../../src/tool/answer-channel.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { servePendingOnTheBus } from "../../src/tool/answer-pending.ts";
import { eventBus } from "../support/event-bus.ts";
import { testSession } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";

/** Payloads name who answers unless a test is about that name. */
const named = (payload: unknown) =>
	payload !== null && typeof payload === "object" && !Array.isArray(payload) && !("by" in payload)
		? { by: "test-bridge", ...payload }
		: payload;

const FORM: Questionnaire = { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] };
/** docs/answer-channel.md: "at most 20 problems are listed (the last counts the rest)". */
const MAX_PROBLEMS = 20;
/** docs/answer-channel.md: "a quoted label or id is cut to 40 characters". */
const QUOTED_MAX = 40;
/** Every problem is one short line: a path, a reason, a quoted excerpt at most. */
const SHORT = 200;

const refusal = (payload: unknown): string[] => {
	const parsed = parseAnswer(FORM, named(payload));
	if (parsed.ok) throw new Error("expected a refusal");
	return parsed.problems;
};

const bounded = (problems: readonly string[]) => {
	expect(problems.length).toBeGreaterThan(0);
	expect(problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
	for (const problem of problems) expect(problem.length).toBeLessThan(SHORT);
};

describe("parseAnswer's refusals", () => {
	it("1,000,000 answers: 20 problems at most, one saying how many there were", () => {
		const answers = Array.from({ length: 1_000_000 }, () => ({ question: 1, options: ["Nope", "Nada"], text: 3 }));
		const problems = refusal({ id: "a", answers });
		bounded(problems);
		expect(problems[0]).toBe(
			"answers: has 1000000 entries; at most one per question (2); only the first 16 were checked",
		);
		expect(problems.at(-1)).toMatch(/^… and \d+ more problems$/);
		expect(refusal({ answers: Array.from({ length: 1_000_000 }, () => 7) })).toHaveLength(17);
	});

	it("1,000,000 labels on one answer: one count problem, unknown labels from the first 16 only", () => {
		const options = Array.from({ length: 1_000_000 }, (_, i) => `label ${i}`);
		const problems = refusal({ answers: [{ question: 1, options }] });
		bounded(problems);
		expect(problems[0]).toBe(
			"answers[0].options: has 1000000 entries; the question has 2 options; only the first 16 were checked",
		);
		expect(problems.filter((p) => p.includes("no option is labelled"))).toHaveLength(16);
	});

	it("a 10 MB label is quoted as its first 40 characters and an ellipsis", () => {
		const label = "x".repeat(10_000_000);
		expect(refusal({ answers: [{ question: 0, options: [label] }] })).toEqual([
			`answers[0].options: no option is labelled "${"x".repeat(QUOTED_MAX)}…"`,
		]);
	});

	it("a few problems are listed as before, all of them", () => {
		// One problem each: all listed.
		expect(refusal({ answers: Array.from({ length: 16 }, () => ({ question: 9 })) })).toHaveLength(16);
		// Two unknown labels each, and every entry after the first answers question 0 twice: 47 problems.
		const capped = refusal({ answers: Array.from({ length: 16 }, () => ({ question: 0, options: ["A", "B"] })) });
		expect(capped).toHaveLength(MAX_PROBLEMS);
		expect(capped.at(-1)).toBe(`… and ${47 - (MAX_PROBLEMS - 1)} more problems`);
	});
});

describe("quotedExcerpt", () => {
	it("quotes short text whole and never cuts a surrogate pair in half", () => {
		expect(quotedExcerpt("Redis")).toBe('"Redis"');
		const emoji = `${"a".repeat(QUOTED_MAX - 1)}😀tail`;
		expect(quotedExcerpt(emoji)).toBe(`"${"a".repeat(QUOTED_MAX - 1)}…"`);
		expect(quotedExcerpt(`${"a".repeat(QUOTED_MAX - 2)}😀tail`)).toBe(`"${"a".repeat(QUOTED_MAX - 2)}😀…"`);
	});
});

describe("refusals on the bus", () => {
	it("an open call's refusal of a runaway answer is bounded", async () => {
		const bus = eventBus();
		const rejected: { problems: string[] }[] = [];
		bus.on(ANSWER_CHANNEL.rejected, (data) => rejected.push(data as { problems: string[] }));
		let close: (r: QuestionnaireResult) => void = () => {};
		const open = (signal: AbortSignal) =>
			new Promise<QuestionnaireResult>((resolve) => {
				close = resolve;
				signal.addEventListener("abort", () => resolve(finishedResult("tui", 2, "interrupted", { answers: [] })));
			});
		const running = raceTheBus(
			{ id: "call-1", questionnaire: FORM, askedAt: 0 },
			{ events: bus, signal: undefined, open, reopened: false },
		);
		bus.emit(ANSWER_CHANNEL.answer, {
			by: "test-bridge",
			id: "call-1",
			answers: Array.from({ length: 1_000_000 }, () => 1),
		});
		expect(rejected).toHaveLength(1);
		bounded(rejected[0]?.problems ?? []);
		close(finishedResult("tui", 2, "declined", { answers: [] }));
		await running;
	});

	it("a pending questionnaire's refusal, and one naming a 10 MB id, are bounded", async () => {
		const bus = eventBus();
		const { store } = testSession();
		servePendingOnTheBus({ events: bus, store, deliver: () => {} });
		store.asked({ id: "p", askedAt: 1_000, questionnaire: FORM });
		store.returned("p", { pending: true });
		const rejected = () =>
			bus.emitted.filter((e) => e.channel === ANSWER_CHANNEL.rejected).map((e) => e.data as { problems: string[] });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "i".repeat(10_000_000), decline: true });
		expect(rejected()[0]?.problems).toEqual([`id: no questionnaire "${"i".repeat(QUOTED_MAX)}…" is open or pending`]);
		bus.emit(ANSWER_CHANNEL.answer, {
			by: "test-bridge",
			id: "p",
			answers: Array.from({ length: 1_000_000 }, () => ({ question: 0 })),
		});
		await vi.waitFor(() => expect(rejected()).toHaveLength(2));
		bounded(rejected()[1]?.problems ?? []);
		expect(store.list()).toHaveLength(1);
	});
});
