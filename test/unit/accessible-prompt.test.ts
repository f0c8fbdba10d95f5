/**
 * The accessible prompt as a DialogHost and a component, and the accessible runner over a fake
 * `custom()`: plain numbered text (no box drawing, no SGR with NO_COLOR), numbers choose, a wrong reply
 * re-prompts, the cancel key cancels, every line fits; a whole form walks to the same result shape as
 * the other paths (host "tui"), one question at a time.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS, visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { en } from "../../src/i18n/en.ts";
import { askedLine } from "../../src/notify/sequence.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { AccessiblePrompt, type PromptStyle } from "../../src/tui/accessible/prompt.ts";
import { type RunTuiOptions, runTuiQuestionnaire } from "../../src/tui/run.ts";
import { type Piecing, pieces, typeableText } from "../support/graphemes.ts";
import { CACHE, KEYS, PLATFORMS, typed } from "./session-harness.ts";

/** The terminal bell, the notification every terminal understands. */
const BEL = "\x07";

const BOX = /[\u2500-\u257f]/;
const SGR = /\x1b\[[0-9;:]*m/;
const keys = () => new KeybindingsManager(TUI_KEYBINDINGS);

/** The TUI host path with `accessible` on: the dialog walker over the prompt. */
const runAccessible = (questionnaire: Questionnaire, ui: ExtensionUIContext, options: RunTuiOptions = {}) =>
	runTuiQuestionnaire(questionnaire, ui, { ...options, accessible: true });

function prompt(style?: PromptStyle) {
	const requestRender = vi.fn();
	const p = new AccessiblePrompt({ keys: keys(), requestRender, style });
	p.focused = true;
	const type = (text: string, encoding: "legacy" | "kitty" = "legacy") => {
		for (const key of typed(text, encoding)) p.handleInput(key);
	};
	return { p, requestRender, type, screen: (width = 80) => p.render(width).join("\n") };
}

describe("AccessiblePrompt: choices", () => {
	it("shows the title, the rows numbered once, and how to answer, as plain text", () => {
		const { p, screen } = prompt();
		void p.select("[1/2] Cache — Which cache?\n── 1. Tabs ──", ["1. Redis — fast", "2. SQLite", "Type something…"]);
		const text = screen();
		expect(text).toContain("[1/2] Cache — Which cache?");
		expect(text).toContain("-- 1. Tabs --");
		expect(text.split("\n")).toEqual(expect.arrayContaining(["1. Redis — fast", "2. SQLite", "3. Type something…"]));
		expect(text).toContain("Type a number from 1 to 3, then press Enter. Escape asks how you want to leave.");
		expect(text).not.toMatch(BOX);
		expect(text).not.toMatch(SGR);
	});

	it("multi-select rows keep their check box in words, after the number", () => {
		const { p, screen } = prompt();
		void p.select("Platforms", ["[x] 1. Linux", "[ ] 2. macOS", "Done — 1 selected"]);
		expect(screen().split("\n")).toEqual(
			expect.arrayContaining(["1. [x] Linux", "2. [ ] macOS", "3. Done — 1 selected"]),
		);
	});

	it.each(["legacy", "kitty"] as const)("a number and Enter choose that row (%s keys)", async (encoding) => {
		const { p, type } = prompt();
		const reply = p.select("Q", ["a", "b", "c"]);
		type("2", encoding);
		p.handleInput(KEYS[encoding].enter);
		await expect(reply).resolves.toBe("b");
	});

	it("full-width digits and spaces around the number are accepted", async () => {
		const { p, type } = prompt();
		const reply = p.select("Q", ["a", "b", "c"]);
		type(" ３ ");
		p.handleInput("\r");
		await expect(reply).resolves.toBe("c");
	});

	it("a wrong reply re-prompts with a plain message and keeps the question open", async () => {
		const { p, type, screen } = prompt();
		const reply = p.select("Q", ["a", "b"]);
		let settled = false;
		void reply.then(() => {
			settled = true;
		});
		for (const wrong of ["9", "0", "two", "", "1.5", "-1"]) {
			type(wrong);
			p.handleInput("\r");
			await Promise.resolve();
			expect(settled, wrong).toBe(false);
			expect(screen()).toContain(
				wrong === "" ? "Nothing typed. Type a number from 1 to 2." : `"${wrong}" is not a choice.`,
			);
		}
		type("1");
		p.handleInput("\r");
		await expect(reply).resolves.toBe("a");
		expect(screen()).toBe("");
	});

	it.each(["legacy", "kitty"] as const)("the cancel key cancels (%s Escape)", async (encoding) => {
		const { p, type } = prompt();
		const reply = p.select("Q", ["a", "b"]);
		type("1");
		p.handleInput(KEYS[encoding].escape);
		await expect(reply).resolves.toBeUndefined();
	});

	it("says what the cancel key does there, as the walker tells it (src/state/leave.ts)", () => {
		const { p, screen } = prompt();
		const said = {
			decline: "Escape declines: the agent is told you declined.",
			ask: "Escape asks how you want to leave.",
			later: "Escape puts it aside to answer later.",
			back: "Escape goes back.",
		} as const;
		for (const [cancel, words] of Object.entries(said)) {
			void p.select("Q", ["a", "b"], { cancel: cancel as keyof typeof said });
			expect(screen(200)).toContain(`Type a number from 1 to 2, then press Enter. ${words}`);
		}
	});
});

describe("AccessiblePrompt: text", () => {
	it("reads text; shows the placeholder as words above the input; Escape cancels, saying what the input held", async () => {
		const { p, type, screen } = prompt();
		const reply = p.input("[1/1] Cache — note", "Optional note");
		expect(screen()).toContain("(Optional note)");
		expect(screen()).toContain("Type your text, then press Enter. Escape goes back, keeping what you typed.");
		type("keep it small");
		p.handleInput("\r");
		await expect(reply).resolves.toBe("keep it small");
		const left: string[] = [];
		const kept = p.input("again", undefined, { text: "a", onLeft: (text) => left.push(text) });
		type("x");
		p.handleInput("\x1b");
		await expect(kept).resolves.toBeUndefined();
		expect(left).toEqual(["ax"]);
		const cancelled = p.input("once more");
		type("  ");
		p.handleInput("\x1b");
		await expect(cancelled).resolves.toBeUndefined();
	});
});

describe("AccessiblePrompt: typed text of every script, and pasted controls", () => {
	it("emoji, joiners, selectors and decomposed Hangul typed a UTF-16 unit at a time are the reply, whole on screen (property)", async () => {
		await fc.assert(
			fc.asyncProperty(typeableText(), fc.constantFrom<Piecing>("units", "codePoints"), async (text, piecing) => {
				const { p, screen } = prompt();
				const reply = p.input("[1/1] Cache — note");
				for (const piece of pieces(text, piecing)) p.handleInput(piece);
				expect(screen(200)).toContain(text);
				expect(screen(200)).not.toMatch(/\uFFFD|\\u[0-9a-f]{4}/);
				p.handleInput("\r");
				await expect(reply).resolves.toBe(text);
			}),
			{ numRuns: 60 },
		);
	});

	it("a pasted escape sequence or bidi override is the reply as pasted, and never reaches the screen raw", async () => {
		const { p, screen } = prompt();
		const reply = p.input("[1/1] Cache — note");
		const pasted = "x\x1b]52;c;aGk=\x07\u202ey";
		p.handleInput(`\x1b[200~${pasted}\x1b[201~`);
		const shown = screen();
		expect(shown).not.toMatch(/\x1b\]52|\u202e/);
		expect(shown).toContain("x␛]52;c;aGk=␇\\u202ey");
		p.handleInput("\r");
		await expect(reply).resolves.toBe(pasted);
	});

	it("a wrong reply is repeated cut where a grapheme ends, never through an emoji", async () => {
		const { p, type, screen } = prompt();
		void p.select("Q", ["a", "b"]);
		type(`${"x".repeat(39)}👍🏽 more`);
		p.handleInput("\r");
		const shown = screen(200);
		expect(shown).not.toMatch(/\uFFFD|[\ud800-\udbff](?![\udc00-\udfff])/);
		expect(shown).toContain(`"${"x".repeat(39)}`);
	});
});

