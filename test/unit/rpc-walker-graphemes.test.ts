/**
 * The dialog walker's text input keeps what the person typed, exactly: emoji with skin tones, ZWJ
 * sequences, VS16, decomposed Hangul, CJK, combining marks, and hostile text too, reach the answer as
 * typed; the rows and review titles that repeat it show the sanitized form of the whole text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capText, DIALOG_CAPS } from "../../src/dialogs/host.ts";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import { sanitizeInline } from "../../src/text/sanitize.ts";
import { typeableGrapheme, typeableText } from "../support/graphemes.ts";
import { HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { SMALL_CACHE_QUESTION as cache, SMALL_TARGETS_QUESTION as targets } from "../support/questions.ts";
import { ScriptedHost } from "./rpc-fake-host.ts";

const typedText = fc.oneof(
	typeableText(),
	fc
		.array(fc.oneof(typeableGrapheme, fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text))), {
			minLength: 1,
			maxLength: 5,
		})
		.map((parts) => `x${parts.join("")}x`),
);

describe("walker: typed text", () => {
	it("is the answer exactly, and every row or title repeating it shows it sanitized whole, or cut at its cap (property)", async () => {
		await fc.assert(
			fc.asyncProperty(typedText, async (text) => {
				// Typed text moves on, as in the TUI's editor; the review's Edit then shows it as a row.
				const host = new ScriptedHost([
					"Type something…",
					text,
					(call) => (call.kind === "select" ? call.options[0] : undefined),
					"Edit Targets",
					(call) => (call.kind === "select" ? call.options.find((o) => o.startsWith("Done")) : undefined),
					"Submit",
				]);
				const result = await walkQuestionnaire({ questions: [targets, cache] }, host, { host: "rpc" });
				expect(result.answers[0]).toMatchObject({ kind: "multi", custom: text.trim() });
				// Shown whole, sanitized; past the dialogs' cap for typed text, its beginning cut at a grapheme with "…".
				const shown = sanitizeInline(capText(text.trim(), DIALOG_CAPS.typed));
				const [, , , review, rows] = host.calls;
				expect(rows?.kind === "select" && rows.options.some((o) => o.includes(shown))).toBe(true);
				expect(review?.title).toContain(shown);
			}),
			{ numRuns: 80 },
		);
	});
});
