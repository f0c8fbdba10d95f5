/**
 * In-process TUI measurements (spawned by tui.ts with --expose-gc; prints one JSON line), on the stand-in
 * of tui-host.ts. Each keystroke is timed as `handleInput` + `render` at 200 columns, the work Pi's TUI
 * asks of the component per key; pi-tui's own diff and write are timed separately as a full frame.
 */
import { existsSync, readFileSync } from "node:fs";
import { KEY, type Open, open, TOUR, tuiLanded, WIDTH } from "./tui-host.ts";
import { megabyteParams, worstCaseParams } from "./workload.ts";

const quick = process.argv.includes("--quick");

if (!tuiLanded) {
	process.stdout.write(`${JSON.stringify({ missing: "src/tui/run.ts not found (TUI not landed)" })}\n`);
	process.exit(0);
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const collect = () => {
	gc();
	gc();
};

/** Per-key samples: wall time of `handleInput` + `render`, and how much of it the thread waited for a CPU. */
interface KeyTimes {
	times: number[];
	/** Run-queue wait per key (Linux schedstat); empty where the kernel does not expose it. */
	waits: number[];
}

/**
 * Times `count` keys. With `noise`, a fixed computation is timed after every key too: on a busy or shared
 * machine its p99 is what the load adds to any short task in the same moments as the keys.
 */
function keystrokes(session: Open, count: number, keys: readonly string[] = TOUR, noise?: number[]): KeyTimes {
	const times: number[] = [];
	const waits: number[] = [];
	for (let i = 0; i < count; i++) {
		if (noise) noise.push(fixedWork());
		const key = keys[i % keys.length] ?? KEY.down;
		const waitBefore = cpuWaitMs();
		const t0 = performance.now();
		session.component.handleInput?.(key);
		const lines = session.component.render(WIDTH);
		times.push(performance.now() - t0);
		const waitAfter = cpuWaitMs();
		if (waitBefore !== undefined && waitAfter !== undefined) waits.push(waitAfter - waitBefore);
		if (lines.length === 0 || session.finished()) throw new Error(`the questionnaire closed at keystroke ${i}`);
	}
	return { times, waits };
}

/** Times `keys` pressed `gapMs` apart, the event loop idle in between, as between a person's keys. */
async function pacedKeystrokes(session: Open, keys: readonly string[], gapMs: number): Promise<number[]> {
	const times: number[] = [];
	for (const key of keys) {
		await new Promise((resolve) => setTimeout(resolve, gapMs));
		const t0 = performance.now();
		session.component.handleInput?.(key);
		session.component.render(WIDTH);
		times.push(performance.now() - t0);
	}
	return times;
}

const SCHEDSTAT = "/proc/thread-self/schedstat";
const hasSchedstat = existsSync(SCHEDSTAT);

/**
 * Milliseconds this thread has spent runnable but waiting for a CPU (the second field of Linux's
 * schedstat), or undefined where it is not exposed. Read outside the timed span of a key.
 */
function cpuWaitMs(): number | undefined {
	if (!hasSchedstat) return undefined;
	const waitNs = Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[1]);
	return Number.isFinite(waitNs) ? waitNs / 1e6 : undefined;
}

function timedRender(session: Open): { ms: number; lines: readonly string[] } {
	const t0 = performance.now();
	const lines = session.component.render(WIDTH);
	return { ms: performance.now() - t0, lines };
}

/** pi-tui's whole frame (compose, diff, write) after a key, via its render entry point. */
function fullFrames(session: Open, count: number): number[] {
	const doRender = (session.tui as unknown as { doRender?: () => void }).doRender?.bind(session.tui);
	if (!doRender) return [];
	const times: number[] = [];
	for (let i = 0; i < count; i++) {
		const key = TOUR[i % TOUR.length] ?? KEY.down;
		const t0 = performance.now();
		session.component.handleInput?.(key);
		doRender();
		times.push(performance.now() - t0);
	}
	return times;
}

/** A fixed computation of ~0.15 ms, timed: see `noise` below. */
function fixedWork(): number {
	let sink = 0;
	const t0 = performance.now();
	for (let j = 0; j < 40_000; j++) sink += Math.sqrt(j);
	const ms = performance.now() - t0;
	if (sink < 0) throw new Error("unreachable");
	return ms;
}

