/**
 * One session's questionnaires, from the moment one is asked until it is settled: the one registry of what
 * is asked now (`open()`: a tool call's, a Pi below's, one reopened with `/answer`) and of what is pending
 * (`list()`: asked, not settled, and not asked now), and the one place that records them (records.ts):
 * `asked` as the person first sees it, what they give as they give it, `settled` at the end. One asked
 * unrecorded (nobody sees it here yet: a Pi below's, one waiting unseen for an extension) is recorded only
 * if it stays pending. Progress is written off the keystroke path: a change only schedules the write, at
 * most {@link PROGRESS_DELAY_MS} later, and `flush` writes at once (a call returning, the session ending,
 * the process exiting). The `asked` record names the tool call whose arguments in the session hold the
 * questions, or copies them when they are not there; it is written on the host's next turn where the host
 * can defer it, so it never stands between the call and the first frame; any later record of that questionnaire, and
 * every flush, writes it first. Restoring replaces the set with what the session's entries add up to, so
 * restoring twice changes nothing. When the session cannot be written (record-writer.ts) everything goes
 * on in memory: records wait in order, the latest progress is written once writing works again.
 * Pure: the session, the clock, the timer and randomness come in as functions (store-host.ts).
 */
import { emptyProgress, type Progress } from "../protocol/progress.ts";
import type { Outcome } from "../protocol/result.ts";
import { diffProgress } from "./progress-patch.ts";
import { RecordWriter } from "./record-writer.ts";
import { type AskedFacts, askedRecord, progressRecord, type QuestionnaireRecord, settledRecord } from "./records.ts";
import type { PendingQuestionnaire } from "./registry.ts";
import type { RestoredPending } from "./restore.ts";
import type { PendingStoreHost } from "./store-host.ts";

/** How far the session may lag behind what the person gives (typing included). */
const PROGRESS_DELAY_MS = 1_000;

/** One questionnaire asked now; `facts` until it is recorded (absent for one reopened: recorded long ago). */
interface Asking {
	item: PendingQuestionnaire;
	recorded: boolean;
	reopened: boolean;
	facts?: AskedFacts;
}

export class PendingStore {
	private items: readonly PendingQuestionnaire[] = [];
	/** Questionnaires asked now, in this process: not pending while they are. */
	private readonly asking = new Map<string, Asking>();
	/** Every id the session has used: a new one must be none of them. */
	private ids = new Set<string>();
	/** Per questionnaire, the progress the session's records add up to; patches are made against it. */
	private readonly recorded = new Map<string, Progress>();
	private readonly unsaved = new Set<string>();
	/** What `asked` records, not written yet (the host's next turn writes it, or anything written before). */
	private readonly unwrittenAsks = new Map<string, AskedFacts>();
	private cancelWrite: (() => void) | undefined;
	private readonly listeners = new Set<() => void>();
	private readonly host: PendingStoreHost;
	private readonly writer: RecordWriter;

	constructor(host: PendingStoreHost) {
		this.host = host;
		this.writer = new RecordWriter({
			append: (record) => host.append(record),
			later: host.later,
			report: (error) => host.report?.(error),
			retryDue: () => this.retryWrites(),
		});
	}

	/** Pending, oldest first. */
	list(): readonly PendingQuestionnaire[] {
		return this.items;
	}

	/** The questionnaires this process asks now (shown, waiting for the screen, or for an extension's answer). */
	open(): readonly PendingQuestionnaire[] {
		return [...this.asking.values()].map((a) => a.item);
	}

	/** True while `id` is asked now: its asker answers it, not the pending list. */
	isAsking(id: string): boolean {
		return this.asking.has(id);
	}

	/** A pending questionnaire by our id. */
	get(id: string): PendingQuestionnaire | undefined {
		return this.items.find((p) => p.id === id);
	}

