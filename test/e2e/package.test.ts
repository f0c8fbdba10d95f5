/**
 * The published package, not the working tree: `npm pack` makes the tarball exactly as `npm publish`
 * would (running the package's own pack scripts), `pi install npm:pi-ask-user-question@file:<tarball>`
 * installs it into a clean agent dir the way `pi install npm:pi-ask-user-question` does (npm, under
 * `<agent dir>/npm/node_modules`),
 * and a plain `pi --mode rpc` (no `-e`, no `-ne`) loads it and runs a question through RPC against the
 * fake model. Pi must report nothing about the extension: no stderr output, no notify, no
 * `extension_error`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir } from "../support/fake-model.ts";
import { packPackage, tarballSource } from "../support/pack.ts";
import { createHarness, type PiHarness, REPO_ROOT, type RpcEvent, runPiRaw, toolResultText } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";

interface Manifest {
	name: string;
	version: string;
	pi?: { extensions?: string[] };
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
}

let packDir: string;
let tarball: string;
let packed: string[];
let h: PiHarness;
let installDir: string;

beforeAll(async () => {
	const pack = await packPackage();
	packDir = pack.dir;
	tarball = pack.tarball;
	packed = pack.files;

	h = await createHarness();
	const source = tarballSource(tarball);
	const install = await runPiRaw(["install", source], { agentDir: h.agentDir, cwd: h.cwd, timeoutMs: 120_000 });
	if (install.code !== 0) throw new Error(`pi install failed (${install.code}):\n${install.stdout}\n${install.stderr}`);
	installDir = join(h.agentDir, "npm", "node_modules", "pi-ask-user-question");
}, 240_000);

afterAll(async () => {
	await h?.dispose();
	if (packDir) removeDir(packDir);
});

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

describe("the tarball", () => {
	it("holds the entry, the docs Pi reads, the schema and the example answerer, and none of the development files", () => {
		const own = manifest(REPO_ROOT);
		for (const entry of own.pi?.extensions ?? []) expect(packed, entry).toContain(entry.replace(/^\.\//, ""));
		expect(packed).toEqual(
			expect.arrayContaining([
				"package.json",
				"README.md",
				"CHANGELOG.md",
				"schema/ask-user-question.schema.json",
				"examples/recommended-after-delay.ts",
			]),
		);
		const development = packed.filter((path) => /^(test|bench|scripts|node_modules|\.tmp|\.git)\//.test(path));
		expect(development).toEqual([]);
	});

	it("declares the host packages as peers only, so Pi's own copies are used", () => {
		const own = manifest(REPO_ROOT);
		const hosts = ["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui", "@earendil-works/pi-ai", "typebox"];
		for (const host of hosts) expect(own.dependencies?.[host], host).toBeUndefined();
		expect(Object.keys(own.peerDependencies ?? {})).toEqual(expect.arrayContaining(hosts));
	});
});

describe("pi install npm:pi-ask-user-question@file:<tarball>", () => {
	it("installs the package under the agent dir's npm folder, with every extension entry present", async () => {
		expect(existsSync(installDir)).toBe(true);
		const installed = manifest(installDir);
		expect(installed.name).toBe("pi-ask-user-question");
		expect(installed.version).toBe(manifest(REPO_ROOT).version);
		const entries = installed.pi?.extensions ?? [];
		expect(entries.length).toBeGreaterThan(0);
		for (const entry of entries) expect(existsSync(join(installDir, entry)), entry).toBe(true);
		const list = await runPiRaw(["list"], { agentDir: h.agentDir, cwd: h.cwd });
		expect(list.stdout).toContain(installDir);
		// The path the configuration docs give for `$schema` next to the global config file.
		expect(
			existsSync(join(h.agentDir, "npm/node_modules/pi-ask-user-question/schema/ask-user-question.schema.json")),
		).toBe(true);
	});

	it("a plain `pi --mode rpc` loads it and a question completes, with no extension warning", async () => {
		const rpc = h.rpc({ loadExtension: false, noExtensions: false });
		h.fake.enqueue(askStep(CACHE_QUESTION), echoStep);
		const user = scriptedUser([choose(rows.numbered(3), "option 3 (Redis)", CACHE_QUESTION.question)]);
		const run = await rpc.prompt("where should we cache?", { onDialog: user.handler });
		expect(user.remaining(), rpc.stderr()).toEqual([]);

		expect(h.fake.requests[0]?.tools).toContain(ASK);
		const end = run.toolEnds[0]!;
		expect(end.isError).toBe(false);
		expect(end.result.details).toMatchObject({ outcome: "answered", host: "rpc" });
		const expected =
			'User answered: "Where should the API client cache responses?" = "Redis". Continue with these answers.';
		expect(toolResultText(end)).toBe(expected);
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(expected);

		// Nothing said about the extension, from startup on: stderr, notify requests, extension errors.
		await rpc.close();
		const notices = rpc.events.filter(
			(e: RpcEvent) => (e.type === "extension_ui_request" && e.method === "notify") || e.type === "extension_error",
		);
		expect(notices).toEqual([]);
		expect(rpc.stderr()).toBe("");
	});
});
