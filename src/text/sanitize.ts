/**
 * Makes untrusted text (model arguments, user typing) safe to hand to a terminal (DESIGN.md §6).
 *
 * Guarantee: the output contains no ESC, no C0 control other than `\n` (block text only), no C1 control,
 * no DEL, no bidi control, no line/paragraph separator and no lone surrogate. Without ESC and C1 no escape
 * sequence can start, so nothing in untrusted text can move the cursor, clear the screen, set the title,
 * write the clipboard (OSC 52), open a link (OSC 8) or talk to the terminal (DCS/APC/PM/SOS); only the
 * SGR styling our own code adds afterwards reaches the terminal.
 *
 * Nothing is deleted silently: each control becomes a visible stand-in, so the user sees that something odd
 * was there. C0 controls, ESC and DEL become control pictures (`␛[2J`, `␇`, `␀`, `␡`; a lone CR is a line break, as CRLF is); C1 controls
 * become `\x9b`; bidi controls and other invisible format characters become `\u202e`, `\u200b`, `\u{e0041}`.
 * The text of a sequence stays as it was (`␛]52;c;aGk=␇`), so an unterminated OSC or DCS swallows nothing:
 * every character is mapped on its own, which also keeps the pass linear.
 *
 * Characters kept on purpose, because real text needs them and they are harmless in place:
 * - ZWJ U+200D inside an emoji ZWJ sequence that Unicode recommends (RGI, e.g. 👩‍💻, 🏳️‍🌈), and ZWJ/ZWNJ
 *   U+200C after a letter or mark of a script that uses joiners (Arabic, Indic, …) and before a letter of
 *   one (so joiners cannot chain marks into one endless cluster). Anywhere else (between Latin
 *   letters, alone, in a label made of joiners, in a made-up emoji chain a terminal would draw as several
 *   emoji) they are shown as escapes, so two labels cannot look alike and still differ.
 * - Tag characters only inside the RGI flag sequences (🏴 England/Scotland/Wales); elsewhere they are the
 *   "ASCII smuggling" channel and are shown.
 * - One variation selector after a visible base (❤️, 1️⃣, math and CJK variants). A second one in a row, or
 *   one without a base, is shown: runs of them can carry hidden bytes.
 * - A skin-tone modifier after a modifier base (👍🏽) or on its own at the start of a line; elsewhere it
 *   would glue onto the previous character and take cells nobody measured.
 *
 * Width safety: a run of combining marks is capped at {@link MAX_COMBINING_MARKS}, the rest replaced by one
 * U+FFFD (Zalgo text otherwise builds clusters that terminals and width math disagree on); conjoining Hangul
 * jamo are kept only in well-formed L V (T) syllables. Lone surrogates become U+FFFD. Block text expands tabs
 * to {@link TAB_SIZE}-column stops; inline text turns tabs and line breaks into spaces.
 *
 * Whole text only. What a character becomes depends on its neighbours (the base before a selector or a
 * skin tone, the letters around a joiner, the rest of a jamo syllable, the other half of a surrogate
 * pair), so this runs on the whole text being shown, never on one key or one input chunk: typed key by
 * key, 👍🏽, 👨‍💻, ✔️ and ᄀ+ᅡ each arrive in pieces that alone look unsafe. And it is for display only:
 * what a person types is kept and answered exactly as typed (the envelope JSON-quotes it for the model);
 * the editors keep the raw text and draw this form of it (tui/shown-text.ts).
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { lazyRegExp, once } from "../util/once.ts";

/** Combining marks kept per run; Vietnamese needs 2, pointed Hebrew ~4, so 6 leaves room and stops Zalgo. */
export const MAX_COMBINING_MARKS = 6;

/** Tab stops in block text, counted in terminal columns from the start of each line. */
const TAB_SIZE = 4;

type Mode = "inline" | "block";

const VS = "\\uFE00-\\uFE0F\\u180B-\\u180D\\u180F\\u{E0100}-\\u{E01EF}";
const EMOJI_PART = "\\p{Extended_Pictographic}[\\p{Emoji_Modifier}\\uFE0F]?";
const JAMO = "\\u1100-\\u115E\\u1161-\\u11FF\\uA960-\\uA97C\\uD7B0-\\uD7C6\\uD7CB-\\uD7FB";

/**
 * Builds the scan for everything that may need rewriting, in priority order: CRLF; emoji chains with ZWJ
 * or tags (group 1); conjoining jamo runs (group 2); long combining-mark runs (group 3, variation selectors
 * excluded so each of those goes through the one-per-base rule); runs of variation selectors (group 4);
 * then single characters (controls, separators, tabs,
 * surrogates, format/ignorable characters, variation selectors, skin-tone modifiers). Every alternative
 * is a plain run or a single character, so the scan stays linear. Block text leaves tabs to `expandTabs`.
 */