	/** An id no questionnaire of this session has had. */
	newId(): string {
		for (;;) {
			const id = this.host.randomId();
			if (!this.ids.has(id) && !this.asking.has(id)) return id;
		}
	}

	/** A questionnaire is asked: recorded as the person first sees it, or (`record: false`) if it stays pending. */
	asked(facts: AskedFacts, { record = true }: { record?: boolean } = {}): void {
		const { id, callId, askedAt, questionnaire, from } = facts;
		const progress = emptyProgress(questionnaire.questions.length);
		this.ids.add(id);
		const item: PendingQuestionnaire = { id, askedAt, questionnaire, progress };
		if (callId !== undefined) item.callId = callId;
		if (from !== undefined) item.from = from;
		this.asking.set(id, { item, recorded: record, reopened: false, facts });
		if (!record) return;
		this.record(id, facts);
	}

	/** `/answer` opens pending `id` again: asked now until it is returned; undefined if it is not pending. */
	reopen(id: string): PendingQuestionnaire | undefined {
		const item = this.get(id);
		if (item === undefined || this.asking.has(id)) return undefined;
		this.asking.set(id, { item, recorded: true, reopened: true });
		this.items = this.items.filter((p) => p.id !== id);
		this.notify();
		return item;
	}

	/** What was given changed (asking now, or reopened with `/answer`); written within the delay. */
	progressed(id: string, progress: Progress): void {
		const asking = this.asking.get(id);
		if (asking) asking.item = { ...asking.item, progress };
		else if (this.get(id)) this.items = this.items.map((p) => (p.id === id ? { ...p, progress } : p));
		else return;
		if (asking?.recorded === false) return;
		this.unsaved.add(id);
		this.cancelWrite ??= this.host.later(() => {
			this.cancelWrite = undefined;
			this.writeGiven();
		}, PROGRESS_DELAY_MS);
	}

	/**
	 * Whoever asked `id` is done with it: it is pending from now on, or settled with `outcome` (one reopened
	 * by `/answer` as `settle` settles a pending one). False when another Pi settled it first.
	 */
	returned(id: string, ending: { pending: true } | { pending: false; outcome: Outcome }): boolean {
		const asking = this.asking.get(id);
		if (asking === undefined) return false;
		const { item, recorded, reopened, facts } = asking;
		if (ending.pending) {
			if (!recorded && facts !== undefined) {
				this.record(id, facts);
				this.unsaved.add(id);
			}
			this.flush(id);
			this.asking.delete(id);
			this.items = [...this.items.filter((p) => p.id !== id), item];
			this.notify();
			return true;
		}
		this.asking.delete(id);
		if (reopened) {
			this.items = [...this.items, item];
			return this.settle(id, ending.outcome);
		}
		if (recorded) {
			this.writeAsk(id);
			this.forget(id);
			this.write(settledRecord(id, ending.outcome, this.host.now()));
		}
		return true;
	}

	/**
	 * Ends a pending questionnaire for good (answered, declined or discarded), its result going to the agent as
	 * a late answer: recorded, gone from the list, subscribers told. False if it is not pending (already settled, or never was): the caller then does nothing.
	 */
	settle(id: string, outcome: Outcome): boolean {
		if (this.get(id) === undefined) return false;
		if (this.host.claim?.(id) === false) {
			// Settled in another Pi: gone here too, and nothing of ours is sent for it.
			this.forget(id);
			this.items = this.items.filter((p) => p.id !== id);
			this.notify();
			return false;
		}
		// What was given last is written first: should the late answer never reach the session, a restart
		// finds the questionnaire pending again (restore.ts) with everything it was settled with. While writes
		// fail it waits in memory with the settled record, in that order.
		this.writeAsk(id);
		this.writeProgress([id], true);
		this.forget(id);
		this.write(settledRecord(id, outcome, this.host.now(), true));
		this.items = this.items.filter((p) => p.id !== id);
		this.notify();
		return true;
	}

