/** The TypeBox parameter schema: structural limits only, no length rejection, and its size budget. */
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { QuestionnaireParams } from "../../src/tool/schema.ts";

const option = (label: string) => ({ label, description: `About ${label}` });
const question = (n: number, optionCount = 2) => ({
	question: `Question ${n}?`,
	header: `Q${n}`,
	options: Array.from({ length: optionCount }, (_, i) => option(`Option ${i + 1}`)),
});
const valid = (questionCount = 1, optionCount = 2) => ({
	questions: Array.from({ length: questionCount }, (_, i) => question(i + 1, optionCount)),
});
const check = (value: unknown) => Value.Check(QuestionnaireParams, value);

describe("QuestionnaireParams", () => {
	it("accepts 1-4 questions with 2-4 options each", () => {
		for (let q = 1; q <= 4; q++) {
			for (let o = 2; o <= 4; o++) expect(check(valid(q, o)), `${q} questions, ${o} options`).toBe(true);
		}
	});

	it("accepts multiSelect, preview and extra properties", () => {
		const input = valid();
		const q = { ...input.questions[0]!, multiSelect: true, extra: 1 };
		q.options = [{ ...option("A"), preview: "```ts\nx\n```" } as ReturnType<typeof option>, option("B")];
		expect(check({ questions: [q], extra: "ok" })).toBe(true);
	});

	it("never rejects for length alone", () => {
		const long = "x".repeat(5000);
		const input = { questions: [{ question: long, header: long, options: [option(long), option(`${long}y`)] }] };
		expect(check(input)).toBe(true);
	});

	it("rejects 0 or 5 questions", () => {
		expect(check(valid(0))).toBe(false);
		expect(check(valid(5))).toBe(false);
	});

	it("rejects 1 or 5 options", () => {
		expect(check(valid(1, 1))).toBe(false);
		expect(check(valid(1, 5))).toBe(false);
	});

	it.each([
		["questions", (v: ReturnType<typeof valid>) => ({ ...v, questions: undefined })],
		["question", (v: ReturnType<typeof valid>) => ({ questions: [{ ...v.questions[0], question: undefined }] })],
		["header", (v: ReturnType<typeof valid>) => ({ questions: [{ ...v.questions[0], header: undefined }] })],
		["options", (v: ReturnType<typeof valid>) => ({ questions: [{ ...v.questions[0], options: undefined }] })],
		[
			"label",
			(v: ReturnType<typeof valid>) => ({
				questions: [{ ...v.questions[0], options: [{ description: "d" }, option("B")] }],
			}),
		],
		[
			"description",
			(v: ReturnType<typeof valid>) => ({ questions: [{ ...v.questions[0], options: [{ label: "A" }, option("B")] }] }),
		],
	])("rejects a missing %s", (_name, mutate) => {
		const input = JSON.parse(JSON.stringify(mutate(valid())));
		expect(check(input)).toBe(false);
	});

	it("rejects wrong types", () => {
		expect(check(null)).toBe(false);
		expect(check([])).toBe(false);
		expect(check({ questions: {} })).toBe(false);
		expect(check({ questions: [{ ...question(1), multiSelect: "yes" }] })).toBe(false);
		expect(check({ questions: [{ ...question(1), options: [option("A"), { label: 1, description: "d" }] }] })).toBe(
			false,
		);
		expect(check({ questions: [{ ...question(1), options: [option("A"), { ...option("B"), preview: 3 }] }] })).toBe(
			false,
		);
	});

	it("sets no maxLength and does not forbid extra properties", () => {
		const text = JSON.stringify(QuestionnaireParams);
		expect(text).not.toContain("maxLength");
		expect(text).not.toContain("additionalProperties");
	});

	it("describes the length advice the UI relies on", () => {
		const text = JSON.stringify(QuestionnaireParams);
		expect(text).toContain("≤16 columns");
		expect(text).toContain("1-5 words");
		expect(text).toContain("markdown");
	});

	it("stays within its serialized size budget (≤ 1.3 KB)", () => {
		const bytes = Buffer.byteLength(JSON.stringify(QuestionnaireParams), "utf8");
		console.log(`QuestionnaireParams serialized: ${bytes} bytes`);
		expect(bytes).toBeLessThanOrEqual(1300);
	});
});
