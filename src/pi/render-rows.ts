/**
 * What the tool's transcript renderers (render-call.ts, render-result.ts, render-late-answer.ts) draw with:
 * rows of styled text fitted to the width Pi renders at, for every width ≥ 1 (pi-tui's `Text` can overflow
 * by one column at width 1 with wide characters, so lines are wrapped and fitted here), and the cleaning
 * every untrusted string goes through before our own styling is added: cut to a bounded size, then
 * sanitizeInline/sanitizeBlock. Also the parts of Pi's theme and render context the renderers read.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import { fitLine, wrapBlock } from "../text/fit.ts";
import { sanitizeBlock, sanitizeInline } from "../text/sanitize.ts";
import { cutAtGrapheme } from "../util/graphemes.ts";

/** The theme calls the renderers use; Pi's `Theme` provides them. */
export type RenderTheme = Pick<Theme, "fg" | "bold">;

/** The parts of Pi's `ToolRenderContext` the renderers read; all optional, so stale hosts still work. */
export interface AskRenderContext {
	expanded?: boolean;
	isPartial?: boolean;
	isError?: boolean;
	/** The call's arguments (for question headers in the result). */
	args?: unknown;
	keyHint?(keybinding: "app.tools.expand", description: string): string;
}

/** Headers are advised at ≤ 16 columns; longer ones are cut where one line names several (summaries, lists). */
export const HEADER_COLUMNS = 24;
/** Untrusted strings are cut before sanitizing: a transcript row need not carry a megabyte. */
const MAX_CHARS = 4000;

/** A row of styled text: "clip" rows are cut to one line, "wrap" rows wrap. */
export interface Row {
	text: string;
	clip: boolean;
}

/**
 * A component that draws `draw(width)` for every width ≥ 1, cached per width like pi-tui's `Text`;
 * invalidating it invalidates `children` too.
 */
export function cachedView(draw: (width: number) => string[], children: readonly Component[] = []): Component {
	let cache: { width: number; lines: readonly string[] } | undefined;
	return {
		render(width) {
			if (cache?.width !== width)
				cache = { width, lines: draw(Math.max(1, Math.floor(Number.isFinite(width) ? width : 1))) };
			return cache.lines;
		},
		invalidate() {
			cache = undefined;
			for (const child of children) child.invalidate();
		},
	};
}

/** Rows fitted to the render width. */
export function rowsView(rows: readonly Row[]): Component {
	return cachedView((w) => rows.flatMap((row) => (row.clip ? [fitLine(row.text, w)] : wrapBlock(row.text, w))));
}

// Cut where a grapheme ends: a cut through a surrogate pair or a jamo syllable would show as U+FFFD or escapes.
export const clean = (text: string): string => sanitizeInline(cutAtGrapheme(text, MAX_CHARS));
export const cleanBlock = (text: string): string => sanitizeBlock(cutAtGrapheme(text, MAX_CHARS));
