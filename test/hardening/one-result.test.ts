/**
 * Guarantee 5: every call ends with exactly one tool result, whatever happens while it runs. Each case
 * goes through `executeAskUserQuestion` (the tool's execute) on the Pi-like host (pi-tui's TUI, Pi's
 * overlay semantics) and asserts one settled result, one `done` from the questionnaire, its outcome, and
 * that nothing is left behind (overlays, raw input listeners, a running editor, a stopped TUI):
 * abort while the TUI module loads, while the dialog is open, while the external editor runs, while
 * collapsed; an answer from another extension on the event bus (dialog open, collapsed, external editor
 * open); two concurrent calls (shown one after the other); the host disposing the overlay; a component that throws; and, in Pi's
 * real InteractiveMode, the config file changing (and being reloaded) while a questionnaire is open.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AskToolResult, executeAskUserQuestion } from "../../src/ask/execute.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import type { EventBus } from "../../src/tool/answer-events.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import type { ExternalEditor } from "../../src/tui/session-options.ts";
import { eventBus } from "../support/event-bus.ts";
import { askTurn, echoTurn, startInteractive } from "../support/interactive.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";
import { report } from "./support/corpus.ts";
import { PiLikeHost } from "./support/pi-host.ts";

const FORM: Questionnaire = { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] };

const outcomes: string[] = [];
afterAll(() => report("one result per call", { cases: outcomes.length, outcomes: outcomes.join(" ") }));

let host: PiLikeHost;
beforeEach(async () => {
	host = await PiLikeHost.create({ cols: 100, rows: 30 });
	host.start();
});
afterEach(() => {
	host.stop();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

function loader(editExternally?: ExternalEditor, gate?: Promise<void>): () => Promise<TuiLoad> {
	return async () => {
		await gate;
		return { ok: true, run: (q, ui, options) => runTuiQuestionnaire(q, ui, { ...options, editExternally }) };
	};
}

/** Starts one call; `settled` counts how often its promise settled (a promise settles once, so: ≤ 1). */
function call(signal?: AbortSignal, load = loader(), events?: EventBus) {
	let settled = 0;
	let value: AskToolResult | undefined;
	const env = { hasUI: true, mode: "tui", ui: host.ui, signal, loadTui: load, events, callId: "call-1" };
	const promise = executeAskUserQuestion(FORM, env).then((r) => {
		settled++;
		value = r;
		return r;
	});
	return { promise, settled: () => settled, value: () => value };
}

async function waitShown(count = 1): Promise<void> {
	for (let i = 0; i < 200 && host.customCalls < count; i++) await tick();
	await tick();
	host.frame();
}

/** The call ended once with `outcome`, and the host is clean again. */
async function expectOne(c: ReturnType<typeof call>, outcome: string, questionnaires = 1): Promise<AskToolResult> {
	const result = await c.promise;
	await tick();
	// An external editor ended by the abort hands the terminal back once its process has exited.
	for (let i = 0; i < 200 && !host.terminal.running; i++) await new Promise((r) => setTimeout(r, 10));
	expect(c.settled()).toBe(1);
	expect(result.details.outcome).toBe(outcome);
	expect(result.content).toHaveLength(1);
	expect(host.doneTotal).toBe(questionnaires);
	expect(host.overlayCount()).toBe(0);
	expect(host.inputListenerCount()).toBe(0);
	expect(host.terminal.running).toBe(true);
	outcomes.push(outcome);
	return result;
}

