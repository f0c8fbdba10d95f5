/**
 * Whole questionnaires driven through the session's handleInput with legacy and Kitty CSI-u key
 * sequences: single-select, multi-select with typed text, notes, the Submit tab, Esc / Ctrl+C and
 * "Stop answering?" (fresh and reopened from /answer), abort mid-way, paste, and user-remapped keys.
 */
import { describe, expect, it } from "vitest";
import { CACHE, type Encoding, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

describe.each(["legacy", "kitty"] as Encoding[])("%s keys", (encoding) => {
	const k = KEYS[encoding];
	const t = (text: string) => typed(text, encoding);

	it("single-select: arrows and Enter answer, and the session ends once", () => {
		const h = startSession([CACHE]);
		expect(h.screen()).toContain(CACHE.question);
		h.press(k.down, k.down, k.up, k.enter);
		expect(h.result()).toMatchObject({
			outcome: "answered",
			host: "tui",
			answers: [{ questionIndex: 0, kind: "option", answer: "SQLite file" }],
		});
		h.press(k.enter, k.escape);
		expect(h.results).toHaveLength(1);
		expect(h.lines()).toEqual([]);
	});

	it('multi-select: Next with nothing ticked says and answers "none of these"', () => {
		const h = startSession([PLATFORMS, CACHE]);
		h.press(k.up);
		expect(h.screen()).toMatch(/› +Next: none of these/);
		h.press(k.enter);
		expect(h.session.getState().answers[0]).toEqual({ kind: "multi", options: [] });
		h.press(k.tab);
		expect(h.screen()).toContain("✔ Platforms: none of these");
		h.press(k.enter);
		expect(h.result().answers).toEqual([{ questionIndex: 0, question: PLATFORMS.question, kind: "multi", answer: [] }]);
	});

	it("single-select: a digit answers at once", () => {
		const h = startSession([CACHE]);
		h.press(t("3"));
		expect(h.result().answers[0]?.answer).toBe("Redis");
	});

	it("multi-select: checked options plus typed text", () => {
		const h = startSession([PLATFORMS]);
		h.press(k.space, k.down, k.down, k.space); // Linux, Windows
		h.press(k.down, k.enter); // "Type something." opens the draft editor
		expect(h.session.getState().mode).toBe("editing");
		h.press(t("bsd"), k.backspace, t("d!"));
		expect(h.session.getState().drafts[0]).toBe("bsd!");
		h.press(k.enter);
		expect(h.result()).toMatchObject({
			outcome: "answered",
			answers: [{ kind: "multi", answer: ["Linux", "Windows", "bsd!"], custom: "bsd!" }],
		});
	});

	it("Shift+Enter adds a line to the draft; Enter confirms it", () => {
		const h = startSession([CACHE]);
		h.press(k.down, k.down, k.down, k.enter, t("a"), k.shiftEnter, t("b"));
		expect(h.session.getState().drafts[0]).toBe("a\nb");
		h.press(k.enter);
		expect(h.result().answers[0]).toMatchObject({ kind: "custom", answer: "a\nb" });
	});

	it("a half-typed draft survives a tab switch and comes back into the editor", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(k.down, k.down, k.down, k.enter, t("half"), k.tab);
		expect(h.session.getState().mode).toBe("options");
		expect(h.screen()).toContain(PLATFORMS.question);
		h.press(k.shiftTab, k.enter);
		expect(h.session.getState().mode).toBe("editing");
		h.press(t(" done"), k.enter);
		expect(h.session.getState().answers[0]).toEqual({ kind: "custom", text: "half done" });
	});

	it("Ctrl+U clears the draft (the editor's own key)", () => {
		const h = startSession([CACHE]);
		h.press(k.down, k.down, k.down, k.enter, t("wrong"), encoding === "legacy" ? "\x15" : "\x1b[117;5u");
		expect(h.session.getState().drafts[0]).toBe("");
		h.press(t("right"), k.enter);
		expect(h.result().answers[0]?.answer).toBe("right");
	});

	it("notes: n opens the note editor, Enter saves it, the answer carries it", () => {
		const h = startSession([CACHE]);
		h.press(t("n"));
		expect(h.session.getState().mode).toBe("notes");
		expect(h.screen()).toContain("Note for Cache:");
		h.press(t("keep it small"), k.enter);
		expect(h.session.getState().mode).toBe("options");
		expect(h.screen()).toContain("Note: keep it small");
		h.press(t("1"));
		expect(h.result().answers[0]).toMatchObject({ answer: "In-memory LRU", notes: "keep it small" });
	});

	it("two questions: answers advance to the Submit tab, Enter submits", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(t("2"));
		expect(h.session.getState().tab).toBe(1);
		h.press(t("1"), k.down, k.down, k.down, k.down, k.enter); // Linux, then "Next"
		expect(h.session.getState().mode).toBe("submit");
		expect(h.screen()).toContain("Review your answers");
		h.press(k.enter);
		expect(h.result()).toMatchObject({
			outcome: "answered",
			answers: [
				{ questionIndex: 0, answer: "SQLite file" },
				{ questionIndex: 1, answer: ["Linux"] },
			],
		});
	});

	it("Tab moves to Submit with a question open: partial submit", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(t("3"), k.tab);
		expect(h.session.getState().mode).toBe("submit");
		h.press(k.enter);
		expect(h.result()).toMatchObject({ outcome: "partial", unanswered: [1] });
	});

	it("Esc with answers asks 'Stop answering?'; any other key keeps them; Enter keeps answering; Decline is chosen", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(t("1"), k.escape);
		expect(h.session.getState().mode).toBe("leave");
		const asked = h.screen();
		expect(asked).toContain("Stop answering? You have answered 1 of 2 questions.");
		expect(asked).toMatch(/› Keep answering\n\s*Answer later\n\s*Decline — the agent is told you declined/);
		expect(asked).not.toContain("Answered in chat");
		expect(asked).toContain("Enter keep answering · Esc/Ctrl+L answer later");
		h.press(t("x"));
		expect(h.session.getState().mode).toBe("options");
		h.press(k.escape, k.enter);
		expect(h.session.getState().mode).toBe("options");
		expect(h.results).toHaveLength(0);
		h.press(k.escape, k.down, k.down);
		expect(h.screen()).toContain("Enter decline · Esc/Ctrl+L answer later");
		h.press(k.enter);
		expect(h.result()).toMatchObject({ outcome: "declined", cancelled: true });
	});

	it("Esc with nothing entered declines at once, and the footer says Esc declines", () => {
		const h = startSession([CACHE]);
		expect(h.screen()).toContain("Esc decline");
		h.press(k.escape);
		expect(h.result()).toMatchObject({ outcome: "declined", answers: [] });
	});

	it("Ctrl+C Ctrl+C (Pi's quit gesture) with an answer puts it aside, never declines", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(t("1"), k.ctrlC);
		expect(h.session.getState().mode).toBe("leave");
		h.press(k.ctrlC);
		expect(h.result()).toMatchObject({ outcome: "deferred", cancelled: false, answers: [{ answer: "In-memory LRU" }] });
	});

	it("Esc from the draft editor, pressed again and again, keeps the typed text (put aside)", () => {
		const h = startSession([CACHE]);
		h.press(k.up, t("Valkey"));
		expect(h.session.getState().mode).toBe("editing");
		h.press(k.escape, k.escape, k.escape, k.escape);
		expect(h.results).toHaveLength(1);
		expect(h.result()).toMatchObject({ outcome: "deferred", answers: [{ kind: "custom", answer: "Valkey" }] });
	});

	it("/answer (reopened), nothing given: Esc asks and offers Answered in chat; Esc Esc puts it aside again", () => {
		const progress = {
			answers: [undefined, undefined],
			ticks: [[], []],
			notes: ["", ""],
			drafts: ["", ""],
			globalNote: "",
		};
		const h = startSession([CACHE, PLATFORMS], { progress });
		expect(h.screen()).toContain("Esc cancel");
		h.press(k.escape);
		expect(h.session.getState().mode).toBe("leave");
		expect(h.screen()).toMatch(
			/› Keep answering\n\s*Answer later\n\s*Answered in chat — the agent is told to take your answers from the chat\n\s*Decline/,
		);
		h.press(k.escape);
		expect(h.result()).toMatchObject({ outcome: "deferred", answers: [] });
	});

	it("/answer (reopened): Answered in chat is an explicit choice", () => {
		const progress = { answers: [undefined], ticks: [[]], notes: [""], drafts: [""], globalNote: "" };
		const h = startSession([CACHE], { progress });
		h.press(k.escape, k.down, k.down, k.enter);
		expect(h.result()).toMatchObject({ outcome: "answered_in_chat", cancelled: false });
	});

	it("abort mid-way ends interrupted with the answers so far, once", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(t("2"), k.down);
		h.session.abort();
		h.session.abort();
		h.press(k.enter);
		expect(h.results).toHaveLength(1);
		expect(h.result()).toMatchObject({
			outcome: "interrupted",
			cancelled: true,
			answers: [{ questionIndex: 0, answer: "SQLite file" }],
			unanswered: [1],
		});
	});
});

