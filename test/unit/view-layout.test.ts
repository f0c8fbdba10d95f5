/**
 * The whole view: readable golden screens (ANSI stripped, plain theme) of a two-question form at 120 and
 * 80 columns in each mode, the preview's placement (beside at ≥ 100 columns, below otherwise, absent
 * without previews, gone while editing), a left column that does not move between tabs, the preview's
 * scroll position and max offset, the height budget, and a 1 MB preview that is not laid out again per key.
 */
import { Markdown, visibleWidth } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { type Action, type QuestionnaireState, reduce } from "../../src/state/index.ts";
import { initialState } from "../../src/state/layout.ts";
import type { ViewInput } from "../../src/tui/view/props.ts";
import { QuestionnaireView } from "../../src/tui/view/questionnaire-view.ts";
import { plainViewTheme } from "../support/plain-theme.ts";
import { ansiTheme, contextOf, expectFits, FORM, fakeEditor, stateAfter, trimmed } from "./view-fixtures.ts";

const context = contextOf(FORM);
const down: Action = { type: "nav/focusMoved", direction: "down" };

function screen(state: QuestionnaireState, width: number, extra: Partial<ViewInput> = {}, questions = FORM): string[] {
	const view = new QuestionnaireView(plainViewTheme);
	view.setInput({ state, context: contextOf(questions), maxHeight: 40, ...extra });
	return trimmed(view.render(width));
}

const RULE_120 = "─".repeat(120);
const RULE_80 = "─".repeat(80);

