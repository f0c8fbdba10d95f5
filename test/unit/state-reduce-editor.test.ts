/**
 * Reducer, modes `editing` and `notes`: a non-empty draft becomes the typed answer however the editor
 * is left (Enter, Esc, Tab, Shift+Tab), drafts are kept across tab switches and collapse, multi-select typed text is added to the checked options, notes
 * never mark a question answered, and external-editor results are dropped when stale.
 */
import { describe, expect, it } from "vitest";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { Action } from "../../src/state/actions.ts";
import { reduce } from "../../src/state/reduce.ts";
import { startState } from "../../src/state/restore.ts";
import { contextOf, doneResult, MULTI, render, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

const three = contextOf(SINGLE, MULTI, YESNO);

describe("draft", () => {
	it("opening focuses Type something., enters editing and loads the draft into the editor", () => {
		const { state, effects } = run(start(three), three, { type: "draft/opened" });
		expect(state).toMatchObject({ mode: "editing", focus: [3, 0, 0] });
		expect(effects).toEqual([{ type: "editor/setText", text: "" }, render]);
	});

	it("edits are stored but answer nothing until confirmed", () => {
		const edited = run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: "  Memcached " });
		expect(edited.state.drafts[0]).toBe("  Memcached ");
		expect(edited.state.answers[0]).toBeNull();
		const confirmed = run(edited.state, three, { type: "draft/confirmed" });
		expect(confirmed.state.answers[0]).toEqual({ kind: "custom", text: "Memcached" });
		expect(confirmed.state).toMatchObject({ mode: "options", tab: 1 });
	});

	it("the same text again is not a change", () => {
		const s = run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: "a" }).state;
		expect(reduce(s, { type: "draft/edited", text: "a" }, three)).toEqual({ state: s, effects: [] });
	});

	it("confirming a blank single-select draft does nothing", () => {
		const s = run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: "   " }).state;
		expect(reduce(s, { type: "draft/confirmed" }, three).state).toBe(s);
	});

	it("text typed on the Type something. row opens the draft after what it held, with that text", () => {
		const onRow = run(start(three), three, { type: "nav/focusMoved", direction: "last" });
		const typed = run(onRow.state, three, { type: "draft/typedOnRow", text: "x" });
		expect(typed.state.mode).toBe("editing");
		expect(typed.state.drafts[0]).toBe("x");
		// One undo takes back the key, as if the editor had typed it.
		expect(typed.effects).toEqual([{ type: "editor/setText", text: "x", undoTo: "" }, render]);
		const again = run(typed.state, three, { type: "draft/closed" }, { type: "draft/typedOnRow", text: "y" });
		expect(again.state.drafts[0]).toBe("xy");
		// Anywhere but that row the action means nothing.
		expect(run(start(three), three, { type: "draft/typedOnRow", text: "x" }).effects).toEqual([]);
	});

	it("text loaded into the editor is kept in the editor's form (line breaks as \\n, a tab as four spaces)", () => {
		const progress = { ...emptyProgress(3), drafts: ["a\tb\r\nc\rd", "", ""], notes: ["n\t1", "", ""] };
		const restored = startState({ questions: three.questions, host: "tui" }, progress);
		const opened = run(restored, three, { type: "draft/opened" });
		expect(opened.state.drafts[0]).toBe("a    b\nc\nd");
		expect(opened.effects).toContainEqual({ type: "editor/setText", text: "a    b\nc\nd" });
		const note = run(opened.state, three, { type: "draft/closed" }, { type: "notes/opened" });
		expect(note.state.notes[0]).toBe("n    1");
		expect(note.effects).toContainEqual({ type: "editor/setText", text: "n    1" });
	});

	it("Tab and Shift+Tab out of a draft keep it as the answer; erased text takes a typed answer back", () => {
		const typed = (...rest: Action[]) =>
			run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: " Valkey " }, ...rest).state;
		expect(typed({ type: "tab/switched", direction: "next" }).answers[0]).toEqual({ kind: "custom", text: "Valkey" });
		expect(typed({ type: "tab/switched", direction: "prev" }).answers[0]).toEqual({ kind: "custom", text: "Valkey" });
		const erased = typed(
			{ type: "draft/closed" },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "  " },
			{ type: "draft/closed" },
		);
		expect(erased.answers[0]).toBeNull();
		const chosen = run(
			start(three),
			three,
			{ type: "answer/optionChosen", option: 1 },
			{ type: "tab/switched", direction: "prev" },
			{ type: "draft/opened" },
			{ type: "draft/closed" },
		).state;
		expect(chosen.answers[0]).toEqual({ kind: "option", option: 1 });
	});

	it("Esc leaves the editor with the draft as the answer; reopening loads it", () => {
		const left = run(
			start(three),
			three,
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "half" },
			{
				type: "draft/closed",
			},
		);
		expect(left.state).toMatchObject({
			mode: "options",
			tab: 0,
			drafts: ["half", "", ""],
			answers: [{ kind: "custom", text: "half" }, null, null],
		});
		const reopened = run(left.state, three, { type: "draft/opened" });
		expect(reopened.effects).toContainEqual({ type: "editor/setText", text: "half" });
	});

	it("drafts survive tab switches (the editor closes) and collapse (the editor stays)", () => {
		const s = run(
			start(three),
			three,
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "x" },
			{
				type: "tab/switched",
				direction: "next",
			},
		);
		expect(s.state).toMatchObject({ mode: "options", tab: 1, drafts: ["x", "", ""] });
		const c = run(
			s.state,
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "draft/opened" },
			{
				type: "view/collapseToggled",
			},
		);
		expect(c.state).toMatchObject({ mode: "editing", collapsed: true, drafts: ["x", "", ""] });
		const back = run(c.state, three, { type: "view/collapseToggled" }, { type: "draft/confirmed" });
		expect(back.state.answers[0]).toEqual({ kind: "custom", text: "x" });
	});

	it("a one-question form finishes when the draft is confirmed", () => {
		const one = contextOf(YESNO);
		const { effects } = run(
			start(one),
			one,
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "Maybe" },
			{
				type: "draft/confirmed",
			},
		);
		expect(doneResult(effects).answers).toEqual([
			{ questionIndex: 0, question: "Ship it?", kind: "custom", answer: "Maybe" },
		]);
	});
});

