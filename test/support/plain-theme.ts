/**
 * Themes that add no styling, so a test reads the view's text without any escape sequence. Only tests
 * draw unstyled: the product always builds its theme from Pi's (src/tui/view/theme.ts, viewThemeFrom).
 */
import type { MarkdownTheme } from "@earendil-works/pi-tui";
import type { Style, ViewTheme } from "../../src/tui/view/theme.ts";

const same: Style = (text) => text;

/** A markdown theme that adds no styling. */
export const plainMarkdownTheme: MarkdownTheme = {
	heading: same,
	link: same,
	linkUrl: same,
	code: same,
	codeBlock: same,
	codeBlockBorder: same,
	quote: same,
	quoteBorder: same,
	hr: same,
	listBullet: same,
	bold: same,
	italic: same,
	strikethrough: same,
	underline: same,
};

/** Identity styles and the plain markdown theme. */
export const plainViewTheme: ViewTheme = {
	accent: same,
	muted: same,
	dim: same,
	selected: same,
	warning: same,
	error: same,
	success: same,
	border: same,
	bold: same,
	recommended: same,
	tabActive: same,
	tabInactive: same,
	markdown: plainMarkdownTheme,
};