describe("golden screens (plain theme)", () => {
	it("question with previews at 120 columns: options and preview side by side", () => {
		expect(screen(stateAfter(context, down), 120)).toEqual([
			RULE_120,
			"  □ Cache   □ Targets   Submit",
			"",
			" Which cache should the service use?",
			"",
			"   1. Memory                      │ Redis",
			"      Simple, lost on restart     │",
			" › 2. Redis (Recommended)         │ - shared",
			"      Shared across instances     │ - persistent",
			"   3. None                        │",
			"      No cache                    │",
			"      Type something.             │",
			" ↑/↓ navigate · Enter select · Tab/Shift+Tab switch tab · n note · Shift+↑/↓ scroll preview · Esc decline · Ctrl+] hide",
			RULE_120,
		]);
	});

	it("the same at 80 columns: the preview below the options", () => {
		expect(screen(stateAfter(context, down), 80)).toEqual([
			RULE_80,
			"  □ Cache   □ Targets   Submit",
			"",
			" Which cache should the service use?",
			"",
			"   1. Memory",
			"      Simple, lost on restart",
			" › 2. Redis (Recommended)",
			"      Shared across instances",
			"   3. None",
			"      No cache",
			"      Type something.",
			` ${"╌".repeat(78)}`,
			" Redis",
			"",
			" - shared",
			" - persistent",
			" ↑/↓ navigate · Enter select · Tab/Shift+Tab switch tab · n note · …",
			RULE_80,
		]);
	});

	const answered = stateAfter(
		context,
		down,
		{ type: "answer/optionChosen", option: 1 },
		{ type: "multi/optionToggled", option: 0 },
		{ type: "notes/opened" },
		{ type: "notes/edited", text: "mac later" },
		{ type: "notes/closed" },
	);

	it("multi-select with a saved note at 80 columns (a tick answers it)", () => {
		expect(screen(answered, 80)).toEqual([
			RULE_80,
			"  ✔ Cache   ✔ Targets   ✔ Submit",
			"",
			" Which targets?",
			" Note: mac later",
			"",
			" › [x] 1. Linux",
			"   [ ] 2. macOS",
			"          Apple",
			"   [ ] 3. Windows",
			"          Type something.",
			"          Next",
			" ↑/↓ navigate · Enter/Space toggle · Tab/Shift+Tab switch tab · n note · …",
			RULE_80,
		]);
	});

	it("the Submit tab, then 'Stop answering?'", () => {
		// Ticked, then unticked: the question is unanswered again, its note stays.
		const unanswered = reduce(answered, { type: "multi/optionToggled", option: 0 }, context).state;
		const submit = reduce(unanswered, { type: "tab/switched", direction: "next" }, context).state;
		const summary = [
			" Review your answers",
			"",
			" ✔ Cache: Redis (Recommended)",
			" □ Targets: unanswered",
			"   Note: mac later",
			" Submit sends what you have answered and closes the questionnaire; Answer later",
			" keeps it open.",
			" › Submit     Answer later     Cancel",
		];
		expect(screen(submit, 80)).toEqual([
			RULE_80,
			"  ✔ Cache   □ Targets   Submit",
			"",
			...summary,
			" ↑/↓ navigate · Enter submit · Tab/Shift+Tab switch tab · n overall note · …",
			RULE_80,
		]);
		const confirm = reduce(submit, { type: "dialog/cancelRequested" }, context).state;
		expect(confirm.mode).toBe("leave");
		// At 40 columns its lines wrap, so what each choice tells the agent is read whole.
		const narrow = screen(confirm, 40);
		const words = narrow.map((l) => l.trim()).join(" ");
		expect(words).toContain("Stop answering? You have answered 1 of 2 questions.");
		expect(words).toContain("Decline — the agent is told you declined");
		expectFits(narrow, 40);
		// One pointer: the question now asked has it, the row of choices behind it none.
		expect(screen(confirm, 80)).toEqual([
			RULE_80,
			"  ✔ Cache   □ Targets   Submit",
			"",
			...summary.slice(0, -1),
			"   Submit     Answer later     Cancel",
			" Stop answering? You have answered 1 of 2 questions.",
			" › Keep answering",
			"   Answer later",
			"   Decline — the agent is told you declined",
			" ↑/↓ navigate · Enter keep answering · Esc/Ctrl+L answer later",
			RULE_80,
		]);
	});

	it("editing the draft at 120 columns: the editor under the row, the list full width, no preview", () => {
		const editing = stateAfter(context, { type: "nav/focusMoved", direction: "last" }, { type: "draft/opened" });
		const editor = fakeEditor("Valkey");
		const lines = screen(editing, 120, { editor });
		expect(lines.slice(4, 15)).toEqual([
			"",
			"   1. Memory",
			"      Simple, lost on restart",
			"   2. Redis (Recommended)",
			"      Shared across instances",
			"   3. None",
			"      No cache",
			" ›    Type something.",
			`      ${"─".repeat(113)}`,
			"      Valkey",
			`      ${"─".repeat(113)}`,
		]);
		expect(editor.widths).toContain(113);
		expect(lines[15]).toBe(
			" Enter confirm · Tab/Shift+Tab switch tab · Ctrl+G external editor · Esc back · Ctrl+] hide · Ctrl+L answer later",
		);
	});

	it("the note editor under the question; the kept draft shown dim on its answered row", () => {
		const notes = stateAfter(
			context,
			{ type: "nav/focusMoved", direction: "last" },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "Valkey" },
			{ type: "draft/closed" },
			{ type: "notes/opened" },
		);
		const lines = screen(notes, 80, { editor: fakeEditor("because") });
		expect(lines.slice(3, 9)).toEqual([
			" Which cache should the service use?",
			" Note for Cache:",
			` ${"─".repeat(78)}`,
			" because",
			` ${"─".repeat(78)}`,
			"",
		]);
		// Leaving the editor kept the draft as the answer: the row is marked answered.
		expect(lines).toContain(' ›    Type something. ✔  "Valkey"');
	});

	it("a multi-line typed answer shows its first line on the row and how many more there are", () => {
		const typed = (text: string) =>
			stateAfter(
				context,
				{ type: "nav/focusMoved", direction: "last" },
				{ type: "draft/opened" },
				{ type: "draft/edited", text },
				{ type: "draft/closed" },
			);
		expect(screen(typed("\nfirst line\n\nsecond\nthird"), 80)).toContain(
			' ›    Type something. ✔  "first line" +2 more lines',
		);
		expect(screen(typed("only\n"), 80)).toContain(' ›    Type something. ✔  "only"');
		// Too narrow for the count (the options beside previews): an ellipsis still says it goes on.
		const narrow = screen(typed("first line\nsecond"), 40);
		expect(narrow).toContain(' ›    Type something. ✔  "first line" …');
		expect(narrow.join("\n")).not.toContain("more line");
		for (const width of [1, 10, 24, 40]) expectFits(screen(typed(`${"long ".repeat(30)}\nmore`), width), width);
	});

	it("collapsed without a way to hide: one line", () => {
		expect(screen(initialState(FORM), 80, { collapsedHint: true })).toEqual([
			"Questionnaire collapsed — press Ctrl+] to reopen",
		]);
	});

	it("shows the status line and the user's key names", () => {
		const lines = screen(initialState(FORM), 80, {
			status: "External editor failed: \x1b[31mboom",
			keyLabel: (id) => (id === "tui.select.cancel" ? "Ctrl+Q" : id === "askUser.notes" ? "F2" : "?"),
		});
		expect(lines).toContain(" External editor failed: ␛[31mboom");
		expect(lines.find((l) => l.includes("F2 note"))).toBeDefined();
	});
});

