/**
 * The registry cannot be written, in the real pi TUI (tmux). Root cause: a failure to write this Pi's
 * entry (`<agent dir>/ask-user-question/relays/<pid>.json`) was swallowed, so `pi-ask` silently could not
 * find the Pi. Now the person is told once, in plain words; the relay still serves the Pis below.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { perTest } from "../support/lifecycle.ts";
import { askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import { bashStep, childrenPerTest, parentEcho } from "../support/relay.ts";

const child = childrenPerTest();
const pi = perTest();

describe("a registry that cannot be written", () => {
	it("is said once (pi-ask cannot find this Pi), and the Pis below still ask", async () => {
		const kid = await child([askStep(CACHE_QUESTION), echoStep]);
		const again = await child([askStep(CACHE_QUESTION), echoStep]);
		const parent = await pi.harness([
			bashStep(kid.command("Ask.")),
			parentEcho,
			bashStep(again.command("Ask again.")),
			parentEcho,
		]);
		// `relays` made a plain file: the folder for the entries cannot be made.
		mkdirSync(join(parent.agentDir, "ask-user-question"), { recursive: true });
		writeFileSync(join(parent.agentDir, "ask-user-question", "relays"), "not a folder\n");
		const tui = pi.tui({ prompt: "Run the child." });
		const screen = await tui.waitForScreen("Asked by a subagent", "the relayed questionnaire");
		expect(screen).toContain(CACHE_QUESTION.question);
		tui.keys("Escape");
		const after = await tui.waitForScreen("parent saw:", "the parent after the child");
		const warnings = after.split("\n").filter((row) => row.includes("pi-ask cannot find this Pi"));
		expect(warnings).toHaveLength(1);
		expect(after.replace(/\s+/g, " ")).toMatch(
			/pi-ask cannot find this Pi: its entry in .*relays could not be written \(.*\)\. Questions from the Pis it starts still reach you here\./,
		);
		// A new session serves again and fails again, but says nothing more: the question of a Pi below it
		// appears only once the server is up, after the entry was tried.
		tui.type("/new");
		tui.keys("Enter");
		await tui.waitForScreen((text) => !text.includes("parent saw:"), "the new session's empty chat");
		tui.type("Run it again.");
		tui.keys("Enter");
		await tui.waitForScreen("Asked by a subagent", "the second child's questionnaire");
		tui.keys("Escape");
		const second = await tui.waitForScreen("parent saw:", "the parent after the second child");
		expect(second).not.toContain("pi-ask cannot find this Pi");
	});
});
