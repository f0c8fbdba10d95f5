/**
 * What a session records about pending questionnaires (`pi.appendEntry(PENDING_ENTRY_TYPE, record)`):
 * a `pending` record when one is put aside or cut short (again after each later visit, with what was
 * given by then), and one `settled` record when it is answered, declined or discarded. The session is
 * append-only, so the live set is what the branch's records add up to (restore.ts).
 * Pure data; imports nothing from Pi or the terminal.
 */
import type { Outcome, QuestionnaireResult } from "../protocol/result.ts";
import type { PendingQuestionnaire } from "./registry.ts";

/** The `customType` of our session entries; entries of other types are not ours and never read. */
export const PENDING_ENTRY_TYPE = "ask_user_question:pending";

/** The parts of a Pi session entry read here (`CustomEntry` has `customType` and `data`). */
export interface SessionEntryLike {
	type: string;
	customType?: string;
	data?: unknown;
}

/** True when `entry` is one of ours (whether or not it can be read). */
export function isPendingEntry(entry: SessionEntryLike): boolean {
	return entry.type === "custom" && entry.customType === PENDING_ENTRY_TYPE;
}

/** The record format; a record of another version is skipped (with the one warning), never guessed at. */
export const RECORD_VERSION = 1;

/** A questionnaire waiting for its answers, with everything given so far. */
export interface PendingRecord {
	v: typeof RECORD_VERSION;
	kind: "pending";
	id: string;
	askedAt: number;
	questionnaire: PendingQuestionnaire["questionnaire"];
	saved: QuestionnaireResult;
}

/** The end of a pending questionnaire: it never returns after this. */
export interface SettledRecord {
	v: typeof RECORD_VERSION;
	kind: "settled";
	id: string;
	/** How it ended: `answered`, `partial` or `declined` (a discarded one is declined). */
	outcome: Outcome;
	/** Epoch ms. */
	at: number;
}

export type QuestionnaireRecord = PendingRecord | SettledRecord;

/** The record that keeps `pending` (first time or updated). */
export function pendingRecord(pending: PendingQuestionnaire): PendingRecord {
	const { id, askedAt, questionnaire, saved } = pending;
	return { v: RECORD_VERSION, kind: "pending", id, askedAt, questionnaire, saved };
}

/** The record that ends `id` with `outcome` at `at`. */
export function settledRecord(id: string, outcome: Outcome, at: number): SettledRecord {
	return { v: RECORD_VERSION, kind: "settled", id, outcome, at };
}
