/**
 * A fast-check generator of well-formed tool arguments (they pass the schema and validation), shared by
 * the validation and the argument-repair property tests.
 */
import fc from "fast-check";
import { comparable, isReservedLabel } from "../../src/protocol/validation.ts";

/** Visible text of 1-12 graphemes. */
export const visibleText = fc
	.string({ minLength: 1, maxLength: 12, unit: "grapheme" })
	.filter((s) => comparable(s) !== "");
const arbLabel = visibleText.filter((s) => !isReservedLabel(s));
const arbOption = fc.record(
	{ label: arbLabel, description: visibleText, preview: fc.string({ maxLength: 20 }) },
	{ requiredKeys: ["label", "description"] },
);
const arbQuestion = fc.record(
	{
		question: visibleText,
		header: visibleText,
		multiSelect: fc.boolean(),
		options: fc.uniqueArray(arbOption, { minLength: 2, maxLength: 4, selector: (o) => comparable(o.label) }),
	},
	{ requiredKeys: ["question", "header", "options"] },
);
/** A well-formed questionnaire: it validates, and every optional field may be absent. */
export const arbQuestionnaire = fc.record({
	questions: fc.uniqueArray(arbQuestion, { minLength: 1, maxLength: 4, selector: (q) => comparable(q.question) }),
});
