/**
 * "Blank" (nothing visible once whitespace and invisible format characters go) is found by searching for
 * the first visible character, not by rewriting the text: the same answer as the rule's definition for
 * every string (property, printed seed on failure).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBlank } from "../../src/protocol/validation-rules.ts";

/** The rule as DESIGN.md words it: remove control and format characters, trim, nothing left. */
const byDefinition = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() === "";

const blankish = fc.constantFrom(
	" ",
	"\t",
	"\n",
	"\r",
	"\u00a0",
	"\u2028",
	"\u3000",
	"\ufeff",
	"\u200b",
	"\u2060",
	"\u0000",
	"\u00ad",
	"\u202e",
);

describe("blank text", () => {
	it("agrees with the definition for any text, blank-looking text included", () => {
		const text = fc.oneof(
			fc.string({ unit: "grapheme" }),
			fc
				.array(fc.oneof(blankish, fc.string({ maxLength: 1, unit: "binary" })), { maxLength: 12 })
				.map((a) => a.join("")),
		);
		fc.assert(fc.property(text, (t) => isBlank(t) === byDefinition(t)));
	});

	it("a megabyte of text with one visible character at either end is not blank", () => {
		const spaces = " ".repeat(1024 * 1024);
		expect(isBlank(spaces)).toBe(true);
		expect(isBlank(`${spaces}x`)).toBe(false);
		expect(isBlank(`x${spaces}`)).toBe(false);
	});
});
