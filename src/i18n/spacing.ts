/**
 * Spacing between pieces of text from different sources (a label and its tag, a name and its answer).
 * Latin text wants a space there; full-width CJK punctuation (`：`, `（`, `）`, `，`) carries its own
 * spacing, so a space beside it looks like a gap in Chinese and Japanese.
 */

/** Full-width punctuation: CJK symbols and punctuation, and the full-width forms. */
const FULL_WIDTH_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;

/** The space to put between `left` and `right`: none when either side is full-width punctuation. */
export function gapBetween(left: string, right: string): string {
	const last = [...left].at(-1) ?? "";
	const first = [...right][0] ?? "";
	if (last === "" || first === "") return "";
	return FULL_WIDTH_PUNCTUATION.test(last) || FULL_WIDTH_PUNCTUATION.test(first) ? "" : " ";
}