describe("abort", () => {
	it("while the TUI module is still loading: nothing is shown, one interrupted result", async () => {
		let release!: () => void;
		const gate = new Promise<void>((r) => {
			release = r;
		});
		const controller = new AbortController();
		const c = call(controller.signal, loader(undefined, gate));
		await tick();
		controller.abort();
		release();
		await expectOne(c, "interrupted", 0);
		expect(host.customCalls).toBe(0);
	});

	it("while the TUI module load never finishes: the call still ends", async () => {
		const controller = new AbortController();
		const c = call(controller.signal, () => new Promise<TuiLoad>(() => {}));
		await tick();
		controller.abort();
		const winner = await Promise.race([c.promise, new Promise((r) => setTimeout(() => r("hung"), 2_000))]);
		expect(winner, "execute must not wait for a load that never ends once aborted").not.toBe("hung");
		await expectOne(c, "interrupted", 0);
	});

	it("with the dialog open: the answers so far", async () => {
		const controller = new AbortController();
		const c = call(controller.signal);
		await waitShown();
		host.press("1");
		controller.abort();
		const result = await expectOne(c, "interrupted");
		expect(result.details.answers.map((a) => a.answer)).toEqual(["Redis"]);
	});

	it("while the external editor runs (a real process that sleeps): the editor is ended, the TUI restarted", async () => {
		const dir = mkdtempSync(join(tmpdir(), "ask-sleepy-"));
		const pidFile = join(dir, "pid");
		const script = join(dir, "sleepy-editor.sh");
		writeFileSync(script, `#!/bin/sh\necho $$ > "${pidFile}"\nexec sleep 30\n`);
		chmodSync(script, 0o755);
		const saved = process.env.VISUAL;
		process.env.VISUAL = script;
		try {
			const controller = new AbortController();
			const c = call(controller.signal);
			await waitShown();
			host.press("\x1b[B", "\x1b[B", "\r", "d", "r", "a", "f", "t", "\x07");
			for (let i = 0; i < 200 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 10));
			expect(existsSync(pidFile)).toBe(true);
			await new Promise((r) => setTimeout(r, 50));
			expect(host.terminal.running).toBe(false); // Pi's TUI handed the terminal to the editor
			controller.abort();
			await expectOne(c, "interrupted");
			const pid = Number(readFileSync(pidFile, "utf8").trim());
			await new Promise((r) => setTimeout(r, 100));
			expect(isAlive(pid), "the editor process is gone").toBe(false);
		} finally {
			if (saved === undefined) delete process.env.VISUAL;
			else process.env.VISUAL = saved;
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("while collapsed (overlay hidden, raw input listener installed)", async () => {
		const controller = new AbortController();
		const c = call(controller.signal);
		await waitShown();
		host.press("1", "\x1d");
		host.frame();
		expect(host.inputListenerCount()).toBe(1);
		controller.abort();
		const result = await expectOne(c, "interrupted");
		expect(result.details.answers).toHaveLength(1);
	});
});

describe("an answer from another extension (Pi's event bus)", () => {
	const answer = { id: "call-1", answers: [{ question: 0, options: ["Memory"] }], by: "bridge" };

	it("with the dialog open: the overlay closes and the bus's answer is the one result", async () => {
		const bus = eventBus();
		const c = call(undefined, loader(), bus);
		await waitShown();
		host.press("\x1b[B");
		bus.emit("ask_user_question:answer", answer);
		const result = await expectOne(c, "partial");
		expect(result.details).toMatchObject({ host: "programmatic", answeredBy: { kind: "extension", name: "bridge" } });
		expect(result.details.answers.map((a) => a.answer)).toEqual(["Memory"]);
	});

	it("while collapsed, and while an external editor is open (it is told to stop): the same", async () => {
		const bus = eventBus();
		const c = call(undefined, loader(), bus);
		await waitShown();
		host.press("1", "\x1d");
		host.frame();
		bus.emit("ask_user_question:answer", answer);
		await expectOne(c, "partial");

		const editing = eventBus();
		let editorStopped = false;
		let editorOpened = false;
		const stalled: ExternalEditor = (_text, { signal }) => {
			editorOpened = true;
			return new Promise((resolve) =>
				signal?.addEventListener("abort", () => {
					editorStopped = true;
					resolve({ ok: false, error: "aborted" });
				}),
			);
		};
		const second = call(undefined, loader(stalled), editing);
		await waitShown(2);
		host.press("\x1b[B", "\x1b[B", "\r", "x", "\x07");
		await tick();
		expect(editorOpened).toBe(true);
		editing.emit("ask_user_question:answer", answer);
		const result = await expectOne(second, "partial", 2);
		expect(editorStopped).toBe(true);
		expect(result.details.answers.map((a) => a.answer)).toEqual(["Memory"]);
	});
});

describe("the host and the component", () => {
	it("two concurrent calls: one overlay at a time (host/screen.ts), each ends with its own one result", async () => {
		const a = call();
		const b = call();
		await waitShown(1);
		await tick();
		expect(host.overlayCount()).toBe(1);
		host.press("2", "\t", "\r"); // a: Memory, then the Submit tab with Targets unanswered
		const ra = await a.promise;
		await waitShown(2);
		expect(host.overlayCount()).toBe(1);
		host.press("\x1b"); // then b is shown, and declines
		const rb = await b.promise;
		expect(a.settled()).toBe(1);
		expect(b.settled()).toBe(1);
		expect(host.doneTotal).toBe(2);
		expect(rb.details.outcome).toBe("declined");
		expect(ra.details.outcome).toBe("partial");
		expect(ra.details.answers.map((x) => x.answer)).toEqual(["Memory"]);
		expect(host.overlayCount()).toBe(0);
		outcomes.push(ra.details.outcome, rb.details.outcome);
	});

	it("the host disposes the overlay (Pi's resetExtensionUI): interrupted with the answers so far", async () => {
		const c = call();
		await waitShown();
		host.press("2");
		host.resetExtensionUI();
		const result = await expectOne(c, "interrupted");
		expect(result.details.answers.map((a) => a.answer)).toEqual(["Memory"]);
	});

	it("a component that throws while rendering: one interrupted result, the error shown, no escape", async () => {
		const c = call();
		await waitShown();
		host.press("1");
		const component = host.shown();
		Object.defineProperty(host.tui.terminal, "rows", {
			configurable: true,
			get() {
				throw new Error("terminal \x1b]0;gone\x07");
			},
		});
		expect(component?.render(100)).toEqual([]);
		delete (host.tui.terminal as unknown as { rows?: number }).rows;
		const result = await expectOne(c, "interrupted");
		expect(result.details.answers).toHaveLength(1);
		expect(host.notices.join("")).toContain("gone");
		expect(host.notices.join("")).not.toContain("\x1b");
	});

	it("a component that throws on a key (the external editor fails synchronously): the draft stays, no crash", async () => {
		const throwing: ExternalEditor = () => {
			throw new Error("spawn EACCES");
		};
		const c = call(undefined, loader(throwing));
		await waitShown();
		host.press("\x1b[B", "\x1b[B", "\r", "x", "\x07");
		await tick();
		host.frame();
		host.press("\r", "\t", "\r");
		const result = await expectOne(c, "partial");
		expect(result.details.answers[0]?.answer).toBe("x");
	});
});

describe("Pi's InteractiveMode: the config file changes while a questionnaire is open", () => {
	it("the open call keeps the settings it started with and ends once; a reload then applies the new file", async () => {
		const single = { questions: [FORM.questions[0]] };
		const h = await startInteractive({ responses: [askTurn(single), echoTurn, askTurn(single), echoTurn] });
		const configPath = join(process.env.PI_CODING_AGENT_DIR ?? "", "ask-user-question.json");
		const long = "a typed answer that is clearly longer than forty characters, to be cut";
		const ask = async (prompt: string) => {
			const run = h.prompt(prompt);
			await h.waitFor((s) => s.includes("Which cache?"), "the questionnaire");
			return { run };
		};
		try {
			writeFileSync(configPath, JSON.stringify({ limits: { customAnswer: 40 } }));
			await h.session.reload(); // as at start-up: the file is read at session_start
			const first = await ask("ask me");
			// Changed (and broken) while the questionnaire is open: Pi refuses to reload mid-response.
			writeFileSync(configPath, '{ "limits": { "customAnswer": ');
			await expect(h.session.reload()).rejects.toThrow(/wait|current response/i);
			h.press(`\x1b[200~${long}\x1b[201~`, "\r");
			await first.run;
			expect(h.toolResults()).toHaveLength(1);
			expect(h.toolResults()[0]).toMatch(/more characters/); // still capped at 40: the settings it started with
			// Idle now: the reload reads the broken file, warns, and falls back to the defaults.
			await h.session.reload();
			const second = await ask("again");
			h.press(`\x1b[200~${long}\x1b[201~`, "\r");
			await second.run;
			const results = h.toolResults();
			expect(results).toHaveLength(2);
			expect(results[1]).toContain(JSON.stringify(long));
			outcomes.push("config-changed:answered", "after-reload:answered");
		} finally {
			await h.close();
		}
	});
});

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