describe("multi-select typed text", () => {
	it("is added to the checked options as the last entry, with kind multi", () => {
		const one = contextOf(MULTI);
		const { effects } = run(
			start(one),
			one,
			{ type: "multi/optionToggled", option: 1 },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "BSD" },
			{ type: "draft/confirmed" },
		);
		expect(doneResult(effects).answers).toEqual([
			{ questionIndex: 0, question: "Which targets?", kind: "multi", answer: ["macOS", "BSD"], custom: "BSD" },
		]);
	});

	it("is kept when Next commits later, and dropped by confirming a blank draft", () => {
		const s = run(
			start(three),
			three,
			{ type: "tab/switched", direction: "next" },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "BSD" },
			{ type: "draft/confirmed" },
		).state;
		expect(s.answers[1]).toEqual({ kind: "multi", options: [], text: "BSD" });
		const more = run(
			s,
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "multi/optionToggled", option: 0 },
			{
				type: "multi/committed",
			},
		);
		expect(more.state.answers[1]).toEqual({ kind: "multi", options: [0], text: "BSD" });
		const cleared = run(
			more.state,
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "" },
			{ type: "draft/confirmed" },
		);
		expect(cleared.state.answers[1]).toEqual({ kind: "multi", options: [0] });
	});
});

describe("notes", () => {
	it("are stored apart and never mark a question answered", () => {
		const { state, effects } = run(
			start(three),
			three,
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "ask ops" },
			{
				type: "notes/closed",
			},
		);
		expect(state).toMatchObject({ mode: "options", notes: ["ask ops", "", ""], answers: [null, null, null] });
		expect(effects[0]).toEqual({ type: "editor/setText", text: "" });
	});

	it("on the Submit tab edit the global note", () => {
		const { state } = run(
			start(three),
			three,
			{ type: "tab/switched", direction: "prev" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "all provisional" },
			{ type: "notes/closed" },
		);
		expect(state).toMatchObject({ mode: "submit", globalNote: "all provisional", notes: ["", "", ""] });
	});

	it("reach the result: on answers, as question notes when unanswered, and globally", () => {
		const { effects } = run(
			start(three),
			three,
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "n1" },
			{ type: "notes/closed" },
			{ type: "tab/switched", direction: "next" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "n2" },
			{ type: "notes/closed" },
			{ type: "tab/switched", direction: "prev" },
			{ type: "answer/optionChosen", option: 2 },
			{ type: "tab/switched", direction: "next" },
			{ type: "tab/switched", direction: "next" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "g" },
			{ type: "notes/closed" },
			{ type: "dialog/submitRequested" },
		);
		const result = doneResult(effects);
		expect(result.outcome).toBe("partial");
		expect(result.answers).toEqual([
			{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "None", notes: "n1" },
		]);
		expect(result.questionNotes).toEqual([{ questionIndex: 1, question: "Which targets?", notes: "n2" }]);
		expect(result.globalNote).toBe("g");
		expect(result.unanswered).toEqual([1, 2]);
	});
});

