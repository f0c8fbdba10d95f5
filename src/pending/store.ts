/**
 * One session's questionnaires, from the moment one is shown until it is settled, and the one place that
 * records them (records.ts): `asked` as the person first sees it, what they give as they give it, `settled` at
 * the end. The set `list()` shows is what is pending: asked, not settled, and not being asked by a call
 * running now. Progress is written off the keystroke path: a change only schedules the write, at most
 * {@link PROGRESS_DELAY_MS} later, and `flush` writes at once (a call returning, the session ending, the
 * process exiting). The `asked` record names the tool call whose arguments in the session hold the
 * questions, or copies them when they are not there (previews included: up to megabytes); it is written on
 * the host's next turn where the host can defer it, so it never stands between the call and the first frame;
 * any later record of that questionnaire, and every flush, writes it first. Restoring replaces the set with
 * what the session's entries add up to, so restoring twice changes nothing. Pure: the session, the clock,
 * the timer and randomness come in as functions.
 */
import { emptyProgress, type Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { Outcome } from "../protocol/result.ts";
import { diffProgress } from "./progress-patch.ts";
import { type AskedFacts, askedRecord, progressRecord, type QuestionnaireRecord, settledRecord } from "./records.ts";
import type { PendingQuestionnaire } from "./registry.ts";
import type { RestoredPending } from "./restore.ts";

/** How far the session may lag behind what the person gives (typing included). */
const PROGRESS_DELAY_MS = 1_000;

/** What the store is built from. */
export interface PendingStoreHost {
	/** Appends one record to the session; may throw (a stale session), which `report` hears of. */
	append(record: QuestionnaireRecord): void;
	/** Epoch ms. */
	now(): number;
	/** Runs `task` once after `ms`; returns what cancels it. */
	later(task: () => void, ms: number): () => void;
	/** Runs `task` on the next turn, after what the current one draws (absent: records are written at once). */
	soon?(task: () => void): void;
	/** A fresh random id; the store makes sure it is unique in the session. */
	randomId(): string;
	/** Told when a record could not be appended: the set still changes, but a restart will not see it. */
	report?(error: unknown): void;
	/** False when another Pi settled `id` already (pi/settle-claim.ts); absent: this process is the only one. */
	claim?(id: string): boolean;
	/**
	 * True when the session holds tool call `callId`'s arguments and they read as `questionnaire`: its `asked`
	 * record then names the call instead of copying the questions (absent: always a copy).
	 */
	questionsInSession?(callId: string, questionnaire: Questionnaire): boolean;
}

export class PendingStore {
	private items: readonly PendingQuestionnaire[] = [];
	/** Questionnaires whose call is asking now, in this process: not pending while it runs. */
	private readonly asking = new Map<string, PendingQuestionnaire>();
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

	constructor(host: PendingStoreHost) {
		this.host = host;
	}

	/** Pending, oldest first. */
	list(): readonly PendingQuestionnaire[] {
		return this.items;
	}

	/** The questionnaires a call of this process is asking now (shown, or waiting for the screen). */
	open(): readonly PendingQuestionnaire[] {
		return [...this.asking.values()];
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

	/** A call shows a questionnaire: recorded as the person first sees it. */
	asked(facts: AskedFacts): void {
		const { id, callId, askedAt, questionnaire, from } = facts;
		const progress = emptyProgress(questionnaire.questions.length);
		this.ids.add(id);
		const item: PendingQuestionnaire = { id, askedAt, questionnaire, progress };
		if (callId !== undefined) item.callId = callId;
		if (from !== undefined) item.from = from;
		this.asking.set(id, item);
		this.recorded.set(id, progress);
		this.unwrittenAsks.set(id, facts);
		if (this.host.soon === undefined) this.writeAsk(id);
		else this.host.soon(() => this.writeAsk(id));
	}

	/** What was given changed (asking now, or reopened with `/answer`); written within the delay. */
	progressed(id: string, progress: Progress): void {
		const asking = this.asking.get(id);
		if (asking) this.asking.set(id, { ...asking, progress });
		else if (this.get(id)) this.items = this.items.map((p) => (p.id === id ? { ...p, progress } : p));
		else return;
		this.unsaved.add(id);
		this.cancelWrite ??= this.host.later(() => {
			this.cancelWrite = undefined;
			this.flush();
		}, PROGRESS_DELAY_MS);
	}

	/** The call asking `id` returned: the questionnaire is pending from now on, or settled with `outcome`. */
	returned(id: string, ending: { pending: true } | { pending: false; outcome: Outcome }): void {
		const asking = this.asking.get(id);
		if (asking === undefined) return;
		if (!ending.pending) {
			this.writeAsk(id);
			this.asking.delete(id);
			this.forget(id);
			this.write(settledRecord(id, ending.outcome, this.host.now()));
			return;
		}
		this.flush(id);
		this.asking.delete(id);
		this.items = [...this.items.filter((p) => p.id !== id), asking];
		this.notify();
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
		// finds the questionnaire pending again (restore.ts) with everything it was settled with.
		this.flush(id);
		this.forget(id);
		this.write(settledRecord(id, outcome, this.host.now(), true));
		this.items = this.items.filter((p) => p.id !== id);
		this.notify();
		return true;
	}

	/** Writes what was given and not yet recorded: for `id`, or for every questionnaire. */
	flush(id?: string): void {
		for (const each of id === undefined ? [...this.unwrittenAsks.keys()] : [id]) this.writeAsk(each);
		for (const each of id === undefined ? [...this.unsaved] : [id]) {
			if (!this.unsaved.delete(each)) continue;
			const current = this.asking.get(each) ?? this.get(each);
			const before = this.recorded.get(each);
			if (current === undefined || before === undefined) continue;
			const patch = diffProgress(before, current.progress);
			this.recorded.set(each, current.progress);
			if (patch) this.write(progressRecord(each, patch));
		}
		if (this.unsaved.size === 0) {
			this.cancelWrite?.();
			this.cancelWrite = undefined;
		}
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

	/** Writes `id`'s `asked` record if it is still waiting for its turn. */
	private writeAsk(id: string): void {
		const facts = this.unwrittenAsks.get(id);
		if (facts === undefined) return;
		this.unwrittenAsks.delete(id);
		this.write(askedRecord(facts, this.byReference(facts)));
	}

	/** Relayed questions are not in this session; a call's are, unless another extension called the tool. */
	private byReference({ callId, from, questionnaire }: AskedFacts): boolean {
		if (callId === undefined || from !== undefined) return false;
		try {
			return this.host.questionsInSession?.(callId, questionnaire) === true;
		} catch {
			return false;
		}
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
