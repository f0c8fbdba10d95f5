/**
 * One owner per fact, data flowing one way. The draft and note text belong to the state; the embedded
 * Editor is loaded from it and is the input device after that. A key typed in a draft used to run the
 * reducer twice and ask for two frames (the key went to the editor as an effect, whose text change came
 * back as a second action); opening a draft whose text the editor rewrites (a tab, a CR) did the same.
 * Now one key is one reduce pass ending in at most one frame request, and the recording still hears of
 * every change of the text.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "../../src/protocol/progress.ts";
import { CACHE, type Encoding, flush, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

const reduces = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/state/reduce.ts", async (importOriginal) => {
	const original = await importOriginal<typeof import("../../src/state/reduce.ts")>();
	return {
		...original,
		reduce: (...args: Parameters<typeof original.reduce>) => {
			reduces.count++;
			return original.reduce(...args);
		},
	};
});

beforeEach(() => {
	reduces.count = 0;
});

/** What one key press cost: reduce passes and frame requests. */
function cost(h: ReturnType<typeof startSession>, key: string): { reduces: number; renders: number } {
	reduces.count = 0;
	h.tui.requestRender.mockClear();
	h.press(key);
	return { reduces: reduces.count, renders: h.tui.requestRender.mock.calls.length };
}

describe.each(["legacy", "kitty"] as Encoding[])("a key typed in a draft (%s)", (encoding) => {
	const k = KEYS[encoding];

	it("is one reduce pass and one frame request; a cursor key is a frame and no reduce", () => {
		const h = startSession([CACHE]);
		h.press(k.up);
		// The first key on the "Type something." row opens the draft with it: one pass too.
		const [first = "", ...rest] = typed("héllo 👍", encoding);
		expect(cost(h, first)).toEqual({ reduces: 1, renders: 1 });
		for (const key of rest) expect(cost(h, key), JSON.stringify(key)).toEqual({ reduces: 1, renders: 1 });
		expect(cost(h, k.backspace)).toEqual({ reduces: 1, renders: 1 });
		expect(cost(h, "\x1b[D")).toEqual({ reduces: 0, renders: 1 });
		expect(h.session.getState().drafts).toEqual(["héllo "]);
		expect(h.screen()).toContain("héllo");
	});

	it("in a note the same: one pass, one frame", () => {
		const h = startSession([CACHE]);
		h.press("n");
		for (const key of typed("why", encoding)) expect(cost(h, key)).toEqual({ reduces: 1, renders: 1 });
		expect(h.session.getState().notes).toEqual(["why"]);
	});
});

describe("the state owns the text", () => {
	it("opening a draft the editor would rewrite is one pass: the state holds it as the editor will", () => {
		const progress: Progress = { ...emptyProgress(2), drafts: ["a\tb\r\nc", ""] };
		// Reopened, the focus rests on the draft's row (state/restore.ts).
		const h = startSession([CACHE, PLATFORMS], { progress });
		expect(cost(h, KEYS.legacy.enter)).toEqual({ reduces: 1, renders: 1 });
		expect(h.session.getState().drafts[0]).toBe("a    b\nc");
		h.press("!");
		expect(h.session.getState().drafts[0]).toBe("a    b\nc!");
	});

	it("the recording hears of every change of the text, once each", () => {
		const drafts: string[] = [];
		const h = startSession([CACHE], { onProgress: (p) => drafts.push(p.drafts[0] ?? "") });
		h.press(KEYS.legacy.up, ..."abc", KEYS.legacy.backspace, "\x1b[D", "x");
		expect(drafts).toEqual(["a", "ab", "abc", "ab", "axb"]);
	});

	it("undo in a newly opened draft goes back to its own text and never to another question's", () => {
		const undo = "\x1f"; // Ctrl+-
		const h = startSession([CACHE, PLATFORMS]);
		h.press(KEYS.legacy.up, ..."abc", KEYS.legacy.tab, KEYS.legacy.up, KEYS.legacy.up, "x");
		expect(h.session.getState().drafts).toEqual(["abc", "x"]);
		h.press(undo);
		expect(h.session.getState().drafts).toEqual(["abc", ""]);
		h.press(undo, undo);
		expect(h.session.getState().drafts).toEqual(["abc", ""]);
		// Reopened, a draft starts with no history either.
		h.press(KEYS.legacy.shiftTab, KEYS.legacy.enter, undo);
		expect(h.session.getState().drafts).toEqual(["abc", ""]);
	});

	it("undo after the external editor goes back to the text before it", async () => {
		const h = startSession([CACHE], { editExternally: async (text) => ({ ok: true, text: `${text}\tmore\n` }) });
		h.press(KEYS.legacy.up, ..."ab", KEYS.legacy.ctrlG);
		await flush();
		expect(h.session.getState().drafts).toEqual(["ab    more"]);
		h.press("\x1f");
		expect(h.session.getState().drafts).toEqual(["ab"]);
	});

	it("a paste in pieces goes in as text, its controls shown, one frame per piece", () => {
		const h = startSession([CACHE]);
		h.press(KEYS.legacy.up);
		const pieces = ["\x1b[200~one ", "\x1b[31mtwo\x07 ", "three\x1b[201~"];
		const costs = pieces.map((piece) => cost(h, piece));
		expect(costs.map((c) => c.renders)).toEqual([1, 1, 1]);
		expect(h.session.getState()).toMatchObject({ mode: "editing", drafts: ["one ␛[31mtwo␇ three"] });
		// After the paste, keys are keys again.
		h.press(KEYS.legacy.enter);
		expect(h.result().answers[0]).toMatchObject({ kind: "custom", answer: "one ␛[31mtwo␇ three" });
	});
});
