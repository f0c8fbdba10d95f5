import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireRecord } from "./records.ts";

/** What the pending store (store.ts) is built from: the session, the clock, the timer, randomness. */
export interface PendingStoreHost {
	/** Appends one record to the session; throws when it cannot (a full disk, a stale session). */
	append(record: QuestionnaireRecord): void;
	/** Epoch ms. */
	now(): number;
	/** Runs `task` once after `ms`; returns what cancels it. */
	later(task: () => void, ms: number): () => void;
	/** Runs `task` a moment later, after what the current turn draws (absent: records are written at once). */
	soon?(task: () => void): void;
	/** A fresh random id; the store makes sure it is unique in the session. */
	randomId(): string;
	/**
	 * Told when a record could not be appended, once per failure: the set still changes and what is given is
	 * kept, but a restart would not see it until writing works again.
	 */
	report?(error: unknown): void;
	/** Told when writing works again after a failure and everything kept in memory is in the session. */
	resumed?(): void;
	/** False when another Pi settled `id` already (pi/settle-claim.ts); absent: this process is the only one. */
	claim?(id: string): boolean;
	/**
	 * True when the session holds tool call `callId`'s arguments and they read as `questionnaire`: its `asked`
	 * record then names the call instead of copying the questions (absent: always a copy).
	 */
	questionsInSession?(callId: string, questionnaire: Questionnaire): boolean;
}
