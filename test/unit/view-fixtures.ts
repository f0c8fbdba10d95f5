/**
 * Shared fixtures for the view tests: a two-question form with previews, an ANSI-styled theme (so width
 * checks see real escape codes), hostile and wide sample texts, and helpers that strip styling.
 */
import { stripTerminalSequences, visibleWidth } from "@earendil-works/pi-tui";
import { expect } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import type { Action } from "../../src/state/index.ts";
import { type QuestionnaireState, type ReduceContext, reduce } from "../../src/state/index.ts";
import { initialState } from "../../src/state/layout.ts";
import type { ViewTheme } from "../../src/tui/view/theme.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { plainMarkdownTheme } from "../support/plain-theme.ts";

/** A theme that wraps every style in real SGR codes, like Pi's. */
const sgr = (open: string, close: string) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;
export const ansiTheme: ViewTheme = {
	accent: sgr("36", "39"),
	muted: sgr("90", "39"),
	dim: sgr("2", "22"),
	selected: sgr("1;36", "22;39"),
	warning: sgr("33", "39"),
	error: sgr("31", "39"),
	success: sgr("32", "39"),
	border: sgr("34", "39"),
	bold: sgr("1", "22"),
	recommended: sgr("32", "39"),
	tabActive: sgr("7", "27"),
	tabInactive: sgr("90", "39"),
	markdown: { ...plainMarkdownTheme, heading: sgr("1", "22"), code: sgr("33", "39"), bold: sgr("1", "22") },
};

/** Texts that are wide, joined, combining or hostile. */
export const NASTY: string[] = [
	"日本語のラベルがとても長い場合の表示テスト",
	"👩‍💻👨‍👩‍👧‍👦🏳️‍🌈👍🏽🇺🇸 emoji",
	"e\u0301\u0302\u0303 combining a\u0300",
	"tab\there\tand\tthere",
	"https://example.com/a/very/long/path/without/any/spaces/at/all?x=1&y=2",
	...HOSTILE_STRINGS.map((h) => h.text),
];

export const FORM: Question[] = [
	{
		question: "Which cache should the service use?",
		header: "Cache",
		options: [
			{
				label: "Memory",
				description: "Simple, lost on restart",
				preview: "```ts\nconst cache = new Map<string, string>();\n```",
			},
			{
				label: "Redis (Recommended)",
				description: "Shared across instances",
				preview: "# Redis\n\n- shared\n- persistent",
			},
			{ label: "None", description: "No cache" },
		],
	},
	{
		question: "Which targets?",
		header: "Targets",
		multiSelect: true,
		options: [
			{ label: "Linux", description: "" },
			{ label: "macOS", description: "Apple" },
			{ label: "Windows", description: "" },
		],
	},
];

/** A TUI reduce context over `questions`. */
export function contextOf(questions: Question[]): ReduceContext {
	return { questions, host: "tui" };
}

/** The state after `actions` from the initial state. */
export function stateAfter(context: ReduceContext, ...actions: Action[]): QuestionnaireState {
	let state = initialState(context.questions);
	for (const action of actions) state = reduce(state, action, context).state;
	return state;
}

/** Lines without styling. */
export function plain(lines: readonly string[]): string[] {
	return lines.map((l) => stripTerminalSequences(l));
}

/** Lines without styling and trailing spaces (for readable expectations). */
export function trimmed(lines: readonly string[]): string[] {
	return plain(lines).map((l) => l.trimEnd());
}

/** Asserts every line fits `width` and is safe for the terminal. */
export function expectFits(lines: readonly string[], width: number): void {
	for (const line of lines) {
		if (visibleWidth(line) > width) expect.fail(`line wider than ${width}: ${JSON.stringify(line)}`);
		assertTerminalSafe(line, true, false);
	}
}

/** A fake editor that renders `text` with a border, like pi-tui's Editor (every line fits the width). */
export function fakeEditor(text: string): { render(width: number): string[]; widths: number[] } {
	const widths: number[] = [];
	return {
		widths,
		render(width: number) {
			widths.push(width);
			const rule = "─".repeat(Math.max(1, width));
			return [rule, ...text.split("\n").map((l) => l.slice(0, Math.max(1, width))), rule];
		},
	};
}
