/**
 * runTuiQuestionnaire against a fake `ctx.ui`: the custom() options it asks for, no custom UI
 * (undefined), the abort signal before, during and right after opening, error reporting, and that
 * the listener on the signal is removed afterwards.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { getMarkdownTheme, getSelectListTheme, initTheme } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, type OverlayOptions, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openOnHost } from "../../src/ask/open-on-host.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { piHost } from "../../src/pi/host-ui.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";

/** A first showing: announced, under the answer timeout. */
const SHOWN = { announce: true, timed: true };

import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { CACHE, flush, PLATFORMS } from "./session-harness.ts";

beforeAll(() => initTheme("dark"));

type Factory = Parameters<ExtensionUIContext["custom"]>[0];
type CustomOptions = NonNullable<Parameters<ExtensionUIContext["custom"]>[1]>;
interface Shown {
	component: Awaited<ReturnType<Factory>>;
	options: CustomOptions;
	handle: { setHidden: ReturnType<typeof vi.fn> };
}

const theme = { fg: (_c: string, s: string) => s, bg: (_c: string, s: string) => s, bold: (s: string) => s };

/** A ui whose custom() behaves like Pi's overlay path; `shown` resolves once the component exists. */
function fakeUi(opts: { rows?: number; deferFactory?: boolean; noCustom?: boolean } = {}) {
	const tui = {
		requestRender: vi.fn(),
		renderNow: vi.fn(),
		stop: vi.fn(),
		start: vi.fn(),
		terminal: { columns: 80, rows: opts.rows ?? 30 },
	};
	const notify = vi.fn();
	const custom = vi.fn();
	let resolveShown!: (s: Shown) => void;
	const shown = new Promise<Shown>((r) => {
		resolveShown = r;
	});
	const ui = {
		notify,
		onTerminalInput: () => () => {},
		custom: (factory: Factory, options: CustomOptions) => {
			custom(options);
			if (opts.noCustom) return Promise.resolve(undefined);
			return new Promise((resolve) => {
				let closed = false;
				const done = (result: unknown) => {
					if (closed) return;
					closed = true;
					component?.dispose?.();
					resolve(result);
				};
				let component: Awaited<ReturnType<Factory>> | undefined;
				const create = async () => {
					component = await factory(
						tui as never,
						theme as never,
						new KeybindingsManager(TUI_KEYBINDINGS) as never,
						done as never,
					);
					if (closed) return;
					const handle = { setHidden: vi.fn() };
					options.onHandle?.(handle as never);
					resolveShown({ component, options, handle });
				};
				if (opts.deferFactory) setTimeout(() => void create(), 0);
				else void create();
			});
		},
	};
	return { ui: ui as unknown as ExtensionUIContext, tui, notify, custom, shown };
}

