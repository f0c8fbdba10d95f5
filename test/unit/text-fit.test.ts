/** Width-safe helpers: every line fits every width ≥ 1, for any (sanitized) text; pi-tui's gaps are covered. */
import { visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ELLIPSIS, fitLine, padToWidth, widestGrapheme, wrapBlock } from "../../src/text/fit.ts";
import { sanitizeBlock, sanitizeInline } from "../../src/text/sanitize.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";

const piece = fc.oneof(
	fc.constantFrom("a", "word", "longerword", " ", "  ", "\n", "\t", "https://example.com/a/very/long/path?x=1"),
	fc.constantFrom("日", "本語", "中文字", "한국어", "テキスト", "、", "。"),
	fc.constantFrom("👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👍🏽", "🇺🇸", "❤️", "1️⃣", "👨‍🦲‍🦰"),
	fc.constantFrom("e\u0301", "\u0301", "a\u0300\u0301\u0302", "क्षि", "ภาษา", "ำ"),
	fc.constantFrom("\x1b[2J", "\x00", "\r", "\u202e", "\u200b", "\x9b", "\uD800"),
	fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text.slice(0, 40))),
);
const mixedText = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(""));
const anyText = fc.oneof(
	mixedText,
	fc.string({ unit: "grapheme", maxLength: 120 }),
	fc.string({ unit: "binary", maxLength: 120 }),
);
const width = fc.integer({ min: 1, max: 300 });
const narrow = fc.integer({ min: 1, max: 6 });
const anyWidth = fc.oneof(width, narrow);

const widths = (lines: readonly string[]) => lines.map((l) => visibleWidth(l));
const noSpaces = (text: string) => text.replace(/[ \n]/g, "");

