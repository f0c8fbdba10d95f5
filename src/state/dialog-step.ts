/**
 * The questionnaire one dialog at a time, for the hosts that ask that way (the dialog walker over RPC and
 * editor bridges, the accessible prompts): which dialog a state is due to show (`dialogStep`), and what a
 * move of the person there does (`applyMove`, through `reduce`). The rules stay the reducer's — what an
 * answer is (ticks count from the first one), where the form goes next, what a cancel does (leave.ts), how
 * it ends — so a driver only shows the step and reports the move. The words are the driver's.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { QuestionnaireResult } from "../protocol/result.ts";
import type { Action } from "./actions.ts";
import { isSubmitTab } from "./layout.ts";
import { type CancelStep, cancelStep, type LeaveChoice, leaveChoices } from "./leave.ts";
import { reduce } from "./reduce.ts";
import { hasInput } from "./result.ts";
import type { QuestionnaireState, ReduceContext } from "./types.ts";

/** A row of a question's dialog. */
export type QuestionRow =
	/** An option: choosing it answers a single-select, toggles a multi-select's `checked`. */
	| { kind: "option"; option: number; checked?: boolean }
	/** A multi-select's typed text: choosing it takes the text back. */
	| { kind: "typed"; text: string }
	/** Commits a multi-select: `count` is what it holds, ticks plus typed text (0: "none of these"). */
	| { kind: "done"; count: number }
	/** Asks for a typed answer. */
	| { kind: "type" }
	/** Asks for the question's note. */
	| { kind: "note" }
	/** Shows the options' previews; changes nothing. */
	| { kind: "previews" }
	/** Back to the previous question. */
	| { kind: "back" };

/** A row of the review: the Submit tab as one dialog. */
type ReviewRow = { kind: "submit" } | { kind: "edit"; question: number } | { kind: "later" } | { kind: "decline" };

/** The dialog due now; `cancel` is what dismissing it does (leave.ts). */
export type DialogStep =
	| { kind: "question"; question: number; rows: QuestionRow[]; cancel: CancelStep }
	| { kind: "review"; rows: ReviewRow[]; cancel: CancelStep }
	/** "Stop answering?". */
	| { kind: "leave"; choices: readonly LeaveChoice[]; cancel: CancelStep }
	| { kind: "done" };

/** What the person did in the dialog due. */
export type Move =
	| { kind: "option"; option: number }
	| { kind: "typed" }
	| { kind: "done" }
	| { kind: "back" }
	/** Text typed as the answer; blank text changes nothing. */
	| { kind: "type"; text: string }
	/** The question's note ("" removes it). */
	| { kind: "note"; text: string }
	| ReviewRow
	| { kind: "leave"; choice: LeaveChoice }
	/** The dialog was dismissed. */
	| { kind: "cancel" }
	/** Text being typed in an input still open (not a move of its own: what `stop` keeps, and what is recorded). */
	| Typing
	/**
	 * The host stopped: an abort, the answer timeout, or it cannot go on (`giveUp` in transitions.ts). Text
	 * being typed then is kept, as the TUI's editor keeps it when the call is cut short.
	 */
	| { kind: "stop"; reason: "interrupted" | "timed_out" | "failed"; typing?: Typing };

/** The typed answer or the note, as an input holds it while the person types. */
export type Typing = { kind: "typing"; field: "type" | "note"; text: string };

