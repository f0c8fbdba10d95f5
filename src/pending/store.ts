/**
 * The live set of one session's pending questionnaires ({@link PendingRegistry}), and the one place
 * that records changes to it: every change is appended to the session first (`append`, Pi's
 * `appendEntry` in the adapter), then the set changes and subscribers hear of it. Restoring replaces
 * the set with what the session's entries add up to, so restoring twice changes nothing.
 * Pure: the session, the clock and the error report come in as functions.
 */
import type { QuestionnaireResult } from "../protocol/result.ts";
import { pendingRecord, type QuestionnaireRecord, settledRecord } from "./records.ts";
import type { PendingQuestionnaire, PendingRegistry } from "./registry.ts";

/** What the store is built from. */
export interface PendingStoreHost {
	/** Appends one record to the session; may throw (a stale session), which `report` hears of. */
	append(record: QuestionnaireRecord): void;
	/** Epoch ms. */
	now(): number;
	/** Told when a record could not be appended: the set still changes, but a restart will not see it. */
	report?(error: unknown): void;
}

export class PendingStore implements PendingRegistry {
	private items: readonly PendingQuestionnaire[] = [];
	private readonly listeners = new Set<() => void>();
	private readonly host: PendingStoreHost;

	constructor(host: PendingStoreHost) {
		this.host = host;
	}

	list(): readonly PendingQuestionnaire[] {
		return this.items;
	}

	get(id: string): PendingQuestionnaire | undefined {
		return this.items.find((p) => p.id === id);
	}

	/** Replaces the set (session start); subscribers hear of it only when it differs. */
	restore(pending: readonly PendingQuestionnaire[]): void {
		const same =
			pending.length === this.items.length &&
			pending.every((p, i) => p.id === this.items[i]?.id && p.saved === this.items[i]?.saved);
		this.items = [...pending];
		if (!same) this.notify();
	}

	/** Records `pending` as waiting (new, or with what was given since): its place in the list stays. */
	record(pending: PendingQuestionnaire): void {
		this.write(pendingRecord(pending));
		const at = this.items.findIndex((p) => p.id === pending.id);
		this.items = at < 0 ? [...this.items, pending] : this.items.map((p, i) => (i === at ? pending : p));
		this.notify();
	}

	settle(id: string, result: QuestionnaireResult): boolean {
		if (this.get(id) === undefined) return false;
		this.write(settledRecord(id, result.outcome, this.host.now()));
		this.items = this.items.filter((p) => p.id !== id);
		this.notify();
		return true;
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private write(record: QuestionnaireRecord): void {
		try {
			this.host.append(record);
		} catch (error) {
			this.host.report?.(error);
		}
	}

	private notify(): void {
		for (const listener of [...this.listeners]) {
			try {
				listener();
			} catch {
				// One listener's failure must not keep the others (the footer, the bus) from hearing of it.
			}
		}
	}
}
