/**
 * What the session draws: every line fits the width in every mode (including hostile and CJK text and
 * the live editor), the view's height follows the terminal, only the focused editor emits the cursor
 * marker, and a preview scrolls no further than the end the last frame showed (rendering changes nothing).
 */
import { CURSOR_MARKER, visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { dialogHeight } from "../../src/tui/layout.ts";
import { CACHE, KEYS, LAYOUT, PLATFORMS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;

const HOSTILE: Question = {
	question: `設定ページのレイアウト？ ${"長い質問".repeat(20)} \x1b[31mred\x1b[0m \x1b]52;c;aGk=\x07 tab\there`,
	header: "ヘッダー\u202eevil",
	options: [
		{ label: "🙂 emoji label that is rather long indeed", description: "e\u0301\u0301\u0301 combining\rCR" },
		{ label: "全角ラベル", description: "说明".repeat(40), preview: `# 見出し\n\n${"コード ".repeat(50)}` },
	],
};

/** Drives the session into each interesting mode and renders it at many widths. */
function* frames() {
	const h = startSession([HOSTILE, CACHE, PLATFORMS, LAYOUT], { rows: 30 });
	yield { name: "options", h };
	h.press(k.down);
	yield { name: "preview focused", h };
	h.press("n", ..."note 注意 \u202e x".split(""));
	yield { name: "notes", h };
	h.press(k.enter, k.down, k.enter, ..."draft 草稿".split(""), k.shiftEnter, ..."second".split(""));
	yield { name: "editing", h };
	h.press(k.enter, k.tab, k.tab, k.tab);
	yield { name: "submit", h };
	h.press(k.escape);
	yield { name: "confirm-discard", h };
}

describe("width", () => {
	it("every line fits every width from 1 to 130, in every mode", () => {
		for (const { name, h } of frames()) {
			for (let width = 1; width <= 130; width++) {
				const lines = h.lines(width);
				for (const line of lines) {
					expect(visibleWidth(line), `${name} at ${width}: ${JSON.stringify(line)}`).toBeLessThanOrEqual(width);
				}
			}
		}
	});

	it("untrusted text never brings its own escape sequences", () => {
		for (const { name, h } of frames()) {
			const screen = h.screen(80);
			expect(screen, name).not.toContain("\x1b[31m");
			expect(screen, name).not.toContain("\x1b]52");
			expect(screen, name).not.toContain("\u202e");
			expect(screen, name).not.toContain("\r");
		}
	});
});

describe("height", () => {
	it("the dialog never takes more rows than the terminal grants, and follows a resize", () => {
		const h = startSession([LAYOUT, CACHE], { rows: 40 });
		expect(h.lines().length).toBeLessThanOrEqual(dialogHeight(40));
		h.terminal.rows = 12;
		const lines = h.lines();
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.length).toBeLessThanOrEqual(dialogHeight(12));
	});

	it("dialogHeight is at least 1 for any terminal", () => {
		for (const rows of [0, 1, 2, 5, 24, 200, Number.NaN]) expect(dialogHeight(rows)).toBeGreaterThanOrEqual(1);
		expect(dialogHeight(40)).toBeLessThan(40);
	});
});

describe("focus and the cursor", () => {
	it("only the focused, open editor emits CURSOR_MARKER", () => {
		const h = startSession([CACHE]);
		expect(h.screen()).not.toContain(CURSOR_MARKER);
		h.press("n");
		expect(h.screen()).toContain(CURSOR_MARKER);
		h.session.focused = false;
		expect(h.screen()).not.toContain(CURSOR_MARKER);
		h.session.focused = true;
		expect(h.screen()).toContain(CURSOR_MARKER);
		h.press(k.enter);
		expect(h.screen()).not.toContain(CURSOR_MARKER);
	});
});

describe("preview scrolling", () => {
	it("scrolling stops at the end the last frame showed; one key up scrolls back at once", () => {
		const h = startSession([LAYOUT], { rows: 20 });
		for (let i = 0; i < 200; i++) {
			h.lines();
			h.press(k.shiftDown);
		}
		const end = h.session.getState().previewScroll[0] ?? 0;
		expect(end).toBeLessThan(60);
		expect(end).toBeGreaterThan(0);
		expect(h.screen()).toContain("line 60 of the tabs sketch");
		h.press("\x1b[1;2A");
		expect(h.session.getState().previewScroll[0]).toBe(end - 1);
	});

	it("rendering changes nothing: no state, no redraw request, the same lines twice (even scrolled past the end)", () => {
		// Rendering used to report the preview's size and end back into the state (and ask for another frame).
		const h = startSession([LAYOUT, CACHE], { rows: 20 });
		for (const keys of [[], Array.from({ length: 200 }, () => k.shiftDown)]) {
			h.press(...keys);
			const state = h.session.getState();
			h.tui.requestRender.mockClear();
			const first = h.lines();
			const second = h.lines();
			expect(h.session.getState()).toBe(state);
			expect(second).toEqual(first);
			expect(h.tui.requestRender).not.toHaveBeenCalled();
		}
	});

	it("invalidate keeps the same picture", () => {
		const h = startSession([LAYOUT, CACHE]);
		const before = h.screen();
		h.session.invalidate();
		expect(h.screen()).toBe(before);
	});
});