/** The dialog `state` is due to show. */
export function dialogStep(state: QuestionnaireState): DialogStep {
	const shape = state.shape[state.tab];
	if (state.mode === "done") return { kind: "done" };
	const cancel = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: state.mode === "leave" });
	if (state.mode === "leave") return { kind: "leave", choices: leaveChoices(state.reopened), cancel };
	if (isSubmitTab(state, state.tab)) {
		const edits = state.shape.map((_, question): ReviewRow => ({ kind: "edit", question }));
		return { kind: "review", rows: [{ kind: "submit" }, ...edits, { kind: "later" }, { kind: "decline" }], cancel };
	}
	if (!shape) return { kind: "done" };
	const checked = state.checked[state.tab] ?? [];
	const rows: QuestionRow[] = Array.from({ length: shape.optionCount }, (_, option) =>
		shape.multi ? { kind: "option", option, checked: checked[option] === true } : { kind: "option", option },
	);
	if (shape.multi) {
		const answer = state.answers[state.tab];
		const text = answer?.kind === "multi" ? answer.text : undefined;
		if (text !== undefined) rows.push({ kind: "typed", text });
		rows.push({ kind: "done", count: checked.filter(Boolean).length + (text === undefined ? 0 : 1) });
	}
	rows.push({ kind: "type" }, { kind: "note" });
	if (shape.hasPreview.some(Boolean)) rows.push({ kind: "previews" });
	if (state.tab > 0) rows.push({ kind: "back" });
	return { kind: "question", question: state.tab, rows, cancel };
}

/** `state` after `move`, and the result when that ended the questionnaire. */
export function applyMove(
	state: QuestionnaireState,
	move: Move,
	context: ReduceContext,
): { state: QuestionnaireState; result?: QuestionnaireResult } {
	let result: QuestionnaireResult | undefined;
	for (const action of moveActions(state, move)) {
		const step = reduce(state, action, context);
		state = step.state;
		for (const effect of step.effects) if (effect.type === "host/done") result = effect.result;
	}
	return result === undefined ? { state } : { state, result };
}

const LEAVE_ACTIONS: Readonly<Record<LeaveChoice, Action>> = {
	keep: { type: "dialog/leaveDismissed" },
	later: { type: "dialog/deferRequested" },
	chat: { type: "dialog/answeredInChat" },
	decline: { type: "dialog/declineChosen" },
};

const STOP_ACTIONS: Readonly<Record<"interrupted" | "timed_out" | "failed", Action>> = {
	interrupted: { type: "host/aborted" },
	timed_out: { type: "host/timedOut" },
	failed: { type: "host/failed" },
};

/** The reducer's actions for `move`: what the same choice in the full TUI dispatches. */
function moveActions(state: QuestionnaireState, move: Move): Action[] {
	switch (move.kind) {
		case "option":
			return state.shape[state.tab]?.multi
				? [{ type: "multi/optionToggled", option: move.option }]
				: [{ type: "answer/optionChosen", option: move.option }];
		case "typed":
			return [{ type: "draft/opened" }, { type: "draft/edited", text: "" }, { type: "draft/closed" }];
		case "done":
			return [{ type: "multi/committed" }];
		case "back":
			return [{ type: "tab/switched", direction: "prev" }];
		case "type":
			// An input sent back blank typed nothing: the answer stays as it was.
			if (move.text.trim() === "") return [];
			return [{ type: "draft/opened" }, { type: "draft/edited", text: move.text }, { type: "draft/confirmed" }];
		case "note":
			return [{ type: "notes/opened" }, { type: "notes/edited", text: move.text }, { type: "notes/closed" }];
		case "submit":
			return [{ type: "dialog/submitRequested" }];
		case "edit":
			return [{ type: "tab/chosen", tab: move.question }];
		case "later":
			return [{ type: "dialog/deferRequested" }];
		// The review's Decline says what it does: it declines, asked or not (leave.ts).
		case "decline":
			return [{ type: "dialog/cancelRequested" }, { type: "dialog/declineChosen" }];
		case "leave":
			return [LEAVE_ACTIONS[move.choice]];
		case "cancel":
			return [{ type: "dialog/cancelRequested" }];
		case "typing":
			return move.field === "type"
				? [{ type: "draft/opened" }, { type: "draft/edited", text: move.text }]
				: [{ type: "notes/opened" }, { type: "notes/edited", text: move.text }];
		case "stop":
			return [...(move.typing ? moveActions(state, move.typing) : []), STOP_ACTIONS[move.reason]];
	}
}
