/**
 * Pending questionnaires on the answer channel (tool/answer-pending.ts): each is announced as pending
 * when it becomes pending and again after a restore; an answer naming it settles the store, reaches the
 * agent (deliver) and then `closed` fires, once; answers that do not fit, name no questionnaire, or come
 * second are refused on the bus; an answer for a call still asking is left to that call.
 */
import { describe, expect, it, vi } from "vitest";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import type { PendingStore } from "../../src/pending/store.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { servePendingOnTheBus } from "../../src/tool/answer-pending.ts";
import { eventBus } from "../support/event-bus.ts";
import { questionnaire, restoredFrom, testSession } from "../support/pending-store.ts";

/** The README: `details` keep up to 256 Ki characters per string. */
const DETAILS_CAP = 256 * 1024;

function pending(id: string): PendingQuestionnaire {
	return { id, askedAt: 1_000, questionnaire, progress: emptyProgress(2) };
}

/** A questionnaire asked and put aside: pending from then on. */
function putAside(store: PendingStore, id: string): void {
	store.asked({ id, askedAt: 1_000, questionnaire });
	store.returned(id, { pending: true });
}

function setup() {
	const bus = eventBus();
	const { store } = testSession();
	const delivered: { id: string; result: QuestionnaireResult }[] = [];
	const channel = servePendingOnTheBus({
		events: bus,
		store,
		deliver: (p, result) => void delivered.push({ id: p.id, result }),
	});
	const on = (channelName: string) => bus.emitted.filter((e) => e.channel === channelName).map((e) => e.data);
	return { bus, store, delivered, channel, on };
}

/** Waits until `n` records were emitted on `channel` (the parser loads lazily, so the answer is handled later). */
const emittedOn = (bus: ReturnType<typeof eventBus>, channel: string, n: number) =>
	vi.waitFor(() => expect(bus.emitted.filter((e) => e.channel === channel).length).toBeGreaterThanOrEqual(n));

