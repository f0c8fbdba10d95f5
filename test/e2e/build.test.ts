/**
 * The built package: scripts/build.ts bundles into a copy of the package that has no node_modules (as
 * after `pi install npm:…`, where peer dependencies are not installed). The bundles resolve no host
 * package at run time; Pi's real loader (the bundle the `pi` binary runs) loads the copy in a fresh
 * process, the tool registers, and the TUI bundle loads on Pi's host modules; the real binary answers
 * a question through the copy over RPC.
 */
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_KEY, HOST_MODULES } from "../../src/bundle-entry.ts";
import { removeDir } from "../support/fake-model.ts";
import { createHarness, type PiHarness, piCommand, piEnv, REPO_ROOT } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import { startTui } from "../support/tty.ts";
import { choose, optional, scriptedUser } from "../support/user.ts";

const NODE = piCommand().command;
let pkg: string;
let bundles: { core: string; tui: string };

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
	return new Promise((resolve, reject) => {
		execFile(NODE, args, { env, cwd: pkg, timeout: 60_000 }, (error, stdout, stderr) => {
			if (error) reject(new Error(`${args.join(" ")} failed: ${error.message}\n${stderr}`));
			else resolve(stdout);
		});
	});
}

beforeAll(async () => {
	pkg = mkdtempSync(join(tmpdir(), "pi-ask-built-"));
	for (const file of ["package.json", "extension.cts", "entry.cjs"])
		copyFileSync(join(REPO_ROOT, file), join(pkg, file));
	await run([join(REPO_ROOT, "scripts", "build.ts"), `--out=${join(pkg, "dist")}`]);
	bundles = {
		core: readFileSync(join(pkg, "dist", "core.cjs"), "utf8"),
		tui: readFileSync(join(pkg, "dist", "tui.cjs"), "utf8"),
	};
}, 120_000);
afterAll(() => {
	if (pkg) removeDir(pkg);
});

/** Every `require(...)` in a bundle: its literal argument, or the raw text when it is not a literal. */
function requires(code: string): string[] {
	return [...code.matchAll(/\brequire\(([^)]*)\)/g)].map((m) => {
		const arg = m[1] ?? "";
		return /^"[^"]*"$/.test(arg) ? JSON.parse(arg) : arg;
	});
}

/** Loads `dir` twice with the Pi bundle's discoverAndLoadExtensions in a fresh process. */
async function loadWithPi(
	dir: string,
): Promise<{ errors: unknown[]; tools: string[][]; commands: string[][]; fromPkg: string[] }> {
	const cli = fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"));
	const bundleIndex = join(dirname(cli), "bundle", "index.js");
	const agentDir = mkdtempSync(join(tmpdir(), "pi-ask-built-agent-"));
	const child = `
		import { createRequire } from "node:module";
		const [bundleIndex, pkg, agentDir] = process.argv.slice(1);
		const pi = await import(bundleIndex);
		const first = await pi.discoverAndLoadExtensions([pkg], pkg, agentDir);
		const again = await pi.discoverAndLoadExtensions([pkg], pkg, agentDir);
		const tools = [first, again].map((r) => r.extensions.flatMap((e) => [...e.tools.keys()]));
		const commands = [first, again].map((r) => r.extensions.flatMap((e) => [...e.commands.keys()]));
		const fromPkg = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.startsWith(pkg));
		console.log(JSON.stringify({ errors: [...first.errors, ...again.errors], tools, commands, fromPkg }));
	`;
	try {
		const out = await run(["--input-type=module", "-e", child, bundleIndex, dir, agentDir], piEnv(agentDir));
		return JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
	} finally {
		removeDir(agentDir);
	}
}

