/**
 * A published subagent extension from the npm registry, offline against the fake model:
 * `pi-subagents` (nicobailon) runs its foreground children as sessions inside the parent Pi process,
 * loading the extensions an agent lists. Such a child has no UI; it is offered ask_user_question and
 * asks the serving Pi of its own process directly (no socket), labelled with the session name
 * pi-subagents gives it, and the answer returns through the subagent's result. The package is an exact
 * devDependency, so `npm install` brings it and this runs offline.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness, type PiHarness, REPO_ROOT, type UiRequest } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";

/** The version the test was written against (its agent frontmatter and foreground sessions). */
const PI_SUBAGENTS = "pi-subagents@0.67.0";
/** Where `npm install` put it (package.json devDependencies). */
const EXTENSION = join(REPO_ROOT, "node_modules", "pi-subagents");

let parent: PiHarness | undefined;

afterAll(async () => {
	await parent?.dispose();
});

it(`the devDependency is ${PI_SUBAGENTS}`, () => {
	const { version } = JSON.parse(readFileSync(join(EXTENSION, "package.json"), "utf8")) as { version: string };
	expect(`pi-subagents@${version}`).toBe(PI_SUBAGENTS);
});

describe(`${PI_SUBAGENTS}: in-process children`, () => {
	it("its foreground child asks the parent directly; the answer returns through the subagent's result", async () => {
		const task = "Ask the user where to cache responses.";
		// One fake model serves the parent and the child, in the order they ask.
		parent = await createHarness([
			{ toolCall: { name: "subagent", arguments: { agent: "asker", task, async: false } } },
			askStep(CACHE_QUESTION),
			echoStep,
			(request) => ({ text: `parent saw: ${request.lastToolResult ?? ""}` }),
		]);
		mkdirSync(join(parent.agentDir, "agents"), { recursive: true });
		writeFileSync(
			join(parent.agentDir, "agents", "asker.md"),
			`---\nname: asker\ndescription: Asks the user\nextensions: ${join(REPO_ROOT, "extension.cts")}\nmodel: fake/fake-1\nasync: false\n---\n\nYou ask the user.\n`,
		);
		const rpc = parent.rpc({ extraArgs: ["-e", EXTENSION], timeoutMs: 60_000 });
		const dialogs: UiRequest[] = [];
		await rpc.prompt("Delegate it.", {
			timeoutMs: 60_000,
			onDialog: (request) => {
				dialogs.push(request);
				const row = request.options?.find((o) => o.includes("SQLite file"));
				return row === undefined ? { cancelled: true } : { value: row };
			},
		});
		expect(dialogs).toHaveLength(1);
		expect(dialogs[0]?.title.split("\n")[0]).toMatch(
			new RegExp(`^Asked by subagent "subagent-asker-[^"]+" · depth 1 · ${parent.cwd} · Task: ${task}$`),
		);
		expect(parent.fake.requests[1]?.tools).toContain(ASK);
		expect(parent.fake.requests[2]?.lastToolResult).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
		);
		expect(parent.fake.requests.at(-1)?.lastToolResult).toContain("received: User answered:");
		// Pi loads pi-subagents and then, for the child, this extension through its transpiler: 15–30 s on a
		// busy two-core machine, so the test gets the time its own steps are given (60 s each), not the default.
	}, 120_000);
});
