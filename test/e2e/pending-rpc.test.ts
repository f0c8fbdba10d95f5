/**
 * Pending questionnaires through the real binary over JSONL (the dialog walker, as ACP editors drive
 * it), asserting what the fake model receives: the "Answer later" row returns `deferred`, and `/answer`
 * sent as a prompt walks the questionnaire again and sends the late answer, which starts a turn; with
 * `timeout` and `onTimeout: "defer"` an untouched questionnaire becomes pending, the model is told, and
 * `/answer` answers it later; another extension answers a pending questionnaire over Pi's event bus (it
 * is announced as pending, then closed once) while the agent runs a command, and the late answer is
 * steered in after that command's result, before the next model request. No cancel declines in
 * `/answer` (src/state/leave.ts): one cancel asks "Stop answering?", a cancel there keeps it pending and
 * tells the model nothing; "Answered in chat" settles it with a truthful late answer.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentText } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { DEFERRED_ADVICE, LATE, lastUserText, pendingScript, TIMED_OUT_PENDING } from "../support/pending.ts";
import { type PromptRun, type RpcSession, toolResultText } from "../support/pi.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION, rows } from "../support/questions.ts";
import { cancel, choose, scriptedUser } from "../support/user.ts";

const CONFIG_FILE = "ask-user-question.json";

const pi = perTest();

/** Asks Cache and Platforms; the person picks Cache option `n`, then leaves Platforms: "Answer later". */
async function putAside(rpc: RpcSession, n: number): Promise<PromptRun> {
	const user = scriptedUser([
		choose(rows.numbered(n), `option ${n}`, CACHE_QUESTION.question),
		cancel("select", PLATFORM_QUESTION.question),
		choose((r) => r === "Answer later", "Answer later", /Stop answering/),
	]);
	const run = await rpc.prompt("plan it", { onDialog: user.handler });
	expect(user.remaining()).toEqual([]);
	return run;
}

/** Questionnaires are named by an id of ours, never by the tool call's (providers reuse those). */
const OUR_ID = expect.stringMatching(/^q_[\w-]{8}$/);

describe("pending questionnaires over RPC", () => {
	it("the Answer later row returns deferred; /answer over RPC walks it again and the model gets the late answer", async () => {
		const h = await pi.harness(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION));
		const rpc = h.rpc();
		const run = await putAside(rpc, 3);
		expect(run.toolEnds.map((end) => end.result.details)).toMatchObject([{ outcome: "deferred", pendingId: OUR_ID }]);
		expect(toolResultText(run.toolEnds[0]!)).toBe(
			`Answers given so far (may still change): "${CACHE_QUESTION.question}" = "Redis". ${DEFERRED_ADVICE}`,
		);
		expect(h.fake.requests).toHaveLength(2);

		// The walk resumes at the question left open: Platforms, then the review.
		const later = scriptedUser([
			choose(rows.numbered(1), "toggle Linux", PLATFORM_QUESTION.question),
			choose(rows.done, "Done", PLATFORM_QUESTION.question),
			choose(rows.submit, "Submit", /Review/),
		]);
		const answered = await rpc.prompt("/answer", { onDialog: later.handler });
		expect(later.remaining()).toEqual([]);
		expect(answered.toolEnds).toEqual([]);
		const late = lastUserText(h.fake.requests[2]);
		expect(late).toMatch(LATE);
		expect(late.replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "Redis". "${PLATFORM_QUESTION.question}" = ["Linux"]. Continue with these answers.`,
		);
		// The late answer is a message of ours in the session, never a second tool result.
		expect(h.fake.requests[2]?.messages.filter((m) => m.role === "tool")).toHaveLength(1);
		expect(answered.events).toContainEqual(
			expect.objectContaining({
				type: "message_end",
				message: expect.objectContaining({ role: "custom", customType: "ask_user_question:late_answer" }),
			}),
		);
	});

	it('timeout with onTimeout "defer": untouched, it becomes pending, the model is told, /answer answers it later', async () => {
		const h = await pi.harness(pendingScript(CACHE_QUESTION), {
			extraFiles: { [CONFIG_FILE]: JSON.stringify({ timeout: 1, onTimeout: "defer" }) },
		});
		const rpc = h.rpc();
		// The person is away: the dialog is never answered.
		const run = await rpc.prompt("pick a cache", { onDialog: () => new Promise(() => {}) });
		expect(run.toolEnds[0]?.result.details).toMatchObject({ outcome: "deferred", pendingId: OUR_ID, answers: [] });
		// Nobody chose Answer later: the model reads that the time ran out.
		expect(h.fake.requests[1]?.lastToolResult).toBe(TIMED_OUT_PENDING);
		expect(run.events).toContainEqual(
			expect.objectContaining({ method: "setStatus", statusText: "1 questionnaire waiting · /answer" }),
		);

		const later = scriptedUser([choose(rows.numbered(2), "option 2 (SQLite)", CACHE_QUESTION.question)]);
		await rpc.prompt("/answer", { onDialog: later.handler });
		expect(lastUserText(h.fake.requests[2]).replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "SQLite file". Continue with these answers.`,
		);
	});

	it("another extension answers it over the bus while the agent works: steered in after the running tool call", async () => {
		// After the deferral the model runs a slow command; the answer arrives meanwhile.
		const [ask, , echoLate] = pendingScript(CACHE_QUESTION, PLATFORM_QUESTION);
		const slow = { toolCall: { name: "bash", arguments: { command: "sleep 1.5; echo slept" } } };
		const h = await pi.harness([ask!, slow, echoLate!]);
		const answerer = join(h.cwd, "answerer.mjs");
		// Answers only questionnaires announced as pending, and logs what the bus says.
		writeFileSync(
			answerer,
			`export default function (pi) {
	pi.events.on("ask_user_question:asked", (data) => {
		process.stderr.write("ASKED " + data.id + " call=" + data.callId + " pending=" + data.pending + "\\n");
		if (data.pending !== true) return;
		setTimeout(() => {
			pi.events.emit("ask_user_question:answer", { id: "no-such-id", decline: true });
			pi.events.emit("ask_user_question:answer", { id: data.id, answers: [{ question: 0, options: ["Redis"] }, { question: 1, options: ["Linux"] }], by: "phone-bridge" });
		}, 200);
	});
	pi.events.on("ask_user_question:answer_rejected", (data) => process.stderr.write("REJECTED " + JSON.stringify(data) + "\\n"));
	pi.events.on("ask_user_question:closed", (data) => process.stderr.write("CLOSED " + data.id + " " + data.result.outcome + "\\n"));
}
`,
		);
		const rpc = h.rpc({ extraArgs: ["-e", answerer] });
		// One run: the deferral, the command, the late answer steered in after it, the model's reply.
		const run = await putAside(rpc, 1);
		expect(run.toolEnds.map((end) => end.toolName)).toEqual(["ask_user_question", "bash"]);
		expect(run.toolEnds[0]?.result.details).toMatchObject({ outcome: "deferred" });
		expect(h.fake.requests).toHaveLength(3);
		const [toolResult, late] = h.fake.requests[2]!.messages.slice(-2);
		// The command was not cut short: its result, then the late answer, before the next model request.
		expect(toolResult).toMatchObject({ role: "tool", tool_call_id: "call_2" });
		expect(contentText(toolResult?.content)).toBe("slept\n");
		expect(late?.role).toBe("user");
		expect(lastUserText(h.fake.requests[2]).replace(LATE, "")).toBe(
			`Extension "phone-bridge" (not the user) answered: "${CACHE_QUESTION.question}" = "Redis". "${PLATFORM_QUESTION.question}" = ["Linux"]. Continue with these answers.`,
		);
		const stderr = rpc.stderr();
		// Named by an id of ours on the bus, with the tool call it was asked under beside it.
		const details = run.toolEnds[0]?.result.details as { pendingId?: string } | undefined;
		const id = String(details?.pendingId);
		expect(id).toEqual(OUR_ID);
		expect(stderr).toContain(`ASKED ${id} call=call_1 pending=undefined`);
		expect(stderr).toContain(`ASKED ${id} call=call_1 pending=true`);
		expect(stderr).toContain(
			'REJECTED {"id":"no-such-id","problems":["id: no questionnaire \\"no-such-id\\" is open or pending"]}',
		);
		expect(stderr.match(new RegExp(`CLOSED ${id} answered`, "g"))).toHaveLength(1);
		expect(stderr).not.toContain(`CLOSED ${id} deferred`);
	});
});

