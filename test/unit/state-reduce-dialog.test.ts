/**
 * Reducer, modes `submit` and `leave`, plus the host events every mode accepts: partial submit, the Esc
 * flow (leave.ts: decline at once only on a fresh call with nothing entered; "Stop answering?"
 * otherwise, where a second cancel puts it aside; never a decline by a cancel on a reopened one), abort, time out,
 * collapse, and "after host/done every action is a no-op".
 */
import { describe, expect, it } from "vitest";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { Action } from "../../src/state/actions.ts";
import { reduce } from "../../src/state/reduce.ts";
import { startState } from "../../src/state/restore.ts";
import { contextOf, deepFreeze, doneResult, MULTI, render, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

const three = contextOf(SINGLE, MULTI, YESNO);
const toSubmit: Action = { type: "tab/switched", direction: "prev" };

describe("Submit tab", () => {
	it("up/down move through Submit, Answer later and Cancel, wrapping; first/last jump to an end", () => {
		const down = { type: "nav/focusMoved", direction: "down" } as const;
		const up = { type: "nav/focusMoved", direction: "up" } as const;
		const s = run(start(three), three, toSubmit, down);
		expect(s.state.submitChoice).toBe("later");
		expect(run(s.state, three, down).state.submitChoice).toBe("cancel");
		expect(run(s.state, three, down, down).state.submitChoice).toBe("submit");
		expect(run(s.state, three, up, up).state.submitChoice).toBe("cancel");
		expect(run(s.state, three, { type: "nav/focusMoved", direction: "last" }).state.submitChoice).toBe("cancel");
		expect(run(s.state, three, { type: "nav/focusMoved", direction: "first" }).state.submitChoice).toBe("submit");
	});

	it("arriving on the Submit tab highlights Submit again", () => {
		const s = run(
			start(three),
			three,
			toSubmit,
			{ type: "nav/focusMoved", direction: "last" },
			toSubmit,
			toSubmit,
			toSubmit,
		);
		expect(s.state).toMatchObject({ tab: 0, submitChoice: "cancel" });
		const back = run(s.state, three, toSubmit);
		expect(back.state).toMatchObject({ tab: 3, submitChoice: "submit" });
	});

	it("submitting with everything answered is `answered`", () => {
		const { effects, state } = run(
			start(three),
			three,
			{ type: "answer/optionChosen", option: 1 },
			{ type: "multi/optionToggled", option: 0 },
			{ type: "multi/optionToggled", option: 2 },
			{ type: "multi/committed" },
			{ type: "answer/optionChosen", option: 0 },
			{ type: "dialog/submitRequested" },
		);
		expect(state.mode).toBe("done");
		expect(doneResult(effects)).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "tui",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis (Recommended)" },
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux", "Windows"] },
				{ questionIndex: 2, question: "Ship it?", kind: "option", answer: "Yes" },
			],
		});
		expect(effects.filter((e) => e.type === "host/requestRender")).toHaveLength(5);
		expect(effects.at(-1)?.type).toBe("host/done");
	});

	it("partial submit is allowed", () => {
		const { effects } = run(start(three), three, { type: "answer/optionChosen", option: 2 }, toSubmit, toSubmit, {
			type: "dialog/submitRequested",
		});
		const result = doneResult(effects);
		expect(result.outcome).toBe("partial");
		expect(result.unanswered).toEqual([1, 2]);
	});
});

