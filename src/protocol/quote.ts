/**
 * How a string from the model or the person is written into the model's text: JSON-quoted (`quote`), or,
 * where it stands without quotes (error messages, problem paths), `plain`. Either way no control, bidi
 * control, zero-width, separator or tag character reaches a model or a log raw; a joiner inside an emoji
 * sequence stays as typed. Pure; imports nothing from Pi or the terminal.
 */
import { lazyRegExp } from "../util/once.ts";

/**
 * Characters JSON.stringify leaves raw but that must not reach a model or a log verbatim; the last
 * alternative is the tag characters U+E0000–E007F (as UTF-16 pairs), invisible "ASCII smuggling" text.
 */
const UNSAFE_IN_QUOTES =
	/[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/** Everything `quote` escapes, for text shown without quotes: also C0 controls and lone surrogates. */
const UNSAFE_PLAIN =
	/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * JSON string quoting, plus \u escapes for C1 controls, bidi controls, zero-width, line separators and tag
 * characters — but a joiner inside an emoji sequence (👨‍💻, 🏳️‍🌈) stays raw: it is what the person typed,
 * and between two pictographs it can hide nothing.
 */
export function quote(text: string): string {
	return JSON.stringify(text).replace(UNSAFE_IN_QUOTES, (ch, at: number, quoted: string) =>
		ch === ZWJ && joinsEmoji(quoted, at) ? ch : unicodeEscape(ch),
	);
}

const ZWJ = "\u200d";
// Built on first use from a string (see util/once.ts): a \p{} literal costs V8 time while compiling.
const pictograph = lazyRegExp(String.raw`^\p{Extended_Pictographic}$`, "u");

/** True when the joiner at `at` sits between two pictographs (a skin tone or VS16 may follow the first). */
function joinsEmoji(text: string, at: number): boolean {
	const next = text.codePointAt(at + 1);
	if (next === undefined || !pictograph().test(String.fromCodePoint(next))) return false;
	let end = at;
	const unitBefore = (i: number) => text.charCodeAt(i - 1);
	if (unitBefore(end) === 0xfe0f) end -= 1;
	else if (unitBefore(end) >= 0xdffb && unitBefore(end) <= 0xdfff && unitBefore(end - 1) === 0xd83c) end -= 2;
	const low = unitBefore(end);
	const start = low >= 0xdc00 && low <= 0xdfff ? end - 2 : end - 1;
	const before = text.codePointAt(start);
	return before !== undefined && start >= 0 && pictograph().test(String.fromCodePoint(before));
}

/** Unquoted text (error messages, problem paths) with the characters `quote` would escape written as \u escapes. */
export function plain(text: string): string {
	return text.replace(UNSAFE_PLAIN, unicodeEscape);
}

/** `\u` escapes, one per UTF-16 unit (a tag character is a surrogate pair: two escapes, as JSON spells it). */
function unicodeEscape(ch: string): string {
	let out = "";
	for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
	return out;
}

/** The most characters of another's string (a label, an id) quoted in a problem. */
const QUOTED_MAX = 40;

/**
 * `text` quoted for a problem message, cut to QUOTED_MAX UTF-16 units with "…" (never half a surrogate
 * pair): a problem names what it refuses, it does not echo a 10 MB string back.
 */
export function quotedExcerpt(text: string): string {
	if (text.length <= QUOTED_MAX) return quote(text);
	const high = text.charCodeAt(QUOTED_MAX - 1);
	const end = high >= 0xd800 && high <= 0xdbff ? QUOTED_MAX - 1 : QUOTED_MAX;
	return quote(`${text.slice(0, end)}…`);
}
