/**
 * executionMode "sequential": two ask_user_question calls in one assistant message must never
 * open two dialogs at once. The second call's first dialog may only appear after the first call
 * has ended, and each call gets its own result.
 */
import { describe, expect, it } from "vitest";
import { sharedHarness } from "../support/lifecycle.ts";
import type { RpcEvent } from "../support/pi.ts";
import { ASK, CACHE_QUESTION, echoStep, PLATFORM_QUESTION, rows } from "../support/questions.ts";

const pi = sharedHarness();

describe("two calls in one assistant message", () => {
	it("run one after the other", async () => {
		pi.h.fake.enqueue(
			{
				toolCalls: [
					{ name: ASK, id: "call_a", arguments: { questions: [CACHE_QUESTION] } },
					{ name: ASK, id: "call_b", arguments: { questions: [PLATFORM_QUESTION] } },
				],
			},
			echoStep,
		);
		const rpc = pi.h.rpc();
		const run = await rpc.prompt("two calls", {
			// Option 1 everywhere; in the multi-select loop, toggle it once and then commit with Done.
			onDialog: (request) => {
				const options = request.options ?? [];
				const toggled = options.some(rows.done) && options.some((o) => o.startsWith("[x]"));
				const choice = options.find(toggled ? rows.done : rows.numbered(1));
				if (choice === undefined) throw new Error(`unexpected dialog ${JSON.stringify(request)}`);
				return { value: choice };
			},
		});

		const kinds = run.events.map(describeEvent).filter((e): e is string => e !== undefined);
		const firstEnd = kinds.indexOf("end:call_a");
		const secondDialog = kinds.indexOf(`dialog:${PLATFORM_QUESTION.header}`);
		expect(firstEnd).toBeGreaterThanOrEqual(0);
		expect(secondDialog).toBeGreaterThan(firstEnd);
		// No dialog of the first question after the second started.
		expect(kinds.slice(secondDialog).some((k) => k === `dialog:${CACHE_QUESTION.header}`)).toBe(false);

		expect(run.toolEnds.map((e) => e.result.details)).toEqual([
			expect.objectContaining({ outcome: "answered", answers: [expect.objectContaining({ answer: "In-memory LRU" })] }),
			expect.objectContaining({ outcome: "answered", answers: [expect.objectContaining({ answer: ["Linux"] })] }),
		]);
	});
});

function describeEvent(event: RpcEvent): string | undefined {
	if (event.type === "tool_execution_end") return `end:${String(event.toolCallId)}`;
	if (event.type === "extension_ui_request" && typeof event.title === "string") {
		if (event.title.includes(CACHE_QUESTION.header)) return `dialog:${CACHE_QUESTION.header}`;
		if (event.title.includes(PLATFORM_QUESTION.header)) return `dialog:${PLATFORM_QUESTION.header}`;
	}
	return undefined;
}
