/**
 * The view's theme: a small record of `(text) => string` styling functions plus pi-tui's markdown theme,
 * built once from Pi's theme by the session. Components receive it in their constructor and apply it to
 * already-fitted plain text, one line at a time, so every line closes its own styles.
 * Must not import the state or any component.
 */
import type { MarkdownTheme } from "@earendil-works/pi-tui";
import type { HostTheme } from "../host-ui.ts";

/** A styling function: wraps plain text in our own SGR codes (never adds columns). */
export type Style = (text: string) => string;

/** Every style the questionnaire view uses. */
export interface ViewTheme {
	/** Highlights: the focus pointer, the note editor's title. */
	accent: Style;
	/** Secondary text: descriptions, footer labels. */
	muted: Style;
	/** Very quiet text: saved drafts, notes, scroll indicators, footer keys. */
	dim: Style;
	/** The focused row's text. */
	selected: Style;
	/** Unanswered questions, the discard bar, status messages. */
	warning: Style;
	error: Style;
	/** Answered markers. */
	success: Style;
	/** Borders and separators. */
	border: Style;
	/** Strong text: the question. */
	bold: Style;
	/** The "(Recommended)" tag after a label. */
	recommended: Style;
	/** The active tab (colours its padding too). */
	tabActive: Style;
	/** Other tabs. */
	tabInactive: Style;
	/** pi-tui's markdown theme, for option previews. */
	markdown: MarkdownTheme;
}

/** Builds the view theme from Pi's theme and its markdown theme (`getMarkdownTheme()`). */
export function viewThemeFrom(theme: HostTheme, markdown: MarkdownTheme): ViewTheme {
	return {
		accent: (t) => theme.fg("accent", t),
		muted: (t) => theme.fg("muted", t),
		dim: (t) => theme.fg("dim", t),
		selected: (t) => theme.fg("accent", t),
		warning: (t) => theme.fg("warning", t),
		error: (t) => theme.fg("error", t),
		success: (t) => theme.fg("success", t),
		border: (t) => theme.fg("border", t),
		bold: (t) => theme.bold(t),
		recommended: (t) => theme.fg("success", t),
		tabActive: (t) => theme.bg("selectedBg", theme.fg("text", t)),
		tabInactive: (t) => theme.fg("muted", t),
		markdown,
	};
}
