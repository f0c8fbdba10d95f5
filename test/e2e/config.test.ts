/**
 * The user config through the real binary: `<agent dir>/ask-user-question.json` replaces the
 * guidance texts the model receives (description, system-prompt snippet and guidelines — never
 * merged with the defaults); a broken file never stops Pi and produces a warning naming the file; an
 * answer `timeout` ends an unanswered call as timed_out.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_GUIDANCE } from "../../src/tool/guidance.ts";
import { perTest } from "../support/lifecycle.ts";
import { runPrint, type UiRequest } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";

const CONFIG_FILE = "ask-user-question.json";

const pi = perTest();

const OVERRIDE = {
	guidance: {
		description: "Custom description: ask the human about deployment targets only.",
		promptSnippet: "Custom snippet for asking the human",
		promptGuidelines: ["Custom guideline: use ask_user_question only for deployment decisions."],
	},
};

describe("guidance overrides", () => {
	it("the model receives the configured description, snippet and guidelines, and not the defaults", async () => {
		const h = await pi.harness([], { extraFiles: { [CONFIG_FILE]: JSON.stringify(OVERRIDE) } });
		const rpc = h.rpc();
		h.fake.enqueue({ text: "ok" });
		await rpc.prompt("hello");
		const request = h.fake.requests.at(-1)!;
		expect(request.tools).toContain(ASK);
		expect(request.toolDefinitions.find((t) => t.name === ASK)?.description).toBe(OVERRIDE.guidance.description);
		expect(request.system).toContain(OVERRIDE.guidance.promptSnippet);
		expect(request.system).toContain(OVERRIDE.guidance.promptGuidelines[0]);
		expect(request.system).not.toContain(DEFAULT_GUIDANCE.promptSnippet);
		for (const line of DEFAULT_GUIDANCE.promptGuidelines) expect(request.system).not.toContain(line);
		expect(rpc.stderr()).not.toContain(CONFIG_FILE);
	});

	it("without a config the defaults are sent (control)", async () => {
		const h = await pi.harness();
		const rpc = h.rpc();
		h.fake.enqueue({ text: "ok" });
		await rpc.prompt("hello");
		const request = h.fake.requests.at(-1)!;
		expect(request.toolDefinitions.find((t) => t.name === ASK)?.description).toBe(DEFAULT_GUIDANCE.description);
		expect(request.system).toContain(DEFAULT_GUIDANCE.promptSnippet);
		for (const line of DEFAULT_GUIDANCE.promptGuidelines) expect(request.system).toContain(line);
	});
});

describe("a broken config", () => {
	it("RPC: Pi still runs with the defaults and a warning names the file", async () => {
		const h = await pi.harness([], { extraFiles: { [CONFIG_FILE]: '{ "guidance": { "promptSnippet": ' } });
		const rpc = h.rpc();
		h.fake.enqueue({ text: "still running" });
		const run = await rpc.prompt("hello");
		expect(run.events.some((e) => e.type === "agent_end")).toBe(true);
		const request = h.fake.requests.at(-1)!;
		expect(request.tools).toContain(ASK);
		expect(request.system).toContain(DEFAULT_GUIDANCE.promptSnippet);
		// A notify from session_start (before the prompt) or a line on stderr.
		const notices = rpc.events
			.filter((e) => e.type === "extension_ui_request" && e.method === "notify")
			.map((e) => String(e.message));
		const warnings = [...notices, rpc.stderr()].join("\n");
		expect(warnings).toContain(CONFIG_FILE);
		// Reported once, not once per event.
		expect(notices.filter((n) => n.includes(CONFIG_FILE)).length).toBeLessThanOrEqual(1);
	});

	it("print mode: Pi still answers and the warning goes to stderr", async () => {
		const h = await pi.harness([], { extraFiles: { [CONFIG_FILE]: "not json at all" } });
		h.fake.enqueue({ text: "print still works" });
		const result = await runPrint("hello", h.options());
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("print still works");
		expect(result.stderr).toContain(CONFIG_FILE);
	});

	it("a wrongly typed key is named in the warning and falls back to the default", async () => {
		const bad = { guidance: { promptSnippet: 42, promptGuidelines: ["Kept guideline about ask_user_question."] } };
		const h = await pi.harness([], { extraFiles: { [CONFIG_FILE]: JSON.stringify(bad) } });
		const rpc = h.rpc();
		h.fake.enqueue({ text: "ok" });
		await rpc.prompt("hello");
		const request = h.fake.requests.at(-1)!;
		expect(request.system).toContain(DEFAULT_GUIDANCE.promptSnippet);
		expect(request.system).toContain("Kept guideline about ask_user_question.");
		const notices = rpc.events
			.filter((e) => e.type === "extension_ui_request" && e.method === "notify")
			.map((e) => String(e.message));
		const warnings = [...notices, rpc.stderr()].join("\n");
		expect(warnings).toContain(CONFIG_FILE);
		expect(warnings).toContain("promptSnippet");
	});
});

describe("an answer timeout", () => {
	it("RPC: nobody answers, so the call ends timed_out after `timeout` seconds and the model is told", async () => {
		const h = await pi.harness([], { extraFiles: { [CONFIG_FILE]: JSON.stringify({ timeout: 1 }) } });
		const rpc = h.rpc();
		h.fake.enqueue(askStep(CACHE_QUESTION), echoStep);
		const seen: UiRequest[] = [];
		// The person is away: the dialog is never answered.
		const run = await rpc.prompt("pick a cache", {
			onDialog: (request) => {
				seen.push(request);
				return new Promise(() => {});
			},
		});
		expect(seen).toHaveLength(1);
		// The client is told the time left (it may show a countdown); the walk's own deadline comes first.
		expect(seen[0]?.timeout).toBeGreaterThan(1_000);
		expect(seen[0]?.timeout).toBeLessThanOrEqual(2_000);
		const end = run.toolEnds[0]!;
		expect(end.result.details).toMatchObject({ outcome: "timed_out", host: "rpc", answers: [] });
		expect(h.fake.requests.at(-1)?.lastToolResult).toBe(
			"The questionnaire timed out before the user answered; they may be away. " +
				"Do not assume answers: continue with work that does not depend on them, or ask again later.",
		);
	});
});
