/**
 * The questionnaire's state: one plain-JSON value (records and arrays only; no Map, Set, class or
 * function) that is the single source of truth for the full TUI. Derived facts live in `selectors.ts`.
 * Imports nothing from Pi, pi-tui or the terminal.
 */
import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import type { HostKind } from "../protocol/result.ts";
import type { LeaveChoice } from "./leave.ts";

/**
 * What the keyboard is talking to. `options`: a question tab's option list. `editing`: the free-text
 * draft of the current question. `notes`: the note of the current tab (the global note on the Submit
 * tab). `submit`: the Submit tab's Submit/Cancel choice. `leave`: "Stop answering?", how to leave
 * (leave.ts). `done`: the session has emitted `host/done`; every later action is a no-op.
 */
type Mode = "options" | "editing" | "notes" | "submit" | "leave" | "done";

/** The Submit tab's choices, in the order they are shown. */
export const SUBMIT_CHOICES = ["submit", "later", "cancel"] as const;

/** One choice of the Submit tab: send, put aside to answer later, or leave. */
export type SubmitChoice = (typeof SUBMIT_CHOICES)[number];

/** The constant shape of one question, copied from the questionnaire so routing needs no context. */
export interface QuestionShape {
	/** True for a multi-select question. */
	multi: boolean;
	/** Number of options the model supplied. */
	optionCount: number;
	/** Per option: true when it carries a markdown preview. */
	hasPreview: boolean[];
}

/** Which text an open editor belongs to. */
export type EditorTarget = "draft" | "notes";

/** An external editor that has been asked for and not yet returned. */
interface PendingExternal {
	requestId: number;
	tab: number;
	target: EditorTarget;
}

/** The whole questionnaire state. Arrays indexed by question have one entry per question. */
export interface QuestionnaireState {
	/** Constant: one entry per question. */
	shape: QuestionShape[];
	mode: Mode;
	/** The active tab: a question index, or `shape.length` for the Submit tab (only when >1 question). */
	tab: number;
	/** Per question: the focused row (options, then "Type something.", then "Next" for multi). */
	focus: number[];
	/** Per question: the committed answer, or null. */
	answers: (IndexedAnswer | null)[];
	/** Per question: per option, checked (multi-select only; all false for single-select). */
	checked: boolean[][];
	/** Per question: the free-text draft, kept across tab switches and collapse. */
	drafts: string[];
	/** Per question: the note (never marks the question answered). */
	notes: string[];
	/** The note on the whole questionnaire, edited on the Submit tab. */
	globalNote: string;
	/** The Submit tab's highlighted choice. */
	submitChoice: SubmitChoice;
	/** "Stop answering?"'s highlighted choice (mode `leave`). */
	leaveChoice: LeaveChoice;
	/** Constant: reopened from `/answer` (its tool call returned); leaving then never declines by a cancel. */
	reopened: boolean;
	/** True while the overlay is hidden so the transcript can be read. */
	collapsed: boolean;
	/** Per question: scroll offset of the focused option's preview (reset when the focus moves). */
	previewScroll: number[];
	/** The external editor request in flight, if any; results with another id are stale. */
	pendingExternal: PendingExternal | null;
	/** The id the next asynchronous request will carry (deterministic, no randomness). */
	nextRequestId: number;
}

/** What `reduce` needs besides the state: the questions (texts, labels, previews) and the host path. */
export interface ReduceContext {
	questions: readonly Question[];
	host: HostKind;
}
