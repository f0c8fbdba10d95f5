/**
 * The closed union of user and host events the questionnaire reacts to. Names are namespaced and past
 * tense: they say what happened, not which field to set. Results of effects come back as actions too,
 * tagged with the request id they answer.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { LeaveChoice } from "./leave.ts";

/** Every event `reduce` understands. */
export type Action =
	/** The focus moved within the current list (up/down wrap; first/last jump to an edge). */
	| { type: "nav/focusMoved"; direction: "up" | "down" | "first" | "last" }
	/** A single-select option was chosen (Enter on it, or its digit). */
	| { type: "answer/optionChosen"; option: number }
	/** A multi-select option was checked or unchecked (Space, Enter on it, or its digit). */
	| { type: "multi/optionToggled"; option: number }
	/** The multi-select "Next" row was chosen: the checked options become the answer. */
	| { type: "multi/committed" }
	/** The user moved to the next or previous tab (wrapping). */
	| { type: "tab/switched"; direction: "next" | "prev" }
	/** The user chose question `tab` to answer again from the Submit tab (the dialogs' review: Edit <header>). */
	| { type: "tab/chosen"; tab: number }
	/** The user opened the "Type something." editor of the current question. */
	| { type: "draft/opened" }
	/** The user typed `text` (one key's) on the "Type something." row: the draft opens with it at the end. */
	| { type: "draft/typedOnRow"; text: string }
	/** The person edited the draft in the embedded editor: `text` is what it holds now. */
	| { type: "draft/edited"; text: string }
	/** The user confirmed the draft (Enter): it becomes the typed answer and the form moves on. */
	| { type: "draft/confirmed" }
	/** The user left the draft editor with Esc: a non-empty draft is the typed answer all the same. */
	| { type: "draft/closed" }
	/** The user opened the note editor of the current tab (the global note on the Submit tab). */
	| { type: "notes/opened" }
	/** The person edited the note in the embedded editor: `text` is what it holds now. */
	| { type: "notes/edited"; text: string }
	/** The user closed the note editor (Enter or Esc); the note is kept. */
	| { type: "notes/closed" }
	/** The user asked to submit what has been answered so far. */
	| { type: "dialog/submitRequested" }
	/** The user asked to leave the questionnaire (Esc, Ctrl+C, or Cancel on the Submit tab): see leave.ts. */
	| { type: "dialog/cancelRequested" }
	/** The user put the questionnaire aside to answer later (it stays pending with everything entered). */
	| { type: "dialog/deferRequested" }
	/** The user chose a way to leave in "Stop answering?" (`keep`: any other key too): see leave.ts `LEAVE`. */
	| { type: "dialog/leaveChosen"; choice: LeaveChoice }
	/** The user hid or re-showed the overlay. */
	| { type: "view/collapseToggled" }
	/** The user scrolled the focused option's preview by `delta` lines; `shown`: see `ShownPreview`. */
	| { type: "preview/scrolled"; delta: number; shown?: ShownPreview }
	/** The user scrolled the focused option's preview by one page (PgUp / PgDn over a preview). */
	| { type: "preview/paged"; direction: "up" | "down"; shown?: ShownPreview }
	/** The user asked for the external editor (Ctrl+G) while editing a draft or note. */
	| { type: "editor/externalRequested" }
	/** The external editor closed: `text` is its content, undefined when it was cancelled or failed. */
	| { type: "editor/externalReturned"; requestId: number; text: string | undefined }
	/** The tool call was aborted (the agent was interrupted). */
	| { type: "host/aborted" }
	/** The host's time limit ran out. */
	| { type: "host/timedOut" }
	/** The host cannot go on (an internal error, a dialog client past its budget): see `giveUp`. */
	| { type: "host/failed" };

/**
 * What the last frame showed of a preview, which only the view can know: the session adds it to a scroll
 * or page of the preview, so rendering never has to report back. `rows`: its lines of text (a page is one
 * less). `maxOffset`: the largest offset that still fills the pane, once it is laid out to its end.
 */
export interface ShownPreview {
	tab: number;
	option: number;
	rows: number;
	maxOffset: number | undefined;
}