describe("runTuiQuestionnaire", () => {
	it("draws the overlay as soon as Pi shows it, not at the next throttled frame", async () => {
		const f = fakeUi();
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui);
		const { component } = await f.shown;
		expect(f.tui.renderNow).toHaveBeenCalledTimes(1);
		component.handleInput?.("1");
		await run;
		expect(f.tui.renderNow).toHaveBeenCalledTimes(1);
	});

	it("opens a full-width overlay at the bottom, reports Pi as blocked, and returns the answer", async () => {
		const f = fakeUi({ rows: 30 });
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {});
		const { component, options } = await f.shown;
		expect(options.overlay).toBe(true);
		expect(options.blocked).toEqual({ kind: "question", message: expect.any(String) });
		// An object, not a function: Pi 1.6.0 reads it once, so the height must be relative to stay right after a resize.
		const overlay = options.overlayOptions as OverlayOptions;
		expect(overlay).toEqual({ anchor: "bottom-center", width: "100%", maxHeight: "90%", margin: 0 });
		expect(component.render(80).join("\n")).toContain(CACHE.question);
		component.handleInput?.("\x1b[B");
		component.handleInput?.("\r");
		const result = await run;
		expect(result).toMatchObject({ outcome: "answered", host: "tui", answers: [{ answer: "SQLite file" }] });
	});

	it("config `timeout`: the overlay counts down and ends timed_out; the accessible prompts never do (WCAG 2.2.1)", async () => {
		vi.useFakeTimers();
		try {
			const config = { ...defaultConfig(), timeout: 2 };
			const f = fakeUi();
			const run = openOnHost("tui", { questions: [CACHE] }, { ui: f.ui, config }, SHOWN);
			const { component } = await f.shown;
			expect(component.render(80).join("\n")).toContain("Closes in 0:02");
			await vi.advanceTimersByTimeAsync(2_000);
			expect(await run).toMatchObject({ outcome: "timed_out", answers: [] });
			expect(vi.getTimerCount()).toBe(0);

			const plain = fakeUi();
			const walking = openOnHost("accessible", { questions: [CACHE] }, { ui: plain.ui, config }, SHOWN);
			const prompt = (await plain.shown).component;
			await vi.advanceTimersByTimeAsync(86_400_000);
			expect(prompt.render(80).join("\n")).not.toContain("Closes in");
			prompt.handleInput?.("2");
			prompt.handleInput?.("\r");
			expect(await walking).toMatchObject({ outcome: "answered", answers: [{ answer: "SQLite file" }] });

			// Reopened from /answer: the person just asked for it, so no countdown.
			const reopened = fakeUi();
			const progress = { answers: [undefined], ticks: [[]], notes: [""], drafts: [""], globalNote: "" };
			const again = openOnHost(
				"tui",
				{ questions: [CACHE] },
				{ ui: reopened.ui, config },
				{ progress, announce: false, timed: false },
			);
			const shown = (await reopened.shown).component;
			await vi.advanceTimersByTimeAsync(86_400_000);
			expect(shown.render(80).join("\n")).not.toContain("Closes in");
			shown.handleInput?.("1");
			expect(await again).toMatchObject({ outcome: "answered" });
		} finally {
			vi.useRealTimers();
		}
	});

	it("a recorder that throws costs the person nothing, on every path (openOnHost guards it once)", async () => {
		const onProgress = vi.fn(() => {
			throw new Error("disk full");
		});
		const overlay = fakeUi();
		const onOverlay = openOnHost("tui", { questions: [CACHE] }, { ui: overlay.ui }, { ...SHOWN, onProgress });
		(await overlay.shown).component.handleInput?.("2");
		expect(await onOverlay).toMatchObject({ outcome: "answered", answers: [{ answer: "SQLite file" }] });
		expect(onProgress).toHaveBeenCalled();
		onProgress.mockClear();

		const plain = fakeUi();
		const onPrompt = openOnHost("accessible", { questions: [CACHE] }, { ui: plain.ui }, { ...SHOWN, onProgress });
		const prompt = (await plain.shown).component;
		for (const key of ["2", "\r"]) prompt.handleInput?.(key);
		expect(await onPrompt).toMatchObject({ outcome: "answered", answers: [{ answer: "SQLite file" }] });
		expect(onProgress).toHaveBeenCalled();
		onProgress.mockClear();

		const dialogs = { select: async (_t: string, rows: string[]) => rows[1], input: async () => undefined };
		const onDialogs = openOnHost("dialogs", { questions: [CACHE] }, { ui: dialogs as never }, { ...SHOWN, onProgress });
		expect(await onDialogs).toMatchObject({ outcome: "answered", answers: [{ answer: "SQLite file" }] });
		expect(onProgress).toHaveBeenCalled();
	});

	it("draws with the theme builders the adapter gives: Pi's own, called as the overlay opens", async () => {
		const f = fakeUi();
		const pi = piHost(f.ui);
		expect(pi).toEqual({ ui: f.ui, themes: { markdown: getMarkdownTheme, selectList: getSelectListTheme } });
		const themes = { markdown: vi.fn(pi.themes.markdown), selectList: vi.fn(pi.themes.selectList) };
		const run = openOnHost("tui", { questions: [CACHE] }, { ui: pi.ui, themes }, SHOWN);
		const { component } = await f.shown;
		expect(themes.markdown).toHaveBeenCalledOnce();
		expect(themes.selectList).toHaveBeenCalledOnce();
		component.handleInput?.("\r");
		expect(await run).toMatchObject({ outcome: "answered" });
	});

	it("config `limits` reach the session: the editor warns at the configured customAnswer", async () => {
		const config = { ...defaultConfig(), limits: { ...defaultConfig().limits, customAnswer: 7 } };
		const f = fakeUi();
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { config });
		const { component } = await f.shown;
		for (const key of ["\x1b[B", "\x1b[B", "\x1b[B", "\r", "\x1b[200~typed by hand\x1b[201~"])
			component.handleInput?.(key);
		expect(component.render(80).join("\n")).toContain("The model will see the first 7 of 13 characters");
		component.handleInput?.("\r");
		expect(await run).toMatchObject({ outcome: "answered", answers: [{ kind: "custom", answer: "typed by hand" }] });
	});

	it("returns undefined when custom() shows nothing (no custom UI here)", async () => {
		const f = fakeUi({ noCustom: true });
		expect(await runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {})).toBeUndefined();
	});

	it("an already aborted signal returns interrupted without opening anything", async () => {
		const f = fakeUi();
		const controller = new AbortController();
		controller.abort();
		const result = await runTuiQuestionnaire({ questions: [CACHE, PLATFORMS] }, f.ui, { signal: controller.signal });
		expect(result).toMatchObject({ outcome: "interrupted", answers: [], unanswered: [0, 1] });
		expect(f.custom).not.toHaveBeenCalled();
	});

	it("abort mid-way closes with the answers so far; the abort listener is removed", async () => {
		const f = fakeUi();
		const controller = new AbortController();
		const remove = vi.spyOn(controller.signal, "removeEventListener");
		const run = runTuiQuestionnaire({ questions: [CACHE, PLATFORMS] }, f.ui, { signal: controller.signal });
		const { component } = await f.shown;
		component.handleInput?.("3");
		controller.abort();
		const result = (await run) as QuestionnaireResult;
		expect(result).toMatchObject({ outcome: "interrupted", answers: [{ answer: "Redis" }], unanswered: [1] });
		expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
	});

	it("an abort before the component exists ends it as soon as it does", async () => {
		const f = fakeUi({ deferFactory: true });
		const controller = new AbortController();
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, { signal: controller.signal });
		controller.abort();
		expect(await run).toMatchObject({ outcome: "interrupted" });
	});

	it("an internal failure is shown with notify and still returns one result", async () => {
		const f = fakeUi();
		const run = runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {});
		const { component } = await f.shown;
		Object.defineProperty(f.tui.terminal, "rows", {
			get() {
				throw new Error("terminal \x1b[2Jgone");
			},
		});
		expect(component.render(80)).toEqual([]);
		await flush();
		expect(await run).toMatchObject({ outcome: "interrupted" });
		expect(f.notify).toHaveBeenCalledWith(expect.stringContaining("terminal"), "error");
		expect(f.notify.mock.calls[0]?.[0]).not.toContain("\x1b");
	});

	it("the overlay handle drives collapse", async () => {
		const f = fakeUi();
		void runTuiQuestionnaire({ questions: [CACHE] }, f.ui, {});
		const { component, handle } = await f.shown;
		component.handleInput?.("\x1d");
		expect(handle.setHidden).toHaveBeenCalledWith(true);
		component.handleInput?.("\x1b");
	});
});
