/**
 * Questions from a Pi below when the parent is an RPC client's Pi (`--mode rpc`, the dialog walker): the
 * child's questions come as dialogs whose titles say who asks; the answer reaches the child's model. The
 * parent's bash interrupted while the child's question is open ends it all at once (the dialog, the child,
 * the bash call: one result each). Pi's own subagent example (`examples/extensions/subagent`, children as
 * `pi --mode json -p`) works with no change to it. A Pi without a UI and without a live relay above keeps
 * the tool hidden, as before.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { perTest } from "../support/lifecycle.ts";
import { pairedAlready, runPersonPiAsk } from "../support/person-pi-ask.ts";
import { REPO_ROOT, runPrint, type UiRequest } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import { bashStep, childrenPerTest, parentEcho, subagentExample } from "../support/relay.ts";

const child = childrenPerTest();
const pi = perTest();

/** Answers a question dialog with the row holding `label`; cancels anything else. */
const choose = (label: string) => (request: UiRequest) => {
	const row = request.options?.find((o) => o.includes(label));
	return row === undefined ? { cancelled: true as const } : { value: row };
};

describe("a child pi asks through the parent's RPC client", () => {
	it("shows its questions as dialogs whose titles say who asks; the answer reaches the child's model", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		const parent = await pi.harness([
			bashStep(kid.command("Pick a cache.", { env: { PI_ASK_RELAY_NAME: "scout" } })),
			parentEcho,
		]);
		const rpc = parent.rpc();
		const run = await rpc.prompt("Run the child.", { onDialog: choose("SQLite file") });
		expect(run.dialogs).toHaveLength(1);
		const [label, title] = run.dialogs[0]?.title.split("\n") ?? [];
		expect(label).toBe(`Asked by subagent "scout" · depth 1 · ${kid.harness.cwd} · Task: Pick a cache.`);
		expect(title).toContain(CACHE_QUESTION.question);
		expect(kid.harness.fake.requests.at(-1)?.lastToolResult).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
		);
		expect(run.toolEnds.map((e) => e.toolName)).toEqual(["bash"]);
	});

	it("the parent's bash interrupted while the child's question is open: one result each, nothing left open", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		const parent = await pi.harness([bashStep(kid.command("Ask.")), parentEcho]);
		const rpc = parent.rpc();
		let shown: () => void = () => {};
		const dialogShown = new Promise<void>((resolve) => {
			shown = resolve;
		});
		const running = rpc.prompt("Run the child.", {
			onDialog: () => {
				shown();
				return new Promise(() => {});
			},
		});
		await dialogShown;
		await rpc.command({ type: "abort" });
		const run = await running;
		expect(run.dialogs).toHaveLength(1);
		expect(run.toolEnds.map((e) => [e.toolName, e.isError])).toEqual([["bash", true]]);
		// The child was killed with the bash call: its model never got a result, and nothing waits in the parent.
		expect(kid.harness.fake.requests).toHaveLength(1);
		const person = { agentDir: parent.agentDir, config: pi.tempDir("pi-ask-config-") };
		pairedAlready(person, "pi-ask in the test");
		expect((await runPersonPiAsk(person, ["list"])).trim()).toBe("No questionnaire is waiting.");
	});
});

describe("Pi's own subagent example (children as pi --mode json -p)", () => {
	it("its child is offered the tool and asks; the parent shows it labelled; the answer comes back through the subagent", async () => {
		const task = "Ask the user where to cache responses.";
		// One fake model serves the parent and the child, in the order they ask (the child runs inside the call).
		const parent = await pi.harness(
			[
				{ toolCall: { name: "subagent", arguments: { agent: "asker", task } } },
				askStep(CACHE_QUESTION),
				echoStep,
				parentEcho,
			],
			{ settings: { extensions: [REPO_ROOT] } },
		);
		mkdirSync(join(parent.agentDir, "agents"), { recursive: true });
		writeFileSync(
			join(parent.agentDir, "agents", "asker.md"),
			"---\nname: asker\ndescription: Asks the user when a decision is theirs\n---\n\nYou ask the user.\n",
		);
		const rpc = parent.rpc({ extraArgs: ["-e", subagentExample()], timeoutMs: 40_000 });
		const run = await rpc.prompt("Delegate it.", { onDialog: choose("Redis"), timeoutMs: 40_000 });
		expect(run.dialogs).toHaveLength(1);
		expect(run.dialogs[0]?.title.split("\n")[0]).toBe(`Asked by a subagent · depth 1 · ${parent.cwd} · Task: ${task}`);
		const childRequest = parent.fake.requests[1];
		expect(childRequest?.tools).toContain(ASK);
		expect(parent.fake.requests[2]?.lastToolResult).toBe(
			'User answered: "Where should the API client cache responses?" = "Redis". Continue with these answers.',
		);
		expect(parent.fake.requests.at(-1)?.lastToolResult).toContain("received: User answered:");
	});
});

describe("without a live relay above, a Pi without a UI keeps the tool hidden", () => {
	it.each([
		[
			"a stale relay (the Pi above is gone)",
			{ PI_ASK_RELAY_SOCKET: "/nonexistent/relay.sock", PI_ASK_RELAY_TOKEN: "x" },
		],
		[
			"the relay turned off",
			{ PI_ASK_RELAY_SOCKET: "/nonexistent/relay.sock", PI_ASK_RELAY_TOKEN: "x", PI_ASK_RELAY: "off" },
		],
	])("%s", async (_what, env) => {
		const h = await pi.harness([{ text: "no tool" }]);
		await runPrint("hello", h.options({ env }));
		expect(h.fake.requests[0]?.tools).not.toContain(ASK);
	});
});