describe("AccessiblePrompt: ending", () => {
	it("an abort closes the open question unanswered; a later question on an aborted signal too", async () => {
		const { p, screen } = prompt();
		const controller = new AbortController();
		const reply = p.select("Q", ["a"], { signal: controller.signal });
		controller.abort();
		await expect(reply).resolves.toBeUndefined();
		expect(screen()).toBe("");
		await expect(p.select("Q", ["a"], { signal: controller.signal })).resolves.toBeUndefined();
	});

	it("dispose closes the open question and tells the runner, once", async () => {
		const { p } = prompt();
		const reply = p.input("Q");
		const onDispose = vi.fn();
		p.disposed.addEventListener("abort", onDispose);
		p.dispose();
		p.dispose();
		await expect(reply).resolves.toBeUndefined();
		expect(onDispose).toHaveBeenCalledTimes(1);
		await expect(p.select("Q", ["a"])).resolves.toBeUndefined();
	});

	it("keys with nothing open draw nothing, and the next dialog reads them (a quick typist, a paste)", async () => {
		const { p, requestRender } = prompt();
		for (const key of ["2", "\r", "x"]) p.handleInput(key);
		expect(requestRender).not.toHaveBeenCalled();
		await expect(p.select("Q", ["a", "b"])).resolves.toBe("b");
		expect(p.render(80).join("\n")).toBe("");
		const text = p.input("Name?");
		p.handleInput("\r");
		await expect(text).resolves.toBe("x");
	});
});