describe("external editor", () => {
	const editing = () => run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: "abc" }).state;

	it("requests carry a fresh id and the current text; the result replaces the draft", () => {
		const asked = run(editing(), three, { type: "editor/externalRequested" });
		expect(asked.effects).toEqual([{ type: "editor/openExternal", requestId: 1, text: "abc" }, render]);
		const back = run(asked.state, three, { type: "editor/externalReturned", requestId: 1, text: "abcdef\n" });
		expect(back.state.drafts[0]).toBe("abcdef");
		expect(back.state.pendingExternal).toBeNull();
		// One undo in the editor goes back to the text before the external editor.
		expect(back.effects).toEqual([{ type: "editor/setText", text: "abcdef", undoTo: "abc" }, render]);
	});

	it("drops results with another id, after the editor closed, or twice", () => {
		const asked = run(editing(), three, { type: "editor/externalRequested" }).state;
		expect(reduce(asked, { type: "editor/externalReturned", requestId: 7, text: "x" }, three).state).toBe(asked);
		const closed = run(
			asked,
			three,
			{ type: "draft/closed" },
			{ type: "editor/externalReturned", requestId: 1, text: "x" },
		);
		expect(closed.state.drafts[0]).toBe("abc");
		const once = run(asked, three, { type: "editor/externalReturned", requestId: 1, text: "x" }).state;
		expect(reduce(once, { type: "editor/externalReturned", requestId: 1, text: "y" }, three).state).toBe(once);
	});

	it("a cancelled external edit keeps the text", () => {
		const asked = run(editing(), three, { type: "editor/externalRequested" }).state;
		const back = run(asked, three, { type: "editor/externalReturned", requestId: 1, text: undefined });
		expect(back.state.drafts[0]).toBe("abc");
		expect(back.effects).toEqual([render]);
	});

	it("works for notes too, with increasing ids", () => {
		const s = run(
			start(three),
			three,
			{ type: "notes/opened" },
			{ type: "editor/externalRequested" },
			{ type: "editor/externalReturned", requestId: 1, text: "first" },
			{ type: "editor/externalRequested" },
		);
		expect(s.state.notes[0]).toBe("first");
		expect(s.effects).toContainEqual({ type: "editor/openExternal", requestId: 2, text: "first" });
	});
});