function unsafePattern(mode: Mode): RegExp {
	const tab = mode === "inline" ? "\\t" : "";
	return new RegExp(
		[
			"\\r\\n",
			`(${EMOJI_PART}(?:(?:\\u200D${EMOJI_PART})+|[\\u{E0020}-\\u{E007E}]+\\u{E007F}))`,
			`([${JAMO}]+)`,
			`((?:(?![${VS}])\\p{M}){${MAX_COMBINING_MARKS + 1},})`,
			`([${VS}]{2,})`,
			`[${tab}\\n\\u2028\\u2029\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f\\uD800-\\uDFFF\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{Emoji_Modifier}${VS}]`,
		].join("|"),
		"gu",
	);
}

/** The `v` flag (needed for RGI_Emoji) is ES2024 syntax: Node 22 runs it, our TS target cannot spell it. */
const SETS_FLAG = "v";

// Built on first use, not at load (see util/once.ts), and from strings: V8 checks a regex literal while
// compiling the function holding it, and for these Unicode-property classes that alone costs milliseconds.
const unsafeInline = once(() => unsafePattern("inline"));
const unsafeBlock = once(() => unsafePattern("block"));
const blockControls = once(() => controlTable("block"));
const inlineControls = once(() => controlTable("inline"));
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
const PLAIN_INLINE = new RegExp(`^[${SAFE_RANGES}]*$`);
const PLAIN_BLOCK = new RegExp(`^[${SAFE_RANGES}\\n]*$`);

/**
 * For text shown on one line (labels, headers, titles, RPC options): line breaks (LF, CR, CRLF) and tabs become spaces,
 * every other control or escape becomes a visible escape.
 */
export function sanitizeInline(text: string): string {
	if (PLAIN_INLINE.test(text)) return text;
	return text.replace(unsafeInline(), replacer("inline"));
}

/**
 * For multi-line text (questions, descriptions, previews, typed answers): keeps `\n`, turns CRLF, a lone CR and
 * U+2028/U+2029 into `\n`, expands tabs to {@link TAB_SIZE}-column stops; every other control or escape
 * becomes a visible escape.
 */
export function sanitizeBlock(text: string): string {
	if (PLAIN_BLOCK.test(text)) return text;
	const out = text.replace(unsafeBlock(), replacer("block"));
	return out.includes("\t") ? out.split("\n").map(expandTabs).join("\n") : out;
}

/** {@link sanitizeInline} of a text, and where a position in the text lands in it. */
export interface ShownAt {
	shown: string;
	offset: number;
}

/**
 * `sanitizeInline(text)` together with the position in it of `offset` (a UTF-16 index into `text`): for
 * the editors, which keep what the person typed and draw its sanitized form with the cursor in it. An
 * offset before or after a rewritten run keeps its place beside the stand-in; one inside a rewritten run
 * (a joined emoji chain or jamo run shown as escapes) lands after its stand-in.
 */
export function sanitizeInlineAt(text: string, offset: number): ShownAt {
	if (PLAIN_INLINE.test(text)) return { shown: text, offset };
	const replace = replacer("inline");
	let shown = "";
	let last = 0;
	let at: number | undefined;
	const pattern = unsafeInline();
	pattern.lastIndex = 0;
	for (const m of text.matchAll(pattern)) {
		const start = m.index;
		const end = start + m[0].length;
		const out = replace(m[0], m[1], m[2], m[3], m[4], start, text);
		if (at === undefined && offset <= start) at = shown.length + Math.max(0, offset - last);
		shown += text.slice(last, start);
		if (at === undefined && offset < end) at = shown.length + (out === m[0] ? offset - start : out.length);
		shown += out;
		last = end;
	}
	at ??= shown.length + Math.max(0, offset - last);
	shown += text.slice(last);
	return { shown, offset: Math.min(at, shown.length) };
}

