/**
 * The answer timeout in an editor host: through the real `pi-acp` bridge, a questionnaire whose
 * permission prompt nobody answers ends as timed out after `timeout` seconds, and the model is told.
 * ACP gives the agent no way to withdraw the prompt, so the editor may still show it: answering it
 * afterwards changes nothing, and the session goes on.
 */
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type PiHarness } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import { type AcpSession, pickOption, startAcp } from "./acp-harness.ts";

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
});
