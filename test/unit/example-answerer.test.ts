/**
 * The shipped example answerer (examples/recommended-after-delay.ts) on a fake bus with fake timers: it
 * answers an open questionnaire nobody answered in time, leaves alone one the person put aside (announced
 * again as pending), and stops waiting once a questionnaire is closed.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import recommendedAfterDelay from "../../examples/recommended-after-delay.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";

const questions = [
	{
		question: "Which queue?",
		header: "Queue",
		options: [
			{ label: "SQS (Recommended)", description: "" },
			{ label: "RabbitMQ", description: "" },
		],
	},
];

function start() {
	vi.useFakeTimers();
	const bus = eventBus();
	recommendedAfterDelay({ events: bus } as unknown as ExtensionAPI);
	const answers = () => bus.emitted.filter((e) => e.channel === ANSWER_CHANNEL.answer).map((e) => e.data);
	return { bus, answers };
}

afterEach(() => {
	vi.useRealTimers();
});

describe("the example answerer", () => {
	it("answers the recommended option of an open questionnaire nobody answered in time", () => {
		const { bus, answers } = start();
		bus.emit(ANSWER_CHANNEL.asked, { version: 1, id: "a", questions });
		vi.advanceTimersByTime(300_000);
		expect(answers()).toEqual([
			{ id: "a", answers: [{ question: 0, options: ["SQS (Recommended)"] }], by: "recommended-after-delay" },
		]);
	});

	it("leaves a questionnaire the person put aside to them", () => {
		const { bus, answers } = start();
		bus.emit(ANSWER_CHANNEL.asked, { version: 1, id: "a", questions });
		bus.emit(ANSWER_CHANNEL.asked, { version: 1, id: "a", questions, pending: true, askedAt: 0 });
		bus.emit(ANSWER_CHANNEL.asked, { version: 1, id: "b", questions, pending: true, askedAt: 0 });
		vi.advanceTimersByTime(600_000);
		expect(answers()).toEqual([]);
	});

	it("stops waiting once the questionnaire is closed", () => {
		const { bus, answers } = start();
		bus.emit(ANSWER_CHANNEL.asked, { version: 1, id: "a", questions });
		bus.emit(ANSWER_CHANNEL.closed, { id: "a", result: {} });
		vi.advanceTimersByTime(600_000);
		expect(answers()).toEqual([]);
	});
});
