/**
 * The one grapheme segmenter the extension's own code uses (pi-tui keeps its own and does not export
 * it), made on first use: creating one loads ICU's break rules. Imports only util/once.ts.
 */
import { once } from "./once.ts";

/** The shared `Intl.Segmenter` at grapheme granularity. */
export const graphemeSegmenter = once(() => new Intl.Segmenter(undefined, { granularity: "grapheme" }));

/**
 * The longest prefix of `text` of at most `max` UTF-16 units that ends on a grapheme boundary, so a
 * cut never splits a surrogate pair, an emoji sequence, a jamo syllable or a letter from its marks.
 */
export function cutAtGrapheme(text: string, max: number): string {
	if (text.length <= max) return text;
	let end = Math.max(0, Math.floor(max));
	// Whether `end` is a boundary depends on what precedes it and the character at it: a short probe will do.
	const segment = graphemeSegmenter()
		.segment(text.slice(0, end + 2))
		.containing(end);
	if (segment !== undefined && segment.index < end) end = segment.index;
	return text.slice(0, end);
}
