/**
 * The one grapheme segmenter the extension's own code uses (pi-tui keeps its own and does not export
 * it), made on first use: creating one loads ICU's break rules. Imports only util/once.ts.
 */
import { once } from "./once.ts";

/** The shared `Intl.Segmenter` at grapheme granularity. */
export const graphemeSegmenter = once(() => new Intl.Segmenter(undefined, { granularity: "grapheme" }));
