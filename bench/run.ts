/**
 * `npm run bench`: measures the performance figures of issue #5 on the real code paths and prints
 * one table (figure | n | min | median | p99 | target | result). A report, not a test: it exits 0
 * unless `--strict` is given and a target is missed.
 *
 * Flags: --strict (exit 1 on a missed target), --quick (fewer runs),
 * --only=tokens,result,load,frame,big,second,tui,record,relay,serve.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Figure, renderTable, verdict } from "./stats.ts";

const SECTIONS = ["tokens", "result", "load", "frame", "big", "second", "tui", "record", "relay", "serve"] as const;
type Section = (typeof SECTIONS)[number];

const argv = process.argv.slice(2);
const strict = argv.includes("--strict");
const quick = argv.includes("--quick");
const onlyArg = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const only = new Set((onlyArg ? onlyArg.split(",") : SECTIONS).map((s) => s.trim()));
for (const name of only)
	if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`unknown section ${name}`);

/** Each section in its own module, imported only when it runs. */
const measure: Record<Section, () => Promise<Figure[]>> = {
	tokens: async () => (await import("./tokens.ts")).tokenFigures(),
	result: async () => (await import("./result-text.ts")).resultFigures(),
	load: async () => (await import("./load.ts")).loadFigures(quick ? 3 : 10),
	frame: async () => (await import("./first-frame.ts")).firstFrameFigures(quick ? 2 : 9),
	big: async () => (await import("./big-keys.ts")).bigKeyFigures(quick ? 1 : 3),
	second: async () => (await import("./second-call.ts")).secondCallFigures(quick ? 2 : 7),
	tui: async () => (await import("./tui.ts")).tuiFigures(quick),
	record: async () => (await import("./record.ts")).recordFigures(),
	relay: async () => [
		...(await (await import("./relay.ts")).relayFigures(quick ? 3 : 10)),
		...(await (await import("./relay-echo.ts")).relayEchoFigures(quick ? 10 : 30)),
	],
	serve: async () => (await import("./serve.ts")).serveFigures(quick ? 5 : 20),
};

function piVersion(): string {
	// The package's main is dist/index.js; its package.json sits one level up.
	const main = fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"));
	return (JSON.parse(readFileSync(join(dirname(main), "..", "package.json"), "utf8")) as { version: string }).version;
}

const started = performance.now();
const load = loadavg()
	.map((l) => l.toFixed(2))
	.join(" ");
console.log(
	`pi-ask-user-question bench — Node ${process.versions.node}, Pi ${piVersion()}, ${availableParallelism()} cores, load average ${load}`,
);
const figures: Figure[] = [];
for (const section of SECTIONS) {
	if (!only.has(section)) continue;
	const t0 = performance.now();
	try {
		figures.push(...(await measure[section]()));
	} catch (error) {
		const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
		figures.push({ name: `${section}: failed`, unit: "ms", samples: [], note: reason });
	}
	process.stderr.write(`  ${section} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
console.log("");
console.log(renderTable(figures));
// A section that could not measure is a miss too: a broken bench must not read as "all met".
const missed = figures.filter((f) => verdict(f) === "FAIL" || f.name.endsWith(": failed")).map((f) => f.name.trim());
console.log("");
console.log(
	`${missed.length === 0 ? "all measured targets met" : `missed: ${missed.join(", ")}`} — ${((performance.now() - started) / 1000).toFixed(0)} s total`,
);
if (strict && missed.length > 0) process.exitCode = 1;
