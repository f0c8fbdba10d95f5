/**
 * The closed union of effects `reduce` asks for. Plain objects, executed by one runner in the TUI
 * session, which is the only code that touches the terminal, the editor, the overlay or `done`.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { QuestionnaireResult } from "../protocol/result.ts";
import type { QuestionnaireState } from "./types.ts";

/** Every side effect the questionnaire can request. */
export type Effect =
	/** The state changed: draw again. */
	| { type: "host/requestRender" }
	/** The questionnaire is over; emitted at most once per session. */
	| { type: "host/done"; result: QuestionnaireResult }
	/** Hide or show the overlay (collapse). */
	| { type: "overlay/setHidden"; hidden: boolean }
	/**
	 * Load `text` into the embedded editor (on opening a draft or note, or after the external editor).
	 * `undoTo`: the text one undo goes back to (the draft before a key typed on its row, the text before the
	 * external editor); absent, the editor starts with no history, so undo never reaches another text.
	 */
	| { type: "editor/setText"; text: string; undoTo?: string }
	/** Open the external editor on `text`; answer with `editor/externalReturned` carrying `requestId`. */
	| { type: "editor/openExternal"; requestId: number; text: string };

/** The outcome of one `reduce` step. */
export interface Transition {
	state: QuestionnaireState;
	effects: Effect[];
}

/** Compile-time exhaustiveness guard for switches over closed unions. */
export function assertNever(value: never): never {
	throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
