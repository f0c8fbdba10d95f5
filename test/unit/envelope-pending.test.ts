/**
 * The model's text for questionnaires that outlive their call: deferred ("Answer later"), cut short but
 * still pending (the late answer that arrives as a message: late-answer.test.ts).
 */
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import { finishedResult } from "../../src/protocol/result.ts";

const questions = ["Which cache?", "Which targets?"];
const redis = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" } as const;

describe("deferred", () => {
	it("says, in one sentence, that the user answers later and what the model must and must not do", () => {
		const result = finishedResult("tui", 2, "deferred", { answers: [] });
		expect(resultText(result, questions)).toBe(
			"The user will answer later: do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.",
		);
		expect(result).toMatchObject({ outcome: "deferred", cancelled: false, unanswered: [0, 1] });
	});

	it("lists what was given so far as provisional, with notes; drafts stay in details only", () => {
		const result = finishedResult("tui", 2, "deferred", {
			answers: [redis],
			questionNotes: [{ questionIndex: 1, question: "Which targets?", notes: "ask ops" }],
			drafts: [{ questionIndex: 1, question: "Which targets?", text: "BSD" }],
		});
		expect(result.drafts).toEqual([{ questionIndex: 1, question: "Which targets?", text: "BSD" }]);
		expect(resultText(result, questions)).toBe(
			'Answers given so far (may still change): "Which cache?" = "Redis". User notes: "Which targets?" (note: "ask ops"). The user will answer later: do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.',
		);
	});

	it("a submitted result keeps no drafts", () => {
		const result = finishedResult("tui", 1, "submitted", {
			answers: [],
			drafts: [{ questionIndex: 0, question: "Which cache?", text: "x" }],
		});
		expect(result.drafts).toBeUndefined();
	});
});

describe("cut short but still pending", () => {
	it("an interrupted result with a pending id says it can still be answered", () => {
		const result = { ...finishedResult("tui", 2, "interrupted", { answers: [redis] }), pendingId: "call_1" };
		expect(resultText(result, questions)).toBe(
			'The questionnaire was interrupted before the user submitted it. Answers given so far: "Which cache?" = "Redis". Unanswered: "Which targets?". Do not assume answers to unanswered questions. The questionnaire stays pending: the user can still answer it, and the answers will arrive as a message.',
		);
	});
});
