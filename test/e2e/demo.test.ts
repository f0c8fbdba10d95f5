/**
 * `npm start`'s scripted demo model (scripts/demo-model.ts) with the real binary: it asks its
 * two-question questionnaire through ask_user_question and replies with exactly what it received, shown
 * verbatim (a fenced block, so a quoted preview's code fence keeps its backticks); a questionnaire put
 * aside and answered later with /answer gets the late answer quoted the same way, not the questionnaire
 * again. Run over RPC here so a test can answer; `npm start` runs the same extension in the TUI.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verbatim } from "../../scripts/demo-model.ts";
import { sharedHarness } from "../support/lifecycle.ts";
import { LATE } from "../support/pending.ts";
import { REPO_ROOT, type RpcEvent, type RpcSession, toolResultText } from "../support/pi.ts";
import { rows } from "../support/questions.ts";
import { cancel, choose, scriptedUser } from "../support/user.ts";

const pi = sharedHarness();

function demoRpc(): RpcSession {
	return pi.h.rpc({
		useFakeModel: false,
		extraArgs: ["-e", join(REPO_ROOT, "scripts", "demo-model.ts"), "--provider", "demo", "--model", "demo-1"],
	});
}

describe("the npm start demo model", () => {
	it("asks its questionnaire and shows the model what came back, verbatim", async () => {
		const rpc = demoRpc();
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
		// Redis's preview is a ```yaml block: the quote's fence is longer, so those backticks are shown.
		const received = toolResultText(end);
		expect(received).toContain('(preview: "```yaml');
		expect(reply).toContain(`\n\n\`\`\`\`text\n${received}\n\`\`\`\`\n\n`);
		expect(reply).toContain('"outcome": "answered"');
	});

	it("a questionnaire put aside and answered with /answer: the late answer is quoted, nothing asked again", async () => {
		const rpc = demoRpc();
		const aside = scriptedUser([
			choose(rows.numbered(2), "SQLite file", /Cache/),
			cancel("select", /Platforms/),
			choose((r) => r === "Answer later", "Answer later", /Stop answering/),
		]);
		const run = await rpc.prompt("add caching", { onDialog: aside.handler });
		expect(aside.remaining()).toEqual([]);
		expect(run.toolEnds[0]?.result.details).toMatchObject({ outcome: "deferred" });
		expect(lastAssistantText(run.events)).toContain("answer it with /answer");

		const later = scriptedUser([
			choose(rows.numbered(3), "toggle Windows", /Platforms/),
			choose(rows.done, "Done"),
			choose(rows.submit, "Submit", /Review/),
		]);
		const answered = await rpc.prompt("/answer", { onDialog: later.handler });
		expect(later.remaining()).toEqual([]);
		expect(answered.toolEnds).toEqual([]);
		const reply = lastAssistantText(answered.events);
		expect(reply).toContain("This is exactly what the model received as a late answer");
		const quoted = /````text\n([\s\S]*)\n````/.exec(reply)?.[1] ?? "";
		expect(quoted).toMatch(LATE_ANY_CALL);
		expect(quoted.replace(LATE_ANY_CALL, "")).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file" (preview: "```ts\\nconst db = new Database(\\".cache/api.sqlite\\");\\n```"). "Which platforms must the first release support?" = ["Windows"]. Continue with these answers.',
		);
	});
});

describe("verbatim", () => {
	it("fences text with more backticks than any run inside, at least three", () => {
		expect(verbatim("plain")).toBe("```text\nplain\n```");
		expect(verbatim('"```ts\\nx\\n```"')).toBe('````text\n"```ts\\nx\\n```"\n````');
		expect(verbatim("a ````` b", "json")).toBe("``````json\na ````` b\n``````");
	});
});

/** The late answer's first line with whatever tool call id Pi gave the demo's call. */
const LATE_ANY_CALL = new RegExp(LATE.source.replace('\\(tool call "call_1"\\)', '\\(tool call "[^"]+"\\)'));

function lastAssistantText(events: RpcEvent[]): string {
	for (const event of [...events].reverse()) {
		const message = event.message as { role?: string; content?: { type: string; text?: string }[] } | undefined;
		if (event.type === "message_end" && message?.role === "assistant") {
			return (message.content ?? []).map((part) => part.text ?? "").join("");
		}
	}
	return "";
}
