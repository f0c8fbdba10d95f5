/**
 * The RPC path through the real binary: a two-question form (the second multi-select) answered
 * over JSONL dialogs. Pins the exact `details` and the exact tool-result text the model receives
 * on its next request.
 */
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { sharedRpc } from "../support/lifecycle.ts";
import { toolResultText } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION, rows } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";

const pi = sharedRpc();

describe("a two-question form over RPC", () => {
	it("answers a single and a multi-select question; the model receives the pinned text", async () => {
		pi.h.fake.enqueue(askStep(CACHE_QUESTION, PLATFORM_QUESTION), echoStep);
		const user = scriptedUser([
			choose(rows.numbered(2), "option 2 (SQLite file)", CACHE_QUESTION.question),
			choose(rows.numbered(1), "toggle Linux", PLATFORM_QUESTION.question),
			choose(rows.numbered(2), "toggle macOS", PLATFORM_QUESTION.question),
			choose(rows.done, "Done"),
			choose(rows.submit, "Submit in the review", /Review/),
		]);
		const run = await pi.rpc.prompt("plan the release", { onDialog: user.handler });
		expect(user.remaining()).toEqual([]);

		// The option rows the user saw are the model's options, numbered, with descriptions.
		expect(user.seen[0]?.options).toContain("2. SQLite file — Survives restarts.");
		expect(user.seen[1]?.options).toContain("[ ] 1. Linux — x64 and arm64.");
		expect(user.seen[2]?.options).toContain("[x] 1. Linux — x64 and arm64.");
		expect(user.seen[3]?.options?.find(rows.done)).toBe("Done — 2 selected");

		expect(run.toolEnds).toHaveLength(1);
		const end = run.toolEnds[0]!;
		expect(end.toolName).toBe(ASK);
		expect(end.isError).toBe(false);
		const expected: QuestionnaireResult = {
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "SQLite file" },
				{ questionIndex: 1, question: PLATFORM_QUESTION.question, kind: "multi", answer: ["Linux", "macOS"] },
			],
		};
		expect(end.result.details).toEqual(expected);

		const text = resultText(expected, [CACHE_QUESTION.question, PLATFORM_QUESTION.question]);
		expect(text).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". ' +
				'"Which platforms must the first release support?" = ["Linux", "macOS"]. Continue with these answers.',
		);
		expect(toolResultText(end)).toBe(text);
		// What the model actually receives on its next request.
		expect(pi.h.fake.requests.at(-1)?.lastToolResult).toBe(text);
	});

	it("keeps JSONL framing intact for U+2028/U+2029 and quotes in model text", async () => {
		const tricky = {
			question: 'Pick one\u2028(line sep) "quoted"\u2029end?',
			header: "Tricky",
			options: [
				{ label: "A\u2028B", description: "has a line separator" },
				{ label: 'say "hi"', description: "has quotes" },
			],
		};
		pi.h.fake.enqueue(askStep(tricky), echoStep);
		const user = scriptedUser([choose(rows.numbered(2), "option 2")]);
		const run = await pi.rpc.prompt("tricky", { onDialog: user.handler });
		expect(user.remaining()).toEqual([]);
		const end = run.toolEnds[0]!;
		expect(end.result.details).toMatchObject({
			outcome: "answered",
			answers: [{ questionIndex: 0, kind: "option", answer: 'say "hi"' }],
		});
		// The separators reach the model escaped, never raw.
		const received = pi.h.fake.requests.at(-1)?.lastToolResult ?? "";
		expect(received).toContain("\\u2028");
		expect(received).not.toContain("\u2028");
		expect(received).toBe(toolResultText(end));
	});
});
