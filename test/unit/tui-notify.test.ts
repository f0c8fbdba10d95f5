/**
 * The notification when a questionnaire opens in the TUI (src/tui/notify.ts, run.ts): sent once, just after
 * the first frame, through Pi's terminal, naming what is asked; Pi's `blocked` status names it too; none for
 * a questionnaire the person opened (`/answer`), with `notify: "off"` or `bell: false`, or off a TTY; inside
 * tmux it waits for tmux's answer about passthrough. Also the runner's key settings (config keys reach the
 * session; a key conflict is told once per process).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { initTheme } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AskConfig } from "../../src/config/schema.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { sendNotification } from "../../src/tui/notify.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { CACHE, PLATFORMS } from "./session-harness.ts";

/** The terminal bell, the notification every terminal understands. */
const BEL = "\x07";

beforeAll(() => initTheme("dark"));

type Factory = Parameters<ExtensionUIContext["custom"]>[0];
type Component = Awaited<ReturnType<Factory>>;

const theme = { fg: (_c: string, s: string) => s, bg: (_c: string, s: string) => s, bold: (s: string) => s };
const WEZTERM = { TERM_PROGRAM: "WezTerm", TERM: "xterm-256color" };
const OSC777 = (title: string, body: string) => `\x1b]777;notify;${title};${body}\x07`;

/** A ui whose custom() builds the component at once and hands it to the test. */
function fakeUi() {
	const write = vi.fn();
	const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write } };
	const notify = vi.fn();
	const options: unknown[] = [];
	let component: Component | undefined;
	const ui = {
		notify,
		onTerminalInput: () => () => {},
		custom: (factory: Factory, opts: unknown) =>
			new Promise((resolve) => {
				options.push(opts);
				void Promise.resolve(
					factory(tui as never, theme as never, new KeybindingsManager(TUI_KEYBINDINGS) as never, resolve as never),
				).then((c) => {
					component = c;
					// As pi-tui does: the overlay is drawn once it is shown.
					c.render(80);
				});
			}),
	};
	return { ui: ui as unknown as ExtensionUIContext, write, notify, options, component: () => component };
}

const config = (over: Partial<AskConfig> = {}): AskConfig => ({ ...defaultConfig(), ...over });

async function openAndAnswer(f: ReturnType<typeof fakeUi>, run: Promise<unknown>) {
	await vi.waitFor(() => expect(f.component()).toBeDefined());
	// The notification and key warnings come just after the first frame.
	await new Promise((resolve) => setImmediate(resolve));
	f.component()?.handleInput?.("3");
	return run;
}

