/**
 * Laying out ahead: once a frame has been on screen for a moment with no key, the session lays out the
 * previews the next keys may show, one piece per timer turn, so focusing them later renders nothing
 * new. Keys stop it, the next frame starts it again, and a closed session leaves no timer behind. The first
 * frame lays out the options beside the focus itself, before anyone sees it.
 */
import { Markdown } from "@earendil-works/pi-tui";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { KEYS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;

/** About 12 KB of markdown: long enough to be laid out piece by piece. */
function longPreview(seed: number): string {
	return Array.from(
		{ length: 120 },
		(_, i) => `## Part ${seed}.${i}\n\nProse for part ${i} 日本語.\n\n\`\`\`ts\nconst v${i} = ${seed};\n\`\`\``,
	).join("\n\n");
}

const QUESTIONS: Question[] = [0, 1].map((q) => ({
	question: `Question ${q + 1}?`,
	header: `Q${q + 1}`,
	options: ["a", "b", "c"].map((label, o) => ({ label, description: "", preview: longPreview(q * 10 + o) })),
}));

let renders: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
	vi.useFakeTimers();
	renders = vi.spyOn(Markdown.prototype, "render");
});
afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});

describe("laying out ahead", () => {
	it("starts 50 ms after a frame and then makes focusing the other options render nothing new", () => {
		const h = startSession(QUESTIONS, { columns: 160, rows: 40 });
		const before = h.screen();
		renders.mockClear();
		vi.advanceTimersByTime(49);
		expect(renders).not.toHaveBeenCalled();
		// The first turn makes the next preview's document (reads it for where it may be cut), the next a piece.
		vi.advanceTimersByTime(1);
		expect(renders).not.toHaveBeenCalled();
		vi.advanceTimersByTime(1);
		expect(renders).toHaveBeenCalledTimes(1);
		vi.runAllTimers();
		expect(vi.getTimerCount()).toBe(0);
		// Other options of this question, and what Tab and Shift+Tab focus: all laid out, nothing re-rendered.
		renders.mockClear();
		const screens: string[] = [];
		for (const key of [k.down, k.down, k.up, k.up, k.tab, k.shiftTab, k.shiftTab]) {
			h.press(key);
			screens.push(h.screen());
		}
		expect(renders).not.toHaveBeenCalled();
		expect(screens[0]).toContain("Part 1.0");
		expect(screens[4]).toContain("Part 10.0");
		expect(h.screen()).not.toBe(before);

		// The same keys without laying out ahead show the same frames.
		const plain = startSession(QUESTIONS, { columns: 160, rows: 40 });
		plain.screen();
		const plainScreens = [k.down, k.down, k.up, k.up, k.tab, k.shiftTab, k.shiftTab].map((key) => {
			plain.press(key);
			return plain.screen();
		});
		expect(plainScreens).toEqual(screens);
	});

	it("the first frame lays out the previews one ↑ or ↓ away: a key the moment it shows renders nothing new", () => {
		const h = startSession(QUESTIONS, { columns: 160, rows: 40 });
		h.screen();
		renders.mockClear();
		h.press(k.down);
		expect(h.screen()).toContain("Part 1.0");
		expect(renders).not.toHaveBeenCalled();
		// Only the first frame does it: the next neighbour waits for the quiet spell (or its own frame).
		h.press(k.down);
		expect(h.screen()).toContain("Part 2.0");
		expect(renders).toHaveBeenCalled();
	});

	it("gives way to keys: a key stops it, the next frame starts the wait again", () => {
		const h = startSession(QUESTIONS, { columns: 160, rows: 40 });
		h.screen();
		vi.advanceTimersByTime(30);
		// Two down: the option beside the first focus was laid out with the first frame.
		h.press(k.down);
		h.press(k.down);
		expect(vi.getTimerCount()).toBe(0);
		renders.mockClear();
		h.screen();
		expect(renders).toHaveBeenCalled(); // the newly focused preview, drawn by the frame itself
		renders.mockClear();
		vi.advanceTimersByTime(49);
		expect(renders).not.toHaveBeenCalled();
		vi.advanceTimersByTime(2);
		expect(renders).toHaveBeenCalledTimes(1);
		// Between two pieces a key stops the rest.
		h.press(k.down);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("leaves no timer once the questionnaire ends, and does nothing without a preview on screen", () => {
		const h = startSession(QUESTIONS, { columns: 160, rows: 40 });
		h.screen();
		expect(vi.getTimerCount()).toBe(1);
		h.session.abort();
		expect(h.results).toHaveLength(1);
		expect(vi.getTimerCount()).toBe(0);
		expect(h.lines()).toEqual([]);
		expect(vi.getTimerCount()).toBe(0);

		const noPreviews = startSession([
			{ question: "Ship?", header: "Ship", options: [{ label: "Yes", description: "" }] },
		]);
		noPreviews.screen();
		renders.mockClear();
		vi.runAllTimers();
		expect(renders).not.toHaveBeenCalled();
		expect(vi.getTimerCount()).toBe(0);
	});
});
