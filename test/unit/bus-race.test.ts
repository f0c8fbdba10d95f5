/**
 * One questionnaire answered from the host or from the event bus (ask/bus-race.ts): the first answer
 * wins. A bus answer closes the host's questionnaire through its signal and comes back with host
 * `programmatic` and who answered; a host answer ends the listening, so a later bus answer changes
 * nothing; a payload that does not fit is refused on the bus and the questionnaire goes on; answers for
 * other calls are ignored; a throwing listener cannot break the call; `asked` opens it all (`closed` is
 * the lifecycle's: ask-lifecycle.test.ts).
 */
import { describe, expect, it, vi } from "vitest";
import { raceTheBus } from "../../src/ask/bus-race.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";
import { SMALL_CACHE_QUESTION, withPreviews } from "../support/questions.ts";

const FORM: Questionnaire = { questions: [withPreviews(SMALL_CACHE_QUESTION, "redis.conf")] };

/** Races `open` against the bus for questionnaire `id`. */
function answerFromAnywhere(
	id: string,
	questionnaire: Questionnaire,
	events: ReturnType<typeof eventBus>,
	signal: AbortSignal | undefined,
	open: (signal: AbortSignal) => Promise<QuestionnaireResult>,
): Promise<QuestionnaireResult> {
	return raceTheBus({ id, questionnaire, askedAt: 0 }, { events, signal, open, reopened: false });
}

/** A host path that stays open until answered (`answer`) or aborted (then: interrupted). */
function host() {
	let answer: (result: QuestionnaireResult) => void = () => {};
	let signal: AbortSignal | undefined;
	const open = vi.fn(
		(s: AbortSignal) =>
			new Promise<QuestionnaireResult>((resolve) => {
				signal = s;
				answer = resolve;
				s.addEventListener("abort", () => resolve(finishedResult("tui", 1, "interrupted", { answers: [] })));
			}),
	);
	return { open, answer: (r: QuestionnaireResult) => answer(r), signal: () => signal };
}

const redisByTerminal = finishedResult("tui", 1, "submitted", {
	answers: [{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis", preview: "redis.conf" }],
});

describe("raceTheBus", () => {
	it("a bus answer wins: the host's questionnaire is closed and the result says who answered", async () => {
		const b = eventBus();
		const h = host();
		b.on(ANSWER_CHANNEL.asked, (data) => {
			const { id } = data as { id: string };
			queueMicrotask(() =>
				b.emit(ANSWER_CHANNEL.answer, { id, answers: [{ question: 0, options: ["redis"] }], by: "chat-bridge" }),
			);
		});
		const result = await answerFromAnywhere("call-1", FORM, b, undefined, h.open);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "programmatic",
			answeredBy: { kind: "extension", name: "chat-bridge" },
			answers: [{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis", preview: "redis.conf" }],
		});
		expect(h.signal()?.aborted).toBe(true);
		expect(b.emitted.map((e) => e.channel)).toEqual([ANSWER_CHANNEL.asked, ANSWER_CHANNEL.answer]);
		expect(b.emitted[0]?.data).toEqual({ version: 1, id: "call-1", questions: FORM.questions });
		expect(b.listeners()).toBe(1); // only the test's own `asked` listener is left
	});

	it("an answer given while `asked` is being emitted wins before anything is shown", async () => {
		const b = eventBus();
		const h = host();
		b.on(ANSWER_CHANNEL.asked, (data) =>
			b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: (data as { id: string }).id, decline: true }),
		);
		const result = await answerFromAnywhere("call-2", FORM, b, undefined, h.open);
		expect(result).toMatchObject({ outcome: "declined", host: "programmatic", answers: [] });
		expect(h.open).not.toHaveBeenCalled();
	});

	it("the host answers first: the listening ends and a later bus answer changes nothing", async () => {
		const b = eventBus();
		const h = host();
		const running = answerFromAnywhere("call-3", FORM, b, undefined, h.open);
		await Promise.resolve();
		h.answer(redisByTerminal);
		expect(await running).toBe(redisByTerminal);
		b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "call-3", decline: true });
		expect(b.listeners()).toBe(0);
	});

	it("the host's answer settles it at once: a bus answer right after it is late", async () => {
		const b = eventBus();
		const h = host();
		const running = answerFromAnywhere("call-8", FORM, b, undefined, h.open);
		h.answer(redisByTerminal);
		await Promise.resolve();
		b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "call-8", decline: true });
		expect(await running).toBe(redisByTerminal);
	});

	it("refuses an answer that does not fit, saying why, and goes on; answers for other calls are ignored", async () => {
		const b = eventBus();
		const h = host();
		const rejected: unknown[] = [];
		b.on(ANSWER_CHANNEL.rejected, (data) => rejected.push(data));
		const running = answerFromAnywhere("call-4", FORM, b, undefined, h.open);
		b.emit(ANSWER_CHANNEL.answer, {
			by: "test-bridge",
			id: "call-4",
			answers: [{ question: 0, options: ["Memcached"] }],
		});
		b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "another-call", decline: true });
		b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", decline: true });
		expect(rejected).toEqual([{ id: "call-4", problems: ['answers[0].options: no option is labelled "Memcached"'] }]);
		expect(h.signal()?.aborted).toBe(false);
		b.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "call-4", answers: [{ question: 0, text: "Memcached" }] });
		expect(await running).toMatchObject({
			outcome: "answered",
			host: "programmatic",
			answers: [{ answer: "Memcached" }],
		});
	});

	it("listeners can read but not change the (validated, frozen) questions", async () => {
		const b = eventBus();
		const h = host();
		const validated = validateQuestionnaire(structuredClone(FORM));
		if (!validated.ok) throw new Error("FORM is valid");
		const form = validated.questionnaire;
		const before = structuredClone(form);
		b.on(ANSWER_CHANNEL.asked, (data) => {
			(data as { questions: { question: string }[] }).questions[0]!.question = "changed";
		});
		const running = answerFromAnywhere("call-7", form, b, undefined, h.open);
		h.answer(redisByTerminal);
		const result = await running;
		expect(form).toEqual(before);
		expect(result.outcome).toBe("answered");
	});

	it("a listener that throws cannot break the call", async () => {
		const b = eventBus();
		const h = host();
		b.on(ANSWER_CHANNEL.asked, () => {
			throw new Error("listener bug");
		});
		const running = answerFromAnywhere("call-5", FORM, b, undefined, h.open);
		h.answer(redisByTerminal);
		expect(await running).toBe(redisByTerminal);
	});

	it("the tool's abort still ends the host path as interrupted", async () => {
		const b = eventBus();
		const h = host();
		const abort = new AbortController();
		const running = answerFromAnywhere("call-6", FORM, b, abort.signal, h.open);
		abort.abort();
		expect(await running).toMatchObject({ outcome: "interrupted", host: "tui" });
		expect(b.listeners()).toBe(0);
	});
});
