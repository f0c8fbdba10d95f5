/**
 * The store when the session cannot be written (record-writer.ts). Root cause of the fault these guard: every
 * record of ours tried the full disk on its own and warned on its own (four identical warnings at Answer
 * later), and a progress record a second kept meeting the full disk, each leaving half a line. Now the first
 * failure is told once, nothing is appended while it lasts but one retry every RETRY_MS, records wait in
 * order, progress waits as one latest patch per questionnaire, and a restart from what was written once space
 * returned holds everything given.
 */
import { describe, expect, it } from "vitest";
import type { QuestionnaireRecord } from "../../src/pending/records.ts";
import { restorePending } from "../../src/pending/restore.ts";
import { PendingStore } from "../../src/pending/store.ts";
import { clone, ours, progressWith, questionnaire } from "../support/pending-store.ts";

/** How often record-writer.ts tries a failed session again. */
const RETRY_MS = 2_000;

/** A store over a session whose disk the test fills and empties, with the test's timers. */
function faultySession() {
	const entries: ReturnType<typeof ours>[] = [];
	let full = false;
	let attempts = 0;
	const reports: unknown[] = [];
	let resumed = 0;
	let timers: { at: number; task: () => void }[] = [];
	let clock = 0;
	const store = new PendingStore({
		append: (record) => {
			attempts++;
			if (full) throw new Error("ENOSPC: no space left on device, write");
			entries.push(ours(clone(record)));
		},
		now: () => clock,
		later: (task, ms) => {
			const timer = { at: clock + ms, task };
			timers.push(timer);
			return () => {
				timers = timers.filter((t) => t !== timer);
			};
		},
		randomId: () => "q",
		report: (error) => reports.push(error),
		resumed: () => resumed++,
	});
	return {
		store,
		entries,
		reports,
		records: () => entries.map((e) => e.data as QuestionnaireRecord),
		kinds: () => entries.map((e) => (e.data as QuestionnaireRecord).kind),
		attempts: () => attempts,
		resumed: () => resumed,
		setFull: (value: boolean) => {
			full = value;
		},
		/** Moves the clock by `ms`, running every timer that comes due on the way. */
		advance(ms: number) {
			const end = clock + ms;
			for (;;) {
				const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
				if (due === undefined) break;
				timers = timers.filter((t) => t !== due);
				clock = due.at;
				due.task();
			}
			clock = end;
		},
	};
}

const typed = (text: string) => progressWith({ drafts: ["", text] });

describe("a session that cannot be written", () => {
	it("is told once, and nothing but the retry is appended while the disk stays full", () => {
		const s = faultySession();
		s.store.asked({ id: "q", askedAt: 1, questionnaire });
		s.setFull(true);
		let text = "";
		for (let i = 0; i < 30; i++) {
			text += "word ";
			s.store.progressed("q", typed(text));
			s.advance(300);
		}
		// 9 s of typing: one failed write, then one retry every RETRY_MS; never one per second.
		expect(s.reports).toHaveLength(1);
		expect(s.attempts()).toBeLessThanOrEqual(1 + 1 + Math.ceil(9_000 / RETRY_MS));
		s.store.returned("q", { pending: true });
		s.store.settle("q", "answered");
		expect(s.reports).toHaveLength(1);
		expect(s.kinds()).toEqual(["asked"]);
	});

	it("writes what was kept once space returns: in order, the latest progress once, and says so once", () => {
		const s = faultySession();
		s.store.asked({ id: "q", askedAt: 1, questionnaire });
		s.setFull(true);
		s.store.progressed("q", typed("first"));
		s.advance(1_000);
		s.store.progressed("q", typed("first second"));
		s.advance(1_000);
		s.store.progressed("q", typed("first second third"));
		s.store.returned("q", { pending: true });
		s.advance(10 * RETRY_MS);
		expect(s.kinds()).toEqual(["asked"]);
		expect(s.resumed()).toBe(0);

		s.setFull(false);
		s.advance(RETRY_MS);
		expect(s.kinds()).toEqual(["asked", "progress"]);
		expect(s.resumed()).toBe(1);
		// A restart from what is in the session now has the questionnaire pending with the last text.
		const restored = restorePending(s.entries).pending;
		expect(restored.map((p) => p.progress.drafts[1])).toEqual(["first second third"]);
		// Writing goes on as before: one record per change, no more warnings.
		s.store.progressed("q", typed("first second third fourth"));
		s.advance(1_000);
		expect(s.kinds()).toEqual(["asked", "progress", "progress"]);
		expect(s.reports).toHaveLength(1);
	});

	it("keeps a questionnaire settled while the disk was full settled: its progress, then settled", () => {
		const s = faultySession();
		s.store.asked({ id: "q", askedAt: 1, questionnaire });
		s.store.returned("q", { pending: true });
		s.setFull(true);
		s.store.progressed("q", progressWith({ answers: [{ kind: "option", option: 1 }, undefined] }));
		expect(s.store.settle("q", "answered")).toBe(true);
		s.setFull(false);
		s.advance(RETRY_MS);
		expect(s.kinds()).toEqual(["asked", "progress", "settled"]);
		// Settled for a late answer: a restart before that answer reaches the session has it with the answer.
		const [restored] = restorePending(s.entries).pending;
		expect(restored?.progress.answers[0]).toEqual({ kind: "option", option: 1 });
	});

	it("a retry that fails again is not told again; a new failure after recovery is", () => {
		const s = faultySession();
		s.setFull(true);
		s.store.asked({ id: "q", askedAt: 1, questionnaire });
		s.advance(5 * RETRY_MS);
		expect(s.reports).toHaveLength(1);
		s.setFull(false);
		s.advance(RETRY_MS);
		expect(s.resumed()).toBe(1);
		s.setFull(true);
		s.store.progressed("q", typed("again"));
		s.advance(1_000);
		expect(s.reports).toHaveLength(2);
	});

	it("at exit it tries once more even while failing; when the session ends what cannot be written goes", () => {
		const s = faultySession();
		s.store.asked({ id: "q", askedAt: 1, questionnaire });
		s.setFull(true);
		s.store.progressed("q", typed("late"));
		s.advance(1_000);
		const before = s.attempts();
		s.setFull(false);
		s.store.flush();
		expect(s.attempts()).toBeGreaterThan(before);
		expect(s.kinds()).toEqual(["asked", "progress"]);

		const t = faultySession();
		t.setFull(true);
		t.store.asked({ id: "q", askedAt: 1, questionnaire });
		t.store.ended();
		t.setFull(false);
		t.advance(10 * RETRY_MS);
		expect(t.kinds()).toEqual([]);
	});
});
