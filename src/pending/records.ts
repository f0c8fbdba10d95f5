/**
 * What a session records about questionnaires (`pi.appendEntry(PENDING_ENTRY_TYPE, record)`), so that no
 * way of walking away loses what the person gave — not a closed terminal, not SIGKILL, not a crash:
 * - `asked` when a questionnaire is first shown: its questions, once — by reference when they are its tool
 *   call's arguments, which Pi has in the session already (the previews alone may be megabytes), a copy
 *   otherwise (relayed questions; earlier versions copied them always, and those records still read);
 * - `progress` as what was given changes (answers, ticks, drafts, notes, the overall note), a patch of the
 *   last record (progress-patch.ts), typing at most a second behind;
 * - `settled` when it ends for good (answered, declined, …) — it never comes back after that; one settled
 *   for a late answer (`late`) ends only once that message is in the session too (restore.ts);
 * - `substitute` once for a call that never returned (Pi died with it open): the text the model reads for
 *   it from then on, whatever happens to the questionnaire later (tool/orphan-calls.ts).
 * A questionnaire asked and never settled is pending: its call returned while it stays open (answer later,
 * cut short) or never returned at all (the process died). The session is append-only, so the live set is
 * what the branch's records add up to (restore.ts).
 * Pure data; imports nothing from Pi or the terminal.
 */
import type { Origin } from "../protocol/origin.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { Outcome } from "../protocol/result.ts";
import { attempt } from "../util/records.ts";
import type { ProgressPatch } from "./progress-patch.ts";
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
export const RECORD_VERSION = 2;

/** A questionnaire shown to the person. `id` is ours (unique in the session); `call` names its tool call. */
export interface AskedRecord {
	v: typeof RECORD_VERSION;
	kind: "asked";
	id: string;
	call?: string;
	/** Epoch ms. */
	askedAt: number;
	/** Absent: the questions are the arguments of `call` in the session (read back as the tool reads them). */
	questionnaire?: Questionnaire;
	/** The Pi below that asked it, when it was relayed (src/relay). */
	from?: Origin;
}

/** What changed in what was given since the questionnaire's previous record. */
export interface ProgressRecord {
	v: typeof RECORD_VERSION;
	kind: "progress";
	id: string;
	patch: ProgressPatch;
}

/** The end of a questionnaire: it never returns after this. */
export interface SettledRecord {
	v: typeof RECORD_VERSION;
	kind: "settled";
	id: string;
	/** How it ended (a discarded one is declined). */
	outcome: Outcome;
	/** Epoch ms. */
	at: number;
	/**
	 * Its answer goes to the agent as a late answer message, which Pi may hold in memory for a while (queued
	 * while the agent works): until that message is in the session too, a restart finds it pending again.
	 */
	late?: true;
}

/** What the model reads, in every request from now on, for the call `call` that never returned. */
export interface SubstituteRecord {
	v: typeof RECORD_VERSION;
	kind: "substitute";
	id: string;
	call: string;
	text: string;
}

export type QuestionnaireRecord = AskedRecord | ProgressRecord | SettledRecord | SubstituteRecord;

/** What `asked` records: the questionnaire's facts, without what was given. */
export type AskedFacts = Omit<PendingQuestionnaire, "progress">;

/**
 * The `asked` record of `facts`; `byReference`: the session holds the call's arguments and they read as
 * these questions, so the record names the call instead of copying them.
 */
export function askedRecord(
	{ id, callId, askedAt, questionnaire, from }: AskedFacts,
	inSession?: (callId: string, questionnaire: Questionnaire) => boolean | undefined,
): AskedRecord {
	const record: AskedRecord = { v: RECORD_VERSION, kind: "asked", id, askedAt };
	if (callId !== undefined) record.call = callId;
	// Relayed questions are not in this session; a call's are, unless another extension called the tool.
	const named =
		callId !== undefined && from === undefined && attempt(() => inSession?.(callId, questionnaire) === true, false);
	if (!named) record.questionnaire = questionnaire;
	if (from !== undefined) record.from = from;
	return record;
}

export function progressRecord(id: string, patch: ProgressPatch): ProgressRecord {
	return { v: RECORD_VERSION, kind: "progress", id, patch };
}

export function settledRecord(id: string, outcome: Outcome, at: number, late = false): SettledRecord {
	const record: SettledRecord = { v: RECORD_VERSION, kind: "settled", id, outcome, at };
	if (late) record.late = true;
	return record;
}

export function substituteRecord(id: string, call: string, text: string): SubstituteRecord {
	return { v: RECORD_VERSION, kind: "substitute", id, call, text };
}
