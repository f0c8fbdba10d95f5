/**
 * The pending store: recording a questionnaire put aside (and its later progress), restoring the set a
 * session's entries add up to (idempotent, branch order, a fork keeping what its branch had), settled
 * questionnaires never coming back, and corrupt or foreign entries skipped and counted — never a throw.
 */
import { describe, expect, it } from "vitest";
import {
	PENDING_ENTRY_TYPE,
	pendingRecord,
	type QuestionnaireRecord,
	settledRecord,
} from "../../src/pending/records.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { restorePending, type SessionEntryLike } from "../../src/pending/restore.ts";
import { PendingStore } from "../../src/pending/store.ts";
import { ageOf, summarize } from "../../src/pending/summary.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";

const questionnaire = { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] };
const redis = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" } as const;

function deferred(id: string, answers: QuestionnaireResult["answers"] = []): PendingQuestionnaire {
	const saved = { ...finishedResult("tui", 2, "deferred", { answers }), pendingId: id };
	return { id, askedAt: 1_000, questionnaire, saved };
}

/** A store over an in-memory session: what it appends becomes the session's custom entries. */
function session() {
	const entries: SessionEntryLike[] = [];
	let clock = 5_000;
	const store = new PendingStore({
		append: (record) => entries.push({ type: "custom", customType: PENDING_ENTRY_TYPE, data: clone(record) }),
		now: () => clock++,
	});
	return { entries, store };
}

