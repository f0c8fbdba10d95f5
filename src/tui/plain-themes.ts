/**
 * A theme and theme builders that add no styling: what the TUI draws with when no host gave Pi's (the off-screen
 * warm-up, tests). A real questionnaire gets Pi's own from the adapter (src/pi/host-ui.ts).
 */
import type { MarkdownTheme, SelectListTheme } from "@earendil-works/pi-tui";
import type { HostTheme, HostThemes } from "./host-ui.ts";

const same = (text: string): string => text;

const plainMarkdown: MarkdownTheme = {
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

const plainSelectList: SelectListTheme = {
	selectedPrefix: same,
	selectedText: same,
	description: same,
	scrollInfo: same,
	noMatch: same,
};

export const plainHostThemes: HostThemes = { markdown: () => plainMarkdown, selectList: () => plainSelectList };

export const plainHostTheme: HostTheme = { fg: (_color, text) => text, bg: (_color, text) => text, bold: same };