describe("pending questionnaires on the bus", () => {
	it("are announced as pending once each, and again when a session start restores them", () => {
		const { store, on } = setup();
		putAside(store, "a");
		store.progressed("a", { ...emptyProgress(2), globalNote: "later" });
		putAside(store, "b");
		expect(on(ANSWER_CHANNEL.asked)).toEqual([
			{ version: 1, id: "a", questions: questionnaire.questions, pending: true, askedAt: 1_000 },
			{ version: 1, id: "b", questions: questionnaire.questions, pending: true, askedAt: 1_000 },
		]);
		store.restore(restoredFrom([]));
		store.restore(restoredFrom([pending("a")]));
		expect(on(ANSWER_CHANNEL.asked).map((d) => (d as { id: string }).id)).toEqual(["a", "b", "a"]);
	});

	it("one a Pi below asked is announced with who asked, as its dialog says", () => {
		const { store, on } = setup();
		const from = { name: "scout", depth: 1, cwd: "/work" };
		store.asked({ id: "r", askedAt: 1_000, questionnaire, from });
		store.returned("r", { pending: true });
		expect(on(ANSWER_CHANNEL.asked)).toEqual([
			{ version: 1, id: "r", questions: questionnaire.questions, pending: true, askedAt: 1_000, from },
		]);
	});

	it("an answer naming one settles it, reaches the agent, then closed fires once", async () => {
		const { bus, store, delivered, on } = setup();
		putAside(store, "a");
		bus.emit(ANSWER_CHANNEL.answer, { id: "a", answers: [{ question: 0, options: ["redis"] }], by: "phone" });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "a", decline: true });
		await emittedOn(bus, ANSWER_CHANNEL.rejected, 1);
		const result = {
			outcome: "partial",
			cancelled: false,
			host: "programmatic",
			answers: [{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" }],
			unanswered: [1],
			answeredBy: { kind: "extension", name: "phone" },
		};
		expect(store.list()).toEqual([]);
		expect(delivered).toEqual([{ id: "a", result }]);
		expect(on(ANSWER_CHANNEL.closed)).toEqual([{ id: "a", result }]);
		// The second answer came while the first was being settled; a third, once it was gone.
		expect(on(ANSWER_CHANNEL.rejected)).toEqual([
			{ id: "a", problems: ["id: this questionnaire was answered meanwhile"] },
		]);
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "a", decline: true });
		expect(on(ANSWER_CHANNEL.rejected).at(-1)).toEqual({
			id: "a",
			problems: ['id: no questionnaire "a" is open or pending'],
		});
		expect(on(ANSWER_CHANNEL.closed)).toHaveLength(1);
	});

	it("answers are handled in the order they came, each to its end: closed for the first, then the second refused", async () => {
		// Regression: each answer awaited the lazily loaded parser and caps on its own, so the second answer
		// was refused on the bus before the first was delivered and closed, or after: either order.
		const { bus, store, delivered } = setup();
		putAside(store, "a");
		putAside(store, "b");
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "a", decline: true });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "a", decline: true });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "b", decline: true });
		await emittedOn(bus, ANSWER_CHANNEL.closed, 2);
		const order = bus.emitted
			.filter((e) => e.channel === ANSWER_CHANNEL.closed || e.channel === ANSWER_CHANNEL.rejected)
			.map((e) => `${e.channel === ANSWER_CHANNEL.closed ? "closed" : "rejected"} ${(e.data as { id: string }).id}`);
		expect(order).toEqual(["closed a", "rejected a", "closed b"]);
		expect(delivered.map((d) => d.id)).toEqual(["a", "b"]);
	});

	it("refuses an answer that does not fit (it stays pending), and one naming nothing open or pending", async () => {
		const { bus, store, delivered, on } = setup();
		putAside(store, "a");
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "a", answers: [{ question: 0, options: ["Memcached"] }] });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "nope", decline: true });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", decline: true });
		await emittedOn(bus, ANSWER_CHANNEL.rejected, 3);
		expect(on(ANSWER_CHANNEL.rejected)).toEqual([
			{ id: "nope", problems: ['id: no questionnaire "nope" is open or pending'] },
			{ id: undefined, problems: ["id: must name the questionnaire open or pending"] },
			{ id: "a", problems: ['answers[0].options: no option is labelled "Memcached"'] },
		]);
		expect(store.list().map((p) => p.id)).toEqual(["a"]);
		expect(delivered).toEqual([]);
		expect(on(ANSWER_CHANNEL.closed)).toEqual([]);
	});

	it("an answer for a call still asking is that call's: nothing here, no refusal", async () => {
		const { bus, store, on } = setup();
		store.asked({ id: "open-call", askedAt: 1_000, questionnaire });
		bus.emit(ANSWER_CHANNEL.answer, { by: "test-bridge", id: "open-call", decline: true });
		expect(on(ANSWER_CHANNEL.rejected)).toEqual([]);
	});

	it("settled from /answer (its deliver is the channel's settled): the agent hears first, then closed, once", async () => {
		const { store, channel, delivered, on } = setup();
		putAside(store, "a");
		const declined = finishedResult("tui", 2, "declined", { answers: [] });
		expect(store.settle("a", declined.outcome)).toBe(true);
		await channel.settled(pending("a"), declined);
		expect(delivered).toEqual([{ id: "a", result: declined }]);
		expect(on(ANSWER_CHANNEL.closed)).toEqual([{ id: "a", result: declined }]);
	});

	it("caps what it hands on, wherever it was settled: each string the agent and the bus get is cut at DETAILS_CAP", async () => {
		const { store, channel, delivered, on } = setup();
		putAside(store, "a");
		const huge = {
			questionIndex: 0,
			question: "Which cache?",
			kind: "custom",
			answer: "x".repeat(10_000_000),
		} as const;
		await channel.settled(pending("a"), finishedResult("tui", 2, "submitted", { answers: [huge] }));
		const closed = on(ANSWER_CHANNEL.closed)[0] as { result: QuestionnaireResult };
		for (const result of [delivered[0]?.result, closed.result]) {
			const answer = String(result?.answers[0]?.answer);
			expect(answer.startsWith("x".repeat(DETAILS_CAP))).toBe(true);
			expect(answer.length).toBeLessThan(DETAILS_CAP + 100);
		}
	});

	it("a deliver that fails still closes it on the bus; a throwing listener breaks nothing", async () => {
		const bus = eventBus();
		const { store } = testSession();
		bus.on(ANSWER_CHANNEL.asked, () => {
			throw new Error("listener bug");
		});
		const channel = servePendingOnTheBus({
			events: bus,
			store,
			deliver: () => Promise.reject(new Error("stale session")),
		});
		putAside(store, "a");
		const answered = finishedResult("tui", 2, "submitted", { answers: [] });
		await expect(channel.settled(pending("a"), answered)).rejects.toThrow("stale session");
		expect(bus.emitted.filter((e) => e.channel === ANSWER_CHANNEL.closed)).toHaveLength(1);
	});
});
