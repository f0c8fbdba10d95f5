/**
 * The pending store: a questionnaire recorded from the moment it is shown, what was given written off the
 * keystroke path (one scheduled write, never more than one pending), a call's return making it pending or
 * settling it, settling once, flushing, restoring after a restart (idempotent), and ids of ours that stay
 * unique for the session's life even when providers reuse tool-call ids.
 */
import { describe, expect, it } from "vitest";
import type { SessionEntryLike } from "../../src/pending/records.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { restorePending } from "../../src/pending/restore.ts";
import { PendingStore } from "../../src/pending/store.ts";
import { summarize } from "../../src/pending/summary.ts";
import { LATE_ANSWER_TYPE } from "../../src/protocol/late-answer.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { progressWith, questionnaire, testSession } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION } from "../support/questions.ts";

const ids = (pending: readonly PendingQuestionnaire[]) => pending.map((p) => p.id);
const answered = progressWith({ answers: [{ kind: "option", option: 0 }, undefined] });
const ask = (session: ReturnType<typeof testSession>, callId = "call_0") => {
	const id = session.store.newId();
	session.store.asked({ id, callId, askedAt: 1_000, questionnaire });
	return id;
};

function deferred(id: string, answers = answered): PendingQuestionnaire {
	return { id, askedAt: 1_000, questionnaire, progress: answers };
}

describe("asking", () => {
	it("records the questions when shown; not pending while its call runs", () => {
		const session = testSession();
		const id = ask(session);
		expect(session.records()).toEqual([{ v: 2, kind: "asked", id, call: "call_0", askedAt: 1_000, questionnaire }]);
		expect(session.store.list()).toEqual([]);
	});

	it("where the host can defer it, the questions are written on the next turn, after the first frame", () => {
		const session = testSession({ deferAsks: true });
		const id = ask(session);
		expect(session.records()).toEqual([]);
		expect(session.store.list()).toEqual([]);
		session.nextTurn();
		expect(session.records()).toEqual([{ v: 2, kind: "asked", id, call: "call_0", askedAt: 1_000, questionnaire }]);
		session.nextTurn();
		expect(session.records()).toHaveLength(1);
	});

	it("a deferred asked record is written before anything else of its questionnaire, and by every flush", () => {
		const kinds = (session: ReturnType<typeof testSession>) => session.records().map((r) => `${r.kind} ${r.id}`);
		const ended = testSession({ deferAsks: true });
		const settled = ask(ended);
		ended.store.returned(settled, { pending: false, outcome: "answered" });
		expect(kinds(ended)).toEqual([`asked ${settled}`, `settled ${settled}`]);

		const putAside = testSession({ deferAsks: true });
		const later = ask(putAside);
		putAside.store.progressed(later, answered);
		putAside.store.returned(later, { pending: true });
		expect(kinds(putAside)).toEqual([`asked ${later}`, `progress ${later}`]);
		putAside.nextTurn();
		expect(kinds(putAside)).toHaveLength(2);

		// The session ends (or the process exits) before the next turn: the flush writes it, so it comes back.
		const quitting = testSession({ deferAsks: true });
		const open = ask(quitting);
		quitting.store.progressed(open, answered);
		quitting.store.flush();
		expect(kinds(quitting)).toEqual([`asked ${open}`, `progress ${open}`]);
		expect(quitting.restart().store.get(open)).toMatchObject({ progress: answered });
	});

	it("progress only schedules a write; the write holds what changed since the last one", () => {
		const session = testSession();
		const id = ask(session);
		session.store.progressed(id, answered);
		session.store.progressed(id, { ...answered, drafts: ["", "B"] });
		session.store.progressed(id, { ...answered, drafts: ["", "BSD"] });
		expect(session.records()).toHaveLength(1);
		expect(session.scheduled()).toBe(true);
		session.tick();
		expect(session.records().slice(1)).toEqual([
			{ v: 2, kind: "progress", id, patch: { answers: [{ kind: "option", option: 0 }, null], drafts: [null, "BSD"] } },
		]);
		session.store.progressed(id, { ...answered, drafts: ["", "BSD on arm"] });
		session.tick();
		expect(session.records().at(-1)).toMatchObject({ patch: { drafts: [null, [3, " on arm"]] } });
		expect(session.scheduled()).toBe(false);
	});

	it("a call that never returned (the process died) comes back pending after a restart, with what was given", () => {
		const session = testSession();
		const id = ask(session);
		session.store.progressed(id, answered);
		session.tick();
		const restarted = session.restart();
		expect(ids(restarted.store.list())).toEqual([id]);
		expect(restarted.store.get(id)).toMatchObject({ callId: "call_0", progress: answered });
	});

	it("a call returning pending writes what was given at once and lists it; returning settled records the end", () => {
		const session = testSession();
		const later = ask(session, "call_0");
		const done = ask(session, "call_1");
		let heard = 0;
		session.store.subscribe(() => heard++);
		session.store.progressed(later, answered);
		session.store.returned(later, { pending: true });
		expect(session.records().at(-1)).toMatchObject({ kind: "progress", id: later });
		expect(ids(session.store.list())).toEqual([later]);
		session.store.returned(done, { pending: false, outcome: "answered" });
		expect(session.records().at(-1)).toMatchObject({ kind: "settled", id: done, outcome: "answered" });
		expect(heard).toBe(1);
		expect(ids(session.restart().store.list())).toEqual([later]);
	});

	it("settle ends a pending one once: a settled record, gone from the list; a second settle is refused", () => {
		const session = testSession();
		const id = ask(session);
		session.store.returned(id, { pending: true });
		expect(session.store.settle(id, "partial")).toBe(true);
		expect(session.store.list()).toEqual([]);
		expect(session.records().at(-1)).toMatchObject({ kind: "settled", id, outcome: "partial" });
		expect(session.store.settle(id, "partial")).toBe(false);
		expect(session.store.settle("never", "answered")).toBe(false);
		expect(session.records().at(-1)).toMatchObject({ late: true });
		// Over once its late answer is in the session too (pending-late-delivery.test.ts).
		session.entries.push({ type: "custom_message", customType: LATE_ANSWER_TYPE, details: { id } } as SessionEntryLike);
		expect(session.restart().store.list()).toEqual([]);
	});

	it("progress on a pending one (reopened with /answer) is recorded against what the session had", () => {
		const session = testSession();
		const id = ask(session);
		session.store.progressed(id, answered);
		session.store.returned(id, { pending: true });
		const restarted = session.restart();
		const more = { ...answered, notes: ["", "ask ops"] };
		restarted.store.progressed(id, more);
		restarted.store.flush(id);
		expect(restarted.records().at(-1)).toMatchObject({ kind: "progress", patch: { notes: [null, "ask ops"] } });
		expect(restarted.restart().store.get(id)?.progress).toEqual(more);
	});

	it("flush writes everything unsaved and cancels the timer; nothing unsaved writes nothing", () => {
		const session = testSession();
		const a = ask(session);
		const b = ask(session, "call_1");
		session.store.progressed(a, answered);
		session.store.progressed(b, answered);
		session.store.flush();
		expect(session.records().filter((r) => r.kind === "progress")).toHaveLength(2);
		expect(session.scheduled()).toBe(false);
		session.store.flush();
		expect(session.records()).toHaveLength(4);
	});

	it("a session that cannot be written to is reported; the store goes on", () => {
		const errors: unknown[] = [];
		const store = new PendingStore({
			append: () => {
				throw new Error("stale");
			},
			now: () => 0,
			later: () => () => {},
			randomId: () => "q",
			report: (e) => errors.push(e),
		});
		store.asked({ id: "q", askedAt: 1, questionnaire });
		store.returned("q", { pending: true });
		expect(ids(store.list())).toEqual(["q"]);
		expect(errors).toHaveLength(1);
	});

	it("a throwing subscriber does not keep the others from hearing", () => {
		const session = testSession();
		let heard = 0;
		session.store.subscribe(() => {
			throw new Error("boom");
		});
		session.store.subscribe(() => heard++);
		session.store.returned(ask(session), { pending: true });
		expect(heard).toBe(1);
	});
});

