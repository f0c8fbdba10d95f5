/**
 * A cut is never silent: when typed text is longer than what the model will receive (config `limits`:
 * `customAnswer` for typed answers, `note` for notes, `totalText` for the whole answer), the open
 * editor says so while typing or after a paste, and the Submit review lists every such text (and the
 * total) next to the Submit choice, in the person's language, before anything is sent. The configured
 * limits are the ones used, and every line still fits its width, down to a 20×8 terminal.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { messagesIn } from "../../src/i18n/messages.ts";
import { DEFAULT_LIMITS, shortfall, type TextLimits } from "../../src/protocol/budget.ts";
import { CACHE, KEYS, PLATFORMS, startSession } from "./session-harness.ts";

const k = KEYS.legacy;
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;
const TYPE_ROW = [k.down, k.down, k.down, k.enter];

describe("shortfall (budget.ts)", () => {
	it("says nothing under the cap, and counts what is kept with the envelope's grapheme-safe cut", () => {
		expect(shortfall("x".repeat(4_000), 4_000)).toBeUndefined();
		expect(shortfall("x".repeat(29_700), 4_000)).toEqual({ shown: 4_000, total: 29_700 });
		// A family emoji (7 code points) straddling the cap is not split: fewer characters are shown.
		expect(shortfall(`ab${"👨‍👩‍👧‍👦"}`, 4)).toEqual({ shown: 2, total: 9 });
	});
});

describe("the editor", () => {
	it("a paste over the built-in customAnswer limit: the model will see the first 4,000 of N", () => {
		const h = startSession([CACHE, PLATFORMS]);
		h.press(...TYPE_ROW, paste("y".repeat(4_000)));
		expect(h.screen()).not.toContain("The model will see");
		h.press("z");
		expect(h.screen()).toContain("The model will see the first 4,000 of 4,001 characters");
		h.press(paste("w".repeat(25_699)));
		expect(h.screen()).toContain("The model will see the first 4,000 of 29,700 characters");
	});

	it("uses the configured limits: typed answers and notes", () => {
		const limits: TextLimits = { ...DEFAULT_LIMITS, customAnswer: 10, note: 5 };
		const h = startSession([CACHE, PLATFORMS], { limits });
		h.press(...TYPE_ROW, ..."twelve chars".split(""));
		expect(h.screen()).toContain("The model will see the first 10 of 12 characters");
		h.press(k.escape, k.up, "n", ..."a long note".split(""));
		expect(h.screen()).toContain("The model will see the first 5 of 11 characters");
	});

	it("speaks the person's language", () => {
		const limits: TextLimits = { ...DEFAULT_LIMITS, customAnswer: 3 };
		const zh = startSession([CACHE], { limits, messages: messagesIn("zh-CN") });
		zh.press(...TYPE_ROW, paste("x".repeat(2_500)));
		expect(zh.screen()).toContain("模型只会看到前 3 个字符（共 2,500 个）");
		const ja = startSession([CACHE], { limits, messages: messagesIn("ja") });
		ja.press(...TYPE_ROW, paste("x".repeat(2_500)));
		expect(ja.screen()).toContain("モデルに届くのは 2,500 文字のうち先頭の 3 文字です");
	});
});

describe("the Submit review", () => {
	function reviewed(limits: TextLimits) {
		const h = startSession([CACHE, PLATFORMS], { limits, rows: 30 });
		h.press(...TYPE_ROW, paste("a".repeat(30)), k.enter); // Cache: typed, on to Platforms
		h.press("n", paste("b".repeat(20)), k.enter, k.tab); // a note on Platforms, then Submit
		return h;
	}

	it("lists every text the model gets only part of, beside the choice", () => {
		const h = reviewed({ ...DEFAULT_LIMITS, customAnswer: 10, note: 8 });
		const screen = h.screen();
		expect(screen).toContain("Review your answers");
		expect(screen).toContain("! Cache: The model will see the first 10 of 30 characters");
		expect(screen).toContain("! Platforms: Note: The model will see the first 8 of 20 characters");
		expect(screen).not.toContain("in all");
		expect(h.results).toHaveLength(0);
	});

	it("says when the whole answer is over totalText, and nothing when all fits", () => {
		expect(reviewed({ ...DEFAULT_LIMITS, totalText: 120 }).screen()).toContain(
			"! The model receives at most 120 characters in all: the longest texts will be shortened further",
		);
		expect(reviewed(DEFAULT_LIMITS).screen()).not.toContain("!");
	});

	it("the global note too, once saved", () => {
		const h = reviewed({ ...DEFAULT_LIMITS, note: 4 });
		h.press("n", ..."overall".split(""), k.enter);
		expect(h.screen()).toContain("! Note on all questions: The model will see the first 4 of 7 characters");
	});

	it("every line fits every width from 1 to 120, and at 20×8 the warning is still on screen", () => {
		const h = reviewed({ ...DEFAULT_LIMITS, customAnswer: 10, note: 8, totalText: 120 });
		for (let width = 1; width <= 120; width++)
			for (const line of h.lines(width)) expect(visibleWidth(line), `width ${width}`).toBeLessThanOrEqual(width);
		const one = reviewed({ ...DEFAULT_LIMITS, customAnswer: 10 });
		one.terminal.rows = 8;
		const small = one.lines(20);
		expect(small.length).toBeLessThanOrEqual(7);
		// The numbers survive: the Submit title gives up its second line first, and the cut nearest the choice stays whole.
		expect(small.join(" ")).toMatch(/the first 10 of\s+30 characters/);
		expect(small.at(-1)).toContain("Submit");
	});
});
