/**
 * `npm run compat`: installs each Pi version of COMPAT_VERSIONS that `npm install` did not bring (the
 * devDependency, or an npm alias `pi-<version>`, test/support/pi-install.ts) into a scratch folder
 * (outside the repository, removed afterwards), runs the compat smoke (test/e2e/compat.test.ts: TUI
 * answer and decline in tmux, RPC round trip, print-mode hiding, install of the packed tarball) and the
 * real-world argument shapes (test/e2e/real-world-arguments.test.ts) on it, and prints a Markdown table of the results for
 * docs/pi-versions.md, and what Pi does on its own with each shape (test/e2e/pi-own-validation.ts). Exits 1
 * when a check fails on a version at or after the oldest supported one. `--only=1.3.0,1.6.0` picks versions;
 * `--write` records each version's "Pi on its own" results (test/e2e/pi-own-validation.json) and rewrites
 * docs/arguments.md's table of them, and (over every version) docs/pi-versions.md's table of results.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isOlderVersion, OLDEST_SUPPORTED_PI } from "../src/pi/pi-version.ts";
import { SMOKE_CHECKS } from "../test/e2e/compat-smoke.ts";
import { PI_OWN } from "../test/e2e/pi-own-validation.ts";
import { writeDocSection } from "../test/support/doc-section.ts";
import { aliasedPi, installPi } from "../test/support/pi-install.ts";
import { COMPAT_VERSIONS } from "./compat-versions.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const devPi = (
	JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }
).devDependencies["@earendil-works/pi-coding-agent"];

interface VitestReport {
	testResults: { assertionResults: { title: string; status: string }[] }[];
}

const only = process.argv
	.find((arg) => arg.startsWith("--only="))
	?.slice("--only=".length)
	.split(",");
const write = process.argv.includes("--write");
const versions = COMPAT_VERSIONS.filter((v) => only === undefined || only.includes(v));
const rows: string[] = [];
let failed = false;
for (const version of versions) {
	let home = version === devPi ? undefined : aliasedPi(version);
	let scratch: string | undefined;
	let install = home === undefined ? "devDependency" : "devDependency alias";
	try {
		if (version !== devPi && home === undefined) {
			const installed = await installPi(version);
			home = installed.home;
			scratch = installed.home;
			install = `${(installed.ms / 1000).toFixed(1)} s`;
		}
	} catch (error) {
		rows.push(`| ${version} | install failed: ${String(error).split("\n")[0]} |`);
		failed = true;
		continue;
	}
	const report = join(tmpdir(), `pi-ask-compat-report-${process.pid}-${version}.json`);
	const started = Date.now();
	spawnSync(
		process.execPath,
		[
			join(ROOT, "node_modules", "vitest", "vitest.mjs"),
			"run",
			"test/e2e/compat.test.ts",
			"test/e2e/real-world-arguments.test.ts",
			// One file at a time: both may rewrite docs/arguments.md (with --write), and the machine is shared.
			"--no-file-parallelism",
			"--reporter=json",
			`--outputFile=${report}`,
		],
		{
			cwd: ROOT,
			stdio: ["ignore", "ignore", "inherit"],
			env: {
				...process.env,
				PI_ASK_COMPAT_RUN: "1",
				...(home ? { PI_ASK_PI_HOME: home } : {}),
				...(write ? { PI_ASK_WRITE_DOCS: "1" } : {}),
			},
		},
	);
	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	const results = readResults(report);
	const mark = (passed: boolean | undefined) => (passed === undefined ? "?" : passed ? "✓" : "✗");
	const checks = SMOKE_CHECKS.map((check) => mark(results.find((r) => r.title.startsWith(`${check}:`))?.passed));
	const own = results.filter((r) => r.title.startsWith(`${PI_OWN}:`));
	const shapes = results.filter((r) => !own.includes(r) && !SMOKE_CHECKS.some((c) => r.title.startsWith(`${c}:`)));
	const count = (list: typeof results) => `${list.filter((r) => r.passed).length}/${list.length}`;
	const complete = (list: typeof results) => list.length > 0 && list.every((r) => r.passed);
	const allPassed = checks.every((c) => c === "✓") && complete(shapes) && complete(own);
	if (!allPassed && !isOlderVersion(version, OLDEST_SUPPORTED_PI)) failed = true;
	rows.push(`| ${version} | ${checks.join(" | ")} | ${count(shapes)} | ${count(own)} | ${install} | ${seconds} s |`);
	if (scratch) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
	rmSync(report, { force: true });
}

const table = [
	`| Pi | ${SMOKE_CHECKS.join(" | ")} | argument shapes | Pi on its own | scratch install | checks |`,
	`| --- | ${SMOKE_CHECKS.map(() => "---").join(" | ")} | --- | --- | --- | --- |`,
	...rows,
].join("\n");
console.log(table);
// Only a run over every listed version makes docs/pi-versions.md's table.
if (write && only === undefined) writeDocSection("compat", table);
process.exitCode = failed ? 1 : 0;

function readResults(path: string): { title: string; passed: boolean }[] {
	try {
		const parsed = JSON.parse(readFileSync(path, "utf8")) as VitestReport;
		return parsed.testResults.flatMap((file) =>
			file.assertionResults.map((r) => ({ title: r.title, passed: r.status === "passed" })),
		);
	} catch {
		return [];
	}
}
