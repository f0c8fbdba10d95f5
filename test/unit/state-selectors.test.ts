/**
 * Selectors: derived facts (answered, unanswered, tab bar, option rows with control rows and
 * "(Recommended)", Submit summary, footer hints from the keymap, discard counts).
 */
import { describe, expect, it } from "vitest";
import { discardSummary } from "../../src/state/result.ts";
import {
	focusedPreview,
	footerHints,
	optionRows,
	previewsAhead,
	submitSummary,
	tabBar,
} from "../../src/state/selectors.ts";
import type { QuestionnaireState } from "../../src/state/types.ts";
import { contextOf, MULTI, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

const three = contextOf(SINGLE, MULTI, YESNO);

describe("answered", () => {
	/** What the tab bar and the Submit tab say: the Submit tab's answered mark, and the unanswered questions. */
	const answered = (s: QuestionnaireState) => ({
		all: tabBar(s, three).at(-1)?.answered,
		unanswered: submitSummary(s, three).unanswered,
	});

	it("tracks answers: a choice, and a multi-select's ticks from the first one on", () => {
		const s = run(
			start(three),
			three,
			{ type: "answer/optionChosen", option: 0 },
			{ type: "multi/optionToggled", option: 1 },
		).state;
		expect(answered(s)).toEqual({ all: false, unanswered: [2] });
		const unticked = run(s, three, { type: "multi/optionToggled", option: 1 }).state;
		expect(answered(unticked)).toEqual({ all: false, unanswered: [1, 2] });
		const all = run(s, three, { type: "multi/committed" }, { type: "answer/optionChosen", option: 1 }).state;
		expect(answered(all)).toEqual({ all: true, unanswered: [] });
	});
});

describe("tabBar", () => {
	it("lists the questions and Submit, with answered and active markers", () => {
		const s = run(start(three), three, { type: "answer/optionChosen", option: 0 }).state;
		expect(tabBar(s, three)).toEqual([
			{ kind: "question", header: "Cache", answered: true, active: false },
			{ kind: "question", header: "Targets", answered: false, active: true },
			{ kind: "question", header: "Ship", answered: false, active: false },
			{ kind: "submit", header: "Submit", answered: false, active: false },
		]);
		expect(tabBar(start(contextOf(YESNO)), contextOf(YESNO))).toHaveLength(1);
	});
});

describe("optionRows", () => {
	it("single-select: options, recommended suffix split off, then Type something.", () => {
		const s = run(start(three), three, { type: "nav/focusMoved", direction: "down" }).state;
		const rows = optionRows(s, three);
		expect(rows.map((r) => r.kind)).toEqual(["option", "option", "option", "type"]);
		expect(rows[1]).toEqual({
			kind: "option",
			shortcut: 2,
			label: "Redis",
			description: "Shared across instances",
			recommended: true,
			focused: true,
			checked: false,
		});
		expect(rows[3]).toEqual({
			kind: "type",
			draft: "",
			editing: false,
			focused: false,
			answered: false,
		});
	});

	it("multi-select: checks and a Next row; draft and editing shown on the type row", () => {
		const s = run(
			start(three),
			three,
			{ type: "tab/switched", direction: "next" },
			{ type: "multi/optionToggled", option: 2 },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "BSD" },
		).state;
		const rows = optionRows(s, three);
		expect(rows.map((r) => r.kind)).toEqual(["option", "option", "option", "type", "next"]);
		expect(rows.map((r) => (r.kind === "option" ? r.checked : null))).toEqual([false, false, true, null, null]);
		expect(rows[3]).toMatchObject({ draft: "BSD", editing: true, focused: true });
	});

	it("multi-select: Next answers none of these only with nothing ticked or typed", () => {
		const next = (...actions: Parameters<typeof run>[2][]) =>
			optionRows(run(start(three), three, { type: "tab/switched", direction: "next" }, ...actions).state, three).at(-1);
		expect(next()).toMatchObject({ kind: "next", none: true });
		const typed = next({ type: "draft/opened" }, { type: "draft/edited", text: "BSD" }, { type: "draft/closed" });
		expect(typed).toMatchObject({ kind: "next", none: false });
		expect(next({ type: "multi/optionToggled", option: 0 })).toMatchObject({ kind: "next", none: false });
	});

	it("is empty on the Submit tab", () => {
		expect(optionRows(run(start(three), three, { type: "tab/switched", direction: "prev" }).state, three)).toEqual([]);
	});
});

describe("focusedPreview", () => {
	it("is the focused option's markdown and offset, or nothing", () => {
		const s = run(start(three), three, { type: "preview/scrolled", delta: 2 }).state;
		expect(focusedPreview(s, three)).toEqual({ tab: 0, option: 0, markdown: SINGLE.options[0]?.preview, offset: 2 });
		expect(focusedPreview(run(s, three, { type: "nav/focusMoved", direction: "down" }).state, three)).toBeUndefined();
	});
});

