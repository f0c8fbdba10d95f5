/**
 * A pending store over an in-memory session for unit tests: what it appends becomes the session's custom
 * entries (as JSON, as a session file holds them), the clock and the write timer are the test's, and ids
 * come from a counter (or a script, to test collisions).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { PENDING_ENTRY_TYPE, type QuestionnaireRecord, type SessionEntryLike } from "../../src/pending/records.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { type RestoredPending, restorePending } from "../../src/pending/restore.ts";
import { PendingStore } from "../../src/pending/store.ts";
import { emptyProgress, type Progress } from "../../src/protocol/progress.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "./questions.ts";

export const questionnaire = { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] };

/** An agent dir of the running test's own, removed when the test ends (thousands were left in /tmp). */
export function testAgentDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-agent-"));
	onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}

/** What a session file holds is JSON: no shared objects, nothing frozen. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
export const ours = (data: unknown): SessionEntryLike => ({ type: "custom", customType: PENDING_ENTRY_TYPE, data });

/** What a session's entries would add up to if they held exactly `pending`. */
export function restoredFrom(pending: PendingQuestionnaire[]): RestoredPending {
	return { pending, ids: new Set(pending.map((p) => p.id)), skipped: 0, lost: 0, substitutes: new Map() };
}

/** `emptyProgress(2)` with `changes` applied. */
export function progressWith(changes: Partial<Progress>): Progress {
	return { ...emptyProgress(2), ...changes };
}

export interface TestSession {
	entries: SessionEntryLike[];
	store: PendingStore;
	/** Runs the write that is due, if one is scheduled. */
	tick(): void;
	/** Whether a write is scheduled. */
	scheduled(): boolean;
	/** Runs what was left for the next turn (`deferAsks`: the `asked` records). */
	nextTurn(): void;
	/** The records appended so far. */
	records(): QuestionnaireRecord[];
	/** A new store restored from these entries (a restart). */
	restart(): TestSession;
}

export function testSession(
	options: { entries?: SessionEntryLike[]; ids?: string[]; append?: () => void; deferAsks?: boolean } = {},
): TestSession {
	const entries = options.entries ?? [];
	let due: (() => void) | undefined;
	let clock = 5_000;
	let counter = 0;
	const scripted = [...(options.ids ?? [])];
	const turn: (() => void)[] = [];
	const store = new PendingStore({
		append: (record) => {
			options.append?.();
			entries.push(ours(clone(record)));
		},
		now: () => clock++,
		later: (task) => {
			due = task;
			return () => {
				if (due === task) due = undefined;
			};
		},
		randomId: () => scripted.shift() ?? `q${++counter}`,
		...(options.deferAsks ? { soon: (task: () => void) => void turn.push(task) } : {}),
	});
	store.restore(restorePending(entries));
	return {
		entries,
		store,
		tick: () => {
			const task = due;
			due = undefined;
			task?.();
		},
		scheduled: () => due !== undefined,
		nextTurn: () => {
			for (const task of turn.splice(0)) task();
		},
		records: () => entries.map((e) => e.data as QuestionnaireRecord),
		restart: () => testSession({ entries: [...entries] }),
	};
}