/** Visible, inert spelling of one code point: `\u202e`, or `\u{e0041}` beyond the BMP. */
export function escapeCodePoint(cp: number): string {
	const hex = cp.toString(16);
	return cp > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

type Replacer = (
	match: string,
	emoji: string | undefined,
	jamo: string | undefined,
	marks: string | undefined,
	selectors: string | undefined,
	offset: number,
	input: string,
) => string;

function replacer(mode: Mode): Replacer {
	const controls = mode === "block" ? blockControls() : inlineControls();
	return (match, emoji, jamo, marks, selectors, offset, input) => {
		const unit = match.charCodeAt(0);
		if (unit < 0xa0) return match.length === 2 ? controls[0x0a]! : controls[unit]!; // CRLF, or one C0/C1
		if (emoji !== undefined) return rgiEmoji().test(emoji) ? emoji : unglueEmoji(emoji);
		if (jamo !== undefined) return JAMO_SYLLABLES.test(jamo) ? jamo : escapeAll(jamo);
		if (marks !== undefined) return `${Array.from(marks).slice(0, MAX_COMBINING_MARKS).join("")}\uFFFD`;
		if (selectors !== undefined) return selectorRun(selectors, prevCodePoint(input, offset));
		return single(match, mode, offset, input);
	};
}

/** Stand-ins for U+0000–U+009F: control pictures for C0 and DEL (`␛`, `␇`), `\x9b` for C1; LF, CR and tab stay text. */
function controlTable(mode: Mode): readonly string[] {
	return Array.from({ length: 0xa0 }, (_, cp) => {
		// A lone CR is a line break in old Mac text and in what models send: read as one, as other tools do.
		if (cp === 0x0a || cp === 0x0d) return mode === "block" ? "\n" : " ";
		if (cp === 0x09) return mode === "block" ? "\t" : " ";
		if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
		if (cp === 0x7f) return "␡";
		if (cp >= 0x80) return `\\x${cp.toString(16)}`;
		return String.fromCodePoint(cp);
	});
}

/** One character above U+009F: separators, surrogates, joiners, selectors, modifiers, format characters. */
function single(ch: string, mode: Mode, offset: number, input: string): string {
	const cp = ch.codePointAt(0) ?? 0;
	if (cp === 0x2028 || cp === 0x2029) return mode === "block" ? "\n" : " ";
	if (cp >= 0xd800 && cp <= 0xdfff) return "\uFFFD";
	const prev = prevCodePoint(input, offset);
	if (cp === 0x200c || cp === 0x200d) {
		const next = input.codePointAt(offset + ch.length);
		return joinsScript(prev) && joinsScript(next) && isLetter(next) ? ch : escapeCodePoint(cp);
	}
	if (isVariationSelector(cp)) return followsBase(prev) ? ch : escapeCodePoint(cp);
	if (isEmojiModifier(cp)) return modifierStandsAlone(prev, mode) ? ch : escapeCodePoint(cp);
	return escapeCodePoint(cp);
}

/** A non-RGI ZWJ/tag chain: show the glue so the terminal draws separate emoji and we measure the same. */
function unglueEmoji(chain: string): string {
	let out = "";
	let prev: number | undefined;
	for (const ch of chain) {
		const cp = ch.codePointAt(0) ?? 0;
		const glue = cp === 0x200d || (cp >= 0xe0000 && cp <= 0xe007f);
		const strayModifier = isEmojiModifier(cp) && !(prev !== undefined && isModifierBase(prev));
		out += glue || strayModifier ? escapeCodePoint(cp) : ch;
		prev = cp;
	}
	return out;
}

/** Several variation selectors in a row: the first may stay on its base, the rest are shown. */
function selectorRun(run: string, prev: number | undefined): string {
	const first = run.codePointAt(0) ?? 0;
	const rest = run.slice(first > 0xffff ? 2 : 1);
	return (followsBase(prev) ? String.fromCodePoint(first) : escapeCodePoint(first)) + escapeAll(rest);
}

function escapeAll(text: string): string {
	let out = "";
	for (const ch of text) out += escapeCodePoint(ch.codePointAt(0) ?? 0);
	return out;
}

function prevCodePoint(input: string, offset: number): number | undefined {
	if (offset <= 0) return undefined;
	const unit = input.charCodeAt(offset - 1);
	const start = unit >= 0xdc00 && unit <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
	return input.codePointAt(start);
}

const cpString = (cp: number): string => String.fromCodePoint(cp);
const joinsScript = (cp: number | undefined): boolean => cp !== undefined && joiningScript().test(cpString(cp));
const isLetter = (cp: number | undefined): boolean => cp !== undefined && letter().test(cpString(cp));
const isEmojiModifier = (cp: number): boolean => cp >= 0x1f3fb && cp <= 0x1f3ff;
const isVariationSelector = (cp: number): boolean =>
	(cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180f && cp !== 0x180e);
/** One variation selector may follow a visible base; a second in a row, or one with no base, may not. */
const followsBase = (prev: number | undefined): boolean =>
	prev !== undefined && !isVariationSelector(prev) && visibleBase().test(cpString(prev));
const isModifierBase = (cp: number): boolean => emojiModifierBase().test(cpString(cp));

/** A skin-tone modifier is its own emoji at the start of text (or of a block line); after a base it modifies it. */
function modifierStandsAlone(prev: number | undefined, mode: Mode): boolean {
	if (prev === undefined) return true;
	if (mode === "block" && LINE_BREAK.test(cpString(prev))) return true;
	return isModifierBase(prev);
}

/** Expands tabs in one sanitized line to tab stops, measuring what precedes each tab in terminal columns. */
function expandTabs(line: string): string {
	if (!line.includes("\t")) return line;
	const parts = line.split("\t");
	let out = "";
	let column = 0;
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i] ?? "";
		if (part !== "") {
			out += part;
			column += visibleWidth(part);
		}
		if (i < parts.length - 1) {
			const pad = TAB_SIZE - (column % TAB_SIZE);
			out += " ".repeat(pad);
			column += pad;
		}
	}
	return out;
}
