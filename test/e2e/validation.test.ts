/**
 * Business validation through the real binary: a call with an "Other" option and a duplicate label
 * gets ONE error tool result listing both problems with their paths, no dialog opens, and a
 * corrected call in the next turn works. A structural error (one option) is stopped by Pi's schema
 * validation before `execute`.
 */
import { describe, expect, it } from "vitest";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { sharedRpc } from "../support/lifecycle.ts";
import { toolResultText } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";

const pi = sharedRpc();

const BROKEN = {
	question: "Which cache?",
	header: "Cache",
	options: [
		{ label: "Redis", description: "Shared." },
		{ label: "Other", description: "Something else." },
		{ label: " redis ", description: "Same as the first, differently spelled." },
	],
};

describe("invalid questionnaires", () => {
	it("reports a reserved label and a duplicate label together, with paths; the corrected call works", async () => {
		pi.h.fake.enqueue(askStep(BROKEN), askStep(CACHE_QUESTION), echoStep);
		const user = scriptedUser([choose(rows.numbered(1), "option 1", CACHE_QUESTION.question)]);
		const run = await pi.rpc.prompt("ask", { onDialog: user.handler });
		expect(user.remaining()).toEqual([]);
		expect(run.toolEnds).toHaveLength(2);

		const [invalid, valid] = run.toolEnds;
		expect(invalid?.toolName).toBe(ASK);
		expect(invalid?.isError).toBe(true);
		const details = invalid?.result.details as QuestionnaireResult;
		expect(details).toMatchObject({ outcome: "not_shown", cancelled: false, answers: [] });
		expect(details.error?.code).toBe("invalid_questions");
		expect(details.error?.problems?.map((p) => p.path)).toEqual([
			"questions[0].options[1].label",
			"questions[0].options[2].label",
		]);
		const text = toolResultText(invalid!);
		expect(text).toMatch(
			/^ask_user_question was not shown: the arguments have 2 problems\. Fix all of them and call again\./,
		);
		expect(text).toContain('\n- questions[0].options[1].label: "Other" is reserved');
		expect(text).toContain("\n- questions[0].options[2].label: Same label as questions[0].options[0].label");
		// The model received exactly that text, in the request that produced the corrected call.
		const second = pi.h.fake.requests.at(-2);
		expect(second?.lastToolResult).toBe(text);

		// Only the valid call opened a dialog.
		expect(run.dialogs).toHaveLength(1);
		expect(valid?.isError).toBe(false);
		expect(valid?.result.details).toMatchObject({ outcome: "answered", answers: [{ answer: "In-memory LRU" }] });
	});

	it("a structural error (one option) is rejected by the schema before any dialog", async () => {
		const oneOption = { question: "Proceed?", header: "Go", options: [{ label: "Yes", description: "Do it." }] };
		pi.h.fake.enqueue(askStep(oneOption), echoStep);
		const run = await pi.rpc.prompt("ask", { onDialog: () => ({ cancelled: true }) });
		expect(run.dialogs).toHaveLength(0);
		expect(run.toolEnds).toHaveLength(1);
		expect(run.toolEnds[0]?.isError).toBe(true);
		const text = toolResultText(run.toolEnds[0]!);
		expect(text).toMatch(/options/);
		expect(pi.h.fake.requests.at(-1)?.lastToolResult).toBe(text);
	});
});
