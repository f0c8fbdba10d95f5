/**
 * The one rule for leaving a questionnaire without submitting it, followed by every host: the TUI
 * reducer (Esc, Ctrl+C), the dialog walker (a dismissed dialog over RPC) and the accessible prompts
 * (which run the walker). DESIGN.md §8: declining is always an explicit choice that says the agent will
 * be told; no cancel key, pressed once or repeatedly, declines what holds anything given.
 *
 * - A fresh tool call with nothing given: a cancel declines at once, as other tools' dialogs do (the TUI
 *   footer names the key "decline"; nothing is lost).
 * - Anything given, or a questionnaire reopened from `/answer` (its call already returned): a cancel asks
 *   how to leave — keep answering, answer later, answered in chat (reopened only), or decline, each in
 *   words that say what the agent is told. "Keep answering" comes first, so Enter there loses nothing.
 * - A cancel while that question is asked puts the questionnaire aside (answer later): a repeated cancel
 *   key never declines. In `/answer` that leaves it pending and tells the agent nothing.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Ending } from "../protocol/result.ts";
import type { HintId } from "./hints.ts";

/** What a cancel does now: decline at once, ask how to leave, or put the questionnaire aside. */
export type CancelStep = "decline" | "ask" | "later";

/** What the rule needs to know about the questionnaire when a cancel arrives. */
export interface CancelSituation {
	/** Reopened from `/answer`: its tool call returned long ago, the person came back to it. */
	reopened: boolean;
	/** Something was given: an answer (typed text included), a tick committed, a note. */
	given: boolean;
	/** "How do you want to leave?" is being asked right now. */
	asking: boolean;
}

/** What a cancel does in `situation`. */
export function cancelStep(situation: CancelSituation): CancelStep {
	if (situation.asking) return "later";
	if (!situation.reopened && !situation.given) return "decline";
	return "ask";
}

/**
 * A host that cannot go on (an internal error, a dialog client past its budget) ends as a cancel would where
 * a cancel declines (a fresh call, nothing given), else as interrupted, keeping everything given (it stays
 * pending): never declining what holds answers.
 */
export function failedEnding(reopened: boolean, given: boolean): Ending {
	return cancelStep({ reopened, given, asking: false }) === "decline" ? "declined" : "interrupted";
}

/** The ways to leave, in the order they are offered ("chat" only on a reopened questionnaire). */
const LEAVE_CHOICES = ["keep", "later", "chat", "decline"] as const;

/** One way to leave: keep answering, answer later, answered in chat, decline. */
export type LeaveChoice = (typeof LEAVE_CHOICES)[number];

/** What each way to leave does, for every host (back to the questions, or how it ends), and its footer hint. */
export const LEAVE: Readonly<Record<LeaveChoice, { ending: Ending | "keep"; hint: HintId }>> = {
	keep: { ending: "keep", hint: "keepAnswering" },
	later: { ending: "deferred", hint: "answerLater" },
	chat: { ending: "answered_in_chat", hint: "answeredInChat" },
	decline: { ending: "declined", hint: "decline" },
};

/** The choices offered: "Answered in chat" only where the person could have chatted meanwhile. */
export function leaveChoices(reopened: boolean): readonly LeaveChoice[] {
	return reopened ? LEAVE_CHOICES : LEAVE_CHOICES.filter((c) => c !== "chat");
}
