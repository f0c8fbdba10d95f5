/**
 * What an input chunk means to the editors: the text a key types, and whether a bracketed paste is
 * still open. Text entering the embedded Editor or the accessible prompt is not sanitized: a terminal
 * delivers text in pieces (pi-tui's input buffer hands on one UTF-16 unit at a time, so 👍🏽 arrives as
 * four pieces, ᄀ+ᅡ as two), and a piece judged alone looks unsafe where the whole text is not. The
 * editors keep exactly what was typed or pasted, which is the answer; what reaches the terminal is the
 * sanitized form of the whole text (shown-text.ts).
 *
 * One exception, for the Editor: it drops C0 controls from a paste without a trace (an ESC of a pasted
 * escape sequence, a BEL), so those become their control pictures (␛, ␇) on the way in and the person
 * sees that something was there. Each is one character with no neighbour to consult, so a chunk at a time
 * is fine for them. Line breaks and tabs stay for the Editor to handle.
 */
import { decodeKittyPrintable } from "@earendil-works/pi-tui";

export const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const PASTE_MARKERS = /(\x1b\[200~|\x1b\[201~)/;
/** Ctrl+letter re-encoded as CSI-u inside a paste (tmux does it), decoded as the Editor does before it filters. */
const CSI_U_CTRL = /\x1b\[(\d+);5u/g;
/** C0 controls the Editor would drop from a paste (it keeps `\t`, `\n`, `\r`). */
const DROPPED_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/g;
/** Text typed or committed by an IME: no escape and no C0 control. */
const TEXT = /^[^\x00-\x1f\x7f]+$/;

/**
 * The text one key sequence types (legacy bytes, a Kitty CSI-u printable, an IME commit), or undefined
 * for keys that type nothing. Kitty also encodes Backspace, Enter and friends as "printable" controls:
 * those are keys, not text. A lone surrogate half, joiner or selector is text: the rest follows.
 */
export function typedText(data: string): string | undefined {
	const text = TEXT.test(data) ? data : decodeKittyPrintable(data);
	return text !== undefined && TEXT.test(text) ? text : undefined;
}

/** Whether a bracketed paste is still open after `data`, given whether one was open before it. */
export function pasteOpenAfter(data: string, before: boolean): boolean {
	const start = data.lastIndexOf(PASTE_START);
	const end = data.lastIndexOf(PASTE_END);
	if (start < 0 && end < 0) return before;
	return start > end;
}

/**
 * One input chunk for the Editor, as it came, except for C0 controls inside a bracketed paste: those
 * become control pictures instead of vanishing. `inPaste` says whether a paste was open before `data`.
 */
export function pasteControlsShown(data: string, inPaste: boolean): string {
	if (!inPaste && !data.includes(PASTE_START)) return data;
	let inside = inPaste;
	return data
		.split(PASTE_MARKERS)
		.map((part) => {
			if (part === PASTE_START || part === PASTE_END) {
				inside = part === PASTE_START;
				return part;
			}
			return inside ? part.replace(CSI_U_CTRL, ctrlLetter).replace(DROPPED_CONTROLS, controlPicture) : part;
		})
		.join("");
}

function ctrlLetter(match: string, code: string): string {
	const cp = Number(code);
	if (cp >= 97 && cp <= 122) return String.fromCharCode(cp - 96);
	if (cp >= 65 && cp <= 90) return String.fromCharCode(cp - 64);
	return match;
}

const controlPicture = (ch: string): string => String.fromCharCode(0x2400 + ch.charCodeAt(0));
