/**
 * Questions from a Pi below, in the real pi TUI (tmux): the parent's fake model runs a child
 * `pi -p` through the bash tool; the child, which has no UI, is offered ask_user_question with no flag or
 * config (the parent's relay in its environment), and its fake model asks. The questionnaire appears in
 * the parent's TUI labelled with where it comes from; the person answers there; the child's model
 * receives exactly the text it would have had the person answered at the child. Also every end: the child
 * killed (the parent's dialog closes), the parent killed (the child's call ends with relay_closed at
 * once), and the `pi-ask` command listing and answering from another terminal.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentText } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { pairPersonPiAsk, runPersonPiAsk } from "../support/person-pi-ask.ts";
import type { PiHarness } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION } from "../support/questions.ts";
import { bashStep, childrenPerTest, parentEcho } from "../support/relay.ts";
import type { TuiSession } from "../support/tty.ts";

const child = childrenPerTest();
const pi = perTest();

/** Waits until the fake model of `harness` has received a tool result; returns its text. */
async function toolResult(harness: PiHarness, tui: TuiSession, what: string, timeoutMs = 20_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const found = harness.fake.requests.find((r) => r.lastToolResult !== undefined)?.lastToolResult;
		if (found !== undefined) return found;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`timed out waiting for ${what}; screen:\n${await tui.screen()}`);
}

const ANSWERED =
	'User answered: "Where should the API client cache responses?" = "SQLite file". "Which platforms must the first release support?" = ["Linux"]. Continue with these answers.';