describe("Esc flow (the rule of src/state/leave.ts)", () => {
	const cancel: Action = { type: "dialog/cancelRequested" };

	it("a fresh call with nothing entered: cancel declines at once", () => {
		const { effects } = run(start(three), three, cancel);
		expect(doneResult(effects)).toMatchObject({ outcome: "declined", cancelled: true, answers: [] });
	});

	it("with an answer, cancel asks 'Stop answering?' with Keep answering highlighted; choosing Decline declines, keeping the answers", () => {
		const asked = run(start(three), three, { type: "answer/optionChosen", option: 0 }, cancel);
		expect(asked.state).toMatchObject({ mode: "leave", leaveChoice: "keep" });
		expect(asked.effects.some((e) => e.type === "host/done")).toBe(false);
		const { effects } = run(asked.state, three, { type: "dialog/leaveChosen", choice: "decline" });
		const result = doneResult(effects);
		expect(result).toMatchObject({ outcome: "declined", cancelled: true, unanswered: [1, 2] });
		expect(result.answers).toHaveLength(1);
	});

	it("a second cancel puts it aside (deferred, answers kept), never declines, whatever is highlighted", () => {
		for (const direction of ["first", "down", "last"] as const) {
			const { effects } = run(
				start(three),
				three,
				{ type: "answer/optionChosen", option: 0 },
				cancel,
				{ type: "nav/focusMoved", direction },
				cancel,
			);
			expect(doneResult(effects)).toMatchObject({
				outcome: "deferred",
				cancelled: false,
				answers: [{ answer: "Memory" }],
			});
		}
	});

	it("any number of cancels from the draft editor never declines what was typed", () => {
		const typed = run(start(three), three, { type: "draft/opened" }, { type: "draft/edited", text: "Valkey" });
		let state = typed.state;
		const effects = [];
		for (let i = 0; i < 5 && state.mode !== "done"; i++) {
			const step = run(state, three, state.mode === "editing" ? { type: "draft/closed" } : cancel);
			state = step.state;
			effects.push(...step.effects);
		}
		expect(doneResult(effects)).toMatchObject({ outcome: "deferred", answers: [{ kind: "custom", answer: "Valkey" }] });
	});

	it("up/down move through Keep answering, Answer later, Decline (no Answered in chat on a fresh call), wrapping", () => {
		const asked = run(start(three), three, { type: "answer/optionChosen", option: 0 }, cancel).state;
		const down: Action = { type: "nav/focusMoved", direction: "down" };
		const up: Action = { type: "nav/focusMoved", direction: "up" };
		expect(run(asked, three, down).state.leaveChoice).toBe("later");
		expect(run(asked, three, down, down).state.leaveChoice).toBe("decline");
		expect(run(asked, three, down, down, down).state.leaveChoice).toBe("keep");
		expect(run(asked, three, up).state.leaveChoice).toBe("decline");
		expect(reduce(asked, { type: "dialog/leaveChosen", choice: "chat" }, three).state).toBe(asked);
	});

	it("a draft, a check or a note alone also asks first", () => {
		const inputs: Action[][] = [
			[{ type: "draft/opened" }, { type: "draft/edited", text: "x" }, { type: "draft/closed" }],
			[
				{ type: "tab/switched", direction: "next" },
				{ type: "multi/optionToggled", option: 0 },
			],
			[{ type: "notes/opened" }, { type: "notes/edited", text: "x" }, { type: "notes/closed" }],
			[toSubmit, { type: "notes/opened" }, { type: "notes/edited", text: "x" }, { type: "notes/closed" }],
		];
		for (const actions of inputs) {
			const { state } = run(start(three), three, ...actions, cancel);
			expect(state.mode).toBe("leave");
		}
	});

	it("going back returns to where the user was, with everything kept", () => {
		const asked = run(start(three), three, { type: "answer/optionChosen", option: 0 }, toSubmit, {
			type: "nav/focusMoved",
			direction: "down",
		});
		const back = run(asked.state, three, cancel, { type: "dialog/leaveChosen", choice: "keep" });
		expect(back.state).toEqual({ ...asked.state, leaveChoice: "keep" });
		const fromQuestion = run(
			start(three),
			three,
			{ type: "answer/optionChosen", option: 0 },
			cancel,
			{ type: "nav/focusMoved", direction: "down" },
			{ type: "dialog/leaveChosen", choice: "keep" },
		);
		expect(fromQuestion.state).toMatchObject({ mode: "options", tab: 1 });
		// Opened again, Keep answering is highlighted again: Enter never takes an earlier highlight.
		expect(run(fromQuestion.state, three, cancel).state.leaveChoice).toBe("keep");
	});

	it("Cancel on the Submit tab is the same request", () => {
		const { effects } = run(start(three), three, toSubmit, cancel);
		expect(doneResult(effects).outcome).toBe("declined");
	});
});

describe("Esc flow on a questionnaire reopened from /answer", () => {
	const cancel: Action = { type: "dialog/cancelRequested" };
	const down: Action = { type: "nav/focusMoved", direction: "down" };
	const untouched = () => deepFreeze(startState({ questions: three.questions, host: "tui" }, emptyProgress(3)));

	it("with nothing given, a cancel asks (never declines); a second cancel puts it aside again", () => {
		const asked = run(untouched(), three, cancel);
		expect(asked.state).toMatchObject({ mode: "leave", leaveChoice: "keep", reopened: true });
		expect(asked.effects.some((e) => e.type === "host/done")).toBe(false);
		expect(doneResult(run(asked.state, three, cancel).effects)).toMatchObject({ outcome: "deferred", answers: [] });
	});

	it("offers Answered in chat, which settles it truthfully", () => {
		const asked = run(untouched(), three, cancel, down, down);
		expect(asked.state.leaveChoice).toBe("chat");
		const { effects } = run(asked.state, three, { type: "dialog/leaveChosen", choice: "chat" });
		expect(doneResult(effects)).toMatchObject({ outcome: "answered_in_chat", cancelled: false });
		expect(run(asked.state, three, down).state.leaveChoice).toBe("decline");
	});

	it("declines only by the explicit choice", () => {
		const asked = run(untouched(), three, cancel, { type: "nav/focusMoved", direction: "last" });
		expect(asked.state.leaveChoice).toBe("decline");
		expect(doneResult(run(asked.state, three, { type: "dialog/leaveChosen", choice: "decline" }).effects).outcome).toBe(
			"declined",
		);
	});
});

