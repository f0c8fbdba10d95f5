/**
 * A questionnaire call that never returned (Pi died while it was open) reads, in the model's context, as the
 * interrupted call it was: the answers so far and that the questionnaire stays pending, instead of the
 * provider layer's "No result provided" that makes a model ask the same questions again.
 */
import { describe, expect, it } from "vitest";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { answerOrphanCalls, callsWithoutResult, orphanResultText } from "../../src/tool/orphan-calls.ts";
import { progressWith, questionnaire } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";

const ASK = "ask_user_question";
const pending: PendingQuestionnaire = {
	id: "q_1",
	callId: "call_1",
	askedAt: 1_000,
	questionnaire,
	progress: progressWith({ answers: [{ kind: "option", option: 0 }, undefined], drafts: ["", "BSD"] }),
};
const call = (id: string, name = ASK) => ({
	role: "assistant",
	content: [{ type: "toolCall", id, name, arguments: {} }],
	timestamp: 7,
});
const result = (id: string, text = "done") => ({
	role: "toolResult",
	toolCallId: id,
	content: [{ type: "text", text }],
});
const user = (text: string) => ({ role: "user", content: text });
const pendingFor = (id: string) => (id === pending.callId ? orphanResultText(pending) : undefined);

describe("answerOrphanCalls", () => {
	it("gives a pending questionnaire's call with no result the interrupted call's result, before what follows", () => {
		const messages: unknown[] = [user("Ask me."), call("call_1"), user("go on")];
		const out = answerOrphanCalls(messages, ASK, pendingFor);
		expect(out).toHaveLength(4);
		expect(out[2]).toMatchObject({
			role: "toolResult",
			toolCallId: "call_1",
			toolName: ASK,
			isError: false,
			timestamp: 7,
		});
		expect(out[3]).toBe(messages[2]);
		const text = (out[2] as { content: { text: string }[] }).content[0]?.text;
		expect(text).toBe(
			`The questionnaire was interrupted before the user submitted it. Answers given so far: "${SMALL_CACHE_QUESTION.question}" = "Redis". ` +
				`Unanswered: "${SMALL_TARGETS_QUESTION.question}". Do not assume answers to unanswered questions. ` +
				"The questionnaire stays pending: the user can still answer it, and the answers will arrive as a message.",
		);
	});

	it("the last message may be the call; results of other calls of the message stay first", () => {
		const messages: unknown[] = [call("call_1"), result("call_2")];
		const out = answerOrphanCalls(messages, ASK, pendingFor);
		expect(out.map((m) => (m as { toolCallId?: string }).toolCallId)).toEqual([undefined, "call_2", "call_1"]);
	});

	it("leaves the messages as they are when nothing is orphaned or pending", () => {
		const cases: unknown[][] = [
			[call("call_1"), result("call_1", "Deferred.")],
			[call("call_9"), user("go on")],
			[call("call_1", "bash"), user("go on")],
			[user("hello")],
		];
		for (const messages of cases) expect(answerOrphanCalls(messages, ASK, pendingFor)).toBe(messages);
	});

	it("finds the calls without a result", () => {
		const messages: unknown[] = [
			call("call_1"),
			result("call_1"),
			call("call_2"),
			call("call_3", "bash"),
			user("go on"),
		];
		expect(callsWithoutResult(messages, ASK)).toEqual(new Set(["call_2"]));
	});
});
