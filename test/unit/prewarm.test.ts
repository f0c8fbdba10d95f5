/**
 * When the questionnaire UI loads ahead of the first call (src/pi/prewarm.ts): in Pi's terminal UI only,
 * once the session is idle after start or once Pi has sent a model request, never during start-up itself.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { installTuiPrewarm } from "../../src/pi/prewarm.ts";

/** The delays docs/performance.md promises: 250 ms after a TUI session starts, 20 ms after the first model request. */
const IDLE_DELAY_MS = 250;
const REQUEST_DELAY_MS = 20;

type Handler = (event: unknown, ctx: ExtensionContext) => unknown;

/** A Pi with just `on` (and unsubscribe); `fire` runs an event's handlers as Pi would. */
function fakePi() {
	const handlers = new Map<string, Set<Handler>>();
	const pi = {
		on(event: string, handler: Handler) {
			const set = handlers.get(event) ?? new Set<Handler>();
			set.add(handler);
			handlers.set(event, set);
			return () => set.delete(handler);
		},
	} as unknown as ExtensionAPI;
	const fire = (event: string, mode: string) => {
		for (const handler of [...(handlers.get(event) ?? [])]) handler({ type: event }, { mode } as ExtensionContext);
	};
	const listening = (event: string) => handlers.get(event)?.size ?? 0;
	return { pi, fire, listening };
}

/** Records each scheduled load's delay and whether it was cancelled. */
function recorder() {
	const scheduled: { delayMs: number; cancelled: boolean }[] = [];
	const prewarm = (delayMs: number) => {
		const entry = { delayMs, cancelled: false };
		scheduled.push(entry);
		return () => {
			entry.cancelled = true;
		};
	};
	return { scheduled, prewarm };
}

describe("installTuiPrewarm", () => {
	it("schedules the load when a TUI session starts, and again when Pi sends its first request", () => {
		const { pi, fire } = fakePi();
		const { scheduled, prewarm } = recorder();
		installTuiPrewarm(pi, { env: {}, prewarm });
		expect(scheduled).toEqual([]);
		fire("session_start", "tui");
		fire("before_provider_request", "tui");
		expect(scheduled.map((s) => s.delayMs)).toEqual([IDLE_DELAY_MS, REQUEST_DELAY_MS]);
	});

	it("stops listening to requests after the first one", () => {
		const { pi, fire, listening } = fakePi();
		const { scheduled, prewarm } = recorder();
		installTuiPrewarm(pi, { env: {}, prewarm });
		fire("before_provider_request", "tui");
		fire("before_provider_request", "tui");
		expect(scheduled).toHaveLength(1);
		expect(listening("before_provider_request")).toBe(0);
	});

	it.each(["rpc", "json", "print"])("loads nothing in %s mode, where the TUI never shows", (mode) => {
		const { pi, fire } = fakePi();
		const { scheduled, prewarm } = recorder();
		installTuiPrewarm(pi, { env: {}, prewarm });
		fire("session_start", mode);
		fire("before_provider_request", mode);
		expect(scheduled).toEqual([]);
	});

	it("cancels a load not yet started when the session shuts down", () => {
		const { pi, fire } = fakePi();
		const { scheduled, prewarm } = recorder();
		installTuiPrewarm(pi, { env: {}, prewarm });
		fire("session_start", "tui");
		fire("session_shutdown", "tui");
		expect(scheduled).toEqual([{ delayMs: IDLE_DELAY_MS, cancelled: true }]);
	});

	it("hands the load the session it was scheduled for (the rehearsal draws in its theme)", () => {
		const { pi, fire } = fakePi();
		const sessions: ExtensionContext[] = [];
		installTuiPrewarm(pi, {
			env: {},
			prewarm: (_delayMs, ctx) => {
				sessions.push(ctx);
				return () => {};
			},
		});
		fire("session_start", "tui");
		expect(sessions.map((ctx) => ctx.mode)).toEqual(["tui"]);
	});

	it("is off with PI_ASK_NO_PREWARM=1", () => {
		const { pi, fire, listening } = fakePi();
		const { scheduled, prewarm } = recorder();
		installTuiPrewarm(pi, { env: { PI_ASK_NO_PREWARM: "1" }, prewarm });
		fire("session_start", "tui");
		fire("before_provider_request", "tui");
		expect(scheduled).toEqual([]);
		expect(listening("before_provider_request")).toBe(0);
	});
});
