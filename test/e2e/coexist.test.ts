/**
 * Beside the most used other ask tool, @juicesharp/rpiv-ask-user-question 2.11.0 (a devDependency, so this
 * runs offline), installed into a scratch agent dir the way `pi install` puts it (`<agent dir>/npm` for
 * the global settings, `.pi/npm` for a project's). Root cause: both packages registered
 * `ask_user_question` while Pi loaded extensions, and Pi 1.6.0 then exits 1 with `Tool "ask_user_question"
 * conflicts with …`, in either load order. Now, in every order (settings packages, `-e`, project and
 * global): Pi starts, the model is offered exactly one ask_user_question (rpiv's: ours steps aside), and
 * one line names rpiv and the command that makes the tool ours (src/tool/coexist.ts).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_GUIDANCE } from "../../src/tool/guidance.ts";
import type { ParsedRequest } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { type PiHarness, REPO_ROOT, type RpcEvent, runPrint } from "../support/pi.ts";
import { ASK } from "../support/questions.ts";
import { startTui } from "../support/tty.ts";

const RPIV = "@juicesharp/rpiv-ask-user-question";
/** What rpiv needs beside it, as npm installed it for us. */
const RPIV_PACKAGES = [RPIV, "@juicesharp/rpiv-config"];
const RPIV_SOURCE = `npm:${RPIV}`;

const LINE = `ask_user_question: provided by ${RPIV}, so pi-ask-user-question stepped aside. To use pi-ask-user-question's instead: `;
const GLOBAL_LINE = `${LINE}pi remove ${RPIV_SOURCE}`;
const PROJECT_LINE = `${LINE}pi remove -l ${RPIV_SOURCE}`;

const pi = perTest({ cols: 160, rows: 30 });

/**
 * Puts rpiv where `pi install` would: `<root>/npm/node_modules` (root: the agent dir, or a project's .pi).
 * Linked, not copied: Pi loads rpiv's TypeScript through jiti, whose transpile cache is keyed by the real
 * path, so every test after the first finds it transpiled (a cold transpile per test is seconds of CPU on
 * a loaded machine).
 */
function installRpiv(root: string): void {
	for (const name of RPIV_PACKAGES) {
		const target = join(root, "npm", "node_modules", name);
		mkdirSync(dirname(target), { recursive: true });
		symlinkSync(join(REPO_ROOT, "node_modules", name), target, "dir");
	}
}

/** The ask_user_question tools the model was offered in `request`. */
const offered = (request: ParsedRequest | undefined) =>
	(request?.toolDefinitions ?? []).filter((tool) => tool.name === ASK);

/** The notify lines our extension sent over RPC. */
const lines = (events: RpcEvent[]) =>
	events
		.filter((e) => e.type === "extension_ui_request" && e.method === "notify")
		.map((e) => String(e.message))
		.filter((message) => message.startsWith("ask_user_question:"));

/** Runs one turn over RPC (settings packages and the extra arguments load the extensions); what came of it. */
async function rpcTurn(h: PiHarness, extraArgs: string[] = []) {
	const rpc = h.rpc({ loadExtension: false, noExtensions: false, extraArgs: ["--approve", ...extraArgs] });
	h.fake.enqueue({ text: "started" });
	await rpc.prompt("hello");
	await rpc.close();
	return { tools: offered(h.fake.requests.at(-1)), lines: lines(rpc.events), stderr: rpc.stderr() };
}

/** One ask_user_question, rpiv's; the line said once; nothing about a conflict or a failed load. */
function expectRpivProvides(run: Awaited<ReturnType<typeof rpcTurn>>, line: string): void {
	expect(run.stderr).not.toMatch(/conflicts with|Failed to load extension/);
	expect(run.tools, run.stderr).toHaveLength(1);
	expect(run.tools[0]?.description).not.toBe(DEFAULT_GUIDANCE.description);
	expect(run.lines).toEqual([line]);
}

const settingsWith = (packages: string[]) => ({ settings: { packages } });

