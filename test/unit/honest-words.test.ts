/**
 * Words that say what really happens. Regressions found by hands-on use:
 * - the Submit page said unanswered questions "may stay open", but Submit closes the questionnaire: only
 *   Answer later keeps it, so the hint names that choice (in every locale);
 * - with `onTimeout: "defer"` the countdown said "Closes in 0:05", and the model read "The user will answer
 *   later" and the transcript "Answer later", though nobody chose that: the time ran out. The result carries
 *   `timedOut`, the model reads that the time ran out and the questionnaire stays pending, the transcript
 *   says "Timed out · still pending" (the countdown: session-timeout.test.ts).
 */
import { describe, expect, it } from "vitest";
import { messagesIn } from "../../src/i18n/messages.ts";
import { renderAskResult } from "../../src/pi/render-result.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { DEFERRED_ADVICE, TIMED_OUT_PENDING } from "../support/pending.ts";
import { LOCALES } from "./i18n-fixtures.ts";

const plain = { fg: (_color: string, text: string) => text, bold: (text: string) => text };
const QUESTIONS = ["Which cache?"];
const putAside: QuestionnaireResult = {
	...finishedResult("tui", 1, "deferred", { answers: [] }),
	pendingId: "call_1",
};
const timedOut: QuestionnaireResult = { ...putAside, timedOut: true };

const transcript = (result: QuestionnaireResult, expanded: boolean, locale: (typeof LOCALES)[number] = "en") =>
	renderAskResult({ content: "", details: result }, { expanded, isPartial: false }, plain, {}, messagesIn(locale))
		.render(100)
		.join("\n");

describe("the Submit page's hint on unanswered questions", () => {
	it.each(LOCALES)("%s: names Answer later as the way to keep it open, never 'may stay open'", (locale) => {
		const m = messagesIn(locale);
		expect(m.viewPartialHint).toContain(m.viewAnswerLater);
		expect(m.viewPartialHint).not.toMatch(/stay open|可以留空|残したままで/);
	});
});

describe('a questionnaire the answer timeout put aside (onTimeout: "defer")', () => {
	it("tells the model the time ran out and it stays pending, not that the user will answer later", () => {
		expect(resultText(timedOut, QUESTIONS)).toBe(TIMED_OUT_PENDING);
		expect(resultText(timedOut, QUESTIONS)).not.toContain("The user will answer later");
		// The person's own Answer later reads as before.
		expect(resultText(putAside, QUESTIONS)).toBe(DEFERRED_ADVICE);
	});

	it.each(LOCALES)("%s: the transcript says it timed out and is still pending, not Answer later", (locale) => {
		const m = messagesIn(locale);
		for (const expanded of [false, true]) {
			expect(transcript(timedOut, expanded, locale)).toContain(m.renderTimedOutPending);
			expect(transcript(timedOut, expanded, locale)).not.toContain(m.renderOutcome.deferred);
			expect(transcript(putAside, expanded, locale)).toContain(m.renderOutcome.deferred);
		}
	});
});
