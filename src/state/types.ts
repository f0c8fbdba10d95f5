/**
 * The TUI's state: the core's answers (answers.ts) composed with the screen state only the full TUI has —
 * which tab and row are focused, which editor is open, the highlighted choices, collapse, preview scroll.
 * One plain-JSON value (records and arrays only; no Map, Set, class or function). Derived facts live in
 * `selectors.ts`. Imports nothing from Pi, pi-tui or the terminal.
 */
import type { Answers } from "./answers.ts";
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

/** Which text an open editor belongs to. */
export type EditorTarget = "draft" | "notes";

/** An external editor that has been asked for and not yet returned. */
interface PendingExternal {
	requestId: number;
	tab: number;
	target: EditorTarget;
}

/** The whole TUI state: the answers plus the screen. Arrays indexed by question have one entry per question. */
export interface QuestionnaireState extends Answers {
	mode: Mode;
	/** The active tab: a question index, or `shape.length` for the Submit tab (only when >1 question). */
	tab: number;
	/** Per question: the focused row (options, then "Type something.", then "Next" for multi). */
	focus: number[];
	/** The Submit tab's highlighted choice. */
	submitChoice: SubmitChoice;
	/** "Stop answering?"'s highlighted choice (mode `leave`). */
	leaveChoice: LeaveChoice;
	/** True while the overlay is hidden so the transcript can be read. */
	collapsed: boolean;
	/** Per question: scroll offset of the focused option's preview (reset when the focus moves). */
	previewScroll: number[];
	/** The external editor request in flight, if any; results with another id are stale. */
	pendingExternal: PendingExternal | null;
	/** The id the next asynchronous request will carry (deterministic, no randomness). */
	nextRequestId: number;
}