describe("AccessiblePrompt: layout (property)", () => {
	it("every line fits the width, with no box drawing, whatever the text", () => {
		const text = fc.string({
			unit: fc.constantFrom("a", " ", "─", "│", "日", "🙂", "é", "\n", "x", "1. "),
			maxLength: 80,
		});
		fc.assert(
			fc.property(
				text,
				fc.array(text, { minLength: 1, maxLength: 5 }),
				fc.integer({ min: 1, max: 120 }),
				(t, rows, w) => {
					const { p } = prompt();
					void p.select(t, rows);
					for (const line of p.render(w)) {
						expect(visibleWidth(line)).toBeLessThanOrEqual(w);
						expect(line).not.toMatch(BOX);
					}
				},
			),
		);
	});
});

/** A ui whose custom() runs the factory at once, keeps the component, and records the options. */
function fakeUi(themed: boolean, keybindings = keys()) {
	const write = vi.fn();
	const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write } };
	const sgr = (text: string) => `\x1b[1m${text}\x1b[22m`;
	const theme = themed ? { bold: sgr, fg: (_c: string, t: string) => sgr(t) } : { bold: (t: string) => t };
	let component: AccessiblePrompt | undefined;
	const options: unknown[] = [];
	const ui = {
		custom: (factory: (...args: unknown[]) => AccessiblePrompt, opts: unknown) =>
			new Promise((resolve) => {
				options.push(opts);
				component = factory(tui, theme, keybindings, (result: unknown) => {
					component?.dispose();
					resolve(result);
				});
			}),
	};
	const frames: string[] = [];
	return {
		ui: ui as unknown as ExtensionUIContext,
		write,
		options,
		frames,
		component: () => component,
		/** Waits for the next question, records its frame, answers it. */
		async answer(...replies: string[]) {
			for (const reply of replies) {
				await vi.waitFor(() => expect(component?.render(80).length).toBeGreaterThan(0));
				frames.push(component?.render(80).join("\n") ?? "");
				for (const key of typed(reply, "legacy")) component?.handleInput(key);
				component?.handleInput("\r");
				await new Promise((r) => setTimeout(r, 0));
			}
		},
	};
}

