/**
 * The session against its host: collapsing with and without raw terminal input, the external editor
 * (success, failure, stale answers, unsafe text), and the one-result guarantee when rendering or a key
 * throws, when Pi disposes the overlay without a result, and after the end.
 */
import { describe, expect, it, vi } from "vitest";
import type { ExternalEditor } from "../../src/tui/session.ts";
import { CACHE, fakeRawInput, flush, KEYS, PLATFORMS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;

describe("collapse", () => {
	it.each([
		["legacy", KEYS.legacy.ctrlBracket],
		["kitty", KEYS.kitty.ctrlBracket],
	])("with raw input (%s): hides the overlay; the raw key brings it back", (_name, key) => {
		const input = fakeRawInput();
		const h = startSession([CACHE, PLATFORMS], { rawInput: input.raw });
		const overlay = { setHidden: vi.fn() };
		h.session.setOverlay(overlay);
		h.press("1");
		h.press(key);
		expect(overlay.setHidden).toHaveBeenLastCalledWith(true);
		expect(h.session.getState().collapsed).toBe(true);
		// Other raw input passes through to Pi while hidden.
		expect(input.send("x")).toEqual([undefined]);
		expect(input.send(key)).toEqual([{ consume: true }]);
		expect(overlay.setHidden).toHaveBeenLastCalledWith(false);
		expect(h.session.getState().collapsed).toBe(false);
		// Expanded: the listener leaves the key to the overlay.
		expect(input.send(key)).toEqual([undefined]);
		// Keys reach the questionnaire again, on the tab it was on.
		h.press("1");
		expect(h.session.getState().checked[1]).toEqual([true, false, false]);
	});

	it("without raw input: never hides; draws a one-line bar that takes only the collapse key", () => {
		const h = startSession([CACHE]);
		const overlay = { setHidden: vi.fn() };
		h.session.setOverlay(overlay);
		h.press(k.ctrlBracket);
		expect(overlay.setHidden).not.toHaveBeenCalled();
		const lines = h.lines();
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain("Ctrl+]");
		h.press("1", k.enter, k.escape);
		expect(h.results).toHaveLength(0);
		h.press(k.ctrlBracket);
		expect(h.lines().length).toBeGreaterThan(5);
		h.press("1");
		expect(h.result().answers[0]?.answer).toBe("In-memory LRU");
	});

	it("with raw input but no overlay handle yet: the one-line bar", () => {
		const input = fakeRawInput();
		const h = startSession([CACHE], { rawInput: input.raw });
		h.press(k.ctrlBracket);
		expect(h.lines()).toHaveLength(1);
		expect(input.send(k.ctrlBracket)).toEqual([undefined]);
	});

	it("collapsed as the bar before the overlay handle came: the bar takes the key back, the next collapse hides", () => {
		// Whether it is collapsed is the state's; how (bar or hidden overlay) is decided as it collapses.
		const input = fakeRawInput();
		const h = startSession([CACHE], { rawInput: input.raw });
		h.press(k.ctrlBracket);
		const overlay = { setHidden: vi.fn() };
		h.session.setOverlay(overlay);
		expect(h.lines()).toHaveLength(1);
		expect(input.send(k.ctrlBracket)).toEqual([undefined]);
		h.press(k.ctrlBracket);
		expect(h.session.getState().collapsed).toBe(false);
		expect(h.lines().length).toBeGreaterThan(5);
		h.press(k.ctrlBracket);
		expect(overlay.setHidden).toHaveBeenLastCalledWith(true);
		expect(input.send(k.ctrlBracket)).toEqual([{ consume: true }]);
		expect(h.session.getState().collapsed).toBe(false);
		expect(overlay.setHidden).toHaveBeenLastCalledWith(false);
	});

	it("the listener is removed when the session ends", () => {
		const input = fakeRawInput();
		const h = startSession([CACHE], { rawInput: input.raw });
		h.press("2");
		expect(input.unsubscribe).toHaveBeenCalledTimes(1);
		h.session.dispose();
		expect(input.unsubscribe).toHaveBeenCalledTimes(1);
	});
});

describe("external editor", () => {
	/** A fake editExternally whose answer the test decides. */
	function fakeEditor() {
		const calls: { text: string; resolve: (r: Awaited<ReturnType<ExternalEditor>>) => void }[] = [];
		const edit: ExternalEditor = (text, options) => {
			expect(options.terminal).toBeDefined();
			expect(options.signal).toBeInstanceOf(AbortSignal);
			return new Promise((resolve) => calls.push({ text, resolve }));
		};
		return { edit, calls };
	}

	it("Ctrl+G hands the draft over and takes the edited text back (trailing newline dropped)", async () => {
		const ext = fakeEditor();
		const h = startSession([CACHE], { editExternally: ext.edit });
		h.press(k.down, k.down, k.down, k.enter, ..."draft".split(""), k.ctrlG);
		expect(ext.calls.map((c) => c.text)).toEqual(["draft"]);
		ext.calls[0]?.resolve({ ok: true, text: "from the editor\n" });
		await flush();
		expect(h.session.getState().drafts[0]).toBe("from the editor");
		expect(h.screen()).toContain("from the editor");
		expect(h.tui.requestRender).toHaveBeenCalled();
		h.press(k.enter);
		expect(h.result().answers[0]).toMatchObject({ kind: "custom", answer: "from the editor" });
	});

	it("works for notes too (Kitty Ctrl+G)", async () => {
		const ext = fakeEditor();
		const h = startSession([CACHE], { editExternally: ext.edit });
		h.press("n", KEYS.kitty.ctrlG);
		ext.calls[0]?.resolve({ ok: true, text: "a long\nnote" });
		await flush();
		h.press(k.enter, "1");
		expect(h.result().answers[0]?.notes).toBe("a long\nnote");
	});

	it("a failure keeps the draft and shows why until the next key", async () => {
		const ext = fakeEditor();
		const h = startSession([CACHE], { editExternally: ext.edit });
		h.press(k.down, k.down, k.down, k.enter, ..."keep me".split(""), k.ctrlG);
		ext.calls[0]?.resolve({ ok: false, error: "no editor \x1b[2J found" });
		await flush();
		expect(h.session.getState().drafts[0]).toBe("keep me");
		const screen = h.screen();
		expect(screen).toContain("External editor failed: no editor");
		expect(screen).not.toContain("\x1b[2J");
		h.press("!");
		expect(h.screen()).not.toContain("External editor failed");
		expect(h.session.getState().drafts[0]).toBe("keep me!");
	});

	it("a rejected promise counts as a failure", async () => {
		const h = startSession([CACHE], { editExternally: () => Promise.reject(new Error("spawn failed")) });
		h.press("n", k.ctrlG);
		await flush();
		expect(h.screen()).toContain("spawn failed");
		expect(h.session.getState().pendingExternal).toBeNull();
	});

	it("an answer for an editor the user already left is dropped", async () => {
		const ext = fakeEditor();
		const h = startSession([CACHE, PLATFORMS], { editExternally: ext.edit });
		h.press("n", k.ctrlG, k.tab);
		ext.calls[0]?.resolve({ ok: true, text: "late" });
		await flush();
		expect(h.session.getState().notes).toEqual(["", ""]);
	});

	it("text with escape sequences comes back shown, not executed; the draft keeps it as written", async () => {
		const ext = fakeEditor();
		const h = startSession([CACHE], { editExternally: ext.edit });
		h.press(k.down, k.down, k.down, k.enter, k.ctrlG);
		const written = "x\x1b]52;c;aGk=\x07\u202ey 👨‍💻 \u1100\u1161";
		ext.calls[0]?.resolve({ ok: true, text: written });
		await flush();
		const screen = h.screen();
		expect(screen).not.toContain("\x1b]52");
		expect(screen).not.toContain("\u202e");
		expect(screen).toContain("x␛]52;c;aGk=␇\\u202ey 👨‍💻 \u1100\u1161");
		expect(h.session.getState().drafts[0]).toBe(written);
	});

	it("ending the session aborts a running external editor", async () => {
		let signal: AbortSignal | undefined;
		const h = startSession([CACHE], {
			editExternally: (_text, options) => {
				signal = options.signal;
				return new Promise(() => {});
			},
		});
		h.press("n", k.ctrlG);
		expect(signal?.aborted).toBe(false);
		h.session.abort();
		expect(signal?.aborted).toBe(true);
		expect(h.result().outcome).toBe("interrupted");
	});
});

describe("exactly one result", () => {
	it("a throwing render ends interrupted with the answers so far and reports the error", async () => {
		const onError = vi.fn();
		const h = startSession([CACHE, PLATFORMS], { onError });
		h.press("2");
		Object.defineProperty(h.terminal, "rows", {
			get() {
				throw new Error("boom");
			},
		});
		expect(h.lines()).toEqual([]);
		expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "boom" }));
		await flush();
		expect(h.result()).toMatchObject({ outcome: "interrupted", answers: [{ answer: "SQLite file" }] });
		h.press("1");
		h.session.dispose();
		expect(h.results).toHaveLength(1);
	});

	it("a throwing key handler does the same", async () => {
		const onError = vi.fn(() => {
			throw new Error("the reporter fails too");
		});
		let broken = false;
		const h = startSession([CACHE, PLATFORMS], {
			onError,
			hostKeys: {
				matches: (data) => {
					if (broken) throw new Error("keybindings broke");
					return data === "\r";
				},
				getKeys: () => [],
			},
		});
		h.press("2");
		broken = true;
		h.press("1");
		await flush();
		expect(onError).toHaveBeenCalledTimes(1);
		expect(h.result()).toMatchObject({ outcome: "interrupted", answers: [{ answer: "SQLite file" }] });
	});

	it("an external editor that throws at once is a failure, not a crash", async () => {
		const h = startSession([CACHE], {
			editExternally: () => {
				throw new Error("sync throw");
			},
		});
		h.press("n", k.ctrlG);
		await flush();
		expect(h.results).toHaveLength(0);
		expect(h.screen()).toContain("sync throw");
	});

	it("Pi disposing the overlay without a result (session reset) ends it interrupted", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press("3");
		h.session.dispose();
		expect(h.result()).toMatchObject({ outcome: "interrupted", answers: [{ answer: "Redis" }] });
		h.session.dispose();
		h.session.abort();
		expect(h.results).toHaveLength(1);
	});

	it("dispose after a normal end sends nothing more", () => {
		const h = startSession([CACHE]);
		h.press("1");
		h.session.dispose();
		expect(h.results).toHaveLength(1);
		expect(h.result().outcome).toBe("answered");
	});
});

describe("throws from outside a key press", () => {
	it("a collapse listener toggle that throws ends the questionnaire with a result", async () => {
		const input = fakeRawInput();
		const onError = vi.fn();
		const h = startSession([CACHE], { onError, rawInput: input.raw });
		h.session.setOverlay({
			setHidden: (hidden) => {
				if (!hidden) throw new Error("overlay gone");
			},
		});
		h.press(k.ctrlBracket);
		input.send(k.ctrlBracket);
		await flush();
		expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "overlay gone" }));
		expect(h.result().outcome).toBe("interrupted");
	});
});
