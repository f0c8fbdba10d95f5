/**
 * Themes that add no styling, so a test reads the view's text without any escape sequence. Only tests
 * draw a whole view unstyled: a questionnaire builds its theme from Pi's (src/tui/view/theme.ts, viewThemeFrom).
 */
import { plainHostThemes } from "../../src/tui/plain-themes.ts";
import type { Style, ViewTheme } from "../../src/tui/view/theme.ts";

const same: Style = (text) => text;

/** A markdown theme that adds no styling: the one the TUI draws with when no host gave Pi's. */
export const plainMarkdownTheme = plainHostThemes.markdown();

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
