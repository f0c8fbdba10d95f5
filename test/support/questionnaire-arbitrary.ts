/**
 * A fast-check generator of well-formed tool arguments (they pass the schema and validation), shared by
 * the validation and the argument-repair property tests.
 */
import fc from "fast-check";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";

/**
 * Close to the form the validator compares texts in (NFKC, invisibles and runs of whitespace as one space,
 * lower case): keeps blank texts out and duplicates rare, so few generated questionnaires are thrown away.
 */
const roughForm = (text: string): string =>
	text
		.normalize("NFKC")
		.replace(/[\s\p{Cc}\p{Cf}]+/gu, " ")
		.trim()
		.toLowerCase();

/** Visible text of 1-12 graphemes. */
const visibleText = fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" }).filter((s) => roughForm(s) !== "");
const arbOption = fc.record(
	{ label: visibleText, description: visibleText, preview: fc.string({ maxLength: 20 }) },
	{ requiredKeys: ["label", "description"] },
);
const arbQuestion = fc.record(
	{
		question: visibleText,
		header: visibleText,
		multiSelect: fc.boolean(),
		options: fc.uniqueArray(arbOption, { minLength: 2, maxLength: 4, selector: (o) => roughForm(o.label) }),
	},
	{ requiredKeys: ["question", "header", "options"] },
);
/**
 * A well-formed questionnaire: it validates, and every optional field may be absent. The validator has the
 * last word on the rare one the rough form lets through (a reserved label such as "Next", or two texts
 * that differ only in where an invisible character sits).
 */
export const arbQuestionnaire = fc
	.record({
		questions: fc.uniqueArray(arbQuestion, { minLength: 1, maxLength: 4, selector: (q) => roughForm(q.question) }),
	})
	.filter((input) => validateQuestionnaire(input).ok);
