/**
 * The one rule of what stays pending, shared by a tool call (execute) and `/answer`: put aside or cut short
 * where it was shown stays pending; everything else, or anything answered elsewhere, ends it.
 */
import { describe, expect, it } from "vitest";
import { staysPending } from "../../src/pending/policy.ts";
import { type HostKind, OUTCOMES, type Outcome } from "../../src/protocol/result.ts";

const HOSTS: HostKind[] = ["tui", "rpc", "programmatic", "relay"];

describe("staysPending", () => {
	it.each(OUTCOMES.flatMap((outcome) => HOSTS.map((host) => [outcome, host] as [Outcome, HostKind])))(
		"%s on %s",
		(outcome, host) => {
			const shownHere = host === "tui" || host === "rpc";
			const expected = shownHere && (outcome === "deferred" || outcome === "interrupted");
			expect(staysPending({ outcome, host })).toBe(expected);
		},
	);

	it("the cases people meet: put aside or interrupted in the TUI stay; answered, declined, timed out end", () => {
		expect(staysPending({ outcome: "deferred", host: "tui" })).toBe(true);
		expect(staysPending({ outcome: "interrupted", host: "rpc" })).toBe(true);
		expect(staysPending({ outcome: "interrupted", host: "programmatic" })).toBe(false);
		expect(staysPending({ outcome: "answered_in_chat", host: "tui" })).toBe(false);
		expect(staysPending({ outcome: "timed_out", host: "tui" })).toBe(false);
	});
});
