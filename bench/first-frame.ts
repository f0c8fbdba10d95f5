/**
 * Tool call → first frame: the real `pi` binary in a pseudo-terminal with the fake model. Pi starts
 * with a prompt, so its first request goes out as soon as it is ready; the fake model answers with
 * the tool call at once and the bench notes that moment (server side). The frame is the arrival on
 * the pty of the question text, which only the questionnaire draws (the transcript's collapsed call
 * shows headers). Each run gets a fresh agent dir, cwd and TMPDIR (so an empty jiti transpile cache);
 * Node's compile cache is shared and primed, as on any machine that has run Pi before. Our preload of
 * the UI is on, as for anyone (src/pi/prewarm.ts): it runs while Pi waits for the model, so the fake model
 * thinks {@link THINK_MS} before it calls the tool, the least a real model takes (see there). The same
 * runs with no think time (the call as soon as the request arrives) and with the preload off
 * (PI_ASK_NO_PREWARM=1: the UI loads on the call) are reported beside it. Pi's own `ctx.ui.select` is
 * measured the same way as the baseline.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Step } from "../test/support/fake-model.ts";
import { removeDir } from "../test/support/fake-model.ts";
import { createHarness, piArgs, piCommand, REPO_ROOT } from "../test/support/pi.ts";
import type { ProbeTimes } from "./fixtures/probe-extension.ts";
import { startWatchedTerminal } from "./pty.ts";
import { type Figure, summarize } from "./stats.ts";
import { benchDirs, ptyPiEnv } from "./workload.ts";

const SELECT_EXTENSION = fileURLToPath(new URL("./fixtures/select-extension.ts", import.meta.url));
const OVERLAY_EXTENSION = fileURLToPath(new URL("./fixtures/overlay-extension.ts", import.meta.url));
const PROBE_EXTENSION = fileURLToPath(new URL("./fixtures/probe-extension.ts", import.meta.url));
const MARKER = "zqx";
/**
 * The fake model's think time between Pi's request and its tool call: no hosted model calls a tool sooner
 * (a network round-trip plus the time to its first token, 200 ms and more for the fastest, before the
 * arguments' tokens even stream). The preload needs about 10 ms of it.
 */
const THINK_MS = 200;
const TIMEOUT_MS = 30_000;
/**
 * The last option's description: the questionnaire draws every option with its description, while
 * the transcript's call line is collapsed (headers only, or Pi's one-line JSON of the arguments, cut
 * long before the last option). Never followed by `"`, which would mean JSON arguments.
 */
const QUESTIONNAIRE_FRAME = new RegExp(`Shared ${MARKER} across instances\\.(?!")`);
/** The select dialog's title (not in the call's arguments, which are empty). */
const SELECT_FRAME = new RegExp(`Which cache ${MARKER}\\?`);

/** One run's times, ms. */
export interface FrameRun {
	/** Tool call sent → question text on the terminal. */
	callToFrame: number;
	/** Pi spawned → tool call sent (start-up plus the first request). */
	spawnToCall: number;
	/** Pi's session_start → tool call sent (wall clock, ms resolution). */
	sessionToCall: number;
	/** Pi's first model request → tool call sent (wall clock, ms resolution). */
	requestToCall: number;
	/** When the tool call was sent, ms since the epoch (performance.timeOrigin + now), to line up with Pi's own marks. */
	calledAtEpoch: number;
	/** The terminal text just before and at the frame (for checking what was detected). */
	context: string;
}

/** Ours; Pi's select (the baseline); a three-line overlay through custom() (the overlay's floor). */
type Variant = "ours" | "select" | "overlay";

function toolCallStep(variant: Variant, thinkMs: number, onCall: () => void): Step {
	return async () => {
		if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
		onCall();
		if (variant !== "ours") return { toolCall: { name: "bench_select", arguments: {} } };
		const question = {
			question: "Which cache?",
			header: "Cache",
			options: [
				{ label: "Memory", description: "Fast; lost on restart." },
				{ label: "Disk", description: "Survives restarts." },
				{ label: "Redis", description: `Shared ${MARKER} across instances.` },
			],
		};
		return { toolCall: { name: "ask_user_question", arguments: { questions: [question] } } };
	};
}

/** One run: spawn pi, wait for the tool call and the frame, tear down. */
async function runOnce(
	variant: Variant,
	compileCache: string,
	tmp: string,
	{ thinkMs = THINK_MS, extraEnv = {} }: { thinkMs?: number; extraEnv?: Record<string, string> } = {},
): Promise<FrameRun> {
	let calledAt: number | undefined;
	let calledAtWall = 0;
	const harness = await createHarness([
		toolCallStep(variant, thinkMs, () => {
			calledAt = performance.now();
			calledAtWall = Date.now();
		}),
	]);
	const probeFile = join(tmp, "session-start");
	const { command, args } = piCommand();
	const piArguments = piArgs({
		loadExtension: false,
		extraArgs: [
			...(variant === "ours" ? ["-e", REPO_ROOT] : []),
			"-e",
			PROBE_EXTENSION,
			...(variant === "select" ? ["-e", SELECT_EXTENSION] : variant === "overlay" ? ["-e", OVERLAY_EXTENSION] : []),
			"go",
		],
	});
	const env = ptyPiEnv(harness.agentDir, {
		TMPDIR: tmp,
		NODE_COMPILE_CACHE: compileCache,
		PI_ASK_BENCH_MARKER: MARKER,
		PI_ASK_BENCH_PROBE: probeFile,
		...extraEnv,
	});
	const spawnedAt = performance.now();
	const term = startWatchedTerminal(command, [...args, ...piArguments], { cwd: harness.cwd, env, cols: 120, rows: 40 });
	try {
		const frameAt = await term.waitForText(variant === "ours" ? QUESTIONNAIRE_FRAME : SELECT_FRAME, TIMEOUT_MS);
		if (calledAt === undefined) throw new Error("the question appeared before the tool call was sent");
		const probe = JSON.parse(readFileSync(probeFile, "utf8")) as ProbeTimes;
		return {
			callToFrame: frameAt - calledAt,
			calledAtEpoch: performance.timeOrigin + calledAt,
			spawnToCall: calledAt - spawnedAt,
			sessionToCall: calledAtWall - (probe.sessionStart ?? Number.NaN),
			requestToCall: calledAtWall - (probe.request ?? Number.NaN),
			context: term.text().slice(-2000),
		};
	} catch (error) {
		const screen = term.text().slice(-1500);
		throw new Error(`${variant}: ${error instanceof Error ? error.message : String(error)}; output tail:\n${screen}`);
	} finally {
		term.close();
		await harness.dispose();
	}
}

