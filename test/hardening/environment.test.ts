/**
 * Guarantee 7 (bad config, bad environment): Pi keeps working, with the defaults and a clear warning,
 * when the config file is unreadable, a directory, or not UTF-8 (the real `pi` binary for each; the
 * unreadable case runs Pi as `nobody` when the tests run as root, since root reads any file); a missing
 * or failing `$VISUAL`/`$EDITOR` keeps the draft and says why; `TERM=dumb` and a 20×5 terminal still
 * give a usable questionnaire in Pi's InteractiveMode, without a crash.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { resetCapabilitiesCache, visibleWidth } from "@earendil-works/pi-tui";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { executeAskUserQuestion } from "../../src/ask/execute.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { askTurn, echoTurn, startInteractive } from "../support/interactive.ts";
import { createHarness, type PiHarness, piArgs, REPO_ROOT, runPiRaw, toolResultText } from "../support/pi.ts";
import { askStep, echoStep, rows, SMALL_CACHE_QUESTION } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";
import { report } from "./support/corpus.ts";
import { PiLikeHost } from "./support/pi-host.ts";

const CONFIG = "ask-user-question.json";
const figures: Record<string, string> = {};
afterAll(() => report("bad config and environment", figures));

describe("a bad config file, with the real pi binary", () => {
	let h: PiHarness | undefined;
	afterEach(async () => {
		await h?.dispose();
		h = undefined;
	});

	/** `pi -p`, as `nobody` when we are root (so a mode-000 file really is unreadable). */
	function printAs(harness: PiHarness, asNobody: boolean, home: string) {
		return runPiRaw([...piArgs({}), "-p", "hello"], {
			agentDir: harness.agentDir,
			cwd: harness.cwd,
			env: { HOME: home },
			timeoutMs: 30_000,
			...(asNobody ? { uid: 65534, gid: 65534 } : {}),
		});
	}

	it("unreadable (mode 000): Pi answers, the warning names the file and says permission denied", async (ctx) => {
		// As root, Pi must run as `nobody`; a checkout under a private (0700) folder is out of its reach.
		// The EACCES path itself is also unit-tested with a simulated file system (config tests).
		if (process.getuid?.() === 0 && !reachableByOthers(REPO_ROOT)) ctx.skip();
		h = await createHarness([{ text: "still working" }], { extraFiles: { [CONFIG]: '{"limits":{"note":5}}' } });
		const path = join(h.agentDir, CONFIG);
		const root = process.getuid?.() === 0;
		const home = mkdtempSync(join(tmpdir(), "ask-home-"));
		if (root)
			for (const p of [h.agentDir, h.cwd, home, ...readdirSync(h.agentDir).map((f) => join(h!.agentDir, f))])
				chownSync(p, 65534, 65534);
		chmodSync(path, 0o000);
		try {
			const run = await printAs(h, root, home);
			expect(run.code, run.stderr).toBe(0);
			expect(run.stdout).toContain("still working");
			expect(run.stderr).toContain(`Ignored config file ${path}: it cannot be read: permission denied`);
			figures.unreadable = root ? "pi as nobody: EACCES warning, exit 0" : "EACCES warning, exit 0";
		} finally {
			rmSync(home, { recursive: true, force: true });
		}
	});

	it("a directory instead of a file: Pi answers, with a warning", async () => {
		h = await createHarness([{ text: "still working" }]);
		mkdirSync(join(h.agentDir, CONFIG));
		const run = await printAs(h, false, h.cwd);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("still working");
		expect(run.stderr).toContain("it is a directory, not a file");
		figures.directory = "warning, exit 0";
	});

	it("invalid UTF-8 (RPC): the tool still asks and answers, the warning is shown once", async () => {
		h = await createHarness();
		writeFileSync(join(h.agentDir, CONFIG), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
		const rpc = h.rpc();
		h.fake.enqueue(askStep(SMALL_CACHE_QUESTION), echoStep);
		const user = scriptedUser([choose(rows.numbered(2), "Memory")]);
		const run = await rpc.prompt("ask me", { onDialog: user.handler });
		expect(run.toolEnds).toHaveLength(1);
		expect(toolResultText(run.toolEnds[0]!)).toContain('"Memory"');
		const warnings = rpc.events.filter(
			(e) => e.type === "extension_ui_request" && String(e.message ?? "").includes("not valid UTF-8"),
		);
		expect(warnings).toHaveLength(1);
		figures.invalidUtf8 = "one warning, questionnaire answered over RPC";
	});
});

const FORM: Questionnaire = { questions: [SMALL_CACHE_QUESTION] };

