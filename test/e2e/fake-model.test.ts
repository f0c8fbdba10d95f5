/**
 * The fake model itself (no pi): SSE framing of tool calls and text, function steps that see the
 * request, string arguments sent verbatim, request recording, and the exhausted-script answer.
 * The end-to-end tests trust this server, so it gets its own checks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeModel, SCRIPT_EXHAUSTED, startFakeModel } from "../support/fake-model.ts";

let fake: FakeModel | undefined;
afterEach(async () => {
	await fake?.close();
	fake = undefined;
});

async function post(body: object): Promise<Record<string, unknown>[]> {
	const response = await fetch(`${fake!.url}/chat/completions`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify(body),
	});
	expect(response.headers.get("content-type")).toBe("text/event-stream");
	const text = await response.text();
	expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
	return text
		.split("\n\n")
		.filter((block) => block.startsWith("data: {"))
		.map((block) => JSON.parse(block.slice("data: ".length)) as Record<string, unknown>);
}

type Choice = { delta: Record<string, unknown>; finish_reason: string | null };
const choice = (chunk: Record<string, unknown>) => (chunk.choices as Choice[])[0]!;

describe("fake model", () => {
	it("streams a tool call with JSON arguments and finishes with tool_calls", async () => {
		fake = await startFakeModel([{ toolCall: { name: "ask_user_question", arguments: { questions: [] } } }]);
		const chunks = await post({ messages: [{ role: "user", content: "hi" }] });
		const calls = chunks.flatMap(
			(c) => (choice(c).delta.tool_calls as { function: { arguments?: string; name?: string } }[]) ?? [],
		);
		expect(calls[0]?.function.name).toBe("ask_user_question");
		expect(calls.map((c) => c.function.arguments ?? "").join("")).toBe('{"questions":[]}');
		expect(choice(chunks.at(-1)!).finish_reason).toBe("tool_calls");
	});

	it("sends string arguments verbatim, answers function steps from the request, records requests", async () => {
		fake = await startFakeModel([
			{ toolCall: { name: "t", arguments: "{not json" } },
			(request) => ({ text: `saw ${request.lastToolResult} with ${request.tools.join(",")}` }),
		]);
		const first = await post({ messages: [] });
		const args = first.flatMap((c) => (choice(c).delta.tool_calls as { function: { arguments?: string } }[]) ?? []);
		expect(args.map((a) => a.function.arguments ?? "").join("")).toBe("{not json");

		const second = await post({
			messages: [
				{ role: "system", content: "SYSTEM PROMPT" },
				{ role: "tool", tool_call_id: "call_1", content: [{ type: "text", text: "RESULT" }] },
			],
			tools: [{ type: "function", function: { name: "read", description: "Read", parameters: {} } }],
		});
		expect(second.map((c) => choice(c).delta.content ?? "").join("")).toBe("saw RESULT with read");
		expect(choice(second.at(-1)!).finish_reason).toBe("stop");
		expect(fake.requests).toHaveLength(2);
		expect(fake.requests[1]?.system).toBe("SYSTEM PROMPT");
		expect(fake.requests[1]?.lastToolResult).toBe("RESULT");
		expect(fake.requests[0]?.lastToolResult).toBeUndefined();
	});

	it("answers a fixed text once the script is exhausted; enqueue adds steps", async () => {
		fake = await startFakeModel();
		const chunks = await post({ messages: [] });
		expect(chunks.map((c) => choice(c).delta.content ?? "").join("")).toBe(SCRIPT_EXHAUSTED);
		fake.enqueue({ text: "more" });
		expect(fake.pending()).toBe(1);
		const next = await post({ messages: [] });
		expect(next.map((c) => choice(c).delta.content ?? "").join("")).toBe("more");
	});
});
