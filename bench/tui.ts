/**
 * Keystroke cost, the 1 MB preview and memory, measured in a fresh `node --expose-gc` process
 * (tui-child.ts) so the heap figures see nothing of the other benchmarks.
 */
import { execFile } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Figure } from "./stats.ts";

const CHILD = fileURLToPath(new URL("./tui-child.ts", import.meta.url));

interface ChildOutput {
	missing?: string;
	keys: number[];
	warmingKeys: number[];
	warmingWaits: number[];
	noise: number[];
	frames: number[];
	firstFocus: number[];
	firstFocusPaced: number[];
	firstRenders: number[];
	firstEverRender: number;
	heapFirst: number;
	heapOpen: number[];
	megaFirst: number[];
	megaWarming: number[];
	megaKeys: number[];
	megaCountMs: number;
	megaCountWaits: number[];
	megaCountedKeys: number[];
}

function runChild(quick: boolean, nodeFlags: readonly string[] = []): Promise<ChildOutput> {
	const args = ["--expose-gc", ...nodeFlags, CHILD, ...(quick ? ["--quick"] : [])];
	return new Promise((resolve, reject) => {
		execFile(process.execPath, args, { timeout: 170_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
			if (error) reject(new Error(`tui child failed: ${error.message.split("\n")[0]}\n${stderr}`));
			else resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildOutput);
		});
	});
}

const NOT_LANDED = [
	"keystroke, worst case",
	"1 MB preview, first render",
	"1 MB preview, keystroke",
	"memory, open worst case",
];

/** The TUI rows; "n/a" rows when the TUI has not landed. */
export async function tuiFigures(quick: boolean): Promise<Figure[]> {
	const out = await runChild(quick);
	if (out.missing) return NOT_LANDED.map((name) => ({ name, unit: "ms", samples: [], note: out.missing }));
	// The warming keys again with one V8 helper thread instead of Node's default four: on a 2-core machine
	// those threads (background compiles, GC) can outnumber the cores and take the main thread's CPU.
	const onePool = await runChild(quick, ["--v8-pool-size=1"]);
	const setup = "4 questions × 4 options × 300-line markdown previews (code, CJK), 200 columns, Pi's dark theme";
	const cores = availableParallelism();
	return [
		{
			name: "keystroke, worst case p50",
			unit: "ms",
			samples: out.keys,
			target: { stat: "p50", max: 0.5 },
			note: `handleInput + render of the session component, a tour of every option, preview scrolling and tab; ${setup}. Timed once V8 has optimized the key path (after the keys of the warm-up rows below and ${quick ? "1,000" : "2,500"} more), as benchmarks time steady state`,
		},
		{ name: "keystroke, worst case p99", unit: "ms", samples: out.keys, target: { stat: "p99", max: 2 } },
		{
			name: "  (info) the same keys, V8 warming up",
			unit: "ms",
			samples: out.warmingKeys,
			note: "the tour while V8 still compiles the key path (after ~500 keys on fresh questionnaires): keys 500 to 1,000 of a Pi process",
		},
		...(out.warmingWaits.length === out.warmingKeys.length
			? [
					{
						name: "  (info) warming up, minus CPU wait",
						unit: "ms",
						samples: out.warmingKeys.map((ms, i) => Math.max(0, ms - (out.warmingWaits[i] ?? 0))),
						note: `each of those keys less the time its thread sat runnable waiting for a CPU (Linux schedstat): the keys' own work. The gap to the line above is the scheduler giving the main thread's core to other threads, V8's helper threads among them (Node starts 4 whatever the cores; this machine has ${cores})`,
					},
				]
			: []),
		{
			name: "  (info) warming up, one V8 helper thread",
			unit: "ms",
			samples: onePool.warmingKeys,
			note: "the same warming keys in `node --v8-pool-size=1`: without V8's background threads outnumbering the cores",
		},
		{
			name: "  (info) noise floor, fixed work",
			unit: "ms",
			samples: out.noise,
			note: "a fixed ~0.15 ms computation timed between the keys: its p99 is what this machine's load adds to any short task in the same moments (read the keystroke p99 against it)",
		},
		{
			name: "  (info) first focus of an option",
			unit: "ms",
			samples: out.firstFocusPaced,
			note: "the key that first focuses each option (and Tab to the next question) of a fresh worst case, 100 ms after the one before: the session has laid the preview out ahead while the user read",
		},
		{
			name: "  (info) the same, keys back to back",
			unit: "ms",
			samples: out.firstFocus,
			note: "no pause to lay out ahead in: each of these keys lays out its preview's first screen (pi-tui Markdown, CJK text), as every first focus did before laying out ahead",
		},
		{
			name: "  (info) worst case, first render",
			unit: "ms",
			samples: out.firstRenders,
			note: `first questionnaire in the process: ${out.firstEverRender.toFixed(1)} ms`,
		},
		{
			name: "  (info) full pi-tui frame per key",
			unit: "ms",
			samples: out.frames,
			note: "handleInput + pi-tui's own render (overlay compositing, diff, write to a discarding terminal)",
		},
		{
			name: "1 MB preview, first render",
			unit: "ms",
			samples: out.megaFirst,
			target: { stat: "median", max: 30 },
			note: "first option's preview is 1 MB of markdown, focused when the questionnaire opens",
		},
		{
			name: "1 MB preview, keystroke p99",
			unit: "ms",
			samples: out.megaKeys,
			target: { stat: "p99", max: 2 },
			note: "the tour over the 1 MB preview and its neighbours, timed like the worst case (after the warm-up row below and as many keys as there)",
		},
		{
			name: "1 MB preview counted, keystroke p99",
			unit: "ms",
			samples: out.megaCountedKeys,
			target: { stat: "p99", max: 2 },
			note: "the same tour once the session has laid the 1 MB preview out to its end while nobody pressed a key (its position line gives the exact count)",
		},
		{
			name: "  (info) 1 MB preview, a key's wait while counted",
			unit: "ms",
			samples: out.megaCountWaits,
			note: `while the preview is counted (one piece per event-loop turn), how late a timer due every 7 ms runs: what a key arriving then waits for the piece before its own work; counted ${(out.megaCountMs / 1000).toFixed(1)} s after the first frame`,
		},
		{
			name: "  (info) 1 MB preview, V8 warming up",
			unit: "ms",
			samples: out.megaWarming,
			note: "the first keys on the freshly opened 1 MB questionnaire: three of them first-focus a 300-line preview",
		},
		{
			name: "memory, open worst case",
			unit: "MB",
			samples: out.heapOpen,
			target: { stat: "median", max: 5 },
			note: "heapUsed after gc, open questionnaire with every preview visited, minus before opening",
		},
		{
			name: "  (info) first questionnaire in process",
			unit: "MB",
			samples: [out.heapFirst],
			note: "the same, plus loading the TUI module graph (once per Pi process)",
		},
	];
}
