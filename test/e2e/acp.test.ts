/**
 * Editor hosts: the real `pi-acp` bridge runs pi (with this extension) for an ACP client. pi-acp
 * turns pi's `select`/`confirm` dialogs into `session/request_permission` prompts whose options are
 * the dialog's rows, and cancels `input`/`editor` dialogs. So in Zed and other ACP clients the
 * questionnaire works as a chain of permission prompts: single-select, multi-select (toggle rows,
 * then "Done — N selected"), previews (as the text of a prompt), review and decline; typed answers and
 * notes are not available (their input is cancelled and the question is asked again).
 */
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { createHarness, type PiHarness } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION, rows } from "../support/questions.ts";
import { type AcpSession, CANCELLED, pickOption, startAcp } from "./acp-harness.ts";

let h: PiHarness;
let acp: AcpSession;
beforeAll(async () => {
	h = await createHarness();
	acp = await startAcp({ agentDir: h.agentDir, cwd: h.cwd });
}, 60_000);
afterAll(async () => {
	await acp?.close();
	await h?.dispose();
});

type Step = (request: RequestPermissionRequest) => RequestPermissionResponse;

/** Answers permission prompts with `steps`, in order; records each request. */
function scripted(steps: Step[]) {
	const queue = [...steps];
	const seen: RequestPermissionRequest[] = [];
	return {
		seen,
		remaining: () => queue.length,
		handler(request: RequestPermissionRequest): RequestPermissionResponse {
			seen.push(request);
			const step = queue.shift();
			if (!step) throw new Error(`unexpected permission request ${JSON.stringify(request.toolCall.title)}`);
			return step(request);
		},
	};
}

const choose =
	(pick: (name: string) => boolean): Step =>
	(request) =>
		pickOption(request, pick);
const names = (request: RequestPermissionRequest | undefined) => request?.options.map((o) => o.name) ?? [];

/** The `details` pi-acp forwarded in the tool call's completed update (`rawOutput`). */
function askDetails(acpSession: AcpSession): unknown {
	const completed = acpSession.updates
		.map((n) => n.update)
		.filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed")
		.at(-1);
	const raw = completed && "rawOutput" in completed ? (completed.rawOutput as { details?: unknown }) : undefined;
	return raw?.details;
}

/** Prompts once and checks what the model received next matches `expected`. */
async function ask(questions: object[], steps: Step[], expected: QuestionnaireResult) {
	h.fake.enqueue(askStep(...questions), echoStep);
	const before = acp.updates.length;
	const user = scripted(steps);
	const stop = await acp.prompt("ask me", user.handler);
	expect(stop).toBe("end_turn");
	expect(user.remaining(), "permission prompts left unanswered").toBe(0);
	const texts = questions.map((q) => (q as { question: string }).question);
	expect(h.fake.requests.at(-1)?.lastToolResult).toBe(resultText(expected, texts));
	const started = acp.updates
		.slice(before)
		.map((n) => n.update)
		.find((u) => u.sessionUpdate === "tool_call");
	expect(started && "title" in started ? started.title : undefined).toContain(ASK);
	expect(askDetails(acp)).toEqual(expected);
	return user.seen;
}

describe("pi-acp (Zed and other ACP clients)", () => {
	it("single-select: the option rows arrive as permission options; the model receives the answer", async () => {
		const seen = await ask([CACHE_QUESTION], [choose(rows.numbered(2))], {
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "SQLite file" }],
		});
		expect(seen).toHaveLength(1);
		expect(seen[0]?.toolCall.title).toContain(CACHE_QUESTION.question);
		expect(names(seen[0])).toEqual([
			"1. In-memory LRU — Simplest; lost on restart.",
			"2. SQLite file — Survives restarts.",
			"3. Redis — Shared across instances.",
			"Type something…",
			"Add a note…",
		]);
	});

	it("multi-select: toggling rows re-asks with check boxes; Done commits", async () => {
		const seen = await ask(
			[PLATFORM_QUESTION],
			[choose(rows.numbered(1)), choose(rows.numbered(3)), choose(rows.done)],
			{
				outcome: "answered",
				cancelled: false,
				host: "rpc",
				answeredBy: { kind: "person" },
				answers: [
					{ questionIndex: 0, question: PLATFORM_QUESTION.question, kind: "multi", answer: ["Linux", "Windows"] },
				],
			},
		);
		expect(seen).toHaveLength(3);
		expect(names(seen[0])).toContain("[ ] 1. Linux — x64 and arm64.");
		expect(names(seen[1])).toContain("[x] 1. Linux — x64 and arm64.");
		expect(names(seen[2])).toContain("[x] 3. Windows — Needs a signing certificate.");
		expect(names(seen[2]).find(rows.done)).toBe("Done — 2 selected");
	});

	it("decline: dismissing the first prompt declines; the model is told so", async () => {
		const seen = await ask([CACHE_QUESTION], [() => CANCELLED], {
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0],
		});
		expect(seen).toHaveLength(1);
	});

	it("typing is not available: the bridge cancels the input and the question comes back", async () => {
		const seen = await ask([CACHE_QUESTION], [choose(rows.typeSomething), choose(rows.numbered(3))], {
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "Redis" }],
		});
		expect(seen).toHaveLength(2);
		expect(seen[1]?.toolCall.title).toContain(CACHE_QUESTION.question);
		// pi-acp tells the user in the transcript why nothing happened.
		const said = acp.updates
			.map((n) => n.update)
			.filter((u) => u.sessionUpdate === "agent_message_chunk")
			.map((u) => ("content" in u && u.content.type === "text" ? u.content.text : ""));
		expect(said.join("\n")).toMatch(/input UI request is not supported/);
	});

	it("previews are readable: “Show previews…” opens a prompt whose title holds them", async () => {
		const withPreviews = {
			...CACHE_QUESTION,
			options: CACHE_QUESTION.options.map((o, i) => ({ ...o, preview: `cache-preview-${i + 1}\nline two` })),
		};
		const seen = await ask(
			[withPreviews],
			[choose((name) => /^show previews/i.test(name)), choose(rows.back), choose(rows.numbered(1))],
			{
				outcome: "answered",
				cancelled: false,
				host: "rpc",
				answeredBy: { kind: "person" },
				answers: [
					{
						questionIndex: 0,
						question: CACHE_QUESTION.question,
						kind: "option",
						answer: "In-memory LRU",
						preview: "cache-preview-1\nline two",
					},
				],
			},
		);
		expect(seen[1]?.toolCall.title).toContain("cache-preview-2\nline two");
		expect(names(seen[1])).toEqual(["← Back to options"]);
	});

	it("a two-question form ends in a review prompt; Submit sends both answers", async () => {
		const seen = await ask(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			[choose(rows.numbered(1)), choose(rows.numbered(2)), choose(rows.done), choose(rows.submit)],
			{
				outcome: "answered",
				cancelled: false,
				host: "rpc",
				answeredBy: { kind: "person" },
				answers: [
					{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "In-memory LRU" },
					{ questionIndex: 1, question: PLATFORM_QUESTION.question, kind: "multi", answer: ["macOS"] },
				],
			},
		);
		expect(seen.at(-1)?.toolCall.title).toMatch(/Review your answers/);
	});
});