	/**
	 * Writes what was given and not yet recorded: for `id`, or for every questionnaire. Without `id` (the
	 * session ends, Pi exits) it tries once more even while writes fail: nothing else comes after it.
	 */
	flush(id?: string): void {
		if (id === undefined && this.writer.failing) this.writer.retry();
		this.writeGiven(id);
	}

	/** The session ends: a last try; what still cannot be written goes with it (it belonged to its file). */
	ended(): void {
		this.flush();
		this.writer.drop();
	}

	/** Replaces the pending set with what the session's entries add up to (session start, `/tree`). */
	restore(restored: Omit<RestoredPending, "substitutes" | "lost">): void {
		const pending = restored.pending.filter((p) => !this.asking.has(p.id));
		const same =
			pending.length === this.items.length &&
			pending.every(
				(p, i) => p.id === this.items[i]?.id && !diffProgress(p.progress, this.items[i]?.progress ?? p.progress),
			);
		this.items = pending;
		this.ids = new Set([...restored.ids, ...this.asking.keys()]);
		for (const id of [...this.recorded.keys()]) if (!this.asking.has(id)) this.forget(id);
		for (const p of pending) this.recorded.set(p.id, p.progress);
		if (!same) this.notify();
	}

	/** Called after every change of the set (not of what was given); returns the unsubscribe. */
	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private forget(id: string): void {
		this.recorded.delete(id);
		this.unsaved.delete(id);
	}

	/** Records `id` as asked: written on the host's next turn where it can defer it. */
	private record(id: string, facts: AskedFacts): void {
		this.recorded.set(id, emptyProgress(facts.questionnaire.questions.length));
		this.unwrittenAsks.set(id, facts);
		if (this.host.soon === undefined) this.writeAsk(id);
		else this.host.soon(() => this.writeAsk(id));
	}

	/** The `asked` records waiting for their turn, then the progress (kept back while writes fail). */
	private writeGiven(id?: string): void {
		for (const each of id === undefined ? [...this.unwrittenAsks.keys()] : [id]) this.writeAsk(each);
		this.writeProgress(id === undefined ? [...this.unsaved] : [id], false);
		if (this.unsaved.size === 0) {
			this.cancelWrite?.();
			this.cancelWrite = undefined;
		}
	}

	/**
	 * One progress record per questionnaire of `ids`, patched against what the session holds. While writes
	 * fail it stays in memory (`force`: unless it is about to be forgotten), so that the retry writes the
	 * latest once instead of a record per second of typing.
	 */
	private writeProgress(ids: readonly string[], force: boolean): void {
		if (this.writer.failing && !force) return;
		for (const each of ids) {
			if (!this.unsaved.delete(each)) continue;
			const current = this.asking.get(each)?.item ?? this.get(each);
			const before = this.recorded.get(each);
			if (current === undefined || before === undefined) continue;
			const patch = diffProgress(before, current.progress);
			if (patch === undefined) continue;
			const record = progressRecord(each, patch);
			if (force) this.write(record);
			else if (!this.writer.attempt(record)) {
				// Not written: it stays unsaved against what the session holds, and the retry writes the latest.
				this.unsaved.add(each);
				continue;
			}
			this.recorded.set(each, current.progress);
		}
	}

	/** The retry is due: what was kept back, then the progress; told once all of it is in the session. */
	private retryWrites(): void {
		if (!this.writer.retry()) return;
		this.writeGiven();
		if (this.writer.failing) return;
		this.writer.recovered();
		this.host.resumed?.();
	}

	/** Writes `id`'s `asked` record if it is still waiting for its turn. */
	private writeAsk(id: string): void {
		const facts = this.unwrittenAsks.get(id);
		if (facts === undefined) return;
		this.unwrittenAsks.delete(id);
		this.write(askedRecord(facts, (callId, questionnaire) => this.host.questionsInSession?.(callId, questionnaire)));
	}

	private write(record: QuestionnaireRecord): void {
		this.writer.write(record);
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
