/**
 * Installing the package the way users do: `pi install <repo root>` records it in the agent
 * settings, and a later plain `pi` (no `-e`, no `-ne`) loads it; `pi -e <repo root>` loads it for
 * one run.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { perTest } from "../support/lifecycle.ts";
import { REPO_ROOT, runPiRaw } from "../support/pi.ts";
import { ASK } from "../support/questions.ts";

const pi = perTest();

function installedPackages(agentDir: string): string[] {
	const settings = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")) as { packages?: unknown[] };
	return (settings.packages ?? []).map((entry) =>
		typeof entry === "string" ? entry : String((entry as { source?: unknown }).source),
	);
}

describe("pi install", () => {
	it("writes the package into settings; a later run loads the extension", async () => {
		const h = await pi.harness();
		const install = await runPiRaw(["install", REPO_ROOT], { agentDir: h.agentDir, cwd: h.cwd, timeoutMs: 30_000 });
		expect(install.code, install.stderr).toBe(0);
		const packages = installedPackages(h.agentDir);
		expect(packages.map((p) => resolve(h.agentDir, p))).toContain(REPO_ROOT);
		// The fake provider settings written by the harness survive the install.
		expect(readFileSync(join(h.agentDir, "settings.json"), "utf8")).toContain('"defaultProvider": "fake"');

		const list = await runPiRaw(["list"], { agentDir: h.agentDir, cwd: h.cwd });
		expect(list.stdout).toContain(REPO_ROOT);

		const rpc = h.rpc({ loadExtension: false, noExtensions: false });
		h.fake.enqueue({ text: "installed" });
		await rpc.prompt("hello");
		expect(rpc.stderr()).not.toMatch(/Failed to load extension/);
		expect(h.fake.requests.at(-1)?.tools).toContain(ASK);
	});

	it("without install and without -e, the tool is not there (control)", async () => {
		const h = await pi.harness();
		const rpc = h.rpc({ loadExtension: false, noExtensions: false });
		h.fake.enqueue({ text: "bare" });
		await rpc.prompt("hello");
		expect(h.fake.requests.at(-1)?.tools).toContain("read");
		expect(h.fake.requests.at(-1)?.tools).not.toContain(ASK);
	});
});

describe("pi -e", () => {
	it("loads the extension from the repo root for one run", async () => {
		const h = await pi.harness();
		const rpc = h.rpc({ loadExtension: false, extraArgs: ["-e", REPO_ROOT] });
		h.fake.enqueue({ text: "loaded" });
		await rpc.prompt("hello");
		const offered = h.fake.requests.at(-1)?.toolDefinitions.find((t) => t.name === ASK);
		expect(offered, rpc.stderr()).toBeDefined();
		// The schema the model sees is the real one: an array of questions.
		expect(JSON.stringify(offered?.parameters)).toContain('"questions"');
	});
});
