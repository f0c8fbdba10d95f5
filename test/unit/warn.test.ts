/**
 * Warnings from a session start. Regression: the warning about unreadable saved questionnaires (and the
 * config warnings) was sent from `session_start`, which Pi's TUI runs before it renders a resumed
 * session's conversation, so the line landed above the whole transcript, out of view (after `/tree` Pi
 * even clears it). `warnOnceShown` sends it on the next turn of the event loop, once Pi has drawn the
 * conversation (the real Pi: test/e2e/lifecycle-visible.test.ts); without a UI it goes to stderr at once.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { warn, warnOnceShown } from "../../src/pi/warn.ts";

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});

function context(hasUI: boolean, notify: (message: string, type?: string) => void = () => {}) {
	return { hasUI, ui: { notify } } as unknown as ExtensionContext;
}

describe("warnOnceShown", () => {
	it("with a UI: not while the session starts, but on the next turn of the event loop", () => {
		const notes: [string, string | undefined][] = [];
		warnOnceShown(
			context(true, (message, type) => notes.push([message, type])),
			"1 saved questionnaire record could not be read and was skipped.",
		);
		expect(notes).toEqual([]);
		vi.advanceTimersByTime(0);
		expect(notes).toEqual([
			["ask_user_question: 1 saved questionnaire record could not be read and was skipped.", "warning"],
		]);
	});

	it("without a UI: on stderr at once (print mode may end before a timer)", () => {
		const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
		warnOnceShown(context(false), "bad config");
		expect(write).toHaveBeenCalledWith("ask_user_question: bad config\n");
		expect(vi.getTimerCount()).toBe(0);
	});

	it("a context gone stale meanwhile (a session switch) never throws", () => {
		warnOnceShown(
			context(true, () => {
				throw new Error("stale context");
			}),
			"x",
		);
		expect(() => vi.advanceTimersByTime(0)).not.toThrow();
		expect(() =>
			warn(
				context(true, () => {
					throw new Error("stale");
				}),
				"x",
			),
		).not.toThrow();
	});
});
