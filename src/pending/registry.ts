/**
 * The shared shape of pending questionnaires: asked and never settled, so the person may still answer.
 * Its call returned while it stays open (put aside, cut short) or never returned at all (Pi was closed, killed
 * or crashed while it was open). The store (src/pending/store.ts) keeps them; the footer status, `/answer`,
 * the answer channel and the late answer read them. Pure types; imports nothing from Pi or the terminal.
 */
import type { LateAnswerSource } from "../protocol/late-answer.ts";
import type { Progress } from "../protocol/progress.ts";

/** One questionnaire waiting for its answers: as it was asked, and what was given so far. */
export interface PendingQuestionnaire extends LateAnswerSource {
	progress: Progress;
}
