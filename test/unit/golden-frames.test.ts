/**
 * The canonical screens as golden frames (test/golden/*.txt): a single-select question with descriptions,
 * an option's preview beside the options (below them at 80 columns), a multi-select question, the Submit
 * review, the "Stop answering?" dialog and a zh-CN screen, each rendered by the real session component
 * (session-harness.ts, plain theme) at 80×24 and 120×36 and compared exactly. They are documentation
 * too: a change to what a person sees shows here as a diff of the file.
 */
import { describe, it } from "vitest";
import { messagesIn } from "../../src/i18n/messages.ts";
import type { Question } from "../../src/protocol/questions.ts";
import { expectGolden, frameText } from "../support/golden.ts";
import { ZH_FORM } from "./i18n-fixtures.ts";
import { CACHE, type HarnessOptions, KEYS, PLATFORMS, startSession } from "./session-harness.ts";

const COMMAND = "npx vitest run test/unit/golden-frames.test.ts";
const SIZES = [
	{ columns: 80, rows: 24 },
	{ columns: 120, rows: 36 },
] as const;
const k = KEYS.legacy;

/** A question whose options carry markdown previews, as a model sends them for a layout choice. */
const LAYOUT: Question = {
	question: "How should the settings page be laid out?",
	header: "Layout",
	options: [
		{
			label: "Tabs",
			description: "One tab per section.",
			preview: [
				"## Tabs",
				"",
				"```",
				"[ General ]  Keys   Theme",
				"",
				"Editor:    vim ▾",
				"Autosave:  [x] on",
				"```",
				"",
				"- one section at a time",
				"- the URL keeps the tab",
			].join("\n"),
		},
		{
			label: "Single page",
			description: "Everything on one scrolling page.",
			preview: "## Single page\n\nAll settings on one page, grouped under headings.",
		},
	],
};

interface Screen {
	name: string;
	title: string;
	questions: Question[];
	keys?: string[];
	options?: HarnessOptions;
}

const SCREENS: Screen[] = [
	{ name: "single-select", title: "a single-select question with descriptions", questions: [CACHE, PLATFORMS] },
	{
		name: "preview",
		title: "an option with a preview (beside the options from 100 columns)",
		questions: [LAYOUT, PLATFORMS],
	},
	{
		name: "multi-select",
		title: "a multi-select question: Cache answered, Linux ticked, macOS focused",
		questions: [CACHE, PLATFORMS],
		keys: [k.enter, k.space, k.down],
	},
	{
		name: "submit-review",
		title: "the Submit review: both questions answered",
		questions: [CACHE, PLATFORMS],
		keys: [k.enter, k.space, k.down, k.space, k.tab],
	},
	{
		name: "stop-answering",
		title: 'Esc with an answer given: "Stop answering?"',
		questions: [CACHE, PLATFORMS],
		keys: [k.enter, k.escape],
	},
	{
		name: "zh-CN",
		title: "zh-CN: a Chinese questionnaire in the zh-CN words",
		questions: ZH_FORM,
		options: { messages: messagesIn("zh-CN") },
	},
];

describe("golden frames of the canonical screens", () => {
	const cases = SCREENS.flatMap((screen) => SIZES.map((size) => [screen.name, size.columns, screen, size] as const));
	it.each(cases)("%s at %i columns", (_name, _columns, screen, size) => {
		const s = startSession(screen.questions, { ...screen.options, ...size });
		s.press(screen.keys ?? []);
		const title = `${screen.title} · ${size.columns}×${size.rows}`;
		expectGolden(`${screen.name}.${size.columns}x${size.rows}.txt`, frameText(title, s.lines()), COMMAND);
	});
});