describe("$VISUAL / $EDITOR missing or failing (real editor runner)", () => {
	let host: PiLikeHost;
	let dir: string;
	const saved = { VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
	beforeEach(async () => {
		host = await PiLikeHost.create({ cols: 100, rows: 30, recordLines: true });
		host.start();
		dir = mkdtempSync(join(tmpdir(), "ask-editor-"));
	});
	afterEach(() => {
		host.stop();
		rmSync(dir, { recursive: true, force: true });
		for (const [k, v] of Object.entries(saved)) {
			if (v === undefined) delete process.env[k];
			else process.env[k] = v;
		}
	});

	const failing = (): [string, () => string][] => [
		["missing", () => join(dir, "no-such-editor")],
		[
			"exits 1",
			() => {
				const script = join(dir, "fails.sh");
				writeFileSync(script, "#!/bin/sh\necho 'cannot open terminal' >&2\nexit 1\n");
				chmodSync(script, 0o755);
				return script;
			},
		],
		["unparsable command line", () => `"unterminated`],
	];

	it.each(failing().map(([name, make]) => [name, make] as const))(
		"%s: the draft is kept, the reason is shown, the questionnaire goes on",
		async (name, make) => {
			delete process.env.VISUAL;
			process.env.EDITOR = make();
			const loadTui = async (): Promise<TuiLoad> => ({ ok: true, run: runTuiQuestionnaire });
			const call = executeAskUserQuestion(FORM, { hasUI: true, mode: "tui", ui: host.ui, loadTui });
			for (let i = 0; i < 100 && host.customCalls === 0; i++) await new Promise((r) => setTimeout(r, 0));
			host.frame();
			host.press("\x1b[B", "\x1b[B", "\r", ..."my draft", "\x07");
			for (let i = 0; i < 300; i++) {
				host.frame();
				if (host.lines.some((l) => l.includes("External editor failed"))) break;
				await new Promise((r) => setTimeout(r, 10));
			}
			const shown = host.lines.filter((l) => l.includes("External editor failed"));
			expect(shown.length, `no failure message for ${name}`).toBeGreaterThan(0);
			expect(shown.join("\n"), "the message is worded once").not.toMatch(
				/External editor failed:.*External editor failed/,
			);
			expect(host.terminal.running).toBe(true);
			host.press("\r");
			const result = await call;
			expect(result.details.outcome).toBe("answered");
			expect(result.details.answers[0]?.answer).toBe("my draft");
			figures[`editor ${name}`] =
				shown[0]
					?.replace(/\x1b\[[0-9;]*m/g, "")
					.trim()
					.slice(0, 90) ?? "";
		},
	);
});

describe("odd terminals in Pi's InteractiveMode", () => {
	it("TERM=dumb: the questionnaire shows and answers", async () => {
		const saved = process.env.TERM;
		process.env.TERM = "dumb";
		resetCapabilitiesCache();
		const h = await startInteractive({ cols: 80, rows: 24, responses: [askTurn(FORM), echoTurn] });
		try {
			const done = h.prompt("ask me");
			await h.waitFor((s) => s.includes("Which cache?"), "the questionnaire");
			h.press("2");
			await done;
			expect(h.toolResults()).toEqual([expect.stringContaining('"Memory"')]);
			expect(h.terminal.running).toBe(true);
			figures.termDumb = "answered";
		} finally {
			await h.close();
			if (saved === undefined) delete process.env.TERM;
			else process.env.TERM = saved;
			resetCapabilitiesCache();
		}
	});

	it("a 20×5 terminal: something readable, keys still answer, no line too wide, no crash", async () => {
		const h = await startInteractive({ cols: 20, rows: 5, tuiMode: "regular", responses: [askTurn(FORM), echoTurn] });
		try {
			const done = h.prompt("ask me");
			const screen = await h.waitFor((s) => /Which|Cache|cache/.test(s), "the questionnaire at 20×5");
			for (const line of screen.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(20);
			h.press("\x1b[B", "\r");
			await done;
			expect(h.toolResults()).toEqual([expect.stringContaining('"Memory"')]);
			expect(h.terminal.running).toBe(true);
			figures.tiny = `20×5 screen: ${JSON.stringify(
				screen
					.split("\n")
					.filter((l) => l.trim())
					.slice(-5),
			)}`;
		} finally {
			await h.close();
		}
	});
});

/** True when every folder above `path` (and `path`) lets other users through. */
function reachableByOthers(path: string): boolean {
	for (let dir = path; ; dir = dirname(dir)) {
		if ((statSync(dir).mode & 0o001) === 0) return false;
		if (dirname(dir) === dir) return true;
	}
}
