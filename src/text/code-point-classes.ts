/**
 * Which code points are which, for the sanitizer (`sanitize.ts`): the character classes its scan is built
 * from (variation selectors, emoji parts, conjoining jamo, the ranges that never need work), and the tests
 * on one code point that decide what a character next to its neighbours becomes (a base a selector may
 * follow, a skin-tone modifier and its base, a letter of a script that spells with joiners, a well-formed
 * jamo syllable, an RGI emoji). Unicode facts only: what to do with them is `sanitize.ts`'s.
 */
import { lazyRegExp, once } from "../util/once.ts";

/** Variation selectors (standard, Mongolian free variation, supplement), as a class body. */
export const VS = "\\uFE00-\\uFE0F\\u180B-\\u180D\\u180F\\u{E0100}-\\u{E01EF}";
/** One emoji of a ZWJ or tag chain, with its skin tone or emoji presentation selector, as a pattern. */
export const EMOJI_PART = "\\p{Extended_Pictographic}[\\p{Emoji_Modifier}\\uFE0F]?";
/** Conjoining Hangul jamo (leading, vowel, trailing; old and extended), as a class body. */
export const JAMO = "\\u1100-\\u115E\\u1161-\\u11FF\\uA960-\\uA97C\\uD7B0-\\uD7C6\\uD7CB-\\uD7FB";

/**
 * Characters the full scan never changes, alone or next to each other: printable ASCII, Latin-1 and
 * Latin Extended (no soft hyphen), general punctuation (no joiners, separators, bidi or invisible
 * operators), arrows and box drawing, CJK punctuation (no tone marks), kana (no combining sound marks),
 * ideographs, Hangul syllables (not jamo) and fullwidth forms. None is a control, a format or ignorable
 * character, a mark, a selector, a modifier or jamo, so text made only of them needs no work at all;
 * that is most real text, and it never pays for building the full scan.
 */
export const SAFE_RANGES =
	"\\x20-\\x7e\\u00a0-\\u00ac\\u00ae-\\u02ff\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u25ff" +
	"\\u3000-\\u3029\\u3030-\\u303f\\u3040-\\u3096\\u309b-\\u30ff\\u4e00-\\u9fff\\uac00-\\ud7a3\\uff01-\\uff60";

/** The `v` flag (needed for RGI_Emoji) is ES2024 syntax: Node 22 runs it, our TS target cannot spell it. */
const SETS_FLAG = "v";

// Built on first use, not at load (see util/once.ts), and from strings: V8 checks a regex literal while
// compiling the function holding it, and for these Unicode-property classes that alone costs milliseconds.
const rgiEmoji = lazyRegExp(String.raw`^\p{RGI_Emoji}$`, SETS_FLAG);
/** Scripts whose spelling uses ZWJ/ZWNJ between letters (Arabic-family and Brahmic scripts). */
const JOINING_SCRIPTS = "Arab Syrc Mong Nkoo Thaa Deva Beng Guru Gujr Orya Taml Telu Knda Mlym Sinh Mymr Khmr Tibt";
const joiningScript = once(
	() =>
		new RegExp(
			`[${JOINING_SCRIPTS.split(" ")
				.map((script) => String.raw`\p{scx=${script}}`)
				.join("")}]`,
			"u",
		),
);
const visibleBase = lazyRegExp(String.raw`[\p{L}\p{N}\p{S}\p{P}]`, "u");
const letter = lazyRegExp(String.raw`\p{L}`, "u");
const emojiModifierBase = lazyRegExp(String.raw`\p{Emoji_Modifier_Base}`, "u");

const JAMO_SYLLABLES = /^(?:[\u1100-\u115E\uA960-\uA97C][\u1161-\u11A7\uD7B0-\uD7C6][\u11A8-\u11FF\uD7CB-\uD7FB]?)+$/u;
const LINE_BREAK = /[\n\u2028\u2029]/;

const cpString = (cp: number): string => String.fromCodePoint(cp);

/** A whole emoji ZWJ or tag sequence that Unicode recommends (👩‍💻, 🏳️‍🌈, 🏴 England). */
export const isRgiEmoji = (chain: string): boolean => rgiEmoji().test(chain);
/** A run of jamo made only of whole L V (T) syllables. */
export const isJamoSyllables = (run: string): boolean => JAMO_SYLLABLES.test(run);
export const isLineBreak = (cp: number): boolean => LINE_BREAK.test(cpString(cp));
/** A character of a script that spells with ZWJ/ZWNJ (Arabic, Indic, …). */
export const joinsScript = (cp: number | undefined): boolean => cp !== undefined && joiningScript().test(cpString(cp));
export const isLetter = (cp: number | undefined): boolean => cp !== undefined && letter().test(cpString(cp));
/** A skin-tone modifier (U+1F3FB–U+1F3FF). */
export const isEmojiModifier = (cp: number): boolean => cp >= 0x1f3fb && cp <= 0x1f3ff;
export const isVariationSelector = (cp: number): boolean =>
	(cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180f && cp !== 0x180e);
/** One variation selector may follow a visible base; a second in a row, or one with no base, may not. */
export const followsBase = (prev: number | undefined): boolean =>
	prev !== undefined && !isVariationSelector(prev) && visibleBase().test(cpString(prev));
/** A character a skin-tone modifier may follow (👍, 👩). */
export const isModifierBase = (cp: number): boolean => emojiModifierBase().test(cpString(cp));
