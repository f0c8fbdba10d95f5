/**
 * The answer timeout in the terminal questionnaire (config `timeout`): an untouched questionnaire shows
 * a countdown and ends as `timed_out` with nothing answered; the first key (collapsing included) stops
 * it for good; without the setting nothing counts down.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messagesIn } from "../../src/i18n/messages.ts";
import { CACHE, fakeRawInput, KEYS, PLATFORMS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe("answer timeout", () => {
	it("counts down on screen and ends untouched as timed_out, with no answers", () => {
		const h = startSession([CACHE, PLATFORMS], { timeoutMs: 300_000 });
		expect(h.screen()).toContain("Closes in 5:00 if nobody answers · any key stops the countdown");
		h.tui.requestRender.mockClear();
		vi.advanceTimersByTime(1_000);
		expect(h.tui.requestRender).toHaveBeenCalledTimes(1);
		expect(h.screen()).toContain("Closes in 4:59 if nobody answers");
		vi.advanceTimersByTime(298_999);
		expect(h.results).toEqual([]);
		expect(h.screen()).toContain("Closes in 0:01");
		vi.advanceTimersByTime(1);
		expect(h.result()).toMatchObject({ outcome: "timed_out", cancelled: true, host: "tui", answers: [] });
		expect(h.result().unanswered).toEqual([0, 1]);
		expect(h.lines()).toEqual([]);
		vi.runAllTimers();
		expect(vi.getTimerCount()).toBe(0);
	});

	it("stops for good at the first key: the line goes and the questionnaire waits for the person", () => {
		const h = startSession([CACHE], { timeoutMs: 10_000 });
		h.screen();
		vi.advanceTimersByTime(9_000);
		h.press(k.down);
		expect(h.screen()).not.toContain("Closes in");
		vi.advanceTimersByTime(86_400_000);
		expect(h.results).toEqual([]);
		h.press(k.enter);
		expect(h.result()).toMatchObject({ outcome: "answered", answers: [{ answer: "SQLite file" }] });
	});

	it("collapsing to read the transcript is a key like any other: it stops the countdown", () => {
		const input = fakeRawInput();
		const h = startSession([CACHE], { timeoutMs: 10_000, rawInput: input.raw });
		h.session.setOverlay({ setHidden: vi.fn() });
		h.screen();
		h.press(k.ctrlBracket);
		expect(h.session.getState().collapsed).toBe(true);
		vi.advanceTimersByTime(60_000);
		expect(h.results).toEqual([]);
		input.send(k.ctrlBracket);
		expect(h.screen()).not.toContain("Closes in");
	});

	it('with onTimeout "defer" the countdown says the questionnaire will be put aside, not closed', () => {
		const h = startSession([CACHE], { timeoutMs: 5_000, onTimeout: "defer" });
		expect(h.screen()).toContain(
			"Put aside in 0:05 if nobody answers (/answer reopens it) · any key stops the countdown",
		);
		expect(h.screen()).not.toContain("Closes in");
		const zh = startSession([CACHE], { timeoutMs: 5_000, onTimeout: "defer", messages: messagesIn("zh-CN") });
		expect(zh.screen()).toContain(messagesIn("zh-CN").viewPutAsideIn("0:05"));
		vi.advanceTimersByTime(5_000);
		// The session reports a timeout; execute.ts turns it into the deferral (host-execute.test.ts).
		expect(h.result().outcome).toBe("timed_out");
	});

	it("without the setting nothing counts down", () => {
		const h = startSession([CACHE]);
		expect(h.screen()).not.toContain("Closes in");
		vi.advanceTimersByTime(86_400_000);
		expect(h.results).toEqual([]);
	});

	it("an abort before the time ends it as interrupted and leaves no timer", () => {
		const h = startSession([CACHE], { timeoutMs: 10_000 });
		h.screen();
		h.session.abort();
		expect(h.result().outcome).toBe("interrupted");
		vi.runAllTimers();
		expect(h.results).toHaveLength(1);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("the countdown line fits every width, in every language", () => {
		for (const locale of ["en", "zh-CN", "ja"] as const) {
			const messages = messagesIn(locale);
			const h = startSession([CACHE, PLATFORMS], { timeoutMs: 3_600_000, messages });
			expect(h.screen(120)).toContain(messages.viewClosesIn("1:00:00"));
			for (let width = 1; width <= 120; width++)
				for (const line of h.lines(width)) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
		}
	});
});
