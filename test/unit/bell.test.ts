/**
 * The attention bell and the key warnings of the TUI runner: one BEL through Pi's terminal when the
 * questionnaire opens on a TTY with `bell` on, none when off or not a TTY; Pi's `blocked` signal goes
 * with it; the config's keys reach the session, and a key conflict is told once per process.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { initTheme } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../src/config/load.ts";
import type { AskConfig } from "../../src/config/schema.ts";
import { BEL, ringBell } from "../../src/tui/bell.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { CACHE } from "./session-harness.ts";

beforeAll(() => initTheme("dark"));

type Factory = Parameters<ExtensionUIContext["custom"]>[0];
type Component = Awaited<ReturnType<Factory>>;

const theme = { fg: (_c: string, s: string) => s, bg: (_c: string, s: string) => s, bold: (s: string) => s };

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
	// The bell and key warnings come just after the first frame.
	await new Promise((resolve) => setImmediate(resolve));
	f.component()?.handleInput?.("3");
	return run;
}

describe("ringBell", () => {
	it("writes one BEL when enabled on a TTY", () => {
		const terminal = { write: vi.fn() };
		expect(ringBell(terminal, { enabled: true, isTTY: true })).toBe(true);
		expect(terminal.write.mock.calls).toEqual([[BEL]]);
	});

	it("writes nothing when disabled, when not a TTY, or without a terminal; never throws", () => {
		const terminal = { write: vi.fn() };
		expect(ringBell(terminal, { enabled: false, isTTY: true })).toBe(false);
		expect(ringBell(terminal, { enabled: true, isTTY: false })).toBe(false);
		expect(ringBell(undefined, { isTTY: true })).toBe(false);
		expect(terminal.write).not.toHaveBeenCalled();
		const broken = {
			write: () => {
				throw new Error("closed");
			},
		};
		expect(ringBell(broken, { isTTY: true })).toBe(false);
	});

	it("follows process.stdout.isTTY by default", () => {
		const terminal = { write: vi.fn() };
		ringBell(terminal);
		expect(terminal.write).toHaveBeenCalledTimes(process.stdout.isTTY === true ? 1 : 0);
	});
});

describe("runTuiQuestionnaire: bell and blocked", () => {
	it("rings only once the first frame is drawn", async () => {
		const f = fakeUi();
		const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
		const ui = {
			...f.ui,
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
						expect(tui.terminal.write.mock.calls).toEqual([[BEL]]);
						component.render(80);
						await new Promise((resolve) => setImmediate(resolve));
						expect(tui.terminal.write).toHaveBeenCalledTimes(1);
						checked = true;
					});
				}),
		} as unknown as ExtensionUIContext;
		let checked = false;
		void runTuiQuestionnaire({ questions: [CACHE] }, ui, { config: config(), isTTY: true });
		await vi.waitFor(() => expect(checked).toBe(true));
	});

	it("rings once per questionnaire on a TTY, and marks Pi blocked", async () => {
		const f = fakeUi();
		await openAndAnswer(f, runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config(), isTTY: true }));
		expect(f.write.mock.calls.filter(([data]) => data === BEL)).toHaveLength(1);
		expect(f.options[0]).toMatchObject({ blocked: { kind: "question" } });
	});

	it("does not ring with bell: false", async () => {
		const f = fakeUi();
		await openAndAnswer(
			f,
			runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config({ bell: false }), isTTY: true }),
		);
		expect(f.write).not.toHaveBeenCalledWith(BEL);
	});

	it("does not ring when stdout is not a TTY", async () => {
		const f = fakeUi();
		await openAndAnswer(f, runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config: config(), isTTY: false }));
		expect(f.write).not.toHaveBeenCalledWith(BEL);
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
