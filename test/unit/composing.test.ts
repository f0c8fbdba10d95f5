/**
 * A questionnaire that comes while the person writes in Pi's editor waits until they send or clear it
 * (host/composing.ts), saying so once; an abort ends the wait. Through the lifecycle (ask/ask.ts): an own
 * questionnaire waits (an RPC host's editor is never Pi's: it reads empty), one opened with /answer does
 * not, and one aborted while it waits ends interrupted with nothing shown.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Asker, ask } from "../../src/ask/ask.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { afterComposing, editorHoldsText } from "../../src/host/composing.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import type { HostUi } from "../../src/tui/host-ui.ts";
import { captureStdoutNotifications } from "../support/stdout-notifications.ts";
import { CACHE } from "./session-harness.ts";

afterEach(() => vi.useRealTimers());

describe("afterComposing", () => {
	it("returns at once when nothing is being written, and says nothing", async () => {
		const tell = vi.fn();
		await afterComposing(() => false, undefined, tell);
		expect(tell).not.toHaveBeenCalled();
	});

	it("waits while text is in the editor, says so once, and goes on once it is sent or cleared", async () => {
		vi.useFakeTimers();
		let text = "please also add te";
		const tell = vi.fn();
		let done = false;
		void afterComposing(() => text !== "", undefined, tell).then(() => (done = true));
		await vi.advanceTimersByTimeAsync(5_000);
		expect(done).toBe(false);
		expect(tell).toHaveBeenCalledOnce();
		text = "";
		await vi.advanceTimersByTimeAsync(200);
		expect(done).toBe(true);
		expect(tell).toHaveBeenCalledOnce();
	});

	it("an abort ends the wait at once", async () => {
		const controller = new AbortController();
		const waiting = afterComposing(
			() => true,
			controller.signal,
			() => {},
		);
		controller.abort();
		await expect(waiting).resolves.toBeUndefined();
	});

	it("reads Pi's editor safely: text, empty, missing or throwing", () => {
		expect(editorHoldsText({ getEditorText: () => "x" })).toBe(true);
		expect(editorHoldsText({ getEditorText: () => "" })).toBe(false);
		expect(editorHoldsText({})).toBe(false);
		expect(
			editorHoldsText({
				getEditorText: () => {
					throw new Error("stale context");
				},
			}),
		).toBe(false);
	});
});

const FORM = { questions: [CACHE] };
const CALL: Asker = { origin: "call" };

/** Asks FORM on `host` in `mode`, the TUI loaded by `loadTui`; the result the asker reads. */
async function asked(
	host: HostUi,
	loadTui: () => Promise<TuiLoad>,
	{ asker = CALL, signal }: { asker?: Asker; signal?: AbortSignal } = {},
): Promise<QuestionnaireResult | undefined> {
	const done = await ask(FORM, asker, {
		host: () => ({ ui: host, hasUI: true, mode: "tui", composing: () => editorHoldsText(host) }),
		config: defaultConfig(),
		accessible: false,
		loadTui,
		...(signal && { signal }),
	});
	return done.asked ? done.ending.result : undefined;
}

describe("a questionnaire asked while the person writes in the editor", () => {
	function ui(text: { value: string }) {
		const host = {
			getEditorText: () => text.value,
			notify: vi.fn(),
			custom: vi.fn(async () => undefined),
			select: vi.fn(async () => undefined),
			input: vi.fn(async () => undefined),
			onTerminalInput: () => () => {},
			setWidget() {},
		};
		return host as typeof host & HostUi;
	}
	const loadTui = async () => ({ ok: true as const, run: async () => undefined });

	it("an own questionnaire waits, telling what is asked; it opens once the editor is empty", async () => {
		vi.useFakeTimers();
		// A terminal that shows OSC 777 notifications, to see the one sent as it begins to wait.
		const written = captureStdoutNotifications();
		const text = { value: "draft" };
		const host = ui(text);
		const run = vi.fn(async (..._args: unknown[]) => undefined);
		const opening = asked(host, async () => ({ ok: true, run }));
		await vi.advanceTimersByTimeAsync(1_000);
		expect(run).not.toHaveBeenCalled();
		expect(host.notify).toHaveBeenCalledWith(
			`The agent asks: ${CACHE.question} — it opens once you send or clear what you are typing.`,
			"info",
		);
		await vi.waitFor(() => expect(written).toEqual([`\x1b]777;notify;Pi asks you a question;${CACHE.question}\x07`]));
		text.value = "";
		await vi.advanceTimersByTimeAsync(200);
		expect(run).toHaveBeenCalledOnce();
		// Its desktop notification went out as it began to wait (whoever walked away learns of it), not again now.
		expect(run.mock.calls[0]?.[2]).toMatchObject({ announce: false });
		await opening;
	});

	it("with nothing in the editor it opens at once, announced as usual", async () => {
		const host = ui({ value: "" });
		const run = vi.fn(async (..._args: unknown[]) => undefined);
		await asked(host, async () => ({ ok: true, run }));
		expect(host.notify).not.toHaveBeenCalled();
		expect(run.mock.calls[0]?.[2]).toMatchObject({ announce: true });
	});

	it("one opened with /answer does not wait", async () => {
		const host = ui({ value: "draft" });
		const pending = { id: "q_1", askedAt: 0, questionnaire: FORM, progress: emptyProgress(1) };
		await asked(host, loadTui, { asker: { origin: "answer", pending } });
		expect(host.notify).not.toHaveBeenCalled();
		// The TUI was loaded and showed nothing (custom() answered undefined): the dialogs then ran, at once.
		expect(host.select).toHaveBeenCalled();
	});

	it("aborted while it waits: interrupted, nothing shown", async () => {
		const host = ui({ value: "draft" });
		const controller = new AbortController();
		const run = vi.fn(async () => undefined);
		const opening = asked(host, async () => ({ ok: true, run }), { signal: controller.signal });
		controller.abort();
		await expect(opening).resolves.toMatchObject({ outcome: "interrupted", answers: [] });
		expect(run).not.toHaveBeenCalled();
	});
});