describe(`beside ${RPIV} 2.11.0, in either load order`, () => {
	it.each([
		["rpiv first", [RPIV_SOURCE, REPO_ROOT]],
		["ours first", [REPO_ROOT, RPIV_SOURCE]],
	])("both in the global settings (%s): Pi starts, rpiv's tool is the one, the line names it", async (_, packages) => {
		const h = await pi.harness([], settingsWith(packages));
		installRpiv(h.agentDir);
		expectRpivProvides(await rpcTurn(h), GLOBAL_LINE);
	});

	it.each([
		["rpiv first", "rpiv"],
		["ours first", "ours"],
	])("both with -e (%s): the same, and the line says to leave that -e out", async (_, first) => {
		const h = await pi.harness();
		installRpiv(h.agentDir);
		const rpivDir = join(REPO_ROOT, "node_modules", RPIV);
		const args = first === "rpiv" ? ["-e", rpivDir, "-e", REPO_ROOT] : ["-e", REPO_ROOT, "-e", rpivDir];
		expectRpivProvides(
			await rpcTurn(h, ["-ne", ...args]),
			`${LINE}start Pi without the -e that loads ${join(rpivDir, "index.ts")}`,
		);
	});

	it("rpiv in the project's settings, ours in the global ones: pi remove -l", async () => {
		const h = await pi.harness([], settingsWith([REPO_ROOT]));
		installRpiv(join(h.cwd, ".pi"));
		writeFileSync(join(h.cwd, ".pi", "settings.json"), JSON.stringify({ packages: [RPIV_SOURCE] }));
		expectRpivProvides(await rpcTurn(h), PROJECT_LINE);
	});

	it("ours in the project's settings, rpiv in the global ones", async () => {
		const h = await pi.harness([], settingsWith([RPIV_SOURCE]));
		installRpiv(h.agentDir);
		mkdirSync(join(h.cwd, ".pi"));
		writeFileSync(join(h.cwd, ".pi", "settings.json"), JSON.stringify({ packages: [REPO_ROOT] }));
		expectRpivProvides(await rpcTurn(h), GLOBAL_LINE);
	});

	it("`pi -p`: exits 0 with the line once on stderr", async () => {
		const h = await pi.harness([{ text: "print answer" }], settingsWith([REPO_ROOT, RPIV_SOURCE]));
		installRpiv(h.agentDir);
		const result = await runPrint("hello", h.options({ loadExtension: false, noExtensions: false }));
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain("print answer");
		expect(result.stderr.split("\n").filter((l) => l.startsWith("ask_user_question:"))).toEqual([GLOBAL_LINE]);
	});

	it("the TUI starts and shows the line", async () => {
		const h = await pi.harness([], settingsWith([REPO_ROOT, RPIV_SOURCE]));
		installRpiv(h.agentDir);
		const session = startTui({ ...h.options({ loadExtension: false, noExtensions: false }), cols: 160, rows: 30 });
		try {
			// Pi wraps the line to the terminal's width.
			const unwrapped = (screen: string) => screen.replace(/\s+/g, " ");
			const screen = await session.waitForScreen((s) => unwrapped(s).includes(GLOBAL_LINE), "the line");
			expect(unwrapped(screen).split(GLOBAL_LINE)).toHaveLength(2);
			expect(screen).not.toMatch(/conflicts with/);
		} finally {
			session.close();
		}
	});
});

describe("controls: each one alone", () => {
	it("ours alone offers ours, and says nothing", async () => {
		const h = await pi.harness([], settingsWith([REPO_ROOT]));
		const run = await rpcTurn(h);
		expect(run.tools.map((t) => t.description)).toEqual([DEFAULT_GUIDANCE.description]);
		expect(run.lines).toEqual([]);
	});

	it("rpiv alone offers rpiv's", async () => {
		const h = await pi.harness([], settingsWith([RPIV_SOURCE]));
		installRpiv(h.agentDir);
		const run = await rpcTurn(h);
		expect(run.tools).toHaveLength(1);
		expect(run.tools[0]?.description).not.toBe(DEFAULT_GUIDANCE.description);
	});
});
