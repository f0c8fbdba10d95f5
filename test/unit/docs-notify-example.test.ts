/**
 * docs/notifications.md's notification extension does what the page says: loaded as
 * written, it posts what a questionnaire asks (the question, or the headers of several) once, when it opens,
 * not when a pending one is announced again, and a failed post breaks nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";
import { REPO_ROOT } from "../support/pi.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

/** The first ```js block of docs/notifications.md. */
function example(): string {
	const page = readFileSync(join(REPO_ROOT, "docs", "notifications.md"), "utf8");
	const match = /```js\n([\s\S]*?)```/.exec(page);
	if (!match?.[1]) throw new Error("docs/notifications.md has no js example");
	return match[1];
}

afterEach(() => vi.unstubAllGlobals());

describe("docs/notifications.md: a notification extension on the asked event", () => {
	it("is about ten lines", () => {
		expect(example().trim().split("\n").length).toBeLessThanOrEqual(10);
	});

	it("posts what is asked, once, and survives a failed post", async () => {
		const fetch = vi.fn(() => Promise.reject(new Error("offline")));
		vi.stubGlobal("fetch", fetch);
		const module = (await import(`data:text/javascript,${encodeURIComponent(example())}`)) as {
			default: (pi: unknown) => void;
		};
		const events = eventBus();
		module.default({ events });
		events.emit(ANSWER_CHANNEL.asked, { version: 1, id: "q1", questions: [CACHE_QUESTION] });
		events.emit(ANSWER_CHANNEL.asked, { version: 1, id: "q1", questions: [CACHE_QUESTION], pending: true });
		events.emit(ANSWER_CHANNEL.asked, { version: 1, id: "q2", questions: [CACHE_QUESTION, PLATFORM_QUESTION] });
		await new Promise((resolve) => setImmediate(resolve));
		expect(fetch.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
			{ method: "POST", headers: { Title: "Pi asks" }, body: CACHE_QUESTION.question },
			{ method: "POST", headers: { Title: "Pi asks" }, body: "Cache · Platforms" },
		]);
	});
});
