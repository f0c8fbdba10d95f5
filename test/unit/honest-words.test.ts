/**
 * Words that say what really happens. Regressions found by hands-on use:
 * - the Submit page said unanswered questions "may stay open", but Submit closes the questionnaire: only
 *   Answer later keeps it, so the hint names that choice (in every locale);
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/i18n/locale.ts";
import { messagesFor } from "../../src/i18n/messages.ts";

describe("the Submit page's hint on unanswered questions", () => {
	it.each(LOCALES)("%s: names Answer later as the way to keep it open, never 'may stay open'", (locale) => {
		const m = messagesFor(locale);
		expect(m.viewPartialHint).toContain(m.viewAnswerLater);
		expect(m.viewPartialHint).not.toMatch(/stay open|可以留空|残したままで/);
	});
});