describe("the accessible runner (runTuiQuestionnaire, accessible)", () => {
	it("walks a two-question form one question at a time, inline, and returns host tui", async () => {
		const f = fakeUi(false);
		const run = runAccessible({ questions: [CACHE, PLATFORMS] }, f.ui, { env: { NO_COLOR: "1" }, isTTY: true });
		// Cache: 2 (SQLite). Platforms: toggle 1 and 3, then Done (row 4). Review: 1 (Submit).
		await f.answer("2", "1", "3", "4", "1");
		const result = await run;
		expect(result).toMatchObject({
			outcome: "answered",
			host: "tui",
			answers: [
				{ questionIndex: 0, kind: "option", answer: "SQLite file" },
				{ questionIndex: 1, kind: "multi", answer: ["Linux", "Windows"] },
			],
		});
		expect(f.options[0]).toEqual({
			blocked: { kind: "question", message: en.tuiBlocked(askedLine({ questions: [CACHE, PLATFORMS] })) },
		});
		expect(f.frames[0]).toContain(CACHE.question);
		expect(f.frames[0]).not.toContain(PLATFORMS.question);
		expect(f.frames[1]).toContain(PLATFORMS.question);
		for (const frame of f.frames) {
			expect(frame).not.toMatch(BOX);
			expect(frame).not.toMatch(SGR);
		}
		expect(f.write.mock.calls).toEqual([[BEL]]);
	});

	it("a whole form typed in one burst is answered as typed: no key falls between two dialogs", async () => {
		const f = fakeUi(false);
		const run = runAccessible({ questions: [CACHE, PLATFORMS] }, f.ui);
		await vi.waitFor(() => expect(f.component()?.render(80).length).toBeGreaterThan(0));
		for (const key of typed("2\r1\r3\r4\r1\r", "legacy")) f.component()?.handleInput(key);
		await expect(run).resolves.toMatchObject({
			outcome: "answered",
			answers: [{ answer: "SQLite file" }, { answer: ["Linux", "Windows"] }],
		});
	});

	it("styles the title only when NO_COLOR is unset; the words stay the same", async () => {
		const coloured = fakeUi(true);
		const run = runAccessible({ questions: [CACHE] }, coloured.ui, { env: {} });
		await coloured.answer("1");
		await run;
		expect(coloured.frames[0]).toMatch(SGR);
		expect(coloured.frames[0]?.replace(/\x1b\[[0-9;]*m/g, "")).toContain(CACHE.question);
	});

	it("NO_COLOR counts when set and not empty", async () => {
		for (const [env, styled] of [
			[{ NO_COLOR: "1" }, false],
			[{ NO_COLOR: "" }, true],
		] as const) {
			const f = fakeUi(true);
			const run = runAccessible({ questions: [CACHE] }, f.ui, { env });
			await f.answer("1");
			await run;
			expect(SGR.test(f.frames[0] ?? "")).toBe(styled);
		}
	});

	it("names the cancel key the user bound in Pi, in words", async () => {
		for (const [key, said] of <const>[
			["ctrl+q", "Ctrl+Q declines"],
			["pageUp", "Page Up declines"],
		]) {
			const f = fakeUi(false, new KeybindingsManager(TUI_KEYBINDINGS, { "tui.select.cancel": key }));
			const run = runAccessible({ questions: [CACHE] }, f.ui);
			await f.answer("1");
			await run;
			expect(f.frames[0]).toContain(said);
		}
	});

	it("no notification with notify: off", async () => {
		const f = fakeUi(false);
		const run = runAccessible({ questions: [CACHE] }, f.ui, {
			config: { ...defaultConfig(), notify: "off" },
			env: {},
			isTTY: true,
		});
		await f.answer("1");
		await run;
		expect(f.write).not.toHaveBeenCalled();
	});

	it("an abort ends the walk as interrupted, keeping nothing unanswered", async () => {
		const f = fakeUi(false);
		const controller = new AbortController();
		const run = runAccessible({ questions: [CACHE] }, f.ui, { signal: controller.signal });
		await vi.waitFor(() => expect(f.component()?.render(80).length).toBeGreaterThan(0));
		controller.abort();
		await expect(run).resolves.toMatchObject({ outcome: "interrupted", host: "tui" });
	});

	it("an already aborted call shows nothing", async () => {
		const f = fakeUi(false);
		const controller = new AbortController();
		controller.abort();
		const result = await runAccessible({ questions: [CACHE] }, f.ui, { signal: controller.signal });
		expect(result).toMatchObject({ outcome: "interrupted" });
		expect(f.options).toEqual([]);
	});

	it("Pi disposing the prompt ends the call as interrupted", async () => {
		let done: ((r: unknown) => void) | undefined;
		let component: AccessiblePrompt | undefined;
		const ui = {
			custom: (factory: (...args: unknown[]) => AccessiblePrompt) =>
				new Promise((resolve) => {
					done = resolve;
					component = factory(
						{ requestRender: () => {}, terminal: { write: () => {} } },
						{ bold: (t: string) => t },
						keys(),
						resolve,
					);
				}),
		} as unknown as ExtensionUIContext;
		const run = runAccessible({ questions: [CACHE] }, ui);
		await vi.waitFor(() => expect(component?.render(80).length).toBeGreaterThan(0));
		component?.dispose();
		await expect(run).resolves.toMatchObject({ outcome: "interrupted" });
		expect(done).toBeDefined();
	});

	it("returns undefined when custom() shows nothing (the caller falls back to the dialogs)", async () => {
		const ui = { custom: () => Promise.resolve(undefined) } as unknown as ExtensionUIContext;
		await expect(runAccessible({ questions: [CACHE] }, ui)).resolves.toBe(undefined);
	});
});

describe("the accessible runner in /answer (reopened): the cancel rule of src/state/leave.ts", () => {
	/** Runs `CACHE` reopened with nothing given over a fake `custom()`; `press` sends keys to the prompt. */
	function reopened() {
		const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
		let component: { render(width: number): string[]; handleInput(data: string): void } | undefined;
		const ui = {
			custom: (factory: (...args: unknown[]) => typeof component) =>
				new Promise((resolve) => {
					component = factory(tui, { bold: (t: string) => t }, keys(), resolve);
				}),
		} as unknown as ExtensionUIContext;
		const progress = { answers: [undefined], ticks: [[]], notes: [""], drafts: [""], globalNote: "" };
		const result = runAccessible({ questions: [CACHE] }, ui, { env: { NO_COLOR: "1" }, progress });
		const screen = () => (component?.render(200) ?? []).join("\n");
		const press = async (...data: string[]) => {
			for (const d of data) component?.handleInput(d);
			await new Promise((r) => setTimeout(r, 0));
		};
		return { result, screen, press };
	}

	it("Escape asks (never declines) and says so; Escape again puts it aside, and the prompt said it would", async () => {
		const { result, screen, press } = reopened();
		await vi.waitFor(() => expect(screen()).toContain(CACHE.question));
		expect(screen()).toContain("Escape asks how you want to leave.");
		await press(KEYS.legacy.escape);
		const asked = screen();
		expect(asked).toContain("Stop answering? You have answered 0 of 1 question.");
		expect(asked).toContain("3. Answered in chat — the agent is told to take your answers from the chat");
		expect(asked).toContain("4. Decline — the agent is told you declined");
		expect(asked).toContain("Escape puts it aside to answer later.");
		await press(KEYS.legacy.escape);
		await expect(result).resolves.toMatchObject({ outcome: "deferred", answers: [] });
	});

	it("Answered in chat is chosen by its number", async () => {
		const { result, screen, press } = reopened();
		await vi.waitFor(() => expect(screen()).toContain(CACHE.question));
		await press(KEYS.legacy.escape);
		await vi.waitFor(() => expect(screen()).toContain("Stop answering?"));
		await press(...typed("3", "legacy"), KEYS.legacy.enter);
		await expect(result).resolves.toMatchObject({ outcome: "answered_in_chat" });
	});
});
