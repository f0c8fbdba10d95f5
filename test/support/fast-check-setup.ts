/**
 * Shared fast-check configuration for every property test (vitest `setupFiles`): a failing property
 * prints its seed and counterexample path on stderr with the command that replays it, besides
 * fast-check's own failure message, so a failure seen once in CI can be run again; and `FC_SEED` pins
 * the seed of every property in the run (CI may set it, e.g. to the run number, and print it). A path
 * replays one property straight to its counterexample: pass `{ seed, path }` to that `fc.assert`.
 * `FC_NUM_RUNS` overrides the default number of runs (a test's own `numRuns` still wins).
 */
import fc from "fast-check";
import { expect } from "vitest";

/** Reads a whole-number environment variable; a value that is not one is a mistake worth stopping on. */
function intFromEnv(name: string): number | undefined {
	const raw = process.env[name];
	if (raw === undefined || raw.trim() === "") return undefined;
	const value = Number(raw);
	if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
	return value;
}

const seed = intFromEnv("FC_SEED");
const numRuns = intFromEnv("FC_NUM_RUNS");
fc.configureGlobal({
	...fc.readConfigureGlobal(),
	...(seed === undefined ? {} : { seed }),
	...(numRuns === undefined ? {} : { numRuns }),
});

/** Marks the fast-check instance this file set up, should a worker share it between test files. */
const INSTALLED = Symbol.for("pi-ask.fast-check-seed-report");
const registry = fc as unknown as Record<symbol, boolean>;
if (!registry[INSTALLED]) {
	registry[INSTALLED] = true;
	fc.installGlobalPlugin(() => ({
		onAllRunsComplete: (details: fc.RunDetails<unknown>) => {
			if (!details.failed) return;
			const { testPath, currentTestName } = expect.getState();
			const file = testPath === undefined ? "<file>" : testPath.replace(`${process.cwd()}/`, "");
			console.error(
				[
					`fast-check: property failed in "${currentTestName ?? "?"}" (${file})`,
					`  seed ${details.seed}, path "${details.counterexamplePath ?? ""}"`,
					`  replay: FC_SEED=${details.seed} npx vitest run ${file}`,
					`  or straight to the counterexample: fc.assert(…, { seed: ${details.seed}, path: "${details.counterexamplePath ?? ""}" })`,
				].join("\n"),
			);
		},
	}));
}
