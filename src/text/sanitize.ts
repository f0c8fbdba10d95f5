/**
 * Makes untrusted text (model arguments, user typing) safe to hand to a terminal (DESIGN.md §6).
 * Escape sequences and control characters become visible escapes such as `␛[2J` or `\u202e`, so the
 * user can still see that something odd was there; nothing of theirs can move the cursor, clear the
 * screen, set the title, write the clipboard or flip text direction. Pure; imports nothing.
 */

/** One escape sequence (CSI, OSC, DCS/SOS/PM/APC strings, two-byte ESC x) or one control/bidi character. */
const UNSAFE =
	/\u001b\[[0-?]*[ -/]*[@-~]?|\u001b[\]P^_X][\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[\s\S]?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Renders one unsafe match as visible, inert text. */
function visible(match: string): string {
	let out = "";
	for (const ch of match) out += visibleChar(ch);
	return out;
}

function visibleChar(ch: string): string {
	const code = ch.codePointAt(0) ?? 0;
	if (code === 0x1b) return "␛";
	if (code < 0x20) return String.fromCodePoint(0x2400 + code); // control pictures ␀…␟
	if (code === 0x7f) return "␡";
	if (code < 0xa0 && code >= 0x80) return `\\x${code.toString(16)}`;
	if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0x2000 || code === 0x61c) {
		return `\\u${code.toString(16).padStart(4, "0")}`;
	}
	return ch;
}

/**
 * For text shown on one line (labels, headers, titles, RPC options): newlines and tabs become
 * spaces, every other control or escape becomes a visible escape.
 */
export function sanitizeInline(text: string): string {
	return text.replace(/\r\n|[\n\t]/g, " ").replace(UNSAFE, visible);
}

/**
 * For multi-line text (questions, descriptions, previews, typed answers): keeps `\n`, turns tabs
 * into spaces and CRLF into LF; every other control or escape becomes a visible escape.
 */
export function sanitizeBlock(text: string): string {
	return text.replace(/\r\n/g, "\n").replace(/\t/g, "    ").replace(UNSAFE, visible);
}
