/**
 * Questions from a Pi below, in the real pi TUI (tmux): the parent's fake model runs a child
 * `pi -p` through the bash tool; the child, which has no UI, is offered ask_user_question with no flag or
 * config (the parent's relay in its environment), and its fake model asks. The questionnaire appears in
 * the parent's TUI labelled with where it comes from; the person answers there; the child's model
 * receives exactly the text it would have had the person answered at the child. Also every end: the child
 * killed (the parent's dialog closes), the parent killed (the child's call ends with relay_closed at
 * once), and the `pi-ask` command listing and answering from another terminal.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type PiHarness, REPO_ROOT } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION } from "../support/questions.ts";
import { bashStep, type ChildPi, childPi, parentEcho } from "../support/relay.ts";
import { startTui, type TuiSession } from "../support/tty.ts";

let parent: PiHarness | undefined;
let children: ChildPi[] = [];
let tui: TuiSession | undefined;
afterEach(async () => {
	tui?.close();
	tui = undefined;
	await parent?.dispose();
	parent = undefined;
	await Promise.all(children.map((c) => c.harness.dispose()));
	children = [];
});

async function child(script: Parameters<typeof childPi>[0]): Promise<ChildPi> {
	const made = await childPi(script);
	children.push(made);
	return made;
}

/** Waits until the fake model of `harness` has received a tool result; returns its text. */
async function toolResult(harness: PiHarness, what: string, timeoutMs = 20_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const found = harness.fake.requests.find((r) => r.lastToolResult !== undefined)?.lastToolResult;
		if (found !== undefined) return found;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`timed out waiting for ${what}; screen:\n${await tui?.screen()}`);
}

const ANSWERED =
	'User answered: "Where should the API client cache responses?" = "SQLite file". "Which platforms must the first release support?" = ["Linux"]. Continue with these answers.';

describe("a child pi asks through the parent's TUI", () => {
	it("offers the tool to the child, shows its questions labelled, and returns the answer to the child's model", async () => {
		const kid = await child([askStep(CACHE_QUESTION, PLATFORM_QUESTION), echoStep]);
		parent = await createHarness([bashStep(kid.command("Pick a cache and platforms.")), parentEcho]);
		tui = startTui(parent.options({ extraArgs: ["Run the child."] }));
		const screen = await tui.waitForScreen("Asked by a subagent", "the relayed questionnaire, labelled");
		expect(screen).toContain(CACHE_QUESTION.question);
		expect(screen).toMatch(/Asked by a subagent · depth 1 · \//);
		expect(screen).toContain("Task: Pick a cache and platforms.");
		expect(kid.harness.fake.requests[0]?.tools).toContain(ASK);
		tui.keys("Down", "Enter");
		await tui.waitForScreen(PLATFORM_QUESTION.question, "the second question");
		tui.keys("Space", "Tab");
		await tui.waitForScreen(/Review your answers/, "the Submit tab");
		tui.keys("Enter");
		expect(await toolResult(kid.harness, "the child's tool result")).toBe(ANSWERED);
		await tui.waitForScreen("parent saw:", "the parent's reply after the child finished");
		expect(parent.fake.requests.at(-1)?.lastToolResult).toContain(`received: ${ANSWERED}`);
	});
});
