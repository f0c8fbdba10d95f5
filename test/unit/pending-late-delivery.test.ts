/**
 * A pending questionnaire settled with `/answer` (or by another extension) is over only once its late answer
 * is in the session. Pi holds a late answer sent while the agent works in memory until the model takes it in,
 * so SIGKILL or a crash in between used to leave the questionnaire settled and its answer nowhere: after a
 * restart nothing waited and the agent never got it. Now it comes back pending, with the answers it was
 * settled with, and `/answer` can send them again.
 */
import { describe, expect, it } from "vitest";
import type { SessionEntryLike } from "../../src/pending/records.ts";
import { LATE_ANSWER_TYPE } from "../../src/protocol/late-answer.ts";
import { progressWith, questionnaire, testSession } from "../support/pending-store.ts";

const answered = progressWith({
	answers: [
		{ kind: "option", option: 1 },
		{ kind: "multi", options: [0] },
	],
});

/** The late answer message as Pi keeps it in the session (a custom message of ours naming the questionnaire). */
const lateAnswer = (id: string): SessionEntryLike =>
	({ type: "custom_message", customType: LATE_ANSWER_TYPE, details: { v: 1, id } }) as SessionEntryLike;

/** A questionnaire put aside, then answered in `/answer`: the last answer given just before Submit. */
function settledLate() {
	const session = testSession();
	const id = session.store.newId();
	session.store.asked({ id, callId: "call_0", askedAt: 1_000, questionnaire });
	session.store.returned(id, { pending: true });
	// The last answer is not written yet (it would be, a second later) when Submit settles it.
	session.store.progressed(id, answered);
	expect(session.store.settle(id, "answered")).toBe(true);
	expect(session.store.list()).toEqual([]);
	return { session, id };
}

describe("a questionnaire settled for a late answer", () => {
	it("killed before the late answer reached the session: pending again after a restart, with every answer", () => {
		const { session, id } = settledLate();
		const [back, ...more] = session.restart().store.list();
		expect(more).toEqual([]);
		expect(back).toMatchObject({ id, callId: "call_0", progress: answered });
	});

	it("once its late answer is in the session it never returns", () => {
		const { session, id } = settledLate();
		session.entries.push(lateAnswer(id));
		expect(session.restart().store.list()).toEqual([]);
	});

	it("a late answer to another questionnaire does not end it", () => {
		const { session } = settledLate();
		session.entries.push(lateAnswer("q_other"));
		expect(session.restart().store.list()).toHaveLength(1);
	});

	it("a call that ended with its answers in its tool result never returns: no late answer is due", () => {
		const session = testSession();
		const id = session.store.newId();
		session.store.asked({ id, callId: "call_0", askedAt: 1_000, questionnaire });
		session.store.returned(id, { pending: false, outcome: "answered" });
		expect(session.restart().store.list()).toEqual([]);
	});
});
