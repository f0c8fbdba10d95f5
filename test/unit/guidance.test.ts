/** The model-facing guidance: size budget, tool named in every rule, and every rule rpiv carries still present. */
import { describe, expect, it } from "vitest";
import { DEFAULT_GUIDANCE, TOOL_LABEL, TOOL_NAME } from "../../src/tool/guidance.ts";
import { QuestionnaireParams } from "../../src/tool/schema.ts";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
const { description, promptSnippet, promptGuidelines } = DEFAULT_GUIDANCE;
const all = [description, promptSnippet, ...promptGuidelines].join("\n");

describe("DEFAULT_GUIDANCE", () => {
	it("names the tool as the model calls it", () => {
		expect(TOOL_NAME).toBe("ask_user_question");
		expect(TOOL_LABEL).toBe("Ask User Question");
	});

	it("names ask_user_question in every guideline (Pi appends them flat into the rules)", () => {
		expect(promptGuidelines.length).toBeGreaterThan(0);
		for (const line of promptGuidelines) expect(line).toContain("ask_user_question");
	});

	it("keeps description + snippet + guidelines within ~1.5 KB", () => {
		const total = bytes(description) + bytes(promptSnippet) + promptGuidelines.reduce((n, l) => n + bytes(l), 0);
		console.log(`guidance: ${total} bytes`);
		expect(total).toBeLessThanOrEqual(1536);
	});

	it("leaves room for the schema within the 2.9 KB per-request budget", () => {
		const total = bytes(
			description + promptSnippet + JSON.stringify(promptGuidelines) + JSON.stringify(QuestionnaireParams),
		);
		console.log(`guidance + schema: ${total} bytes`);
		expect(total).toBeLessThanOrEqual(2900);
	});

	it("keeps the snippet to one line and every text free of blank entries", () => {
		expect(promptSnippet).not.toMatch(/\n/);
		for (const text of [description, promptSnippet, ...promptGuidelines]) expect(text.trim()).not.toBe("");
	});

	it.each([
		["when to ask: architecture", /architecture/],
		["when to ask: data compatibility", /data compatibility/],
		["when to ask: product behaviour", /product behaviour/],
		["when to ask: security", /security/],
		["when to ask: scope", /scope/],
		["when to ask: irreversible / destructive actions", /irreversible or destructive/],
		["when to ask: conflicting but plausible designs", /conflicting designs/],
		["ask instead of guessing", /instead of guessing/],
		["not for what code, tests, config or docs answer", /code, tests, config or docs/],
		["not for low-risk details; follow existing patterns", /low-risk details: follow existing patterns/],
		["batch related questions, at most 4", /Batch related questions into one ask_user_question call \(at most 4\)/],
		["2-4 distinct options", /2-4 distinct options/],
		["trade-offs in descriptions", /descriptions state the trade-offs/],
		["recommended first with the suffix", /recommended option first with " \(Recommended\)"/],
		["never add Other", /Never add an "Other" option/],
		["the user can type their own answer", /type their own answer/],
		["the user can add notes", /add notes/],
		["multiSelect for non-exclusive choices", /multiSelect .*not exclusive/],
		["previews for concrete artifacts", /preview .*concrete artifacts \(code, config, layouts\)/],
		["no re-asking after a decline", /declines .*do not ask the same thing again/],
	])("carries the rule: %s", (_rule, pattern) => {
		expect(all).toMatch(pattern);
	});

	it("is frozen, so a config override can never mutate the defaults", () => {
		expect(Object.isFrozen(DEFAULT_GUIDANCE)).toBe(true);
		expect(Object.isFrozen(DEFAULT_GUIDANCE.promptGuidelines)).toBe(true);
	});
});
