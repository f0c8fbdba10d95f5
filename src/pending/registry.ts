/**
 * The shared shape of pending questionnaires: one whose tool call returned (deferred, or cut short)
 * while the person may still answer it. The store (src/pending/store.ts) keeps them; adapters read
 * them through {@link PendingRegistry}: the footer status and `/answer` (src/pi/pending-*.ts), the answer
 * channel, and the late answer (src/pi/late-answer.ts). Pure types; imports nothing from Pi or the terminal.
 */
import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";

/** One questionnaire waiting for its answers after its tool call returned (deferred or cut short). */
export interface PendingQuestionnaire {
	/** The tool call id it was asked under. */
	id: string;
	/** Epoch ms of the original call. */
	askedAt: number;
	/** The validated questions. */
	questionnaire: Questionnaire;
	/** What was given so far (answers, notes, drafts): the tool call's result. */
	saved: QuestionnaireResult;
}

/** The live set of pending questionnaires, one per session; adapters (status, /answer, the bus) read it. */
export interface PendingRegistry {
	/** Oldest first. */
	list(): readonly PendingQuestionnaire[];
	get(id: string): PendingQuestionnaire | undefined;
	/**
	 * Marks it settled (answered, declined or discarded), records that in the session and notifies
	 * subscribers; false if it is not pending (already settled, or never was): the caller then does nothing.
	 */
	settle(id: string, result: QuestionnaireResult): boolean;
	/** Called after every change of the set; returns the unsubscribe. */
	subscribe(listener: () => void): () => void;
}
