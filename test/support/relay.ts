/**
 * A Pi family for the relay's end-to-end tests: a parent (TUI in tmux, or RPC) whose fake model runs a
 * child `pi` through its bash tool, and the child's own fake model and agent dir. The child is started as
 * the bash tool starts anything: with the parent's environment (which carries the relay), plus its own
 * agent dir. Children, grandchildren and their commands are built here; every process and folder is
 * disposed of by `dispose`.
 */
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import type { Step } from "./fake-model.ts";
import { createHarness, type PiHarness, piArgs, piCommand } from "./pi.ts";

/** Quotes one word for sh. */
export function shellQuote(word: string): string {
	return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** How a child is run. */
export interface ChildRun {
	/** `-p` (print, the default) or `--mode json` (as Pi's subagent example runs its children). */
	mode?: "print" | "json";
	/** Variables set for the child beyond what it inherits (e.g. PI_ASK_RELAY_NAME). */
	env?: Record<string, string>;
	/** Written to this file (in the child's cwd) before pi starts: its shell's pid, so a test can kill it. */
	pidFile?: string;
}

/** A child Pi: its harness (fake model, agent dir, cwd) and the shell command that runs it. */
export interface ChildPi {
	harness: PiHarness;
	/** The command the parent's bash tool runs. */
	command(prompt: string, run?: ChildRun): string;
}

/** Makes a child whose fake model plays `script`. */
export async function childPi(script: Step[]): Promise<ChildPi> {
	const harness = await createHarness(script);
	const { command, args } = piCommand();
	return {
		harness,
		command(prompt, run = {}) {
			const env = { PI_CODING_AGENT_DIR: harness.agentDir, ...run.env };
			const mode = run.mode === "json" ? ["--mode", "json", prompt] : ["-p", prompt];
			const argv = [command, ...args, ...piArgs({ extraArgs: [] }), ...mode];
			const assignments = Object.entries(env).map(([key, value]) => `${key}=${shellQuote(value)}`);
			const pid = run.pidFile === undefined ? "" : `echo $$ > ${shellQuote(join(harness.cwd, run.pidFile))}; `;
			return `cd ${shellQuote(harness.cwd)} && ${pid}exec env ${assignments.join(" ")} ${argv.map(shellQuote).join(" ")}`;
		},
	};
}

/**
 * Returns a function that makes a child (see {@link childPi}); an `afterEach` disposes of every child the
 * test made. Call it at the top level of a test file, before `perTest()` (whose parent, torn down first
 * since vitest runs after-hooks in reverse, goes before its children, as a person closing Pi would).
 */
export function childrenPerTest(): (script: Step[]) => Promise<ChildPi> {
	const made: ChildPi[] = [];
	afterEach(async () => {
		await Promise.all(made.splice(0).map((child) => child.harness.dispose()));
	});
	return async (script) => {
		const child = await childPi(script);
		made.push(child);
		return child;
	};
}

/** A fake-model step that runs `command` with the bash tool. */
export function bashStep(command: string, timeout?: number): Step {
	const args = timeout === undefined ? { command } : { command, timeout };
	return { toolCall: { name: "bash", arguments: args } };
}

/** The parent's reply once the bash tool returned: what it received, on one line. */
export const parentEcho: Step = (request) => ({
	text: `parent saw: ${(request.lastToolResult ?? "(nothing)").replaceAll("\n", " ")}`,
});

/** Where the repository's own copy of Pi's subagent example lives (loaded with -e). */
export function subagentExample(): string {
	const { args } = piCommand();
	// args[0] is the CLI: <pkg>/dist/bundle/cli.js or <pkg>/dist/cli.js.
	let dir = dirname(args[0] ?? "");
	while (!dir.endsWith("pi-coding-agent") && dir !== dirname(dir)) dir = dirname(dir);
	return join(dir, "examples", "extensions", "subagent", "index.ts");
}
