/**
 * How long ago a pending questionnaire was asked, in the `/answer` list. Regression: a record whose time
 * asked was 0 (or garbage) read "100020791 days ago", and one from a clock ahead read "just now" for
 * ever. An age that cannot be right is unknown, and the row leaves it out; a clock a little behind
 * (another machine, a few seconds) still reads "just now".
 */
import { describe, expect, it } from "vitest";
import { type Messages, messagesIn } from "../../src/i18n/messages.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { summarize } from "../../src/pending/summary.ts";
import { pickPending } from "../../src/pi/pending-pick.ts";
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

/** The first row of the `/answer` list, for `pending` at `now` (the person backs out of the list). */
async function pendingRow(pending: PendingQuestionnaire, m: Messages, now: number): Promise<string | undefined> {
	let rows: string[] = [];
	const select = async (_title: string, options: string[]) => {
		rows = options;
		return undefined;
	};
	await pickPending({ select }, [pending], m, now);
	return rows[0];
}

describe("the age of a pending questionnaire", () => {
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
	])("asked %d ms ago", (ms, age) => {
		expect(summarize(asked(NOW - ms), NOW).age).toEqual(age);
	});
});

describe("the /answer row", () => {
	it.each(["en", "zh-CN", "ja"] as const)("%s: an impossible time asked leaves the age out", async (locale) => {
		const m = messagesIn(locale);
		for (const askedAt of [0, NOW + DAY, -1e15]) {
			const row = await pendingRow(asked(askedAt), m, NOW);
			expect(row).toBe(m.pendingPickRow(1, "Cache", m.pendingProgress(0, 1), undefined));
			expect(row).not.toMatch(/\d{4,}/);
		}
		expect(await pendingRow(asked(NOW - 3 * DAY), m, NOW)).toBe(
			m.pendingPickRow(1, "Cache", m.pendingProgress(0, 1), m.pendingAgeDays(3)),
		);
	});

	it("reads as before where the age is known", async () => {
		const m = messagesIn("en");
		expect(await pendingRow(asked(NOW - 3 * DAY), m, NOW)).toBe("1. Cache — 0 of 1 answered · 3 days ago");
		expect(await pendingRow(asked(0), m, NOW)).toBe("1. Cache — 0 of 1 answered");
	});
});
