/**
 * The live pending set a session's entries add up to, read in branch order (root to leaf, as Pi's
 * `sessionManager.getBranch()` gives them, so a fork keeps what its branch had): a `pending` record adds
 * a questionnaire or updates what was given so far (its place and time asked stay the first record's),
 * a `settled` record ends it for good — a later `pending` record of the same id never brings it back.
 * Entries of other types are not ours and are passed over; ours that cannot be read are counted, for
 * the adapter's one warning. Pure and total: never throws, whatever the entries hold.
 */
import { readRecord } from "./read-record.ts";
import { isPendingEntry, type SessionEntryLike } from "./records.ts";
import type { PendingQuestionnaire } from "./registry.ts";

export type { SessionEntryLike } from "./records.ts";

/** What the entries add up to. */
export interface RestoredPending {
	/** Oldest first. */
	pending: PendingQuestionnaire[];
	/** Our entries that were corrupt or of an unknown version, and so skipped. */
	skipped: number;
}

/** Reduces `entries` (branch order) to the questionnaires still pending. */
export function restorePending(entries: readonly SessionEntryLike[]): RestoredPending {
	const live = new Map<string, PendingQuestionnaire>();
	const settled = new Set<string>();
	let skipped = 0;
	for (const entry of entries) {
		if (!isPendingEntry(entry)) continue;
		const record = readable(entry.data);
		if (record === undefined) {
			skipped++;
			continue;
		}
		if (record.kind === "settled") {
			settled.add(record.id);
			live.delete(record.id);
			continue;
		}
		if (settled.has(record.id)) continue;
		const first = live.get(record.id);
		const { id, questionnaire, saved } = record;
		live.set(id, { id, askedAt: first?.askedAt ?? record.askedAt, questionnaire, saved });
	}
	return { pending: [...live.values()], skipped };
}

/** Plain JSON cannot throw here; a hostile getter or Proxy could. */
function readable(data: unknown): ReturnType<typeof readRecord> {
	try {
		return readRecord(data);
	} catch {
		return undefined;
	}
}
