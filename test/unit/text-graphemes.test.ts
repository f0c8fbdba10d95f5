/**
 * Sanitizing works on whole text and keeps every character a person can type: skin tones, ZWJ
 * sequences, VS16, flags, decomposed Hangul, CJK, combining marks and joiners come out exactly as they
 * went in, while the same text judged piece by piece (as a terminal delivers it) would not. Also the
 * cursor mapping the editors draw with (`sanitizeInlineAt`) and the grapheme-safe cut.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeBlock, sanitizeInline, sanitizeInlineAt } from "../../src/text/sanitize.ts";
import { cutAtGrapheme, graphemeSegmenter } from "../../src/util/graphemes.ts";
import { pieces, TYPED_SAMPLES, typeableGrapheme, typeableText } from "../support/graphemes.ts";
import { HOSTILE_STRINGS } from "../support/hostile-strings.ts";

const graphemes = (text: string) => Array.from(graphemeSegmenter().segment(text), (s) => s.segment);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("sanitizing keeps what a person can type", () => {
	it.each(Object.entries(TYPED_SAMPLES))("%s (%s) is shown as it is, inline and as a block", (_kind, text) => {
		expect(sanitizeInline(text)).toBe(text);
		expect(sanitizeBlock(text)).toBe(text);
		expect(sanitizeInline(`ok ${text} ok`)).toBe(`ok ${text} ok`);
	});

	it("the issue's text: ok 👍🏽 👨‍💻 ✔️, decomposed Hangul and CJK", () => {
		const text = "ok 👍🏽 👨‍💻 ✔️ \u1100\u1161 日本語";
		expect(sanitizeInline(text)).toBe(text);
		expect(sanitizeBlock(text)).toBe(text);
	});

	it("any text built from typeable graphemes comes out unchanged, clusters and all (property)", () => {
		fc.assert(
			fc.property(typeableText(20), (text) => {
				expect(sanitizeInline(text)).toBe(text);
				expect(sanitizeBlock(text)).toBe(text);
				expect(sanitizeBlock(`${text}\n${text}`)).toBe(`${text}\n${text}`);
			}),
		);
	});

	it("judged piece by piece, as keys arrive, the same text would be corrupted: why it is never done", () => {
		const piecewise = (text: string) =>
			pieces(text, "units")
				.map((piece) => sanitizeInline(piece))
				.join("");
		expect(piecewise(TYPED_SAMPLES.skinTone)).toBe("\uFFFD".repeat(4));
		expect(piecewise(TYPED_SAMPLES.hangulLV)).toBe("\\u1100\\u1161");
		expect(piecewise(TYPED_SAMPLES.variationSelector)).toBe("✔\\ufe0f");
		// Whole, every one of them is kept.
		for (const text of Object.values(TYPED_SAMPLES)) expect(sanitizeInline(text)).toBe(text);
	});

	it("hostile text around typed graphemes never breaks those graphemes apart (property)", () => {
		const hostile = fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text));
		const part = fc.oneof(
			{ weight: 3, arbitrary: typeableGrapheme.map((text) => ({ typed: true, text })) },
			{ weight: 1, arbitrary: hostile.map((text) => ({ typed: false, text })) },
		);
		fc.assert(
			fc.property(fc.array(part, { minLength: 1, maxLength: 10 }), (parts) => {
				// Glued together: still no half of a pair anywhere.
				expect(sanitizeInline(parts.map((p) => p.text).join(""))).not.toMatch(LONE_SURROGATE);
				// A space apart: every typed grapheme is shown whole, whatever hostile text stands beside it.
				const spaced = sanitizeInline(parts.map((p) => p.text).join(" "));
				expect(spaced).not.toMatch(LONE_SURROGATE);
				let from = 0;
				for (const p of parts.filter((p) => p.typed)) {
					const at = spaced.indexOf(p.text, from);
					expect(at, `${JSON.stringify(p.text)} in ${JSON.stringify(spaced)}`).toBeGreaterThanOrEqual(0);
					from = at + p.text.length;
				}
			}),
		);
	});
});

describe("sanitizeInlineAt: the shown text and where a raw position lands in it", () => {
	it("is the identity on text that needs no change", () => {
		expect(sanitizeInlineAt("ok 👍🏽", 3)).toEqual({ shown: "ok 👍🏽", offset: 3 });
	});

	it("moves a position past a stand-in by the stand-in's length", () => {
		// "a" U+202E "b": the override is shown as the six characters \u202e.
		expect(sanitizeInlineAt("a\u202eb", 0)).toEqual({ shown: "a\\u202eb", offset: 0 });
		expect(sanitizeInlineAt("a\u202eb", 1)).toEqual({ shown: "a\\u202eb", offset: 1 });
		expect(sanitizeInlineAt("a\u202eb", 2)).toEqual({ shown: "a\\u202eb", offset: 7 });
		expect(sanitizeInlineAt("a\u202eb", 3)).toEqual({ shown: "a\\u202eb", offset: 8 });
	});

	it("a position inside a rewritten run lands after its stand-in", () => {
		const lone = "\u1100x"; // a lone leading jamo is shown as \u1100
		expect(sanitizeInlineAt(lone, 1)).toEqual({ shown: "\\u1100x", offset: 6 });
		const chain = "😀\u200d😀"; // not a recommended sequence: the joiner is shown
		const at = sanitizeInlineAt(chain, 3);
		expect(at.shown).toBe("😀\\u200d😀");
		expect(at.offset).toBe(at.shown.length);
	});

	it("the shown text is sanitizeInline's, and positions keep their order (property)", () => {
		const text = fc.oneof(
			fc.string({ unit: "binary", maxLength: 30 }),
			fc
				.array(fc.oneof(typeableGrapheme, fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text))), { maxLength: 6 })
				.map((p) => p.join("")),
		);
		fc.assert(
			fc.property(text, (raw) => {
				const shown = sanitizeInline(raw);
				let previous = 0;
				for (let offset = 0; offset <= raw.length; offset++) {
					const at = sanitizeInlineAt(raw, offset);
					expect(at.shown).toBe(shown);
					expect(at.offset).toBeGreaterThanOrEqual(previous);
					expect(at.offset).toBeLessThanOrEqual(shown.length);
					previous = at.offset;
				}
				expect(sanitizeInlineAt(raw, 0).offset).toBe(0);
				expect(sanitizeInlineAt(raw, raw.length).offset).toBe(shown.length);
			}),
		);
	});

	it("for typeable text every position maps to itself (property)", () => {
		fc.assert(
			fc.property(typeableText(), fc.nat(), (raw, n) => {
				const offset = n % (raw.length + 1);
				expect(sanitizeInlineAt(raw, offset)).toEqual({ shown: raw, offset });
			}),
		);
	});
});

describe("cutAtGrapheme", () => {
	it("never cuts through a grapheme", () => {
		expect(cutAtGrapheme("ab👍🏽", 3)).toBe("ab");
		expect(cutAtGrapheme("ab👍🏽", 5)).toBe("ab");
		expect(cutAtGrapheme("ab👍🏽", 6)).toBe("ab👍🏽");
		expect(cutAtGrapheme("x\u1100\u1161", 2)).toBe("x");
		expect(cutAtGrapheme("short", 40)).toBe("short");
	});

	it("keeps a prefix of whole graphemes, as many as fit (property)", () => {
		fc.assert(
			fc.property(typeableText(20), fc.nat({ max: 80 }), (text, max) => {
				const cut = cutAtGrapheme(text, max);
				expect(cut.length).toBeLessThanOrEqual(max);
				expect(text.startsWith(cut)).toBe(true);
				const whole = graphemes(text);
				const kept = graphemes(cut);
				expect(kept).toEqual(whole.slice(0, kept.length));
				// The next grapheme would not have fit.
				const next = whole[kept.length];
				if (next !== undefined) expect(cut.length + next.length).toBeGreaterThan(max);
			}),
		);
	});
});
