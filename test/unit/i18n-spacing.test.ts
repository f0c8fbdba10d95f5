/** Spacing between text pieces: a space between Latin words, none beside full-width CJK punctuation. */
import { describe, expect, it } from "vitest";
import { gapBetween } from "../../src/i18n/spacing.ts";

describe("gapBetween", () => {
	it.each([
		["Cache:", "Redis", " "],
		["Redis", "(Recommended)", " "],
		["缓存方案：", "Redis", ""],
		["Redis", "（推荐）", ""],
		["自定义答案", "（手动输入）", ""],
		["内存缓存", "已选", " "],
		["「入力」", "（入力）", ""],
		["", "x", ""],
		["x", "", ""],
		["👩‍💻", "x", " "],
	])("%j + %j → %j", (left, right, gap) => {
		expect(gapBetween(left, right)).toBe(gap);
	});
});
