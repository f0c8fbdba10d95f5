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
	settledKeys: number[];
	noise: number[];
	frames: number[];
	firstRenders: number[];
	firstEverRender: number;
	heapFirst: number;
	heapOpen: number[];
	megaFirst: number[];
	megaKeys: number[];
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
	// The same keys with one V8 helper thread instead of Node's default four: on a 2-core machine those
	// threads (background compiles, GC) can outnumber the cores and take the main thread's CPU.
	const onePool = await runChild(quick, ["--v8-pool-size=1"]);
	const setup = "4 questions × 4 options × 300-line markdown previews (code, CJK), 200 columns, Pi's dark theme";
	return [
		{
			name: "keystroke, worst case p50",
			unit: "ms",
			samples: out.keys,
			target: { stat: "p50", max: 0.5 },
			note: `handleInput + render of the session component; ${setup}`,
		},
		{ name: "keystroke, worst case p99", unit: "ms", samples: out.keys, target: { stat: "p99", max: 2 } },
		{
			name: "  (info) same keys, JIT settled",
			unit: "ms",
			samples: out.settledKeys,
			note: "the same tour after 2,000 more keys: what is left once V8 has optimized the key path (the gap to the line above is compilation still going on)",
		},
		{
			name: "  (info) same keys, one V8 helper thread",
			unit: "ms",
			samples: onePool.keys,
			note: `node --v8-pool-size=1 (Node's default is 4 helper threads, whatever the cores; this machine has ${availableParallelism()}): the keys' tail without V8's background work outnumbering the cores`,
		},
		{
			name: "  (info) noise floor, fixed work",
			unit: "ms",
			samples: out.noise,
			note: "a fixed ~0.15 ms computation timed between the keys: its p99 is what this machine's load adds to any short task in the same moments (read the keystroke p99 against it)",
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
		{ name: "1 MB preview, keystroke p99", unit: "ms", samples: out.megaKeys, target: { stat: "p99", max: 2 } },
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