describe("layout", () => {
	const noPreviews: Question[] = FORM.map((q) => ({ ...q, options: q.options.map(({ preview: _, ...o }) => o) }));
	const separator = (lines: string[]) => lines.filter((l) => l.includes(" │ "));

	it("puts the preview beside the options from 100 columns, below them under 100", () => {
		expect(separator(screen(initialState(FORM), 100)).length).toBeGreaterThan(0);
		const narrow = screen(initialState(FORM), 99);
		expect(separator(narrow)).toEqual([]);
		expect(narrow.some((l) => l.startsWith(" ╌"))).toBe(true);
		expect(narrow).toContain("   const cache = new Map<string, string>();");
	});

	it("has no preview region at all when no option of the question has a preview", () => {
		for (const width of [80, 120]) {
			const lines = screen(initialState(noPreviews), width, {}, noPreviews);
			expect(separator(lines)).toEqual([]);
			expect(lines.some((l) => l.includes("╌") || l.includes("No preview"))).toBe(false);
		}
	});

	it("says so when the focused row has no preview (the region stays)", () => {
		const onNone = stateAfter(context, down, down);
		expect(screen(onNone, 120).some((l) => l.endsWith("│ No preview for this row."))).toBe(true);
	});

	it("keeps the left column where it is on every tab", () => {
		const questions: Question[] = [
			FORM[0] as Question,
			{
				question: "Second?",
				header: "Second",
				options: [
					{ label: "A much longer label that makes the column wider", description: "", preview: "x" },
					{ label: "B", description: "" },
				],
			},
		];
		const ctx = contextOf(questions);
		const first = screen(initialState(questions), 140, {}, questions);
		const second = screen(
			reduce(initialState(questions), { type: "tab/switched", direction: "next" }, ctx).state,
			140,
			{},
			questions,
		);
		const column = (lines: string[]) =>
			new Set(separator(lines).map((l) => visibleWidth(l.slice(0, l.indexOf(" │ ")))));
		expect(column(first).size).toBe(1);
		expect(column(first)).toEqual(column(second));
	});

	it("never exceeds maxHeight; previews shrink before options, options before the question", () => {
		const long: Question[] = [
			{
				question: "A question\nwith\nseveral\nlines",
				header: "Long",
				options: Array.from({ length: 12 }, (_, i) => ({
					label: `Option ${i + 1}`,
					description: "",
					preview: Array.from({ length: 40 }, (_, j) => `preview ${i}.${j}`).join("\n\n"),
				})),
			},
		];
		const state = initialState(long);
		for (const maxHeight of [1, 2, 3, 5, 8, 12, 20, 30, 200]) {
			const lines = screen(state, 80, { maxHeight }, long);
			expect(lines.length).toBeLessThanOrEqual(maxHeight);
		}
		// 20 rows: the preview keeps 3 lines and its position line, the list scrolls, the question stays whole.
		const at20 = screen(state, 80, { maxHeight: 20 }, long);
		expect(at20.slice(2, 6)).toEqual([" A question", " with", " several", " lines"]);
		expect(at20).toContain("   ↓ 7 more");
		expect(at20).toContain(" lines 1–3 of 79 · Shift+↓/PgDn more");
		// 12 rows: the question is clipped with a visible mark, the preview keeps a line and its position.
		const at12 = screen(state, 80, { maxHeight: 12 }, long);
		expect(at12).toContain(" with …");
		expect(at12).toContain(" lines 1–2 of 79 · Shift+↓/PgDn more");
		expect(at12.filter((l) => l.startsWith("─"))).toEqual([]);
	});
});