const heapMB = () => process.memoryUsage().heapUsed / (1024 * 1024);
const worst = worstCaseParams();
const mega = megabyteParams();
const keyCount = quick ? 200 : 500;
/**
 * Keys pressed before the measured ones, so they time the key path as V8 has optimized it. Until then V8
 * is still compiling it on helper threads; those keys are measured too and reported beside.
 */
const warmupCount = quick ? 1000 : 2500;

// First-ever questionnaire in this process: includes loading the TUI module graph.
collect();
const heapStart = heapMB();
const first = await open(worst);
const firstRender = timedRender(first);
if (!firstRender.lines.some((line) => line.includes("Question 1"))) throw new Error("first frame lacks the question");
keystrokes(first, TOUR.length * 5);
collect();
const heapFirst = heapMB() - heapStart;
first.close();

// Steady state: a fresh worst-case questionnaire, every preview visited.
const heapOpen: number[] = [];
const firstRenders: number[] = [];
let steady: Open | undefined;
for (let i = 0; i < 3; i++) {
	steady?.close();
	steady = undefined;
	collect();
	const before = heapMB();
	steady = await open(worst);
	firstRenders.push(timedRender(steady).ms);
	keystrokes(steady, TOUR.length * 5);
	collect();
	heapOpen.push(heapMB() - before);
}
if (!steady) throw new Error("unreachable");
const noise: number[] = [];
const warmingKeys = keystrokes(steady, keyCount, TOUR, noise);
keystrokes(steady, warmupCount);
const keys = keystrokes(steady, keyCount).times;
const frames = fullFrames(steady, quick ? 60 : 150);
steady.close();

// First focus of each option of a fresh worst case: back to back, the key lays out that preview's first
// screen; with a person's pause before it, the session has laid it out ahead already.
const FIRST_FOCUS = Array.from({ length: 4 }, () => [KEY.down, KEY.down, KEY.down, KEY.tab])
	.flat()
	.slice(0, -1);
const backToBack = await open(worst);
timedRender(backToBack);
const firstFocus = keystrokes(backToBack, FIRST_FOCUS.length, FIRST_FOCUS).times;
backToBack.close();
const paced = await open(worst);
timedRender(paced);
const firstFocusPaced = await pacedKeystrokes(paced, FIRST_FOCUS, 100);
paced.close();

// 1 MB preview: first render with it focused, then keystrokes over it and its neighbours.
const megaFirst: number[] = [];
let megaWarming: number[] = [];
let megaKeys: number[] = [];
for (let i = 0; i < 3; i++) {
	const session = await open(mega);
	const render = timedRender(session);
	megaFirst.push(render.ms);
	if (i === 2) {
		megaWarming = keystrokes(session, keyCount).times;
		keystrokes(session, warmupCount);
		megaKeys = keystrokes(session, keyCount).times;
	}
	session.close();
}

// 1 MB preview counted: while nobody presses a key the session lays the preview on screen out to its end, so
// its position line gives the exact count. How long that takes, how long a key arriving meanwhile would wait
// for the piece being laid out (a timer due every 7 ms stands for the key: how late it runs), and the keys
// afterwards, on the counted preview.
const counting = await open(mega);
timedRender(counting);
const countStart = performance.now();
const keyWaits: number[] = [];
const isCounted = () => !counting.component.render(WIDTH).some((line) => line.includes("of ≥"));
for (let polls = 0; performance.now() - countStart < 120_000; polls++) {
	const due = performance.now() + 7;
	await new Promise((resolve) => setTimeout(resolve, 7));
	keyWaits.push(Math.max(0, performance.now() - due));
	// Looking at the screen is a frame; not too often, or it would keep restarting the wait before counting.
	if (polls % 40 === 39 && isCounted()) break;
}
const megaCountMs = performance.now() - countStart;
if (!isCounted()) throw new Error("the 1 MB preview was not counted in two minutes");
keystrokes(counting, warmupCount);
const megaCountedKeys = keystrokes(counting, keyCount).times;
counting.close();

process.stdout.write(
	`${JSON.stringify({
		keys,
		warmingKeys: warmingKeys.times,
		warmingWaits: warmingKeys.waits,
		noise,
		frames,
		firstFocus,
		firstFocusPaced,
		firstRenders,
		firstEverRender: firstRender.ms,
		heapFirst,
		heapOpen,
		megaFirst,
		megaWarming,
		megaKeys,
		megaCountMs,
		megaCountWaits: keyWaits,
		megaCountedKeys,
	})}\n`,
);
process.exit(0);