describe("fitLine", () => {
	it("never exceeds the width, and returns fitting lines unchanged", () => {
		fc.assert(
			fc.property(anyText, anyWidth, (raw, w) => {
				const line = sanitizeInline(raw);
				const fitted = fitLine(line, w);
				expect(visibleWidth(fitted)).toBeLessThanOrEqual(w);
				if (visibleWidth(line) <= w) expect(fitted).toBe(line);
				else expect(fitted.endsWith(ELLIPSIS)).toBe(true);
				assertTerminalSafe(fitted, false, false);
			}),
			{ numRuns: 600 },
		);
	});

	it("cuts plain text to a prefix plus the ellipsis, without styling codes", () => {
		expect(fitLine("hello world", 5)).toBe("hell…");
		expect(fitLine("日本語テキスト", 5)).toBe("日本…");
		expect(fitLine("日本語", 2)).toBe("…");
		expect(fitLine("👩‍💻👩‍💻", 3)).toBe("👩‍💻…");
	});

	it("handles width 1 with wide characters, and widths below 1", () => {
		expect(fitLine("日", 1)).toBe(ELLIPSIS);
		expect(fitLine("👨‍👩‍👧‍👦", 1)).toBe(ELLIPSIS);
		expect(fitLine("a", 1)).toBe("a");
		expect(fitLine("ab", 1)).toBe(ELLIPSIS);
		expect(fitLine("abc", 0)).toBe("");
		expect(fitLine("abc", -3)).toBe("");
		expect(fitLine("abc", Number.NaN)).toBe("");
		expect(fitLine("abcdef", 3.9)).toBe("ab…");
	});

	it("keeps combining marks with their base", () => {
		expect(fitLine("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301…");
	});

	it("keeps SGR styling and stays within the width", () => {
		const styled = "\x1b[31mhello 日本語 world\x1b[0m";
		for (let w = 1; w <= 20; w++) {
			const fitted = fitLine(styled, w);
			expect(visibleWidth(fitted)).toBeLessThanOrEqual(w);
			assertTerminalSafe(fitted);
		}
	});
});

describe("padToWidth", () => {
	it("always fills exactly the width", () => {
		fc.assert(
			fc.property(anyText, anyWidth, (raw, w) => {
				expect(visibleWidth(padToWidth(sanitizeInline(raw), w))).toBe(w);
			}),
			{ numRuns: 400 },
		);
	});

	it("pads short lines and cuts long ones", () => {
		expect(padToWidth("ab", 4)).toBe("ab  ");
		expect(padToWidth("日本", 3)).toBe("日…");
		expect(padToWidth("日本語", 5)).toBe("日本…");
		expect(padToWidth("x", 0)).toBe("");
	});
});

describe("wrapBlock", () => {
	it("every line fits, for every width and any sanitized text", () => {
		fc.assert(
			fc.property(anyText, anyWidth, (raw, w) => {
				const lines = wrapBlock(sanitizeBlock(raw), w);
				expect(lines.length).toBeGreaterThan(0);
				for (const line of lines) {
					expect(visibleWidth(line)).toBeLessThanOrEqual(w);
					assertTerminalSafe(line, false, false);
				}
			}),
			{ numRuns: 800 },
		);
	});

	it("loses nothing but spaces when every grapheme fits the width", () => {
		fc.assert(
			fc.property(mixedText, fc.integer({ min: 3, max: 80 }), (raw, w) => {
				const text = sanitizeBlock(raw);
				fc.pre(widestGrapheme(text) <= w);
				const lines = wrapBlock(text, w);
				expect(noSpaces(lines.join(""))).toBe(noSpaces(text));
			}),
			{ numRuns: 500 },
		);
	});

	it("keeps every source line break", () => {
		expect(wrapBlock("a\n\nb", 3)).toEqual(["a", "", "b"]);
		expect(wrapBlock("", 5)).toEqual([""]);
	});

	it("breaks at spaces, between CJK characters and inside long words", () => {
		expect(wrapBlock("hello world foo bar", 7)).toEqual(["hello", "world", "foo bar"]);
		expect(wrapBlock("日本語のテキストです", 5)).toEqual(["日本", "語の", "テキ", "スト", "です"]);
		expect(wrapBlock("see https://example.com/a/b/c", 10)).toEqual(["see", "https://ex", "ample.com/", "a/b/c"]);
	});

	it("keeps indentation on the first line and repeats a short one on continuation lines", () => {
		expect(wrapBlock("  - item text wraps around here", 12)).toEqual([
			"  - item",
			"  text wraps",
			"  around",
			"  here",
		]);
		expect(wrapBlock("        deeply indented text", 10)).toEqual(["        de", "eply", "indented", "text"]);
	});

	it("shows a wide grapheme at width 1 as the ellipsis (pi-tui would return two columns)", () => {
		expect(widths(wrapTextWithAnsi("日本", 1)).some((w) => w > 1)).toBe(true);
		expect(wrapBlock("a 日本", 1)).toEqual(["a", ELLIPSIS, ELLIPSIS]);
		expect(wrapBlock("👩‍💻👩‍💻", 2)).toEqual(["👩‍💻", "👩‍💻"]);
		// One cluster four columns wide (Devanagari conjunct plus Thai SARA AM) at width 3.
		expect(wrapBlock("ab क्षिำ", 3)).toEqual(["ab", ELLIPSIS]);
	});

	it("wraps styled text through pi-tui and still fits every line", () => {
		const styled = `\x1b[1m${"bold 日本語 text ".repeat(5)}\x1b[0m`;
		for (let w = 1; w <= 30; w++) {
			for (const line of wrapBlock(styled, w)) {
				expect(visibleWidth(line)).toBeLessThanOrEqual(w);
				assertTerminalSafe(line);
			}
		}
	});
});

// Blow-up guards, not speed figures (those are in `npm run bench`): a quadratic or backtracking pass over
// 1 MB would run for minutes and fail these through the test timeout; a linear one takes milliseconds.
describe("1 MB inputs (the timeout is the guard)", () => {
	const megabyte = (unit: string) => unit.repeat(Math.ceil(2 ** 20 / unit.length)).slice(0, 2 ** 20);

	it("fits a 1 MB line", { timeout: 20_000 }, () => {
		for (const line of [megabyte("日本語のテキスト、中文字 "), megabyte("cafe\u0301 ")]) {
			const fitted = fitLine(line, 80);
			expect(visibleWidth(fitted)).toBeLessThanOrEqual(80);
			expect(fitted.endsWith("…")).toBe(true);
		}
	});

	it.each([
		["prose", megabyte("The quick brown fox jumps over the lazy dog.\n")],
		["CJK", megabyte("日本語のテキストです。中文字한국어 ")],
		["one long word", megabyte("x")],
		["accented words", megabyte("cafe\u0301 cre\u0300me ")],
	])("wraps 1 MB of %s", { timeout: 20_000 }, (_name, text) => {
		const lines = wrapBlock(text, 80);
		expect(lines.length).toBeGreaterThan(2 ** 20 / 80 / 4);
		expect(lines.every((line) => visibleWidth(line) <= 80)).toBe(true);
	});
});

describe("widestGrapheme", () => {
	it.each([
		["", 0],
		["plain ascii", 1],
		["漢字かな", 2],
		["é and ü", 1],
		["a 👩‍💻 b", 2],
		["tab\there", 3],
		["🏳️‍🌈\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", 3],
		[`x क${"ा".repeat(200)} y`, 201],
	])("%j → %i", (text, columns) => {
		expect(widestGrapheme(text)).toBe(columns);
	});

	it("is the width of the widest grapheme, for random text", () => {
		const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
		fc.assert(
			fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
				const widths = Array.from(segmenter.segment(text), (g) => visibleWidth(g.segment));
				expect(widestGrapheme(text)).toBe(Math.max(0, ...widths));
			}),
		);
	});
});
