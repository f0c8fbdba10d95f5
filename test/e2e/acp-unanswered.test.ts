/**
 * Prompts the person in the editor does not answer, through the real `pi-acp` bridge: with an answer
 * `timeout`, the call ends as timed out after that many seconds and the model is told; with an extension
 * that answers on Pi's event bus, its answer wins. ACP gives the agent no way to withdraw the prompt, so
 * the editor may still show it: answering it afterwards changes nothing, and the session goes on.
 */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type PiHarness } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import { type AcpSession, pickOption, startAcp } from "./acp-harness.ts";

/** An extension that answers every questionnaire on the bus a moment after it is asked. */
const ANSWERER = `
export default function (pi) {
	pi.events.on("ask_user_question:asked", (data) => {
		setTimeout(() => pi.events.emit("ask_user_question:answer", {
			id: data.id, answers: [{ question: 0, options: ["Redis"] }], by: "chat-bridge",
		}), 200);
	});
}
`;

let h: PiHarness;
let acp: AcpSession;
beforeAll(async () => {
	h = await createHarness([], { extraFiles: { "ask-user-question.json": JSON.stringify({ timeout: 1 }) } });
	acp = await startAcp({ agentDir: h.agentDir, cwd: h.cwd });
}, 60_000);
afterAll(async () => {
	await acp?.close();
	await h?.dispose();
});

describe("an ACP client with an answer timeout", () => {
	it("ends the unanswered call as timed out; a late answer to the stale prompt changes nothing", async () => {
		h.fake.enqueue(askStep(CACHE_QUESTION), echoStep);
		let answerLate: () => void = () => {};
		const stop = await acp.prompt(
			"ask me",
			(request) =>
				new Promise<RequestPermissionResponse>((resolve) => {
					answerLate = () => resolve(pickOption(request, (name) => name.startsWith("2.")));
				}),
		);
		expect(stop).toBe("end_turn");
		expect(acp.permissions).toHaveLength(1);
		expect(h.fake.requests.at(-1)?.lastToolResult).toMatch(
			/^The questionnaire timed out before the user answered; they may be away\./,
		);
		const requests = h.fake.requests.length;
		answerLate();
		await new Promise((r) => setTimeout(r, 300));
		expect(h.fake.requests).toHaveLength(requests);

		h.fake.enqueue({ text: "still here" });
		expect(await acp.prompt("are you there?", () => ({ outcome: { outcome: "cancelled" } }))).toBe("end_turn");
		expect(h.fake.requests).toHaveLength(requests + 1);
	});

	it("an extension on the bus answers first: the model gets its answer", async () => {
		const bridge = await createHarness([askStep(CACHE_QUESTION), echoStep]);
		const answerer = join(bridge.cwd, "answerer.mjs");
		writeFileSync(answerer, ANSWERER);
		const session = await startAcp({ agentDir: bridge.agentDir, cwd: bridge.cwd, extraArgs: ["-e", answerer] });
		try {
			const stop = await session.prompt("ask me", () => new Promise<RequestPermissionResponse>(() => {}));
			expect(stop).toBe("end_turn");
			expect(session.permissions).toHaveLength(1);
			expect(bridge.fake.requests.at(-1)?.lastToolResult).toBe(
				'Extension "chat-bridge" (not the user) answered: "Where should the API client cache responses?" = "Redis". Continue with these answers.',
			);
		} finally {
			await session.close();
			await bridge.dispose();
		}
	});
});
