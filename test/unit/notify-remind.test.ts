/**
 * The reminder while questionnaires wait (config `remind`): the interval values the config takes (and the
 * schema's pattern agreeing with the parser), the clock (src/notify/remind.ts: `interval` after the last
 * change, only when quiet, again and again), and its wiring in a fake Pi (src/pi/remind.ts): only in the
 * TUI, only while idle, never while a dialog or `/answer` is open, with how many wait and what the oldest asks.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import fc from "fast-check";
import { Value } from "typebox/value";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AskConfig, configSchema, defaultConfig } from "../../src/config/schema.ts";
import { REMIND_PATTERN, Reminder, remindIntervalMs } from "../../src/notify/remind.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { installReminder } from "../../src/pi/remind.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { restoredFrom, testSession } from "../support/pending-store.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION, SMALL_CACHE_QUESTION } from "../support/questions.ts";

describe("remind: the values", () => {
	it.each<[unknown, number | undefined]>([
		["off", undefined],
		[undefined, undefined],
		[10, 10_000],
		[600, 600_000],
		[86_400, 86_400_000],
		["10s", 10_000],
		["90s", 90_000],
		["10m", 600_000],
		["1440m", 86_400_000],
		["1h", 3_600_000],
		["24h", 86_400_000],
		[9, undefined],
		[86_401, undefined],
		["9s", undefined],
		["25h", undefined],
		["1441m", undefined],
		["0m", undefined],
		["10", undefined],
		["1h30m", undefined],
		["10 m", undefined],
	])("%j → %j ms", (value, ms) => {
		expect(remindIntervalMs(value as never)).toBe(ms);
		// The config accepts exactly what has an interval, plus "off".
		const accepted = Value.Check(configSchema(), { remind: value });
		expect(accepted).toBe(value === undefined || value === "off" || ms !== undefined);
	});

	it("the schema's pattern and the parser agree on every <number><unit> (property)", () => {
		const pattern = new RegExp(REMIND_PATTERN);
		fc.assert(
			fc.property(fc.nat({ max: 200_000 }), fc.constantFrom("s", "m", "h"), (n, unit) => {
				const text = `${n}${unit}`;
				expect(pattern.test(text)).toBe(remindIntervalMs(text) !== undefined);
			}),
		);
	});

	it("is off by default", () => {
		expect(defaultConfig().remind).toBe("off");
	});
});

describe("Reminder: the clock", () => {
	function clock(facts: { interval?: number; pending?: boolean; quiet?: boolean }) {
		const timers: { task: () => void; ms: number; cancelled: boolean }[] = [];
		const reminded = vi.fn();
		const reminder = new Reminder({
			intervalMs: () => facts.interval,
			pending: () => facts.pending ?? true,
			quiet: () => facts.quiet ?? true,
			remind: reminded,
			later: (task, ms) => {
				const timer = { task, ms, cancelled: false };
				timers.push(timer);
				return () => {
					timer.cancelled = true;
				};
			},
		});
		const live = () => timers.filter((t) => !t.cancelled);
		const fire = () => {
			const [timer] = live();
			if (!timer) throw new Error("no timer");
			timer.cancelled = true;
			timer.task();
		};
		return { reminder, reminded, live, fire };
	}

	it("reminds an interval after the last poke, then every interval", () => {
		const c = clock({ interval: 600_000 });
		c.reminder.poke();
		c.reminder.poke();
		expect(c.live().map((t) => t.ms)).toEqual([600_000]);
		c.fire();
		c.fire();
		expect(c.reminded).toHaveBeenCalledTimes(2);
		expect(c.live()).toHaveLength(1);
	});

	it("off, or nothing pending: no timer at all", () => {
		const off = clock({ interval: undefined });
		off.reminder.poke();
		expect(off.live()).toEqual([]);
		const none = clock({ interval: 60_000, pending: false });
		none.reminder.poke();
		expect(none.live()).toEqual([]);
	});

	it("not quiet when it is due: skips that turn and keeps waiting", () => {
		const facts = { interval: 60_000, quiet: false };
		const c = clock(facts);
		c.reminder.poke();
		c.fire();
		expect(c.reminded).not.toHaveBeenCalled();
		expect(c.live()).toHaveLength(1);
		facts.quiet = true;
		c.fire();
		expect(c.reminded).toHaveBeenCalledTimes(1);
	});

	it("stop cancels; a reminder that throws does not stop the next", () => {
		const c = clock({ interval: 60_000 });
		c.reminded.mockImplementation(() => {
			throw new Error("terminal gone");
		});
		c.reminder.poke();
		c.fire();
		expect(c.live()).toHaveLength(1);
		c.reminder.stop();
		expect(c.live()).toEqual([]);
	});
});

type Handler = (event: unknown, ctx: unknown) => unknown;

describe("installReminder in a fake Pi", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	const pending = (id: string, askedAt: number, questions = [CACHE_QUESTION]): PendingQuestionnaire => ({
		id,
		askedAt,
		questionnaire: { questions },
		progress: emptyProgress(questions.length),
	});

	function setup(over: Partial<AskConfig> = { remind: "10m" }, ctxOver: Record<string, unknown> = {}) {
		const handlers = new Map<string, Handler[]>();
		const pi = {
			on(event: string, handler: Handler) {
				handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			},
		} as unknown as ExtensionAPI;
		const { store } = testSession();
		let answering = false;
		const sent: { title: string; body: string }[] = [];
		const state = { idle: true };
		const ctx = { mode: "tui", hasUI: true, isIdle: () => state.idle, ...ctxOver };
		installReminder(pi, {
			store,
			config: () => ({ ...defaultConfig(), ...over }),
			answering: () => answering,
			send: (title, body) => sent.push({ title, body }),
		});
		const fire = (event: string) => {
			for (const handler of handlers.get(event) ?? []) handler({}, ctx);
		};
		fire("session_start");
		return {
			store,
			sent,
			fire,
			state,
			setAnswering: (value: boolean) => {
				answering = value;
			},
		};
	}

	it("ten minutes after questionnaires were put aside, idle: how many wait and what the oldest asks", () => {
		const s = setup();
		s.store.restore(restoredFrom([pending("a", 1), pending("b", 2, [SMALL_CACHE_QUESTION, PLATFORM_QUESTION])]));
		vi.advanceTimersByTime(599_999);
		expect(s.sent).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(s.sent).toEqual([{ title: "2 questionnaires waiting · /answer", body: CACHE_QUESTION.question }]);
		vi.advanceTimersByTime(600_000);
		expect(s.sent).toHaveLength(2);
	});

	it("never while the agent runs; the wait starts again when it settles", () => {
		const s = setup();
		s.store.restore(restoredFrom([pending("a", 1)]));
		s.fire("agent_start");
		vi.advanceTimersByTime(1_800_000);
		expect(s.sent).toEqual([]);
		s.fire("agent_settled");
		vi.advanceTimersByTime(599_000);
		expect(s.sent).toEqual([]);
		vi.advanceTimersByTime(1_000);
		expect(s.sent).toHaveLength(1);
	});

	it("never while Pi says it is busy, a dialog is open, or /answer has one open", () => {
		const s = setup();
		s.store.restore(restoredFrom([pending("a", 1)]));
		s.state.idle = false;
		vi.advanceTimersByTime(600_000);
		s.state.idle = true;
		s.fire("ui_prompt_start");
		vi.advanceTimersByTime(1_800_000);
		s.fire("ui_prompt_end");
		s.setAnswering(true);
		vi.advanceTimersByTime(1_800_000);
		expect(s.sent).toEqual([]);
		s.setAnswering(false);
		vi.advanceTimersByTime(600_000);
		expect(s.sent).toHaveLength(1);
	});

	it("stops when nothing is pending any more, and after the session ends", () => {
		const s = setup();
		s.store.restore(restoredFrom([pending("a", 1)]));
		expect(s.store.settle("a", "answered")).toBe(true);
		vi.advanceTimersByTime(3_600_000);
		s.store.restore(restoredFrom([pending("b", 1)]));
		s.fire("session_shutdown");
		vi.advanceTimersByTime(3_600_000);
		expect(s.sent).toEqual([]);
	});

	it("off by default; never outside Pi's terminal UI (RPC's stdout is the protocol)", () => {
		for (const s of [
			setup({}),
			setup({ remind: "10m" }, { mode: "rpc" }),
			setup({ remind: "10m" }, { hasUI: false }),
		]) {
			s.store.restore(restoredFrom([pending("a", 1)]));
			vi.advanceTimersByTime(3_600_000);
			expect(s.sent).toEqual([]);
		}
	});
});
