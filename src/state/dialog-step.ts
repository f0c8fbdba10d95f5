/**
 * The questionnaire one dialog at a time, for the hosts that ask that way (the dialog walker over RPC and
 * editor bridges, the accessible prompts): where a walk is (`WalkState`: the core's answers and the question,
 * review or "Stop answering?" shown), which dialog is due (`dialogStep`), and what a move of the person there
 * does (`applyMove`): the core's domain moves (answers.ts), the same the TUI's reducer makes — what an answer
 * is (ticks count from the first one), where the form goes next, what a cancel does (leave.ts), how it ends.
 * A driver only shows the step and reports the move. The words are the driver's.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { typedPart } from "../protocol/progress.ts";
import type { Ending, QuestionnaireResult } from "../protocol/result.ts";
import {
	type Answers,
	askedQuestions,
	chooseOption,
	commitChoices,
	editDraft,
	firstOpen,
	inRange,
	nextQuestion,
	type ReduceContext,
	setNote,
	typeAnswer,
} from "./answers.ts";
import { type CancelStep, cancelStep, failedEnding, LEAVE, type LeaveChoice, leaveChoices } from "./leave.ts";
import { KINDS } from "./question-kinds.ts";
import { buildResult, hasInput } from "./result.ts";

/** Where a walk is: the core's answers, the question shown (or the review: `shape.length`), and whether
 * "Stop answering?" is asked over it. */
export interface WalkState extends Answers {
	at: number;
	leaving: boolean;
}

/** A walk over `answers`, where the form opens (answers.ts `firstOpen`). */
export function walkFrom(answers: Answers, context: ReduceContext): WalkState {
	return { ...answers, at: firstOpen(answers, context), leaving: false };
}

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
	| { kind: "leave"; choices: readonly LeaveChoice[]; cancel: CancelStep };

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
	/** A text input was left holding `text`: kept as the TUI's editor keeps it on Esc, without moving on. */
	| { kind: "kept"; field: "type" | "note"; text: string }
	/** Text being typed in an input still open (not a move of its own: what `stop` keeps, and what is recorded). */
	| Typing
	/**
	 * The host stopped: an abort, the answer timeout, or it cannot go on (leave.ts `failedEnding`). Text
	 * being typed then is kept, as the TUI's editor keeps it when the call is cut short.
	 */
	| { kind: "stop"; reason: "interrupted" | "timed_out" | "failed"; typing?: Typing };

/** The typed answer or the note, as an input holds it while the person types. */
export type Typing = { kind: "typing"; field: "type" | "note"; text: string };

/** The dialog `state` is due to show. */
export function dialogStep(state: WalkState, context: ReduceContext): DialogStep {
	const cancel = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: state.leaving });
	if (state.leaving) return { kind: "leave", choices: leaveChoices(state.reopened), cancel };
	const asked = askedQuestions(state, context);
	const shape = state.shape[state.at];
	if (!shape) {
		const edits = asked.map((question): ReviewRow => ({ kind: "edit", question }));
		return { kind: "review", rows: [{ kind: "submit" }, ...edits, { kind: "later" }, { kind: "decline" }], cancel };
	}
	const checked = state.checked[state.at] ?? [];
	const ticks = KINDS[shape.kind].ticks;
	const rows: QuestionRow[] = Array.from({ length: shape.optionCount }, (_, option) =>
		ticks ? { kind: "option", option, checked: checked[option] === true } : { kind: "option", option },
	);
	if (ticks) {
		const text = typedPart(state.answers[state.at]);
		if (text !== undefined) rows.push({ kind: "typed", text });
		rows.push({ kind: "done", count: checked.filter(Boolean).length + (text === undefined ? 0 : 1) });
	}
	rows.push({ kind: "type" }, { kind: "note" });
	if (shape.hasPreview.some(Boolean)) rows.push({ kind: "previews" });
	if (asked.some((q) => q < state.at)) rows.push({ kind: "back" });
	return { kind: "question", question: state.at, rows, cancel };
}

type Moved = { state: WalkState; result?: QuestionnaireResult };

/** `state` after `move`, and the result when that ended the questionnaire. */
export function applyMove(state: WalkState, move: Move, context: ReduceContext): Moved {
	const q = state.at;
	const end = (ending: Ending): Moved => ({ state, result: buildResult(state, context, ending) });
	const moveOn = (s: WalkState): Moved => {
		const next = nextQuestion(s, q, context);
		return next === "end" ? { state: s, result: buildResult(s, context, "submitted") } : { state: { ...s, at: next } };
	};
	switch (move.kind) {
		case "option": {
			const chosen = chooseOption(state, q, move.option);
			const kind = state.shape[q]?.kind;
			return chosen !== state && kind && KINDS[kind].choosingMovesOn ? moveOn(chosen) : { state: chosen };
		}
		case "typed":
			return { state: typeAnswer(state, q, "") };
		case "done":
			return state.shape[q] ? moveOn(commitChoices(state, q)) : { state };
		case "back": {
			const before = askedQuestions(state, context).filter((b) => b < q);
			return { state: { ...state, at: before.at(-1) ?? q } };
		}
		// An input sent back blank typed nothing (a host cannot say it was erased): the answer stays as it was.
		case "type":
			return move.text.trim() === "" || !state.shape[q] ? { state } : moveOn(typeAnswer(state, q, move.text));
		case "note":
			return { state: setNote(state, q, move.text) };
		case "kept":
			return { state: move.field === "note" ? setNote(state, q, move.text) : typeAnswer(state, q, move.text) };
		case "submit":
			return end("submitted");
		case "edit":
			return inRange(move.question, state.shape.length) ? { state: { ...state, at: move.question } } : { state };
		case "later":
			return end("deferred");
		// The review's Decline says what it does: it declines, asked or not (leave.ts).
		case "decline":
			return end("declined");
		case "leave": {
			const ending = LEAVE[move.choice].ending;
			if (ending === "keep") return { state: { ...state, leaving: false } };
			return leaveChoices(state.reopened).includes(move.choice) ? end(ending) : { state };
		}
		case "cancel": {
			const step = cancelStep({ reopened: state.reopened, given: hasInput(state), asking: state.leaving });
			return step === "ask" ? { state: { ...state, leaving: true } } : end(step === "later" ? "deferred" : "declined");
		}
		case "typing":
			return { state: move.field === "type" ? editDraft(state, q, move.text) : setNote(state, q, move.text) };
		case "stop": {
			const typed = move.typing ? applyMove(state, move.typing, context).state : state;
			const ending = move.reason === "failed" ? failedEnding(typed.reopened, hasInput(typed)) : move.reason;
			return { state: typed, result: buildResult(typed, context, ending) };
		}
	}
}
