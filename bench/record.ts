/**
 * What keeping a questionnaire durable while it is open costs: bytes added to the session file and the
 * keys' time with recording on, measured in a fresh process (record-child.ts).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Figure } from "./stats.ts";

const CHILD = fileURLToPath(new URL("./record-child.ts", import.meta.url));

interface ChildOutput {
	missing?: string;
	asked: number;
	total: number;
	typed: number[];
	recording: number[];
	keyTimes: number[];
	writes: number[];
	megaAsked: number;
	megaRounds: number[];
}

function runChild(): Promise<ChildOutput> {
	return new Promise((resolve, reject) => {
		execFile(process.execPath, [CHILD], { timeout: 170_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
			if (error) reject(new Error(`record child failed: ${error.message.split("\n")[0]}\n${stderr}`));
			else resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildOutput);
		});
	});
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function recordFigures(): Promise<Figure[]> {
	const out = await runChild();
	if (out.missing) return [{ name: "recording: failed", unit: "ms", samples: [], note: out.missing }];
	const given = out.total - out.asked;
	return [
		{
			name: "recorded: typing 2,000 chars + 4 answers",
			unit: "KB",
			samples: [given / 1024],
			target: { stat: "max", max: 64 },
			note: `session file bytes for what was given (progress patches at 8 keys/s, ${out.writes.length} writes, and the settled record): ${kb(given)}; the questions, once when shown (worst case, 300-line previews): ${kb(out.asked)}, naming the call whose arguments hold them (a copy before: 219 KB)`,
		},
		{
			name: "recorded: Answer later round, 1 MB previews",
			unit: "KB",
			samples: out.megaRounds.map((b) => b / 1024),
			target: { stat: "max", max: 1 },
			note: `bytes one more round of reopen / answer / put aside adds (the questions' record, ${kb(out.megaAsked)}, is written once when first shown and names the call; a 1.1 MB copy before)`,
		},
		{
			name: "recording's share of a typed key, p99",
			unit: "ms",
			samples: out.recording,
			target: { stat: "p99", max: 0.05 },
			note: "per typed key: the state read as progress and the store told of it (it schedules the write, never writes on a key)",
		},
		{
			name: "  (info) the typed keys, whole",
			unit: "ms",
			samples: out.typed,
			note: "handleInput + render of each of the 2,000 typed keys into one growing draft (pi-tui's Editor re-wraps it), recording on",
		},
		{
			name: "  (info) one progress write",
			unit: "ms",
			samples: out.writes,
			note: "a write of the store's timer, between keys: Pi's appendCustomEntry (JSON + appendFileSync)",
		},
	];
}