describe("cancelling in /answer over RPC", () => {
	it("one cancel never declines: 'Stop answering?' asks; dismissed too, it stays pending and the model is told nothing", async () => {
		// Nothing given: a questionnaire nobody touched, made pending by the timeout.
		const h = await pi.harness(pendingScript(CACHE_QUESTION), {
			extraFiles: { [CONFIG_FILE]: JSON.stringify({ timeout: 1, onTimeout: "defer" }) },
		});
		const rpc = h.rpc();
		await rpc.prompt("pick a cache", { onDialog: () => new Promise(() => {}) });
		expect(h.fake.requests).toHaveLength(2);

		const leave = scriptedUser([
			cancel("select", CACHE_QUESTION.question),
			cancel("select", /^Stop answering\? You have answered 0 of 1 question\./),
		]);
		const left = await rpc.prompt("/answer", { onDialog: leave.handler, noTurn: true });
		expect(leave.remaining()).toEqual([]);
		expect(left.dialogs.at(-1)?.options).toEqual([
			"Keep answering",
			"Answer later",
			"Answered in chat — the agent is told to take your answers from the chat",
			"Decline — the agent is told you declined",
		]);
		// Nothing sent: no late answer, no turn, and the footer still counts it.
		expect(h.fake.requests).toHaveLength(2);
		expect(left.events).not.toContainEqual(
			expect.objectContaining({ type: "message_end", message: expect.objectContaining({ role: "custom" }) }),
		);
		// While open in /answer it is not waiting (the footer does not count it); put aside again, it is.
		const statuses = left.events.filter((e) => e.method === "setStatus").map((e) => e.statusText);
		expect(statuses).toEqual([undefined, "1 questionnaire waiting · /answer"]);

		// Still there: this time the person says they answered in chat, and the model reads exactly that.
		const chat = scriptedUser([
			cancel("select", CACHE_QUESTION.question),
			choose((r) => r.startsWith("Answered in chat"), "Answered in chat", /Stop answering/),
		]);
		await rpc.prompt("/answer", { onDialog: chat.handler });
		expect(chat.remaining()).toEqual([]);
		const late = lastUserText(h.fake.requests[2]);
		expect(late).toMatch(LATE);
		expect(late.replace(LATE, "")).toBe(
			"User says they answered these questions in the chat instead of in the questionnaire. " +
				"Take the answers from the conversation; do not ask the same questions again.",
		);
		for (const request of h.fake.requests)
			for (const m of request.messages)
				if (m.role === "tool" || m.role === "user") expect(contentText(m.content)).not.toMatch(/declin/i);
	});
});
