/**
 * The answer timeout on the dialog walker (RPC and editor hosts): a walk nobody answers ends as
 * `timed_out` when the time runs out, closing the open dialog; the first answered dialog (a cancel
 * too: someone chose it) stops the countdown for good; the dialog opened while it runs carries the
 * time left for hosts that show a countdown, a second longer than the walk's own deadline so the walk
 * ends it; an abort is still "interrupted"; no timer outlives the walk.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import type { Question } from "../../src/protocol/questions.ts";
import { Countdown } from "../../src/util/countdown.ts";
import { SMALL_CACHE_QUESTION as cache } from "../support/questions.ts";
import { ScriptedHost } from "./rpc-fake-host.ts";

const ship: Question = {
	question: "Ship it?",
	header: "Ship",
	options: [
		{ label: "Yes", description: "" },
		{ label: "No", description: "" },
	],
};
const REDIS = "1. Redis — shared";
/** A person who never answers. */
const away = () => new Promise<string | undefined>(() => {});

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe("walkQuestionnaire with an answer timeout", () => {
	it("ends as timed_out with nothing answered when nobody answers the first dialog", async () => {
		const host = new ScriptedHost([away]);
		const walking = walkQuestionnaire({ questions: [cache, ship] }, host, {
			host: "rpc",
			timeout: new Countdown(5_000),
		});
		await vi.advanceTimersByTimeAsync(4_999);
		expect(host.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		const result = await walking;
		expect(result).toMatchObject({ outcome: "timed_out", cancelled: true, host: "rpc", answers: [] });
		expect(result.unanswered).toEqual([0, 1]);
		expect(host.timeouts).toEqual([6_000]);
		expect(host.signals[0]?.aborted).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("stops at the first answered dialog: later dialogs carry no countdown and wait as long as it takes", async () => {
		const external = new AbortController();
		const host = new ScriptedHost([
			async () => {
				await new Promise((resolve) => setTimeout(resolve, 2_000));
				return REDIS;
			},
			away,
		]);
		const walking = walkQuestionnaire({ questions: [cache, ship] }, host, {
			host: "rpc",
			timeout: new Countdown(5_000),
			signal: external.signal,
		});
		await vi.advanceTimersByTimeAsync(86_400_000);
		expect(host.calls).toHaveLength(2);
		expect(host.timeouts).toEqual([6_000, undefined]);
		external.abort();
		const result = await walking;
		expect(result).toMatchObject({ outcome: "interrupted", answers: [{ answer: "Redis" }] });
		expect(vi.getTimerCount()).toBe(0);
	});

	it("a cancel is an answer too: it declines as usual and the countdown is gone", async () => {
		const host = new ScriptedHost([undefined]);
		const result = await walkQuestionnaire({ questions: [cache] }, host, {
			host: "rpc",
			timeout: new Countdown(5_000),
		});
		expect(result.outcome).toBe("declined");
		expect(vi.getTimerCount()).toBe(0);
	});

	it("an abort before the time is interrupted, not timed out", async () => {
		const external = new AbortController();
		const host = new ScriptedHost([away]);
		const timeout = new Countdown(5_000);
		const walking = walkQuestionnaire({ questions: [cache] }, host, { host: "rpc", timeout, signal: external.signal });
		await vi.advanceTimersByTimeAsync(1_000);
		external.abort();
		expect((await walking).outcome).toBe("interrupted");
		// Nobody answered: the countdown is its owner's to disarm (tool/open-on-host.ts ends it with the showing).
		expect(timeout.armed).toBe(true);
	});

	it("without a timeout, dialogs carry no countdown", async () => {
		const host = new ScriptedHost([REDIS]);
		const result = await walkQuestionnaire({ questions: [cache] }, host, { host: "rpc" });
		expect(result.outcome).toBe("answered");
		expect(host.timeouts).toEqual([undefined]);
	});
});