/** What a session file holds is JSON: no shared objects, nothing frozen. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const ours = (data: unknown): SessionEntryLike => ({ type: "custom", customType: PENDING_ENTRY_TYPE, data });
const ids = (pending: readonly PendingQuestionnaire[]) => pending.map((p) => p.id);

describe("recording", () => {
	it("appends a pending record and adds it to the list; subscribers hear of it", () => {
		const { entries, store } = session();
		let heard = 0;
		store.subscribe(() => heard++);
		store.record(deferred("call_1"));
		expect(ids(store.list())).toEqual(["call_1"]);
		expect(store.get("call_1")?.saved.outcome).toBe("deferred");
		expect(entries).toEqual([ours(clone(pendingRecord(deferred("call_1"))))]);
		expect(heard).toBe(1);
	});

	it("recording again updates what was given so far, in place, one more record", () => {
		const { entries, store } = session();
		store.record(deferred("a"));
		store.record(deferred("b"));
		store.record(deferred("a", [redis]));
		expect(ids(store.list())).toEqual(["a", "b"]);
		expect(store.get("a")?.saved.answers).toEqual([redis]);
		expect(entries).toHaveLength(3);
	});

	it("settle ends it once: a settled record, gone from the list; a second settle is refused", () => {
		const { entries, store } = session();
		store.record(deferred("a"));
		const answered = finishedResult("tui", 2, "submitted", { answers: [redis] });
		expect(store.settle("a", answered)).toBe(true);
		expect(store.list()).toEqual([]);
		expect(entries.at(-1)?.data).toEqual(settledRecord("a", "partial", 5_000));
		expect(store.settle("a", answered)).toBe(false);
		expect(store.settle("never", answered)).toBe(false);
		expect(entries).toHaveLength(2);
	});

	it("a session that cannot be written to is reported; the list still changes", () => {
		const errors: unknown[] = [];
		const store = new PendingStore({
			append: () => {
				throw new Error("stale");
			},
			now: () => 0,
			report: (e) => errors.push(e),
		});
		store.record(deferred("a"));
		expect(ids(store.list())).toEqual(["a"]);
		expect(errors).toHaveLength(1);
	});

	it("a throwing subscriber does not keep the others from hearing", () => {
		const { store } = session();
		let heard = 0;
		store.subscribe(() => {
			throw new Error("boom");
		});
		store.subscribe(() => heard++);
		store.record(deferred("a"));
		expect(heard).toBe(1);
	});
});

describe("restoring", () => {
	it("a fresh store over the same entries has the same list, with the progress and the first time asked", () => {
		const first = session();
		first.store.record(deferred("a"));
		first.store.record(deferred("b"));
		first.store.record({ ...deferred("a", [redis]), askedAt: 9_999 });
		const restored = restorePending(first.entries);
		expect(restored.skipped).toBe(0);
		expect(ids(restored.pending)).toEqual(["a", "b"]);
		expect(restored.pending[0]).toMatchObject({ askedAt: 1_000, saved: { answers: [redis] } });
		expect(restored.pending[0]?.questionnaire.questions).toMatchObject(questionnaire.questions);
	});

	it("is idempotent: restoring the same entries twice gives the same set, and restore replaces the set", () => {
		const { entries, store } = session();
		store.record(deferred("a"));
		const again = new PendingStore({ append: () => {}, now: () => 0 });
		again.restore(restorePending(entries).pending);
		again.restore(restorePending(entries).pending);
		expect(ids(again.list())).toEqual(["a"]);
		expect(restorePending(entries)).toEqual(restorePending(entries));
		again.restore([]);
		expect(again.list()).toEqual([]);
	});

	it("answered and dismissed questionnaires never return, even if a later pending record names them", () => {
		const { entries, store } = session();
		store.record(deferred("answered"));
		store.record(deferred("dismissed"));
		store.record(deferred("open"));
		store.settle("answered", finishedResult("tui", 2, "submitted", { answers: [redis] }));
		store.settle("dismissed", finishedResult("tui", 2, "declined", { answers: [] }));
		entries.push(ours(pendingRecord(deferred("answered"))));
		expect(ids(restorePending(entries).pending)).toEqual(["open"]);
	});

	it("a fork keeps what its branch had: the entries up to the fork point", () => {
		const { entries, store } = session();
		store.record(deferred("a"));
		const forkPoint = entries.length;
		store.settle("a", finishedResult("tui", 2, "declined", { answers: [] }));
		store.record(deferred("b"));
		expect(ids(restorePending(entries.slice(0, forkPoint)).pending)).toEqual(["a"]);
		expect(ids(restorePending(entries).pending)).toEqual(["b"]);
	});

	it("skips and counts corrupt entries and records of another version; other extensions' entries are not read", () => {
		const good = clone(pendingRecord(deferred("good")));
		const entries: SessionEntryLike[] = [
			{ type: "message" },
			{ type: "custom", customType: "someone-else", data: { v: 1, kind: "pending" } },
			ours(undefined),
			ours("not an object"),
			ours({ ...good, v: 2 }),
			ours({ ...good, kind: "mystery" }),
			ours({ ...good, id: "" }),
			ours({ ...good, askedAt: "yesterday" }),
			ours({ ...good, questionnaire: { questions: [] } }),
			ours({ ...good, questionnaire: { questions: [{ ...SMALL_CACHE_QUESTION, options: "x" }] } }),
			ours({ ...good, saved: { outcome: "deferred", answers: "none" } }),
			ours({ ...good, saved: { outcome: "exploded", answers: [] } }),
			ours({ v: 1, kind: "settled", id: "good", outcome: "answered" }),
			ours(good),
		];
		const restored = restorePending(entries);
		expect(restored.skipped).toBe(11);
		expect(ids(restored.pending)).toEqual(["good"]);
	});

	it("keeps a record whose saved result has stray parts, dropping only those parts", () => {
		const record = clone(pendingRecord(deferred("a", [redis]))) as unknown as Record<string, unknown>;
		const saved = record.saved as Record<string, unknown>;
		saved.answers = [redis, { questionIndex: "0", answer: 1 }, null, { ...redis, questionIndex: 1, kind: "multi" }];
		saved.questionNotes = [{ questionIndex: 1, question: "Which targets?", notes: "ask ops" }, { notes: 3 }];
		saved.drafts = "BSD";
		const [pending] = restorePending([ours(record)]).pending;
		expect(pending?.saved.answers).toEqual([redis]);
		expect(pending?.saved.questionNotes).toEqual([{ questionIndex: 1, question: "Which targets?", notes: "ask ops" }]);
		expect(pending?.saved.drafts).toBeUndefined();
	});

	it("never throws, whatever the entries hold", () => {
		const hostile = new Proxy(
			{},
			{
				get() {
					throw new Error("hostile");
				},
			},
		);
		const entries = [ours(hostile), ours({ v: 1, kind: "pending", id: "x", askedAt: 1, questionnaire: hostile })];
		expect(() => restorePending(entries)).not.toThrow();
		expect(restorePending(entries).pending).toEqual([]);
	});
});

/** Every record the store writes can be read back (the shapes stay in step). */
it("every record kind round-trips through JSON", () => {
	const records: QuestionnaireRecord[] = [pendingRecord(deferred("a")), settledRecord("a", "declined", 7)];
	const restored = restorePending(records.map((r) => ours(clone(r))));
	expect(restored).toEqual({ pending: [], skipped: 0 });
});

describe("summaries for the /answer list", () => {
	it("header chips (the question when a header is blank), answers so far, age in the largest whole unit", () => {
		const pending = deferred("a", [redis, { ...redis }]);
		const blank = { ...pending, questionnaire: { questions: [{ ...SMALL_CACHE_QUESTION, header: " " }] } };
		expect(summarize(pending, 1_000 + 90_000)).toEqual({
			headers: ["Cache", "Targets"],
			answered: 1,
			total: 2,
			age: { unit: "minutes", n: 1 },
		});
		expect(summarize(blank, 0).headers).toEqual(["Which cache?"]);
	});

	it.each([
		[-5_000, { unit: "now" }],
		[59_999, { unit: "now" }],
		[60_000, { unit: "minutes", n: 1 }],
		[3_599_999, { unit: "minutes", n: 59 }],
		[3_600_000, { unit: "hours", n: 1 }],
		[86_400_000 * 3 + 5, { unit: "days", n: 3 }],
		[Number.NaN, { unit: "unknown" }],
	])("ageOf(%d)", (ms, age) => {
		expect(ageOf(ms)).toEqual(age);
	});
});
