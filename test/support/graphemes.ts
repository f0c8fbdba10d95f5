/**
 * Text a person can type, built grapheme by grapheme, and the ways a terminal delivers it: emoji with
 * skin tones, ZWJ sequences, VS16, flags (regional and tag), decomposed Hangul syllables (L V and
 * L V T), precomposed Hangul, CJK and kana, Latin with combining marks, Indic and Persian joiners, RTL
 * scripts. Every one of them is kept by the sanitizer, so what the person typed and what is shown are
 * the same text. Used by the sanitizer, session, accessible prompt and end-to-end tests.
 */
import fc from "fast-check";

/** One of each kind, for example-based tests and the end-to-end test. */
export const TYPED_SAMPLES = {
	skinTone: "👍🏽",
	zwj: "👨‍💻",
	zwjWithTones: "🧑🏽‍🤝‍🧑🏻",
	variationSelector: "✔️",
	keycap: "1️⃣",
	flag: "🇯🇵",
	tagFlag: "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
	hangulLV: "\u1100\u1161",
	hangulLVT: "\u1112\u1161\u11AB",
	hangul: "한국어",
	cjk: "日本語、中文",
	combining: "cafe\u0301 Tie\u0302\u0301ng",
	indic: "क्\u200Dष हिन्दी",
	persian: "می\u200Cخواهم",
	hebrew: "שָׁלוֹם",
} as const;

const MODIFIER_BASES = ["👍", "👋", "✌", "🧑", "👩", "🙏", "💪", "🏃"];
const SKIN_TONES = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"];
const ZWJ_SEQUENCES = ["👨‍💻", "👩‍💻", "🏳️‍🌈", "🏳️‍⚧️", "👨‍👩‍👧‍👦", "🧑🏽‍🤝‍🧑🏻", "❤️‍🔥", "🐈‍⬛", "🏃‍➡️", "👩🏾‍🚀"];
const WITH_VS16 = ["✔️", "❤️", "☺️", "✌️", "1️⃣", "#️⃣", "©️", "⚠️"];
const FLAGS = ["🇫🇷", "🇯🇵", "🇺🇸", "🇰🇷", "🇧🇷", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"];
const OTHER_EMOJI = ["😀", "🚀", "🎉", "🙂", "✨", "⭐"];
const WORDS = ["ok", "yes", "no", "2 nodes", "Valkey", "café", "naïve", "Ärger", "ß", "ø"];
const CJK = ["日", "本", "語", "中", "文", "、", "。", "ひ", "ら", "カ", "ナ", "한", "국", "어", "가"];
const COMBINED = ["e\u0301", "a\u0308", "n\u0303", "e\u0323\u0302", "o\u031B\u0300", "c\u0327"];
const SCRIPTS = ["क्\u200Dष", "क्ष", "ন্\u200Cষ", "می\u200Cخواهم", "हिन्दी", "ภาษาไทย", "שָׁלוֹם", "مرحبا"];
const PUNCTUATION = [" ", " ", ",", ".", "!", "?", "-", "'", '"', "(", ")", "/"];

const codePointIn = (from: number, to: number) =>
	fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp));

/** A decomposed Hangul syllable: a leading consonant, a vowel and maybe a trailing consonant (jamo). */
export const decomposedHangul = fc
	.tuple(codePointIn(0x1100, 0x1112), codePointIn(0x1161, 0x1175), fc.option(codePointIn(0x11a8, 0x11c2)))
	.map(([l, v, t]) => `${l}${v}${t ?? ""}`);

/** An emoji base with a skin tone. */
export const skinToned = fc
	.tuple(fc.constantFrom(...MODIFIER_BASES), fc.constantFrom(...SKIN_TONES))
	.map(([base, tone]) => base + tone);

/** One grapheme (or short word) a person can type, of every kind above. */
export const typeableGrapheme: fc.Arbitrary<string> = fc.oneof(
	skinToned,
	fc.constantFrom(...ZWJ_SEQUENCES),
	fc.constantFrom(...WITH_VS16),
	fc.constantFrom(...FLAGS),
	fc.constantFrom(...OTHER_EMOJI),
	decomposedHangul,
	fc.constantFrom(...CJK),
	fc.constantFrom(...COMBINED),
	fc.constantFrom(...SCRIPTS),
	fc.constantFrom(...WORDS),
	fc.constantFrom(...PUNCTUATION),
);

/** Typeable text: one to `max` graphemes joined, starting and ending with something that is not a space. */
export function typeableText(max = 12): fc.Arbitrary<string> {
	return fc
		.array(typeableGrapheme, { minLength: 1, maxLength: max })
		.map((parts) => parts.join(""))
		.filter((text) => text.trim() === text && text !== "");
}

/** The pieces a terminal may hand on one at a time: code points (Kitty, most terminals) or UTF-16 units (pi-tui's buffer). */
export type Piecing = "codePoints" | "units";

/** `text` cut into the input events a terminal may deliver it as. */
export function pieces(text: string, piecing: Piecing): string[] {
	return piecing === "codePoints" ? Array.from(text) : text.split("");
}

/** `text` cut at `cuts` (UTF-16 offsets, any order, may split pairs): a paste or commit arriving in chunks. */
export function chunked(text: string, cuts: readonly number[]): string[] {
	const at = [...new Set(cuts.map((c) => Math.max(0, Math.min(text.length, c))))].sort((a, b) => a - b);
	const out: string[] = [];
	let last = 0;
	for (const cut of [...at, text.length]) {
		if (cut > last) out.push(text.slice(last, cut));
		last = cut;
	}
	return out;
}
