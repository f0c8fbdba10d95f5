/**
 * The one decision of what an ending means (pending/ending.ts endingOf), for a tool call, `/answer` and a
 * Pi below's questionnaire alike: the answer timeout's defer where it can stay pending, what stays pending
 * here, what the session keeps, whether the agent gets a late answer, whether the transcript keeps a
 * trace. Rows written out by hand, not derived from the code: outcome × origin × onTimeout × host.
 */
import { describe, expect, it } from "vitest";
import { type AskOrigin, type Ending, endingOf } from "../../src/pending/ending.ts";
import type { HostKind, Outcome } from "../../src/protocol/result.ts";

type Expected = { outcome: Outcome; fate: Ending["fate"]; timedOut?: true; late?: true; traced?: true };
type Row = [origin: AskOrigin, host: HostKind, outcome: Outcome, onTimeout: "close" | "defer" | undefined, Expected];

const rows: Row[] = [
	// A tool call shown here: settled (recorded so), or pending for /answer (put aside, cut short).
	["call", "tui", "answered", undefined, { outcome: "answered", fate: "settled" }],
	["call", "tui", "partial", "defer", { outcome: "partial", fate: "settled" }],
	["call", "tui", "declined", undefined, { outcome: "declined", fate: "settled" }],
	["call", "tui", "deferred", undefined, { outcome: "deferred", fate: "pending" }],
	["call", "rpc", "deferred", "close", { outcome: "deferred", fate: "pending" }],
	["call", "rpc", "interrupted", undefined, { outcome: "interrupted", fate: "pending" }],
	["call", "tui", "interrupted", "defer", { outcome: "interrupted", fate: "pending" }],
	["call", "tui", "timed_out", undefined, { outcome: "timed_out", fate: "settled" }],
	["call", "tui", "timed_out", "close", { outcome: "timed_out", fate: "settled" }],
	["call", "rpc", "timed_out", "defer", { outcome: "deferred", fate: "pending", timedOut: true }],
	["call", "tui", "answered_in_chat", undefined, { outcome: "answered_in_chat", fate: "settled" }],
	["call", "tui", "not_shown", undefined, { outcome: "not_shown", fate: "settled" }],
	// A tool call nobody could see here: answered on the bus, or waited for it unseen.
	["call", "programmatic", "answered", undefined, { outcome: "answered", fate: "settled" }],
	["call", "programmatic", "declined", "defer", { outcome: "declined", fate: "settled" }],
	["call", "programmatic", "interrupted", undefined, { outcome: "interrupted", fate: "settled" }],
	// Waited unseen for an extension: nobody can answer it later here, so it is never told it stays pending.
	["call", "programmatic", "timed_out", "defer", { outcome: "timed_out", fate: "settled" }],
	["call", "programmatic", "not_shown", undefined, { outcome: "not_shown", fate: "settled" }],
	// A tool call relayed to the Pi above: that Pi decided (and keeps one put aside); nothing stays here.
	["call", "relay", "deferred", undefined, { outcome: "deferred", fate: "settled" }],
	["call", "relay", "timed_out", "defer", { outcome: "timed_out", fate: "settled" }],
	["call", "relay", "interrupted", undefined, { outcome: "interrupted", fate: "settled" }],
	["call", "relay", "answered", undefined, { outcome: "answered", fate: "settled" }],
	// /answer reopening a pending one: settled ones reach the agent as a late answer.
	["answer", "tui", "answered", undefined, { outcome: "answered", fate: "settled", late: true }],
	["answer", "rpc", "partial", undefined, { outcome: "partial", fate: "settled", late: true }],
	["answer", "tui", "declined", undefined, { outcome: "declined", fate: "settled", late: true }],
	["answer", "tui", "answered_in_chat", undefined, { outcome: "answered_in_chat", fate: "settled", late: true }],
	["answer", "programmatic", "answered", undefined, { outcome: "answered", fate: "settled", late: true }],
	["answer", "tui", "deferred", undefined, { outcome: "deferred", fate: "pending" }],
	["answer", "rpc", "interrupted", undefined, { outcome: "interrupted", fate: "pending" }],
	// One /answer could not show stays as it was.
	["answer", "tui", "not_shown", undefined, { outcome: "not_shown", fate: "pending" }],
	// A Pi below's questionnaire shown here: gone back to its asker, traced here; pending only when put aside.
	["relayed", "tui", "answered", "defer", { outcome: "answered", fate: "gone", traced: true }],
	["relayed", "rpc", "partial", undefined, { outcome: "partial", fate: "gone", traced: true }],
	["relayed", "tui", "declined", undefined, { outcome: "declined", fate: "gone", traced: true }],
	["relayed", "tui", "deferred", undefined, { outcome: "deferred", fate: "pending" }],
	["relayed", "rpc", "interrupted", undefined, { outcome: "interrupted", fate: "gone" }],
	["relayed", "tui", "timed_out", "close", { outcome: "timed_out", fate: "gone", traced: true }],
	["relayed", "tui", "timed_out", undefined, { outcome: "timed_out", fate: "gone", traced: true }],
	["relayed", "tui", "timed_out", "defer", { outcome: "deferred", fate: "pending", timedOut: true }],
	["relayed", "tui", "answered_in_chat", undefined, { outcome: "answered_in_chat", fate: "gone" }],
	["relayed", "programmatic", "answered", undefined, { outcome: "answered", fate: "gone", traced: true }],
	["relayed", "tui", "not_shown", undefined, { outcome: "not_shown", fate: "gone" }],
];

describe("endingOf: what an ending means, for every origin (rows written out by hand)", () => {
	it.each(rows)("%s on %s, %s (onTimeout %s)", (origin, host, outcome, onTimeout, expected) => {
		const ending = endingOf({ outcome, host, cancelled: false, answers: [] }, { origin, onTimeout, id: "q_1" });
		expect(ending.result.outcome).toBe(expected.outcome);
		expect(ending.fate).toBe(expected.fate);
		expect(ending.result.pendingId).toBe(expected.fate === "pending" ? "q_1" : undefined);
		expect(ending.result.timedOut).toBe(expected.timedOut);
		expect(ending.late).toBe(expected.late === true);
		expect(ending.traced).toBe(expected.traced === true);
	});

	it("covers every origin with every outcome it can end with", () => {
		for (const origin of ["call", "answer", "relayed"] as const)
			for (const outcome of ["answered", "declined", "deferred", "interrupted", "not_shown"] as const)
				expect(rows.some(([o, , out]) => o === origin && out === outcome)).toBe(true);
	});

	it("keeps what was given: the result is the host's, only the timeout's defer changes its outcome", () => {
		const given = {
			outcome: "timed_out" as const,
			host: "tui" as const,
			cancelled: true,
			answers: [{ questionIndex: 0, question: "Q", kind: "option" as const, answer: "A" }],
			globalNote: "note",
		};
		const { result } = endingOf(given, { origin: "call", onTimeout: "defer", id: "q_2" });
		expect(result).toEqual({ ...given, outcome: "deferred", cancelled: false, timedOut: true, pendingId: "q_2" });
	});
});