describe("sendNotification", () => {
	const text = { title: "T", body: "B" };

	it("writes the plan's bytes at once outside tmux; nothing off a TTY or without a terminal; never throws", async () => {
		const terminal = { write: vi.fn() };
		expect(await sendNotification(terminal, text, { setting: "auto", env: WEZTERM, isTTY: true })).toBe(true);
		expect(terminal.write.mock.calls).toEqual([[OSC777("T", "B")]]);
		expect(await sendNotification(terminal, text, { setting: "auto", env: WEZTERM, isTTY: false })).toBe(false);
		expect(await sendNotification(undefined, text, { setting: "auto", env: WEZTERM, isTTY: true })).toBe(false);
		expect(terminal.write).toHaveBeenCalledTimes(1);
		const broken = {
			write: () => {
				throw new Error("closed");
			},
		};
		expect(await sendNotification(broken, text, { setting: "bell", env: {}, isTTY: true })).toBe(false);
	});

	it("inside tmux, asks about passthrough once it is needed, and goes by the answer", async () => {
		const env = { TMUX: "/tmp/t,1,0", TMUX_PANE: "%1", WEZTERM_PANE: "0" };
		const on = { write: vi.fn() };
		const askOn = vi.fn(async () => true);
		await sendNotification(on, text, { setting: "auto", env, isTTY: true, passthrough: askOn });
		expect(askOn).toHaveBeenCalledWith(env);
		expect(on.write.mock.calls).toEqual([[`\x1bPtmux;${OSC777("T", "B").replace("\x1b", "\x1b\x1b")}\x1b\\`]]);
		const off = { write: vi.fn() };
		await sendNotification(off, text, { setting: "auto", env, isTTY: true, passthrough: async () => false });
		expect(off.write.mock.calls).toEqual([[BEL]]);
		const failed = { write: vi.fn() };
		await sendNotification(failed, text, { setting: "auto", env, isTTY: true, passthrough: () => Promise.reject() });
		expect(failed.write.mock.calls).toEqual([[BEL]]);
		const askNot = vi.fn(async () => true);
		await sendNotification(on, text, { setting: "bell", env, isTTY: true, passthrough: askNot });
		expect(askNot).not.toHaveBeenCalled();
	});

	it("sends nothing when the moment passed while tmux was asked", async () => {
		const terminal = { write: vi.fn() };
		const env = { TMUX: "/tmp/t,1,0", WEZTERM_PANE: "0" };
		const sent = await sendNotification(terminal, text, {
			setting: "auto",
			env,
			isTTY: true,
			passthrough: async () => true,
			stillWanted: () => false,
		});
		expect(sent).toBe(false);
		expect(terminal.write).not.toHaveBeenCalled();
	});

	it("asks tmux itself (a fake tmux on PATH), once per pane, and reads its answer: a flag in 3.3, a choice in 3.4", async () => {
		const bin = mkdtempSync(join(tmpdir(), "ask-tmux-"));
		const asked = join(bin, "asked");
		// Answers only the question we mean to ask, for the pane we are in; logs each time it is asked.
		writeFileSync(
			join(bin, "tmux"),
			`#!/bin/sh\necho "$@" >> '${asked}'\n[ "$*" = "display-message -p -t $TMUX_PANE #{allow-passthrough}" ] || exit 1\nprintf '%s' "$ASK_TEST_TMUX_ANSWER"\n`,
			{ mode: 0o755 },
		);
		const saved = { PATH: process.env.PATH, TMUX_PANE: process.env.TMUX_PANE };
		process.env.PATH = `${bin}:${saved.PATH ?? ""}`;
		try {
			const wrapped = `\x1bPtmux;${OSC777("T", "B").replace("\x1b", "\x1b\x1b")}\x1b\\`;
			const answers = ["1\n", "on\n", "all\n", "0\n", "off\n", "", "bad value"];
			for (const [i, answer] of answers.entries()) {
				const pane = `%${i}`;
				process.env.TMUX_PANE = pane;
				process.env.ASK_TEST_TMUX_ANSWER = answer;
				const env = { TMUX: `/tmp/ask-test-${i},1,0`, TMUX_PANE: pane, WEZTERM_PANE: "0" };
				const terminal = { write: vi.fn() };
				await sendNotification(terminal, text, { setting: "auto", env, isTTY: true });
				await sendNotification(terminal, text, { setting: "auto", env, isTTY: true });
				const sent = i < 3 ? wrapped : BEL;
				expect(terminal.write.mock.calls, JSON.stringify(answer)).toEqual([[sent], [sent]]);
			}
			// One question per pane, however often a notification is sent there.
			expect(readFileSync(asked, "utf8").trim().split("\n")).toHaveLength(answers.length);
		} finally {
			for (const [name, value] of Object.entries(saved)) {
				if (value === undefined) delete process.env[name];
				else process.env[name] = value;
			}
			delete process.env.ASK_TEST_TMUX_ANSWER;
			rmSync(bin, { recursive: true, force: true });
		}
	});
});