describe("preview scrolling and caching", () => {
	afterEach(() => vi.restoreAllMocks());
	const longPreview: Question[] = [
		{
			question: "Pick",
			header: "Pick",
			options: [
				{ label: "Long", description: "", preview: Array.from({ length: 300 }, (_, i) => `row ${i + 1}`).join("\n\n") },
				{ label: "Short", description: "", preview: "tiny" },
			],
		},
	];
	const ctx = contextOf(longPreview);

	it("shows the scroll position and reports the max offset; none without a preview", () => {
		const view = new QuestionnaireView(plainViewTheme);
		let state = initialState(longPreview);
		state = reduce(state, { type: "preview/scrolled", delta: 10 }, ctx).state;
		view.setInput({ state, context: ctx, maxHeight: 30 });
		const lines = trimmed(view.render(120));
		const position = lines.find((l) => l.includes("lines 11–"));
		expect(position).toMatch(/│ lines 11–\d+ of 599 · Shift\+↓\/PgDn more$/);
		const max = view.previewMaxOffset();
		expect(max).toBeGreaterThan(500);
		const shown = { tab: 0, option: 0, rows: view.previewTextRows() ?? 0, maxOffset: max };
		state = reduce(state, { type: "preview/scrolled", delta: 10_000, shown }, ctx).state;
		expect(state.previewScroll[0]).toBe(max);
		view.setInput({ state, context: ctx, maxHeight: 30 });
		expect(trimmed(view.render(120)).some((l) => l.endsWith("of 599 · Shift+↑/PgUp back"))).toBe(true);
		view.setInput({
			state: reduce(state, { type: "nav/focusMoved", direction: "last" }, ctx).state,
			context: ctx,
			maxHeight: 30,
		});
		view.render(120);
		expect(view.previewMaxOffset()).toBeUndefined();
	});

	it("returns the same lines for the same input and width, fresh ones for a new width", () => {
		const view = new QuestionnaireView(ansiTheme);
		view.setInput({ state: initialState(FORM), context, maxHeight: 40 });
		const first = view.render(90);
		expect(view.render(90)).toBe(first);
		expect(view.render(91)).not.toBe(first);
		expectFits(view.render(91), 91);
	});

	it("does not lay a 1 MB preview out again on keys that keep its tab, option and width", () => {
		const huge = `# Big\n\n${"lorem ipsum dolor sit amet ".repeat(40_000)}`;
		expect(huge.length).toBeGreaterThan(1_000_000);
		const questions: Question[] = [
			{
				question: "Big?",
				header: "Big",
				options: [
					{ label: "Huge", description: "", preview: huge },
					{ label: "Other", description: "" },
				],
			},
		];
		const c = contextOf(questions);
		const view = new QuestionnaireView(ansiTheme);
		let state = initialState(questions);
		view.setInput({ state, context: c, maxHeight: 30 });
		view.render(120);
		const renders = vi.spyOn(Markdown.prototype, "render");
		for (const action of [
			{ type: "preview/scrolled", delta: 1 },
			{ type: "preview/scrolled", delta: 5 },
			{ type: "preview/scrolled", delta: -2 },
		] as Action[]) {
			state = reduce(state, action, c).state;
			view.setInput({ state, context: c, maxHeight: 30 });
			expectFits(view.render(120), 120);
		}
		// Counted, not timed: the markdown is not laid out again (speed figures are in npm run bench).
		expect(renders).not.toHaveBeenCalled();
		view.setInput({ state, context: c, maxHeight: 30 });
		view.render(80);
		expect(renders).toHaveBeenCalled();
	});
});