describe("a child pi asks through the parent's TUI", () => {
	it("offers the tool to the child, shows its questions labelled, and returns the answer to the child's model", async () => {
		const kid = await child([askStep(CACHE_QUESTION, PLATFORM_QUESTION), echoStep]);
		const parent = await pi.harness([bashStep(kid.command("Pick a cache and platforms.")), parentEcho]);
		const tui = pi.tui({ prompt: "Run the child." });
		const screen = await tui.waitForScreen("Asked by a subagent", "the relayed questionnaire, labelled");
		expect(screen).toContain(CACHE_QUESTION.question);
		expect(screen).toMatch(/Asked by a subagent · depth 1 · \//);
		expect(screen).toContain("Task: Pick a cache and platforms.");
		expect(kid.harness.fake.requests[0]?.tools).toContain(ASK);
		// Collapsed to read the transcript, the line above the editor still says who asks.
		tui.keys("C-]");
		const collapsed = await tui.waitForScreen("press Ctrl+] to reopen", "the collapsed questionnaire's line");
		expect(collapsed).toMatch(/press Ctrl\+\] to reopen\s*\n\s*Asked by a subagent · depth 1/);
		tui.keys("C-]");
		await tui.waitForScreen(CACHE_QUESTION.question, "the questionnaire again");
		tui.keys("Down", "Enter");
		await tui.waitForScreen(PLATFORM_QUESTION.question, "the second question");
		tui.keys("Space", "Tab");
		await tui.waitForScreen(/Review your answers/, "the Submit tab");
		tui.keys("Enter");
		expect(await toolResult(kid.harness, tui, "the child's tool result")).toBe(ANSWERED);
		const after = await tui.waitForScreen("parent saw:", "the parent's reply after the child finished");
		expect(parent.fake.requests.at(-1)?.lastToolResult).toContain(`received: ${ANSWERED}`);
		// The parent's transcript keeps who asked, what and the answer; its model reads none of it.
		expect(after).toMatch(/A subagent's question · asked [\d-]+ [\d:]+/);
		expect(after).toContain("Cache: SQLite file");
		expect(JSON.stringify(parent.fake.requests)).not.toContain("A subagent's ask_user_question questionnaire");
	});

	it("the child killed while its question is open: the parent's dialog closes at once", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		await pi.harness([bashStep(kid.command("Ask.", { pidFile: "pid" })), parentEcho]);
		const tui = pi.tui({ prompt: "Run the child." });
		await tui.waitForScreen("Asked by a subagent", "the relayed questionnaire");
		const pid = Number(readFileSync(join(kid.harness.cwd, "pid"), "utf8"));
		process.kill(pid, "SIGKILL");
		const screen = await tui.waitForScreen("parent saw:", "the parent going on after the child died", 10_000);
		expect(screen).not.toContain(CACHE_QUESTION.question);
		expect(screen).not.toContain("1 questionnaire waiting");
		// One line says why it vanished.
		expect(screen).toContain("closed: the subagent stopped waiting");
		expect(kid.harness.fake.requests).toHaveLength(1);
	});

	it("the parent killed while the child waits: the child's call ends with relay_closed at once", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		await pi.harness([bashStep(kid.command("Ask.")), parentEcho]);
		const tui = pi.tui({ prompt: "Run the child." });
		await tui.waitForScreen("Asked by a subagent", "the relayed questionnaire");
		const pid = tui.piPid();
		expect(pid).toBeDefined();
		const killedAt = Date.now();
		process.kill(pid as number, "SIGKILL");
		const received = await toolResult(kid.harness, tui, "the child's tool result after the parent died", 10_000);
		expect(Date.now() - killedAt).toBeLessThan(2_000);
		expect(received).toMatch(
			/^The questions were not shown to the user \(relay_closed: .*\)\. This is not a refusal, but nobody can answer them now: proceed without these answers where that is safe, or stop and report the open questions in your final answer\.$/,
		);
	});

	it("two children asking at once are shown one after the other, each labelled with its name", async () => {
		const first = await child([askStep(CACHE_QUESTION), echoStep]);
		const second = await child([
			askStep({ ...CACHE_QUESTION, question: "Which cache for the second service?" }),
			echoStep,
		]);
		const both = `(${first.command("First task.", { env: { PI_ASK_RELAY_NAME: "alpha" } })}) & (${second.command("Second task.", { env: { PI_ASK_RELAY_NAME: "beta" } })}) & wait`;
		await pi.harness([bashStep(both), parentEcho]);
		const tui = pi.tui({ prompt: "Run both." });
		const one = await tui.waitForScreen(/Asked by subagent "(alpha|beta)"/, "the first child's questionnaire");
		const shownFirst = one.includes('subagent "alpha"') ? "alpha" : "beta";
		const shownSecond = shownFirst === "alpha" ? "beta" : "alpha";
		tui.keys("Enter");
		await tui.waitForScreen(`Asked by subagent "${shownSecond}"`, "the second child's questionnaire, after the first");
		tui.keys("Down", "Enter");
		await tui.waitForScreen("parent saw:", "the parent after both children");
		const results = [first, second].map((k) => k.harness.fake.requests.at(-1)?.lastToolResult ?? "");
		expect(results.map((r) => r.startsWith("User answered:"))).toEqual([true, true]);
		const byName = { alpha: results[0], beta: results[1] };
		expect(byName[shownFirst]).toContain('= "In-memory LRU"');
		expect(byName[shownSecond]).toContain('= "SQLite file"');
	});

	it("waits while the person types a message in the parent's editor: their keys never answer it", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		const background = `(${kid.command("Ask in the background.", { env: { PI_ASK_RELAY_NAME: "scout" } })} > /dev/null 2>&1 &)`;
		const parent = await pi.harness([bashStep(background), { text: "started it" }, { text: "noted your message" }]);
		const tui = pi.tui({ prompt: "Start the child." });
		await tui.waitForScreen("started it", "the parent idle, the child starting");
		tui.type("please also add te");
		const notice = await tui.waitForScreen("a question waits", "the notice that a question waits", 20_000);
		expect(notice).toContain('subagent "scout"');
		expect(notice).not.toContain(CACHE_QUESTION.question);
		// Typing on, then Enter: the message is sent, not an answer to the child.
		tui.type("sts");
		tui.keys("Enter");
		await tui.waitForScreen(CACHE_QUESTION.question, "the child's question, once the editor is empty");
		expect(kid.harness.fake.requests).toHaveLength(1);
		tui.keys("Down", "Enter");
		expect(await toolResult(kid.harness, tui, "the child's tool result")).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
		);
		await tui.waitForScreen("noted your message", "the parent's reply to the message");
		const sent = parent.fake.requests
			.at(-1)
			?.messages.filter((m) => m.role === "user")
			.at(-1);
		expect(contentText(sent?.content)).toBe("please also add tests");
	});

	it("a grandchild (a pi started by a child pi) asks through the same parent, labelled depth 2", async () => {
		const grandchild = await child([askStep(CACHE_QUESTION), echoStep]);
		const kid = await child([bashStep(grandchild.command("Deep task.")), echoStep]);
		await pi.harness([bashStep(kid.command("Run the grandchild.")), parentEcho]);
		const tui = pi.tui({ prompt: "Run the child." });
		const screen = await tui.waitForScreen("depth 2", "the grandchild's questionnaire");
		expect(screen).toContain("Task: Deep task.");
		tui.keys("Down", "Enter");
		expect(await toolResult(grandchild.harness, tui, "the grandchild's tool result")).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
		);
		await tui.waitForScreen("parent saw:", "the parent after the family finished");
	});
});

