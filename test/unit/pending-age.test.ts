/**
 * How long ago a pending questionnaire was asked, in the `/answer` list. Regression: a record whose time
 * asked was 0 (or garbage) read "100020791 days ago", and one from a clock ahead read "just now" for
 * ever. An age that cannot be right is unknown, and the row leaves it out; a clock a little behind
 * (another machine, a few seconds) still reads "just now".
 */
import { describe, expect, it } from "vitest";
import { messagesFor } from "../../src/i18n/messages.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { ageOf } from "../../src/pending/summary.ts";
import { pendingRow } from "../../src/pi/pending-pick.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { SMALL_CACHE_QUESTION } from "../support/questions.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 4, 8, 0);

const asked = (askedAt: number): PendingQuestionnaire => ({
	id: "call_1",
	askedAt,
	questionnaire: { questions: [SMALL_CACHE_QUESTION] },
	progress: emptyProgress(1),
});

describe("ageOf", () => {
	it.each([
		[-60_000, { unit: "now" }],
		[-5 * 60_000, { unit: "now" }],
		[-5 * 60_000 - 1, { unit: "unknown" }],
		[-DAY, { unit: "unknown" }],
		[3653 * DAY, { unit: "days", n: 3653 }],
		[3653 * DAY + 1, { unit: "unknown" }],
		[NOW, { unit: "unknown" }],
		[Number.POSITIVE_INFINITY, { unit: "unknown" }],
		[Number.NEGATIVE_INFINITY, { unit: "unknown" }],
	])("ageOf(%d)", (ms, age) => {
		expect(ageOf(ms)).toEqual(age);
	});
});

describe("the /answer row", () => {
	it.each(["en", "zh-CN", "ja"] as const)("%s: an impossible time asked leaves the age out", (locale) => {
		const m = messagesFor(locale);
		for (const askedAt of [0, NOW + DAY, -1e15]) {
			const row = pendingRow(asked(askedAt), 1, m, NOW);
			expect(row).toBe(m.pendingPickRow(1, "Cache", m.pendingProgress(0, 1), undefined));
			expect(row).not.toMatch(/\d{4,}/);
		}
		expect(pendingRow(asked(NOW - 3 * DAY), 1, m, NOW)).toBe(
			m.pendingPickRow(1, "Cache", m.pendingProgress(0, 1), m.pendingAgeDays(3)),
		);
	});

	it("reads as before where the age is known", () => {
		const m = messagesFor("en");
		expect(pendingRow(asked(NOW - 3 * DAY), 1, m, NOW)).toBe("1. Cache — 0 of 1 answered · 3 days ago");
		expect(pendingRow(asked(0), 1, m, NOW)).toBe("1. Cache — 0 of 1 answered");
	});
});