describe("runTuiQuestionnaire: the notification and Pi's blocked status", () => {
	it("sends only once the first frame is drawn, and once", async () => {
		const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
		let checked = false;
		const ui = {
			...fakeUi().ui,
			custom: (factory: Factory) =>
				new Promise(() => {
					void Promise.resolve(
						factory(tui as never, theme as never, new KeybindingsManager(TUI_KEYBINDINGS) as never, () => {}),
					).then(async (component) => {
						await new Promise((resolve) => setImmediate(resolve));
						expect(tui.terminal.write).not.toHaveBeenCalled();
						component.render(80);
						expect(tui.terminal.write).not.toHaveBeenCalled();
						await new Promise((resolve) => setImmediate(resolve));
						expect(tui.terminal.write.mock.calls).toEqual([[OSC777("Pi asks you a question", CACHE.question)]]);
						component.render(80);
						await new Promise((resolve) => setImmediate(resolve));
						expect(tui.terminal.write).toHaveBeenCalledTimes(1);
						checked = true;
					});
				}),
		} as unknown as ExtensionUIContext;
		void runTuiQuestionnaire({ questions: [CACHE] }, ui, { config: config(), isTTY: true, env: WEZTERM });
		await vi.waitFor(() => expect(checked).toBe(true));
	});

	it("a relayed questionnaire's notification says who asks instead of 'Pi asks'", async () => {
		const relayed = fakeUi();
		const askedBy = 'Asked by subagent "scout" · depth 1 · /home/me/app';
		await openAndAnswer(
			relayed,
			runTuiQuestionnaire({ questions: [CACHE] }, relayed.ui, { config: config(), isTTY: true, env: WEZTERM, askedBy }),
		);
		expect(relayed.write.mock.calls).toEqual([[OSC777(askedBy, CACHE.question)]]);
	});

	it("names the question in the notification and in Pi's blocked status; headers for several", async () => {
		const one = fakeUi();
		await openAndAnswer(
			one,
			runTuiQuestionnaire({ questions: [CACHE] }, one.ui, { config: config(), isTTY: true, env: WEZTERM }),
		);
		expect(one.write.mock.calls).toEqual([[OSC777("Pi asks you a question", CACHE.question)]]);
		expect(one.options[0]).toMatchObject({
			blocked: { kind: "question", message: `The agent is waiting for your answer: ${CACHE.question}` },
		});
		const two = fakeUi();
		const run = runTuiQuestionnaire({ questions: [CACHE, PLATFORMS] }, two.ui, {
			config: config(),
			isTTY: true,
			env: {},
		});
		await vi.waitFor(() => expect(two.write).toHaveBeenCalled());
		expect(two.write.mock.calls).toEqual([[BEL]]);
		expect(two.options[0]).toMatchObject({
			blocked: { message: `The agent is waiting for your answer: ${CACHE.header} · ${PLATFORMS.header}` },
		});
		two.component()?.handleInput?.("\x1b");
		two.component()?.handleInput?.("\x1b");
		void run;
	});

	it("hostile question text reaches neither the notification nor the blocked status as controls", async () => {
		const f = fakeUi();
		const question = { ...CACHE, question: "Pick\x1b]0;pwned\x07\x1b\\ one\x9c\u202e" };
		await openAndAnswer(
			f,
			runTuiQuestionnaire({ questions: [question] }, f.ui, { config: config(), isTTY: true, env: WEZTERM }),
		);
		const [[written]] = f.write.mock.calls as [[string]];
		expect(written.startsWith("\x1b]777;notify;Pi asks you a question;Pick")).toBe(true);
		expect(written.slice(1, -1)).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e]/);
		const { message } = (f.options[0] as { blocked: { message: string } }).blocked;
		expect(message).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e]/);
	});

	it("speaks the locale's words", async () => {
		const f = fakeUi();
		await openAndAnswer(
			f,
			runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {
				config: config({ locale: "ja" }),
				isTTY: true,
				env: WEZTERM,
			}),
		);
		expect(f.write.mock.calls).toEqual([[OSC777("Pi からの質問", CACHE.question)]]);
	});

	it.each<[string, Partial<AskConfig>, boolean, boolean]>([
		["opened by the person (/answer)", {}, false, true],
		['notify: "off"', { notify: "off" }, true, true],
		["bell: false", { bell: false }, true, true],
		["stdout not a TTY", {}, true, false],
	])("sends nothing when %s", async (_name, over, announce, isTTY) => {
		const f = fakeUi();
		await openAndAnswer(
			f,
			runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config(over), isTTY, env: WEZTERM, announce }),
		);
		expect(f.write).not.toHaveBeenCalled();
		// Pi's blocked status is no noise: it still says what waits.
		expect(f.options[0]).toMatchObject({ blocked: { kind: "question" } });
	});

	it("bell: false with notify set: notify wins", async () => {
		const f = fakeUi();
		await openAndAnswer(
			f,
			runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {
				config: config({ bell: false, notify: "bell" }),
				isTTY: true,
				env: WEZTERM,
			}),
		);
		expect(f.write.mock.calls).toEqual([[BEL]]);
	});

	it("the accessible prompts notify the same way, and not for /answer", async () => {
		for (const announce of [true, false]) {
			const f = fakeUi();
			const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {
				config: config(),
				isTTY: true,
				env: WEZTERM,
				accessible: true,
				announce,
			});
			await vi.waitFor(() => expect(f.component()).toBeDefined());
			expect(f.write.mock.calls).toEqual(announce ? [[OSC777("Pi asks you a question", CACHE.question)]] : []);
			expect(f.options[0]).toEqual({
				blocked: { kind: "question", message: `The agent is waiting for your answer: ${CACHE.question}` },
			});
			f.component()?.dispose?.();
			await run;
		}
	});
});

describe("runTuiQuestionnaire: configured keys", () => {
	it("the config's keys reach the session (digits off: 3 answers nothing)", async () => {
		const f = fakeUi();
		const keys = { ...defaultConfig().keys, digits: false };
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config({ keys }), isTTY: false });
		await vi.waitFor(() => expect(f.component()).toBeDefined());
		f.component()?.handleInput?.("3");
		f.component()?.handleInput?.("\r");
		expect(await run).toMatchObject({ answers: [{ answer: "In-memory LRU" }] });
	});

	it("tells a key conflict once per process, as a warning", async () => {
		const keys = { ...defaultConfig().keys, notes: "space" };
		for (let i = 0; i < 2; i++) {
			const f = fakeUi();
			await openAndAnswer(
				f,
				runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config({ keys }), isTTY: false }),
			);
			expect(f.notify.mock.calls).toEqual(
				i === 0
					? [
							[
								'ask_user_question: Key "space" is bound to keys.toggle and keys.notes; where both apply it does what keys.toggle says.',
								"warning",
							],
						]
					: [],
			);
		}
	});
});
