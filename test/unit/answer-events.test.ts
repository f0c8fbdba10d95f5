/**
 * Answering extensions announce themselves (tool/answer-events.ts): whichever loads first, the registry
 * hears them (it emits `ready` once it listens, and answerers announce at load and on `ready`); a
 * nameless announcement counts for nothing; a bus that throws leaves nobody announced.
 */
import { describe, expect, it } from "vitest";
import { ANSWER_CHANNEL, Answerers, type EventBus } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";

/** An answering extension as docs/answer-channel.md shows it: announces at load and again on `ready`. */
function answerer(events: EventBus, name: unknown): void {
	events.on(ANSWER_CHANNEL.ready, () => events.emit(ANSWER_CHANNEL.answerer, { name }));
	events.emit(ANSWER_CHANNEL.answerer, { name });
}

describe("Answerers", () => {
	it("hears an answerer that loads after it", () => {
		const events = eventBus();
		const answerers = new Answerers(events);
		expect(answerers.present).toBe(false);
		answerer(events, "supervisor");
		expect(answerers.present).toBe(true);
	});

	it("hears an answerer that loaded before it, through `ready`", () => {
		const events = eventBus();
		answerer(events, "supervisor");
		expect(new Answerers(events).present).toBe(true);
	});

	it("ignores announcements without a name", () => {
		const events = eventBus();
		const answerers = new Answerers(events);
		for (const payload of [undefined, null, "x", {}, { name: "   " }, { name: 3 }])
			events.emit(ANSWER_CHANNEL.answerer, payload);
		expect(answerers.present).toBe(false);
	});

	it("a bus that throws leaves nobody announced, and does not throw", () => {
		const broken: EventBus = {
			emit() {
				throw new Error("bus down");
			},
			on() {
				throw new Error("bus down");
			},
		};
		expect(new Answerers(broken).present).toBe(false);
		expect(new Answerers(undefined as unknown as EventBus).present).toBe(false);
	});
});