describe("host events", () => {
	it("abort ends with `interrupted` and the answers so far, from any mode", () => {
		const editing = run(start(three), three, { type: "answer/optionChosen", option: 1 }, { type: "draft/opened" });
		const { effects, state } = run(editing.state, three, { type: "host/aborted" });
		expect(state.mode).toBe("done");
		expect(effects).toHaveLength(1);
		expect(doneResult(effects)).toMatchObject({ outcome: "interrupted", cancelled: true, unanswered: [1, 2] });
	});

	it("time out ends with `timed_out`", () => {
		const { effects } = run(start(three), three, { type: "host/timedOut" });
		expect(doneResult(effects).outcome).toBe("timed_out");
	});

	it("after done every action is a no-op", () => {
		const done = run(start(contextOf(YESNO)), contextOf(YESNO), { type: "answer/optionChosen", option: 0 }).state;
		for (const action of [
			{ type: "host/aborted" },
			{ type: "view/collapseToggled" },
			{ type: "dialog/cancelRequested" },
		] as Action[]) {
			const step = reduce(done, action, contextOf(YESNO));
			expect(step.state).toBe(done);
			expect(step.effects).toEqual([]);
		}
	});
});

describe("collapse", () => {
	it("flips the flag and hides or shows the overlay", () => {
		const hidden = run(start(three), three, { type: "view/collapseToggled" });
		expect(hidden.state.collapsed).toBe(true);
		expect(hidden.effects).toEqual([{ type: "overlay/setHidden", hidden: true }, render]);
		const shown = run(hidden.state, three, { type: "view/collapseToggled" });
		expect(shown.effects).toEqual([{ type: "overlay/setHidden", hidden: false }, render]);
	});

	it("while collapsed, user actions are ignored but abort still ends the session", () => {
		const hidden = run(start(three), three, { type: "view/collapseToggled" }).state;
		expect(reduce(hidden, { type: "answer/optionChosen", option: 0 }, three).state).toBe(hidden);
		expect(doneResult(reduce(hidden, { type: "host/aborted" }, three).effects).outcome).toBe("interrupted");
	});
});

