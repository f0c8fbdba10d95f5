/**
 * IdleWork (tui/idle-work.ts): nothing runs before the quiet spell; then one step per timer turn until
 * the step reports nothing left; `stop` ends a run between steps; scheduling again while a run waits
 * does not restart the spell; a throwing step ends the run quietly; no timer is left behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleWork } from "../../src/tui/idle-work.ts";

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

/** A step that has `pieces` pieces of work left. */
function pieces(count: number) {
	let left = count;
	return vi.fn(() => {
		left--;
		return left > 0;
	});
}

describe("IdleWork", () => {
	it("waits for the quiet spell, then runs one step per timer turn until done", () => {
		const step = pieces(3);
		const work = new IdleWork(step, 50);
		work.schedule();
		vi.advanceTimersByTime(49);
		expect(step).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(step).toHaveBeenCalledTimes(1);
		vi.advanceTimersByTime(1);
		expect(step).toHaveBeenCalledTimes(2);
		vi.runAllTimers();
		expect(step).toHaveBeenCalledTimes(3);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("stops between steps, and a later schedule starts a new quiet spell", () => {
		const step = pieces(10);
		const work = new IdleWork(step, 50);
		work.schedule();
		vi.advanceTimersByTime(50);
		work.stop();
		expect(vi.getTimerCount()).toBe(0);
		work.schedule();
		vi.advanceTimersByTime(49);
		expect(step).toHaveBeenCalledTimes(1);
		vi.advanceTimersByTime(1);
		expect(step).toHaveBeenCalledTimes(2);
	});

	it("scheduling again while a run waits keeps its time", () => {
		const step = pieces(1);
		const work = new IdleWork(step, 50);
		work.schedule();
		vi.advanceTimersByTime(40);
		work.schedule();
		vi.advanceTimersByTime(10);
		expect(step).toHaveBeenCalledTimes(1);
	});

	it("a step that throws ends the run quietly", () => {
		const step = vi.fn(() => {
			throw new Error("layout failed");
		});
		const work = new IdleWork(step, 50);
		work.schedule();
		expect(() => vi.runAllTimers()).not.toThrow();
		expect(step).toHaveBeenCalledTimes(1);
		expect(vi.getTimerCount()).toBe(0);
	});
});
