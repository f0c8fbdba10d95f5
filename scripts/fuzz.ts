/**
 * `npm run fuzz [-- --runs N] [-- --seed S]`: the full input fuzz (issue 4, guarantee 3). Runs the
 * CI fuzz oracle (test/unit/fuzz-checks.ts) on 100,000 generated argument objects by default, through
 * `validateQuestionnaire` and `executeAskUserQuestion` with a scripted random user, and prints the
 * figures docs/reliability.md quotes. Exits 1 on the first broken guarantee, printing fast-check's shrunk
 * counterexample and the seed to replay it. Plain Node 22 (type stripping); no vitest.
 */
import fc from "fast-check";
import { type CaseReport, checkCase } from "../test/unit/fuzz-checks.ts";
import { type FuzzCase, fuzzCase } from "../test/unit/fuzz-inputs.ts";

/** The default seed: fixed, so the figures in docs/reliability.md can be reproduced exactly. */
const DEFAULT_SEED = 20_260_801;

interface Family {
	tried: number;
	valid: number;
}

interface Figures {
	tried: number;
	valid: number;
	outcomes: Map<string, number>;
	families: Map<string, Family>;
	problems: number;
	maxProblems: number;
	dialogs: number;
	maxTextChars: number;
	stray: number;
}

function option(name: string, fallback: number): number {
	const index = process.argv.indexOf(`--${name}`);
	const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
	if (!Number.isInteger(value)) throw new Error(`--${name} needs a whole number`);
	return value;
}

function record(figures: Figures, fuzz: FuzzCase, report: CaseReport): void {
	figures.tried++;
	if (report.valid) figures.valid++;
	figures.outcomes.set(report.outcome, (figures.outcomes.get(report.outcome) ?? 0) + 1);
	const family = figures.families.get(fuzz.family) ?? { tried: 0, valid: 0 };
	family.tried++;
	if (report.valid) family.valid++;
	figures.families.set(fuzz.family, family);
	figures.problems += report.problems;
	figures.maxProblems = Math.max(figures.maxProblems, report.problems);
	figures.dialogs += report.dialogs;
	figures.maxTextChars = Math.max(figures.maxTextChars, report.textChars);
}

const n = (value: number) => value.toLocaleString("en-US");

function print(figures: Figures, runs: number, seed: number, seconds: number): void {
	const lines = [
		`ask_user_question input fuzz — seed ${seed}, ${n(runs)} runs requested`,
		`inputs tried:        ${n(figures.tried)}`,
		`valid:               ${n(figures.valid)} (walked by a scripted random user, ${n(figures.dialogs)} dialogs)`,
		`invalid:             ${n(figures.tried - figures.valid)} (one invalid_questions result each; ${n(figures.problems)} problems, at most ${n(figures.maxProblems)} in one call)`,
		`outcomes:            ${[...figures.outcomes].map(([k, v]) => `${k} ${n(v)}`).join(", ")}`,
		`uncaught exceptions: ${n(figures.stray)} (plus 0 thrown by validate/execute: any would have stopped the run)`,
		`longest model text:  ${n(figures.maxTextChars)} characters`,
		`time:                ${seconds.toFixed(1)} s (${n(Math.round(figures.tried / seconds))} inputs/s)`,
		"by family (tried / valid):",
		...[...figures.families].map(([name, f]) => `  ${name.padEnd(24)} ${n(f.tried).padStart(8)} / ${n(f.valid)}`),
	];
	console.log(lines.join("\n"));
}

async function main(): Promise<number> {
	const runs = option("runs", 100_000);
	const seed = option("seed", DEFAULT_SEED);
	const figures: Figures = {
		tried: 0,
		valid: 0,
		outcomes: new Map(),
		families: new Map(),
		problems: 0,
		maxProblems: 0,
		dialogs: 0,
		maxTextChars: 0,
		stray: 0,
	};
	// Anything escaping the awaited calls (a rejection nobody handles, a throw in a timer) is counted.
	const stray = () => {
		figures.stray++;
	};
	process.on("unhandledRejection", stray);
	process.on("uncaughtException", stray);
	const started = performance.now();
	const property = fc.asyncProperty(fuzzCase, async (fuzz) => {
		record(figures, fuzz, await checkCase(fuzz));
		if (figures.tried % 10_000 === 0) process.stderr.write(`… ${n(figures.tried)} inputs\n`);
	});
	try {
		await fc.assert(property, { numRuns: runs, seed });
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		console.error(`FUZZ FAILURE after ${n(figures.tried)} inputs:\n${message.slice(0, 6_000)}`);
		return 1;
	}
	print(figures, runs, seed, (performance.now() - started) / 1000);
	return figures.stray === 0 ? 0 : 1;
}

process.exitCode = await main();