describe("ids", () => {
	it("three calls all named call_0: three questionnaires, each its own; after a restart all still tell apart", () => {
		const session = testSession();
		const [a, b, c] = [ask(session), ask(session), ask(session)];
		expect(new Set([a, b, c]).size).toBe(3);
		session.store.returned(a, { pending: false, outcome: "answered" });
		session.store.returned(b, { pending: true });
		session.store.returned(c, { pending: true });
		expect(ids(session.store.list())).toEqual([b, c]);
		const restarted = session.restart();
		expect(ids(restarted.store.list())).toEqual([b, c]);
		expect(restarted.store.list().map((p) => p.callId)).toEqual(["call_0", "call_0"]);
	});

	it("a new id is none the session used before, settled ones included", () => {
		const first = testSession({ ids: ["x"] });
		first.store.returned(ask(first), { pending: false, outcome: "answered" });
		const restarted = testSession({ entries: [...first.entries], ids: ["x", "x", "y"] });
		expect(restarted.store.newId()).toBe("y");
	});
});

describe("restoring", () => {
	it("is idempotent: the same entries twice give the same set, subscribers hear only of a change", () => {
		const session = testSession();
		session.store.returned(ask(session), { pending: true });
		const again = testSession({ entries: [] });
		let heard = 0;
		again.store.subscribe(() => heard++);
		again.store.restore(restorePending(session.entries));
		again.store.restore(restorePending(session.entries));
		expect(again.store.list()).toHaveLength(1);
		expect(heard).toBe(1);
		again.store.restore(restorePending([]));
		expect(again.store.list()).toEqual([]);
	});

	it("a questionnaire asking now is never listed as pending by a restore", () => {
		const session = testSession();
		const id = ask(session);
		session.store.restore(restorePending(session.entries));
		expect(session.store.list()).toEqual([]);
		session.store.progressed(id, answered);
		session.tick();
		expect(session.records().at(-1)).toMatchObject({ kind: "progress", id });
		expect(emptyProgress(2)).not.toEqual(answered);
	});
});

describe("summaries for the /answer list", () => {
	it("header chips (the question when a header is blank), answers so far, age in the largest whole unit", () => {
		const pending = deferred("a");
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
	])("asked %d ms ago", (ms, age) => {
		expect(summarize({ ...deferred("a"), askedAt: 0 }, ms).age).toEqual(age);
	});
});
