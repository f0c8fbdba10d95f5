/**
 * Guarantee 6 (no leaks): 1,000 questionnaires opened and closed in one process (every way of ending
 * them) leave raw terminal input listeners, overlays, listeners on a long-lived abort signal, live timers
 * and the heap after GC where they were after a warm-up. The probe runs in a fresh `node --expose-gc`
 * process (leak-probe.ts); a second run that deliberately keeps every component alive shows the heap
 * check can fail.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { report } from "./support/corpus.ts";

const FULL = process.env.HARDENING_FULL === "1";
const PROBE = join(dirname(fileURLToPath(import.meta.url)), "leak-probe.ts");
/**
 * Heap growth allowed over a measured run of `n`: 2 MB plus 0.5 KB per questionnaire. What does grow is V8's
 * own (optimized code and deopt data, WeakRefs that AbortSignal.any leaves on the long-lived signal until
 * its FinalizationRegistry runs: measured with heap snapshots). One kept session costs ~30 KB, so keeping
 * even one in sixty fails.
 */
const heapTolerance = (n: number) => 2 * 1024 * 1024 + n * 512;

interface Counts {
	heapUsed: number;
	inputListeners: number;
	overlays: number;
	sharedSignalListeners: number;
	timeouts: number;
	immediates: number;
}
interface Probe {
	n: number;
	warmup: number;
	kept: number;
	ms: number;
	peak: { sharedSignalListeners: number; inputListeners: number; timers: number };
	outcomes: Record<string, number>;
	baseline: Counts;
	after: Counts;
}

function probe(n: number, warmup: number, leak = false): Probe {
	const args = ["--expose-gc", PROBE, String(n), String(warmup), ...(leak ? ["leak"] : [])];
	const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 240_000 });
	if (run.status !== 0) throw new Error(`leak probe failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
	const line = run.stdout.trim().split("\n").at(-1) ?? "";
	return JSON.parse(line) as Probe;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

describe("1,000 questionnaires in one process", () => {
	it("listeners, overlays, timers and heap return to the warm-up baseline", () => {
		const n = FULL ? 5000 : 1000;
		const p = probe(n, 200);
		const growth = p.after.heapUsed - p.baseline.heapUsed;
		report("leaks", {
			questionnaires: p.n,
			warmup: p.warmup,
			ms: p.ms,
			outcomes: JSON.stringify(p.outcomes),
			inputListeners: `${p.baseline.inputListeners}→${p.after.inputListeners} (peak ${p.peak.inputListeners})`,
			sharedSignalListeners: `${p.baseline.sharedSignalListeners}→${p.after.sharedSignalListeners} (peak ${p.peak.sharedSignalListeners})`,
			overlays: `${p.baseline.overlays}→${p.after.overlays}`,
			timers: `${p.baseline.timeouts + p.baseline.immediates}→${p.after.timeouts + p.after.immediates} (peak ${p.peak.timers})`,
			heap: `${mb(p.baseline.heapUsed)}→${mb(p.after.heapUsed)} (${growth >= 0 ? "+" : ""}${mb(growth)}, allowed ${mb(heapTolerance(n))})`,
		});
		expect(Object.values(p.outcomes).reduce((a, b) => a + b, 0)).toBe(n + 200);
		expect(Object.keys(p.outcomes).sort()).toEqual(["answered", "declined", "interrupted", "partial"]);
		// The instruments see what they count while a questionnaire is open…
		expect(p.peak.inputListeners).toBeGreaterThanOrEqual(1);
		expect(p.peak.sharedSignalListeners).toBeGreaterThanOrEqual(1);
		// …and nothing is left once they are all closed.
		expect(p.after.inputListeners).toBe(p.baseline.inputListeners);
		expect(p.after.overlays).toBe(0);
		expect(p.after.sharedSignalListeners).toBe(p.baseline.sharedSignalListeners);
		expect(p.after.timeouts).toBeLessThanOrEqual(p.baseline.timeouts);
		expect(p.after.immediates).toBeLessThanOrEqual(p.baseline.immediates);
		expect(growth).toBeLessThan(heapTolerance(n));
	}, 300_000);

	it("self-test: keeping every component alive does fail the heap check", () => {
		const p = probe(300, 50, true);
		const growth = p.after.heapUsed - p.baseline.heapUsed;
		report("leaks self-test", { kept: p.kept, heapGrowth: mb(growth) });
		expect(growth).toBeGreaterThan(heapTolerance(300));
	}, 120_000);
});
