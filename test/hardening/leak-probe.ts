/**
 * The leak probe (guarantee 6), run in its own `node --expose-gc` process by leaks.test.ts (or by hand:
 * `node --expose-gc test/hardening/leak-probe.ts 1000`). Opens and closes N questionnaires one after the
 * other through the tool's execute on the Pi-like host (pi-tui's main-screen TUI, Pi's theme and overlay
 * semantics), ending them every way there is: an answer, a decline, an abort, the host disposing the
 * overlay, after the external editor and a note, after collapsing. It measures, after a warm-up and at the
 * end: raw terminal input listeners, overlays, listeners on one long-lived abort signal shared by every
 * call, live timers and immediates (async_hooks), and the heap after full GCs. Prints one JSON line.
 */
import { createHook } from "node:async_hooks";
import { executeAskUserQuestion } from "../../src/ask/execute.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION, withPreviews } from "../support/questions.ts";
import { PiLikeHost } from "./support/pi-host.ts";

const N = Number(process.argv[2] ?? 1000);
/** `leak` as the 4th argument keeps every questionnaire component alive: the probe's self-test. */
const SELF_TEST_LEAK = process.argv[4] === "leak";
const kept: unknown[] = [];
const WARMUP = Number(process.argv[3] ?? 200);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const live = new Map<number, string>();
createHook({
	init(id, type) {
		if (type === "Timeout" || type === "Immediate") live.set(id, type);
	},
	destroy(id) {
		live.delete(id);
	},
}).enable();

/** Listeners currently registered per event target, counted through EventTarget's own methods. */
const listeners = new WeakMap<object, number>();
const add = EventTarget.prototype.addEventListener;
const remove = EventTarget.prototype.removeEventListener;
EventTarget.prototype.addEventListener = function (
	this: EventTarget,
	...args: Parameters<EventTarget["addEventListener"]>
) {
	if (args[0] === "abort") listeners.set(this, (listeners.get(this) ?? 0) + 1);
	const options = args[2];
	if (args[0] === "abort" && typeof options === "object" && options?.once) {
		// A once listener is gone after it fires; count that as a removal.
		const original = args[1];
		let fired = false;
		const wrapped = (event: Event) => {
			if (!fired) {
				fired = true;
				listeners.set(this, (listeners.get(this) ?? 1) - 1);
			}
			if (typeof original === "function") original.call(this, event);
			else original?.handleEvent(event);
		};
		wrappers.set(original as object, wrapped);
		return add.call(this, args[0], wrapped, options);
	}
	return add.apply(this, args);
};
const wrappers = new WeakMap<object, (event: Event) => void>();
EventTarget.prototype.removeEventListener = function (
	this: EventTarget,
	...args: Parameters<EventTarget["removeEventListener"]>
) {
	const wrapped = args[1] ? wrappers.get(args[1] as object) : undefined;
	if (args[0] === "abort") listeners.set(this, Math.max(0, (listeners.get(this) ?? 0) - 1));
	if (wrapped) return remove.call(this, args[0], wrapped, args[2]);
	return remove.apply(this, args);
};

const FORM: Questionnaire = {
	questions: [
		withPreviews(SMALL_CACHE_QUESTION, "# Redis\n\n```\nredis-server\n```", "# Memory\n\nIn process."),
		SMALL_TARGETS_QUESTION,
	],
};

const host = await PiLikeHost.create({ cols: 120, rows: 40, emulate: false });
host.start();
const shared = new AbortController();
const loadTui = async (): Promise<TuiLoad> => ({
	ok: true,
	run: (q, ui, options) =>
		runTuiQuestionnaire(q, ui, { ...options, editExternally: async (text) => ({ ok: true, text: `${text} edited` }) }),
});
const tick = () => new Promise((r) => setImmediate(r));
const outcomes: Record<string, number> = {};
/** Highest counts seen while a questionnaire was open: proof the instruments see what they count. */
const peak = { sharedSignalListeners: 0, inputListeners: 0, timers: 0 };
function sample(): void {
	peak.sharedSignalListeners = Math.max(peak.sharedSignalListeners, listeners.get(shared.signal) ?? 0);
	peak.inputListeners = Math.max(peak.inputListeners, host.inputListenerCount());
	peak.timers = Math.max(peak.timers, live.size);
}

async function one(i: number): Promise<void> {
	const mode = i % 6;
	const own = mode === 2 ? new AbortController() : undefined;
	const signal = own?.signal ?? shared.signal;
	const before = host.doneTotal;
	const call = executeAskUserQuestion(FORM, { hasUI: true, mode: "tui", ui: host.ui, signal, loadTui });
	for (let k = 0; k < 20 && host.customCalls <= i; k++) await tick();
	host.frame();
	sample();
	switch (mode) {
		case 0: // answer both questions and submit
			host.press("\x1b[1;2B", "2", " ");
			host.frame();
			host.press("\x1b[B", "\x1b[B", "\x1b[B", "\r", "\r");
			break;
		case 1: // decline
			host.press("\x1b");
			break;
		case 2: // abort
			host.press("1");
			own?.abort();
			break;
		case 3: // the host disposes the overlay
			host.press("1");
			host.resetExtensionUI();
			break;
		case 4: // external editor and a note, then submit partially
			host.press("\x1b[B", "\x1b[B", "\r", "x", "\x07");
			sample();
			await tick();
			host.frame();
			host.press("\r", "n", "o", "k", "\r", "\t", "\r");
			break;
		case 5: // collapse, expand through raw input, answer
			host.press("\x1d");
			host.frame();
			sample();
			host.press("\x1d", "1", "\t", "\r");
			break;
	}
	const result = await call;
	if (SELF_TEST_LEAK) kept.push(host.shown());
	if (host.doneTotal !== before + 1) throw new Error(`call ${i}: done called ${host.doneTotal - before} times`);
	outcomes[result.details.outcome] = (outcomes[result.details.outcome] ?? 0) + 1;
	host.terminal.clearWritten();
}

function measure() {
	for (let k = 0; k < 4; k++) gc?.();
	const timers = [...live.values()];
	return {
		heapUsed: process.memoryUsage().heapUsed,
		inputListeners: host.inputListenerCount(),
		overlays: host.overlayCount(),
		sharedSignalListeners: listeners.get(shared.signal) ?? 0,
		timeouts: timers.filter((t) => t === "Timeout").length,
		immediates: timers.filter((t) => t === "Immediate").length,
	};
}

for (let i = 0; i < WARMUP; i++) await one(i);
await new Promise((r) => setTimeout(r, 50));
const baseline = measure();
const t0 = performance.now();
for (let i = WARMUP; i < WARMUP + N; i++) await one(i);
const ms = performance.now() - t0;
await new Promise((r) => setTimeout(r, 50));
const after = measure();
host.stop();
console.log(
	JSON.stringify({ n: N, warmup: WARMUP, kept: kept.length, peak, ms: Math.round(ms), outcomes, baseline, after }),
);
