/**
 * One answer per pending questionnaire across processes (src/pi/settle-claim.ts): the first Pi to settle it
 * claims it; another live Pi is refused; a dead holder's claim stands once its settling completed in the
 * session file, and is taken over when it died before (the crash the records recover from).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PENDING_ENTRY_TYPE, settledRecord } from "../../src/pending/records.ts";
import { claimSettlement } from "../../src/pi/settle-claim.ts";
import { LATE_ANSWER_TYPE } from "../../src/protocol/late-answer.ts";

let agentDir: string;
let sessionFile: string;
beforeEach(() => {
	agentDir = mkdtempSync(join(tmpdir(), "pi-ask-claim-"));
	sessionFile = join(agentDir, "session.jsonl");
	writeFileSync(sessionFile, "");
});
afterEach(() => rmSync(agentDir, { recursive: true, force: true }));

const lines = (...entries: object[]) => writeFileSync(sessionFile, entries.map((e) => JSON.stringify(e)).join("\n"));
const settledEntry = (late: boolean) => ({
	type: "custom",
	customType: PENDING_ENTRY_TYPE,
	data: settledRecord("q_1", "answered", 5, late),
});
const lateMessage = { type: "custom_message", customType: LATE_ANSWER_TYPE, details: { v: 1, id: "q_1" } };

describe("claimSettlement", () => {
	it("the first process claims; the same process again is fine; another live one is refused", () => {
		const place = { agentDir, sessionFile, alive: () => true };
		expect(claimSettlement(place, "q_1", 100)).toBe(true);
		expect(claimSettlement(place, "q_1", 100)).toBe(true);
		expect(claimSettlement(place, "q_1", 200)).toBe(false);
		expect(claimSettlement(place, "q_2", 200)).toBe(true);
	});

	it("a dead holder whose settling completed in the session wins: a settled record, or the late answer sent", () => {
		const place = { agentDir, sessionFile, alive: () => false };
		expect(claimSettlement(place, "q_1", 100)).toBe(true);
		lines(settledEntry(false));
		expect(claimSettlement(place, "q_1", 200)).toBe(false);
		lines(settledEntry(true), lateMessage);
		expect(claimSettlement(place, "q_1", 200)).toBe(false);
	});

	it("a dead holder that died before its late answer reached the session is taken over (crash recovery)", () => {
		const place = { agentDir, sessionFile, alive: () => false };
		expect(claimSettlement(place, "q_1", 100)).toBe(true);
		lines(settledEntry(true));
		expect(claimSettlement(place, "q_1", 200)).toBe(true);
		// The new holder is the one to beat now.
		expect(claimSettlement({ ...place, alive: () => true }, "q_1", 300)).toBe(false);
	});

	it("where no claim can be made (the agent dir is a file), settling goes on as before", () => {
		const place = { agentDir: sessionFile, sessionFile, alive: () => true };
		expect(claimSettlement(place, "q_1", 100)).toBe(true);
		expect(claimSettlement(place, "q_1", 200)).toBe(true);
	});
});