describe("pi-ask: answering from another terminal", () => {
	it("a child's question put aside stays pending in the parent; answered later by the person's paired pi-ask, the parent's agent is told which subagent asked and through what", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		const parent = await pi.harness([
			bashStep(kid.command("Ask.", { env: { PI_ASK_RELAY_NAME: "scout" } })),
			parentEcho,
			echoStep,
		]);
		const tui = pi.tui();
		const person = { agentDir: parent.agentDir, config: pi.tempDir("pi-ask-config-") };
		await waitForRelay(parent.agentDir);
		expect((await pairPersonPiAsk(person, tui, "my laptop")).out).toContain('Paired as "my laptop"');
		tui.type("Run the child.");
		tui.keys("Enter");
		await tui.waitForScreen('Asked by subagent "scout"', "the relayed questionnaire");
		tui.keys("C-l");
		await tui.waitForScreen("1 questionnaire waiting", "the parent's pending questionnaire");
		expect(await toolResult(kid.harness, tui, "the child's deferred result")).toMatch(
			/^The user put these questions aside to answer later in the Pi session that started you \(questionnaire "q_[^"]+"\): the answers will go to that session's agent, not to you\./,
		);
		await tui.waitForScreen("parent saw:", "the parent after the child");
		const listed = await runPersonPiAsk(person, ["list"]);
		expect(listed).toMatch(/pending/);
		expect(listed).toContain("asked by scout · depth 1");
		const id = /^(q_\S+)\s+pending/m.exec(listed)?.[1] ?? "";
		expect(await runPersonPiAsk(person, ["answer", id, "2"])).toContain("Answered.");
		await tui.waitForScreen("received: (no tool result)", "the parent's agent taking the late answer");
		const late = contentText(parent.fake.requests.at(-1)?.messages.at(-1)?.content);
		expect(late).toMatch(
			/^Late answer to the ask_user_question questionnaire asked at .* UTC by subagent "scout" \(depth 1, working directory ".*"\) \(questionnaire "q_[^"]+"\): User \(through "my laptop", a client they paired\) answered: "Where should the API client cache responses\?" = "SQLite file"\. Continue with these answers\.$/,
		);
		expect(await runPersonPiAsk(person, ["answer", id, "1"])).toContain(`No questionnaire ${id} is waiting.`);
	});
});

/** Waits until the Pi of `agentDir` serves its relay (a moment after it starts). */
async function waitForRelay(agentDir: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		const dir = join(agentDir, "ask-user-question", "relays");
		if (existsSync(dir) && readdirSync(dir).length > 0) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error("the relay never started");
}
