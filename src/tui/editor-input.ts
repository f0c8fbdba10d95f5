/**
 * Keeps terminal-unsafe characters out of the embedded pi-tui Editor. The Editor draws its text as it
 * is (it only drops C0 controls from pastes), so a typed or pasted bidi override, C1 control or escape
 * sequence, or one coming back from the external editor, would reach the terminal. Everything entering
 * the Editor goes through here: unsafe characters become the visible stand-ins of `sanitizeBlock`, so
 * the user sees them and the draft holds exactly what is shown. Key sequences that are not text pass
 * through untouched.
 */
import { decodeKittyPrintable } from "@earendil-works/pi-tui";
import { sanitizeBlock } from "../text/sanitize.ts";

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const PASTE_MARKERS = /(\x1b\[200~|\x1b\[201~)/;
/** Text typed or committed by an IME: no escape and no C0 control. */
const TEXT = /^[^\x00-\x1f\x7f]+$/;

/** Text for `Editor.setText`, with every unsafe character shown as a visible escape. */
export function safeEditorText(text: string): string {
	return sanitizeBlock(text);
}

/**
 * One input chunk for `Editor.handleInput`. `inPaste` says the chunk continues a bracketed paste.
 * Typed text containing unsafe characters is rewritten into a paste of its visible form (so the Editor
 * inserts it as text); paste contents are sanitized between the markers; other keys are unchanged.
 */
export function safeEditorInput(data: string, inPaste: boolean): string {
	if (inPaste || data.includes(PASTE_START)) return safePaste(data, inPaste);
	const text = typedText(data);
	if (text === undefined) return data;
	const safe = sanitizeBlock(text);
	return safe === text ? data : `${PASTE_START}${safe}${PASTE_END}`;
}

/**
 * The text one key sequence types (legacy bytes, a Kitty CSI-u printable, an IME commit), or undefined
 * for keys that type nothing. Kitty also encodes Backspace, Enter and friends as "printable" controls:
 * those are keys, not text.
 */
export function typedText(data: string): string | undefined {
	const text = TEXT.test(data) ? data : decodeKittyPrintable(data);
	return text !== undefined && TEXT.test(text) ? text : undefined;
}

function safePaste(data: string, inPaste: boolean): string {
	let inside = inPaste;
	return data
		.split(PASTE_MARKERS)
		.map((part) => {
			if (part === PASTE_START || part === PASTE_END) {
				inside = part === PASTE_START;
				return part;
			}
			return inside ? sanitizeBlock(part.replace(/\r\n?/g, "\n")) : part;
		})
		.join("");
}

/** Whether a bracketed paste is still open after `data`, given whether one was open before it. */
export function pasteOpenAfter(data: string, before: boolean): boolean {
	const start = data.lastIndexOf(PASTE_START);
	const end = data.lastIndexOf(PASTE_END);
	if (start < 0 && end < 0) return before;
	return start > end;
}