/** Measures `runs` cold runs of our questionnaire and of Pi's select dialog. */
export async function firstFrameFigures(runs = 5): Promise<Figure[]> {
	const { root, dir, compileCache } = benchDirs("pi-ask-bench-frame-");
	try {
		// Primes Node's compile cache for Pi (and checks the set-up works); numbers discarded.
		await runOnce("select", compileCache, dir("prime"));
		const ours: FrameRun[] = [];
		const noThink: FrameRun[] = [];
		const noPrewarm: FrameRun[] = [];
		const select: FrameRun[] = [];
		const overlay: FrameRun[] = [];
		let failure: string | undefined;
		for (let attempt = 0; ours.length < runs && attempt < runs * 2; attempt++) {
			const tmp = dir(`run-${attempt}`);
			try {
				ours.push(await runOnce("ours", compileCache, tmp));
				noThink.push(await runOnce("ours", compileCache, dir(`now-${attempt}`), { thinkMs: 0 }));
				noPrewarm.push(
					await runOnce("ours", compileCache, dir(`off-${attempt}`), { extraEnv: { PI_ASK_NO_PREWARM: "1" } }),
				);
			} catch (error) {
				failure = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
				break;
			}
			if (select.length < runs) select.push(await runOnce("select", compileCache, dir(`select-${attempt}`)));
			if (overlay.length < runs) overlay.push(await runOnce("overlay", compileCache, dir(`overlay-${attempt}`)));
		}
		const overSelect = (list: FrameRun[]) =>
			list.flatMap((r, i) => (select[i] ? [r.callToFrame / select[i].callToFrame] : []));
		return [
			{
				name: "tool call → first frame, cold",
				unit: "ms",
				samples: ours.map((r) => r.callToFrame),
				target: { stat: "median", max: 50 },
				note:
					failure ??
					`real pi in a pty, fresh agent dir + empty jiti cache per run; the model thinks ${THINK_MS} ms: the call came ${median(ours.map((r) => r.requestToCall))} ms (median) after Pi's request`,
			},
			{
				name: "  first frame ÷ Pi's select, same run",
				unit: "×",
				samples: overSelect(ours),
				target: { stat: "median", max: 1.25 },
				note: "each cold run of ours over the select run after it (seconds apart: the pairing does not cancel a load that changes faster)",
			},
			{
				name: "  (info) median ÷ median, same bench run",
				unit: "×",
				samples: [medianOf(ours.map((r) => r.callToFrame)) / medianOf(select.map((r) => r.callToFrame))],
				note: "the two medians of this run, interleaved: steadier than the median of pairs on a loaded machine",
			},
			{
				name: "  (info) same, no think time",
				unit: "ms",
				samples: noThink.map((r) => r.callToFrame),
				note: `the call as soon as the request arrives: ${median(noThink.map((r) => r.requestToCall))} ms (median) after Pi's request, ${median(noThink.map((r) => r.sessionToCall))} ms after session_start`,
			},
			{
				name: "  (info) no think time ÷ Pi's select",
				unit: "×",
				samples: overSelect(noThink),
				note: "against the same select runs",
			},
			{
				name: "  (info) same, UI preload off",
				unit: "ms",
				samples: noPrewarm.map((r) => r.callToFrame),
				note: "PI_ASK_NO_PREWARM=1: the UI loads (and V8 compiles it) on the call",
			},
			{
				name: "  (info) preload off ÷ Pi's select",
				unit: "×",
				samples: overSelect(noPrewarm),
				note: "the worst case against the same select runs",
			},
			{
				name: "  (info) Pi's ctx.ui.select baseline",
				unit: "ms",
				samples: select.map((r) => r.callToFrame),
				note: "a one-line extension tool calling ctx.ui.select, same harness",
			},
			{
				name: "  (info) a three-line overlay ÷ Pi's select",
				unit: "×",
				samples: overSelect(overlay),
				note: `a tool showing three lines through ctx.ui.custom() as a bottom overlay, as ours is shown (median ${median(overlay.map((r) => r.callToFrame))} ms): the overlay's own share, the floor for any questionnaire drawn as one`,
			},
		];
	} finally {
		removeDir(root);
	}
}

function medianOf(values: number[]): number {
	return summarize(values)?.median ?? Number.NaN;
}

function median(values: number[]): string {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length === 0 ? "-" : (sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0);
}