describe("preview", () => {
	/** What the last frame showed of the first option's preview on the first tab. */
	const shown = (rows: number, maxOffset?: number) => ({ tab: 0, option: 0, rows, maxOffset });

	it("scrolls only when the focused option has a preview, never below 0, never past the end the frame showed", () => {
		const s = run(start(three), three, { type: "preview/scrolled", delta: -4 });
		expect(s.state.previewScroll[0]).toBe(0);
		const down = run(s.state, three, { type: "preview/scrolled", delta: 5, shown: shown(10, 2) });
		expect(down.state.previewScroll[0]).toBe(2);
		// Before its end is laid out nothing stops it; the view clamps what it draws.
		const unknown = run(s.state, three, { type: "preview/scrolled", delta: 5, shown: shown(10) });
		expect(unknown.state.previewScroll[0]).toBe(5);
		const noPreview = run(down.state, three, { type: "nav/focusMoved", direction: "down" });
		expect(reduce(noPreview.state, { type: "preview/scrolled", delta: 1 }, three).state).toBe(noPreview.state);
	});

	it("pages by what the pane showed less one line (the last line of a page is the next one's first)", () => {
		const down = run(start(three), three, { type: "preview/paged", direction: "down", shown: shown(12) });
		expect(down.state.previewScroll[0]).toBe(11);
		expect(down.effects).toEqual([render]);
		const twice = run(down.state, three, { type: "preview/paged", direction: "down", shown: shown(12) });
		expect(twice.state.previewScroll[0]).toBe(22);
		const up = { type: "preview/paged", direction: "up", shown: shown(12) } as const;
		const back = run(twice.state, three, up, up);
		expect(back.state.previewScroll[0]).toBe(0);
		// Never above the top, never past the end.
		expect(reduce(back.state, up, three).state).toBe(back.state);
		const end = run(twice.state, three, { type: "preview/paged", direction: "down", shown: shown(12, 15) });
		expect(end.state.previewScroll[0]).toBe(15);
	});

	it("scrolls back from the end at once when left past it (the pane grew since)", () => {
		const far = run(start(three), three, { type: "preview/scrolled", delta: 40 });
		const up = run(far.state, three, { type: "preview/scrolled", delta: -1, shown: shown(10, 20) });
		expect(up.state.previewScroll[0]).toBe(19);
	});

	it("pages by one line in a pane of one or two lines, before any frame, or told about another preview", () => {
		for (const pane of [
			shown(0),
			shown(1),
			shown(2),
			undefined,
			{ ...shown(12), option: 1 },
			{ ...shown(12), tab: 1 },
		]) {
			const s = run(start(three), three, { type: "preview/paged", direction: "down", shown: pane });
			expect(s.state.previewScroll[0], JSON.stringify(pane)).toBe(1);
		}
	});

	it("ignores a pane size or an end that is no count", () => {
		for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
			const paged = run(start(three), three, { type: "preview/paged", direction: "down", shown: shown(bad, bad) });
			expect(paged.state.previewScroll[0], String(bad)).toBe(1);
		}
	});

	it("does not page without a preview on the focused option, or while typing", () => {
		const noPreview = run(start(three), three, { type: "nav/focusMoved", direction: "down" });
		const page = { type: "preview/paged", direction: "down", shown: shown(9) } as const;
		expect(reduce(noPreview.state, page, three).state).toBe(noPreview.state);
		const editing = run(start(three), three, { type: "draft/opened" });
		expect(reduce(editing.state, page, three).state).toBe(editing.state);
	});
});

describe("single-question form", () => {
	it("has no Submit tab; Esc after a draft still asks first", () => {
		const one = contextOf(SINGLE);
		const s = run(
			start(one),
			one,
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "x" },
			{ type: "draft/closed" },
			{
				type: "dialog/cancelRequested",
			},
		);
		expect(s.state.mode).toBe("leave");
		expect(doneResult(run(s.state, one, { type: "dialog/leaveChosen", choice: "decline" }).effects)).toMatchObject({
			outcome: "declined",
			answers: [{ kind: "custom", answer: "x" }],
		});
	});
});

describe("Answer later (dialog/deferRequested)", () => {
	const deferred = (...actions: Action[]) => run(start(three), three, ...actions);

	it("from the Submit tab's Answer later choice: outcome deferred, everything given so far kept", () => {
		const { state, effects } = deferred(
			{ type: "answer/optionChosen", option: 1 },
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "BSD too" },
			{ type: "draft/closed" },
			{ type: "notes/opened" },
			{ type: "notes/edited", text: "ask ops" },
			{ type: "notes/closed" },
			toSubmit,
			{ type: "nav/focusMoved", direction: "down" },
			{ type: "dialog/deferRequested" },
		);
		expect(state.mode).toBe("done");
		expect(doneResult(effects)).toEqual({
			outcome: "deferred",
			cancelled: false,
			host: "tui",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis (Recommended)" },
				{
					questionIndex: 1,
					question: "Which targets?",
					kind: "multi",
					answer: ["BSD too"],
					custom: "BSD too",
					notes: "ask ops",
				},
			],
			unanswered: [2],
		});
	});

	it("from 'Stop answering?': deferred instead of declined, the answers kept", () => {
		const { effects } = deferred(
			{ type: "answer/optionChosen", option: 0 },
			{ type: "dialog/cancelRequested" },
			{ type: "dialog/deferRequested" },
		);
		expect(doneResult(effects)).toMatchObject({ outcome: "deferred", answers: [{ answer: "Memory" }] });
	});

	it("while a draft is open, the typed text is kept as the draft it is, not confirmed as an answer", () => {
		const { effects } = deferred(
			{ type: "draft/opened" },
			{ type: "draft/edited", text: "Valkey" },
			{ type: "dialog/deferRequested" },
		);
		expect(doneResult(effects)).toMatchObject({
			outcome: "deferred",
			answers: [],
			drafts: [{ questionIndex: 0, text: "Valkey" }],
		});
	});

	it("is a no-op once the questionnaire is done", () => {
		const done = deferred({ type: "dialog/deferRequested" }).state;
		expect(run(done, three, { type: "dialog/deferRequested" }).effects).toEqual([]);
	});
});