describe("paste", () => {
	it("a bracketed paste while browsing opens the draft and fills it", () => {
		const h = startSession([CACHE]);
		h.press("\x1b[200~pasted answer\x1b[201~");
		expect(h.session.getState().mode).toBe("editing");
		expect(h.session.getState().drafts[0]).toBe("pasted answer");
		h.press("\r");
		expect(h.result().answers[0]).toMatchObject({ kind: "custom", answer: "pasted answer" });
	});

	it("pasted keys are text, never commands (Enter, Esc, digits inside a paste)", () => {
		const h = startSession([CACHE]);
		h.press("\x1b[200~1\x1b[27u", "\r2\x1b", "\x1b[201~");
		expect(h.results).toHaveLength(0);
		expect(h.session.getState().mode).toBe("editing");
		expect(h.session.getState().drafts[0]).toContain("1");
	});

	it("a large paste reaches the answer in full, not as the editor's [paste] marker", () => {
		const h = startSession([CACHE]);
		const big = Array.from({ length: 30 }, (_, i) => `row ${i}`).join("\n");
		h.press("\x1b[B", "\x1b[B", "\x1b[B", "\r", `\x1b[200~${big}\x1b[201~`);
		expect(h.screen()).not.toContain("row 29");
		h.press("\r");
		expect(h.result().answers[0]?.answer).toBe(big);
	});

	it("a paste on the Submit tab is ignored", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press("\t", "\t");
		expect(h.session.getState().mode).toBe("submit");
		const before = h.session.getState();
		h.press("\x1b[200~text\x1b[201~");
		expect(h.session.getState()).toBe(before);
	});
});

describe("keys the user bound", () => {
	it("host bindings come from Pi's manager (user keybindings.json applies)", () => {
		const h = startSession([CACHE], { hostBindings: { "tui.select.down": "ctrl+n" } });
		h.press(KEYS.legacy.ctrlN, "\r");
		expect(h.result().answers[0]?.answer).toBe("SQLite file");
	});

	it("own bindings can be overridden, and the footer names the bound key", () => {
		const h = startSession([CACHE], { keys: { "askUser.notes": "m" } });
		expect(h.screen()).toMatch(/\bm note/);
		h.press("n");
		expect(h.session.getState().mode).toBe("options");
		h.press("m");
		expect(h.session.getState().mode).toBe("notes");
	});
});
