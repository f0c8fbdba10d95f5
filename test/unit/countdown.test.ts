/**
 * The answer timeout's clock (util/countdown.ts): it expires once, at its time, unless disarmed first;
 * it ticks once a second while armed; it reports the time left as a clock shows it; and the config's
 * seconds become milliseconds only for a usable number.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answerCountdown, Countdown, clockText } from "../../src/util/countdown.ts";

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe("Countdown", () => {
	it("expires once at its time, ticking each second until then, and leaves no timer", () => {
		const expire = vi.fn();
		const tick = vi.fn();
		const countdown = new Countdown(3_000);
		countdown.signal.addEventListener("abort", expire);
		countdown.onTick(tick);
		expect([countdown.armed, countdown.expired, countdown.secondsLeft()]).toEqual([true, false, 3]);
		vi.advanceTimersByTime(1_500);
		expect(countdown.secondsLeft()).toBe(2);
		expect(countdown.msLeft()).toBe(1_500);
		expect(tick).toHaveBeenCalledTimes(1);
		vi.advanceTimersByTime(1_499);
		expect(expire).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(expire).toHaveBeenCalledTimes(1);
		expect([countdown.armed, countdown.expired, countdown.secondsLeft()]).toEqual([false, true, undefined]);
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(10_000);
		expect(expire).toHaveBeenCalledTimes(1);
		expect(tick).toHaveBeenCalledTimes(2);
	});

	it("never expires once disarmed, and stops ticking", () => {
		const expire = vi.fn();
		const tick = vi.fn();
		const countdown = new Countdown(2_000);
		countdown.signal.addEventListener("abort", expire);
		countdown.onTick(tick);
		vi.advanceTimersByTime(1_000);
		countdown.disarm();
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(60_000);
		expect(expire).not.toHaveBeenCalled();
		expect(tick).toHaveBeenCalledTimes(1);
		expect([countdown.armed, countdown.expired, countdown.msLeft()]).toEqual([false, false, undefined]);
		countdown.disarm();
		expect(countdown.onTick(tick)).toBeTypeOf("function");
		expect(vi.getTimerCount()).toBe(0);
	});

	it("keeps a single timer until something ticks, and one ticker for every listener", () => {
		const countdown = new Countdown(5_000);
		expect(vi.getTimerCount()).toBe(1);
		const [a, b] = [vi.fn(), vi.fn()];
		const stopA = countdown.onTick(a);
		const stopB = countdown.onTick(b);
		expect(vi.getTimerCount()).toBe(2);
		vi.advanceTimersByTime(1_000);
		stopA();
		vi.advanceTimersByTime(1_000);
		expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 2]);
		stopB();
		expect(vi.getTimerCount()).toBe(1);
		countdown.disarm();
	});
});

describe("answerCountdown", () => {
	it("starts one for a usable number of seconds, none for a reopened questionnaire or no number", () => {
		const started = answerCountdown(1.5);
		expect(started?.msLeft()).toBe(1_500);
		started?.disarm();
		expect(answerCountdown(300)?.secondsLeft()).toBe(300);
		expect(answerCountdown(300, true)).toBeUndefined();
		for (const none of [undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])
			expect(answerCountdown(none)).toBeUndefined();
	});
});

describe("clockText", () => {
	it.each([
		[0, "0:00"],
		[5, "0:05"],
		[59.9, "0:59"],
		[60, "1:00"],
		[299, "4:59"],
		[3_599, "59:59"],
		[3_600, "1:00:00"],
		[86_400, "24:00:00"],
		[-3, "0:00"],
	])("%s s → %s", (seconds, text) => {
		expect(clockText(seconds)).toBe(text);
	});
});
