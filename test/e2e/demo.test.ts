/**
 * `npm start`'s scripted demo model (scripts/demo-model.ts) with the real binary: it asks its
 * two-question questionnaire through ask_user_question and replies with exactly what it received.
 * Run over RPC here so a test can answer; `npm start` runs the same extension in the TUI.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sharedHarness } from "../support/lifecycle.ts";
import { REPO_ROOT, type RpcEvent, toolResultText } from "../support/pi.ts";
import { rows } from "../support/questions.ts";
import { choose, scriptedUser } from "../support/user.ts";

const pi = sharedHarness();

describe("the npm start demo model", () => {
	it("asks its questionnaire and shows the model what came back", async () => {
		const rpc = pi.h.rpc({
			useFakeModel: false,
			extraArgs: ["-e", join(REPO_ROOT, "scripts", "demo-model.ts"), "--provider", "demo", "--model", "demo-1"],
		});
		const user = scriptedUser([
			choose(rows.numbered(3), "Redis", /Cache/),
			choose(rows.numbered(1), "toggle Linux", /Platforms/),
			choose(rows.done, "Done"),
			choose(rows.submit, "Submit", /Review/),
		]);
		const run = await rpc.prompt("add caching", { onDialog: user.handler });
		expect(user.remaining()).toEqual([]);
		const end = run.toolEnds[0]!;
		expect(end.result.details).toMatchObject({
			outcome: "answered",
			answers: [{ answer: "Redis" }, { answer: ["Linux"] }],
		});
		const reply = lastAssistantText(run.events);
		expect(reply).toContain("This is exactly what the model received back");
		expect(reply).toContain(toolResultText(end));
		expect(reply).toContain('"outcome": "answered"');
	});
});

function lastAssistantText(events: RpcEvent[]): string {
	for (const event of [...events].reverse()) {
		const message = event.message as { role?: string; content?: { type: string; text?: string }[] } | undefined;
		if (event.type === "message_end" && message?.role === "assistant") {
			return (message.content ?? []).map((part) => part.text ?? "").join("");
		}
	}
	return "";
}
