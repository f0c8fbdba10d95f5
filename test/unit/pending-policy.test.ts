/**
 * The one rule of what an ending means (pending/policy.ts settleAsk), for a tool call, `/answer` and a Pi
 * below's questionnaire alike: the answer timeout's defer where it can stay pending, then what stays pending
 * here. Rows written out by hand, not derived from the code.
 */
import { describe, expect, it } from "vitest";
import { type AskOrigin, settleAsk } from "../../src/pending/policy.ts";
import type { HostKind, Outcome } from "../../src/protocol/result.ts";

describe("settleAsk: what an ending means, for every origin (rows written out by hand)", () => {
	type Row = [
		origin: AskOrigin,
		host: HostKind,
		outcome: Outcome,
		onTimeout: "close" | "defer" | undefined,
		expected: { outcome: Outcome; pending: boolean; timedOut?: true },
	];
	const rows: Row[] = [
		// A tool call shown here.
		["call", "tui", "answered", undefined, { outcome: "answered", pending: false }],
		["call", "tui", "partial", "defer", { outcome: "partial", pending: false }],
		["call", "tui", "declined", undefined, { outcome: "declined", pending: false }],
		["call", "tui", "deferred", undefined, { outcome: "deferred", pending: true }],
		["call", "rpc", "interrupted", undefined, { outcome: "interrupted", pending: true }],
		["call", "tui", "timed_out", undefined, { outcome: "timed_out", pending: false }],
		["call", "tui", "timed_out", "close", { outcome: "timed_out", pending: false }],
		["call", "rpc", "timed_out", "defer", { outcome: "deferred", pending: true, timedOut: true }],
		["call", "tui", "answered_in_chat", undefined, { outcome: "answered_in_chat", pending: false }],
		// A tool call nobody could see here: answered on the bus, or waited for it.
		["call", "programmatic", "answered", undefined, { outcome: "answered", pending: false }],
		["call", "programmatic", "interrupted", undefined, { outcome: "interrupted", pending: false }],
		// Waited unseen for an extension: nobody can answer it later here, so it is never told it stays pending.
		["call", "programmatic", "timed_out", "defer", { outcome: "timed_out", pending: false }],
		// A tool call relayed to the Pi above: that Pi decided; nothing stays pending here.
		["call", "relay", "deferred", undefined, { outcome: "deferred", pending: false }],
		["call", "relay", "timed_out", "defer", { outcome: "timed_out", pending: false }],
		["call", "relay", "interrupted", undefined, { outcome: "interrupted", pending: false }],
		// /answer reopening a pending one.
		["answer", "tui", "answered", undefined, { outcome: "answered", pending: false }],
		["answer", "tui", "deferred", undefined, { outcome: "deferred", pending: true }],
		["answer", "rpc", "interrupted", undefined, { outcome: "interrupted", pending: true }],
		["answer", "tui", "declined", undefined, { outcome: "declined", pending: false }],
		// A Pi below's questionnaire shown here.
		["relayed", "tui", "answered", "defer", { outcome: "answered", pending: false }],
		["relayed", "tui", "deferred", undefined, { outcome: "deferred", pending: true }],
		["relayed", "rpc", "interrupted", undefined, { outcome: "interrupted", pending: false }],
		["relayed", "tui", "timed_out", "close", { outcome: "timed_out", pending: false }],
		["relayed", "tui", "timed_out", "defer", { outcome: "deferred", pending: true, timedOut: true }],
		["relayed", "programmatic", "answered", undefined, { outcome: "answered", pending: false }],
	];

	it.each(rows)("%s on %s, %s (onTimeout %s)", (origin, host, outcome, onTimeout, expected) => {
		const settled = settleAsk({ outcome, host, cancelled: false, answers: [] }, { origin, onTimeout, id: "q_1" });
		expect(settled.outcome).toBe(expected.outcome);
		expect(settled.pendingId).toBe(expected.pending ? "q_1" : undefined);
		expect(settled.timedOut).toBe(expected.timedOut);
	});

	it("without an id (nothing recorded), nothing is marked pending", () => {
		const settled = settleAsk(
			{ outcome: "deferred", host: "tui", cancelled: false, answers: [] },
			{ origin: "call", id: undefined },
		);
		expect(settled.pendingId).toBeUndefined();
	});
});
