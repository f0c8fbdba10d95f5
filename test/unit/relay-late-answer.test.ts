/**
 * A relayed questionnaire put aside is recorded in the session with who asked it, survives a restart
 * with it, and its late answer tells this Pi's agent which subagent asked.
 */
import { describe, expect, it } from "vitest";
import { readRecord } from "../../src/pending/read-record.ts";
import { askedRecord } from "../../src/pending/records.ts";
import { lateAnswerMessage } from "../../src/protocol/late-answer-text.ts";
import { finishedResult } from "../../src/protocol/result.ts";
import { clone, questionnaire, testSession } from "../support/pending-store.ts";

const FROM = { name: "scout", cwd: "/work/app", depth: 2, pid: 7, task: "find it" };

describe("a relayed questionnaire in the session", () => {
	it("is recorded with who asked, and read back with it", () => {
		const record = askedRecord({ id: "q_1", askedAt: 1, questionnaire, from: FROM });
		expect(readRecord(clone(record))).toMatchObject({ kind: "asked", id: "q_1", from: FROM });
		expect(readRecord({ ...clone(record), from: { cwd: "", depth: 1 } })).toBeUndefined();
		const without = readRecord({ ...clone(record), from: undefined });
		expect(without).toMatchObject({ kind: "asked", id: "q_1" });
		expect(without).not.toHaveProperty("from");
	});

	it("survives a restart with who asked", () => {
		const session = testSession();
		session.store.asked({ id: "q_1", askedAt: 1, questionnaire, from: FROM });
		session.store.returned("q_1", { pending: true });
		expect(session.restart().store.list()[0]?.from).toEqual(FROM);
	});

	it("its late answer names the subagent for this Pi's agent", () => {
		const pending = { id: "q_1", askedAt: Date.UTC(2026, 11, 4, 7, 12), questionnaire, from: FROM };
		const result = finishedResult("tui", 2, "declined", { answers: [] });
		const message = lateAnswerMessage(pending, result);
		expect(message.content).toBe(
			'Late answer to the ask_user_question questionnaire asked at 2026-12-04 07:12 UTC by subagent "scout" (depth 2, working directory "/work/app") (questionnaire "q_1"): User declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.',
		);
		expect(message.details.from).toEqual(FROM);
	});
});