describe("the bundles", () => {
	it("require nothing but Node built-ins (and core.cjs its sibling tui.cjs): no host package from node_modules", () => {
		const core = requires(bundles.core);
		const tui = requires(bundles.tui);
		expect(core.filter((r) => !r.startsWith("node:"))).toEqual(["./tui.cjs"]);
		expect(tui.filter((r) => !r.startsWith("node:"))).toEqual([]);
		for (const code of [bundles.core, bundles.tui]) {
			expect(code).not.toMatch(/require\(\s*["'](?:@earendil-works|@mariozechner|typebox|@sinclair)/);
			expect(code).not.toMatch(/\bimport\(/);
			expect(code).toContain(`Symbol.for("${HOST_KEY}")`);
		}
	});

	it("read each host module from the entry's hand-over, and only the ones the entry provides", () => {
		const named = [
			...`${bundles.core}\n${bundles.tui}`.matchAll(/Symbol\.for\("[^"]+"\)\]\?\.(?:\["([^"]+)"\]|(\w+))/g),
		];
		const specifiers = new Set(named.map((m) => m[1] ?? m[2]));
		expect(specifiers.size).toBeGreaterThan(0);
		for (const specifier of specifiers) expect(HOST_MODULES).toContain(specifier);
	});

	it("dist/ in the repository is the build of the current sources (the e2e tests load it: else run npm run build)", () => {
		for (const name of ["core", "tui"] as const) {
			const built = join(REPO_ROOT, "dist", `${name}.cjs`);
			expect(existsSync(built) && readFileSync(built, "utf8") === bundles[name], `${built} is stale`).toBe(true);
		}
	});

	it("the entry is one statement for jiti: no import syntax, no TypeScript", () => {
		const entry = readFileSync(join(pkg, "extension.cts"), "utf8");
		const code = entry
			.split("\n")
			.filter((line) => line.trim() !== "" && !line.startsWith("//"))
			.join("\n");
		expect(code.startsWith("module.exports = ")).toBe(true);
		expect(code.match(/;/g)).toHaveLength(1);
		expect(code).not.toMatch(/\bimport\b|\bexport\b|: [A-Z]|\bas\b/);
	});
});

describe("loading the built copy without node_modules", () => {
	// The factory runs (its /answer command registers); the tool does not register while Pi loads
	// extensions but at session start, so another package's ask_user_question cannot conflict (tool/coexist.ts).
	it("Pi's bundled loader loads it in a fresh process, twice (as /reload does); the factory runs", async () => {
		const report = await loadWithPi(pkg);
		expect(report.errors).toEqual([]);
		expect(report.commands).toEqual([["answer"], ["answer"]]);
		expect(report.tools).toEqual([[], []]);
		// core.cjs drops itself from Node's cache, so a reload evaluates what is on disk now.
		expect(report.fromPkg).toEqual([]);
	});

	it("a checkout without dist/ (a git install has no dev tools to build) loads the sources through jiti", async () => {
		const checkout = mkdtempSync(join(tmpdir(), "pi-ask-checkout-"));
		try {
			for (const file of ["package.json", "extension.cts", "entry.cjs"])
				copyFileSync(join(REPO_ROOT, file), join(checkout, file));
			cpSync(join(REPO_ROOT, "src"), join(checkout, "src"), { recursive: true });
			const report = await loadWithPi(checkout);
			expect(report.errors).toEqual([]);
			expect(report.commands).toEqual([["answer"], ["answer"]]);
		} finally {
			removeDir(checkout);
		}
	});

	describe("under the real pi binary", () => {
		let h: PiHarness | undefined;
		afterAll(async () => {
			await h?.dispose();
		});

		it("shows the questionnaire in the TUI (tui.cjs on Pi's and core's modules) and returns the answer", async () => {
			h = await createHarness([askStep(CACHE_QUESTION), echoStep]);
			const harness = h;
			const session = startTui(harness.options({ loadExtension: false, extraArgs: ["-e", pkg, "Ask me."] }));
			try {
				await session.waitForScreen("Shared across instances.", "the questionnaire");
				session.keys("Down");
				let received: string | undefined;
				for (let attempt = 0; attempt < 4 && received === undefined; attempt++) {
					session.keys("Enter");
					const deadline = Date.now() + 1_500;
					for (;;) {
						received = harness.fake.requests.at(-1)?.lastToolResult;
						if (received !== undefined || Date.now() >= deadline) break;
						await new Promise((r) => setTimeout(r, 50));
					}
				}
				expect(received).toContain('"SQLite file"');
			} finally {
				session.close();
				await harness.dispose();
				h = undefined;
			}
		});

		it("a UI bundle that fails to load: the preload fails quietly, the call tells the model it was not shown", async () => {
			const broken = mkdtempSync(join(tmpdir(), "pi-ask-broken-"));
			h = await createHarness([askStep(CACHE_QUESTION), echoStep]);
			const harness = h;
			try {
				cpSync(pkg, broken, { recursive: true });
				// Each evaluation leaves a mark (a module that throws is not cached: each require runs it again).
				const loads = join(broken, "loads.log");
				writeFileSync(
					join(broken, "dist", "tui.cjs"),
					`require("node:fs").appendFileSync(${JSON.stringify(loads)}, "x");\nthrow new Error("tui.cjs is broken");\n`,
				);
				const session = startTui(harness.options({ loadExtension: false, extraArgs: ["-e", broken, "Ask me."] }));
				try {
					// The preload (after the request, and 250 ms after start) has failed by the time the model answers.
					await session.waitForScreen("received:", "the model's reply to the tool result");
					const received = harness.fake.requests.at(-1)?.lastToolResult ?? "";
					expect(received).toContain("session_load_failed");
					expect(received).toContain("tui.cjs is broken");
					// Loaded ahead (and failed quietly), then once more by the call, which reported it.
					expect(readFileSync(loads, "utf8").length).toBeGreaterThanOrEqual(2);
				} finally {
					session.close();
				}
			} finally {
				await harness.dispose();
				h = undefined;
				removeDir(broken);
			}
		});

		it("answers a question over RPC through the built copy", async () => {
			h = await createHarness();
			const rpc = h.rpc({ loadExtension: false, extraArgs: ["-e", pkg] });
			h.fake.enqueue(askStep(CACHE_QUESTION), echoStep);
			const user = scriptedUser([
				choose(rows.numbered(2), "option 2", CACHE_QUESTION.question),
				optional(choose(rows.submit, "Submit in the review", /Review/)),
			]);
			const result = await rpc.prompt("cache?", { onDialog: user.handler });
			expect(rpc.stderr()).not.toMatch(/Failed to load extension/);
			expect(result.toolEnds.map((end) => [end.toolName, end.isError])).toEqual([[ASK, false]]);
			expect(h.fake.requests.at(-1)?.lastToolResult).toContain("SQLite file");
		});
	});
});