describe("previewsAhead", () => {
	const withPreviews = (header: string) => ({
		question: `${header}?`,
		header,
		options: ["a", "b", "c", "d"].map((label) => ({ label, description: "", preview: `${header} ${label}` })),
	});
	const four = contextOf(withPreviews("P"), YESNO, withPreviews("Q"));

	it("is the other options nearest first (below, then above), then what Tab and Shift+Tab show", () => {
		const s = run(
			start(four),
			four,
			{ type: "tab/switched", direction: "prev" },
			{ type: "tab/switched", direction: "prev" },
			{ type: "nav/focusMoved", direction: "down" },
			{ type: "preview/scrolled", delta: 3 },
			{ type: "tab/switched", direction: "next" },
			{ type: "tab/switched", direction: "next" },
			{ type: "nav/focusMoved", direction: "down" },
			{ type: "nav/focusMoved", direction: "down" },
		).state;
		expect(s.tab).toBe(0);
		const ahead = previewsAhead(s, four).map((p) => [p.markdown, p.offset]);
		// Q keeps its own scroll offset; YESNO (Tab) has no previews; Shift+Tab from the first tab is the Submit tab.
		expect(ahead).toEqual([
			["P d", 0],
			["P b", 0],
			["P a", 0],
		]);
		const onSubmit = run(s, four, { type: "tab/switched", direction: "prev" }).state;
		expect(previewsAhead(onSubmit, four).map((p) => [p.markdown, p.offset])).toEqual([
			["P c", 0],
			["Q b", 3],
		]);
	});
});

describe("submitSummary", () => {
	it("lists answers as they will be reported, the unanswered, the global note and the choice", () => {
		const s = run(
			start(three),
			three,
			{ type: "tab/switched", direction: "next" },
			{ type: "multi/optionToggled", option: 0 },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "BSD" },
			{ type: "draft/confirmed" },
			{ type: "tab/switched", direction: "next" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "later" },
		).state;
		const summary = submitSummary(s, three);
		expect(summary.items[1]).toEqual({
			questionIndex: 1,
			header: "Targets",
			question: "Which targets?",
			answer: [
				{ text: "Linux", typed: false },
				{ text: "BSD", typed: true },
			],
			typed: true,
			note: "",
		});
		expect(summary.unanswered).toEqual([0, 2]);
		expect(summary).toMatchObject({ globalNote: "later", choice: "submit", editingNote: true });
	});
});

describe("footerHints", () => {
	const labels = (s: Parameters<typeof footerHints>[0]) => footerHints(s).map((h) => h.label);

	it("shows only enabled bindings, merged by label, with the focused row's meaning", () => {
		const hints = footerHints(start(three));
		expect(hints.map((h) => h.label)).toEqual([
			"navigate",
			"select",
			"switchTab",
			"note",
			"scrollPreview",
			// A fresh call with nothing given: Esc declines at once, and the footer says so.
			"decline",
			"hide",
			"answerLater",
		]);
		expect(hints[0]?.bindings).toEqual(["tui.select.up", "tui.select.down"]);
		expect(hints[2]?.bindings).toEqual(["askUser.tabNext", "askUser.tabPrev", "askUser.tabRight", "askUser.tabLeft"]);
	});

	it("follows the mode", () => {
		const multi = run(start(three), three, { type: "tab/switched", direction: "next" }).state;
		expect(labels(multi)).toContain("toggle");
		expect(labels(run(start(three), three, { type: "draft/opened" }).state)).toEqual([
			"confirm",
			"switchTab",
			"externalEditor",
			"back",
			"hide",
			"answerLater",
		]);
		expect(labels(run(start(contextOf(YESNO)), contextOf(YESNO)).state)).not.toContain("switchTab");
		// Something given: Esc asks first ("cancel"); on "Stop answering?" Enter names the highlighted choice and
		// Esc, like Ctrl+L, answers later.
		const answered = run(start(three), three, { type: "answer/optionChosen", option: 0 });
		expect(labels(answered.state)).toContain("cancel");
		const leave = run(answered.state, three, { type: "dialog/cancelRequested" });
		expect(footerHints(leave.state)).toEqual([
			{ bindings: ["tui.select.up", "tui.select.down"], label: "navigate" },
			{ bindings: ["tui.select.confirm"], label: "keepAnswering" },
			{ bindings: ["tui.select.cancel", "askUser.answerLater"], label: "answerLater" },
		]);
		const decline = run(leave.state, three, { type: "nav/focusMoved", direction: "last" });
		expect(labels(decline.state)).toEqual(["navigate", "decline", "answerLater"]);
	});
});

describe("discard counts", () => {
	it("count answers, unsaved work and notes", () => {
		const s = run(
			start(three),
			three,
			{ type: "answer/optionChosen", option: 0 },
			{ type: "multi/optionToggled", option: 0 },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "typed, not sent" },
			{ type: "tab/switched", direction: "next" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "n" },
		).state;
		expect(discardSummary(s)).toEqual({ answers: 2, notes: 1 });
		const drafted = run(
			start(three),
			three,
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "typed, not sent" },
			{ type: "tab/switched", direction: "next" },
		).state;
		// Leaving the editor keeps typed text as the answer: it counts as one, not as unsaved work.
		expect(discardSummary(drafted)).toEqual({ answers: 1, notes: 0 });
	});
});
