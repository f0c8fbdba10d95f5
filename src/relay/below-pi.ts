/**
 * Whether this process was started by a Pi (its bash tool, a job that tool left behind, a subagent): the
 * agent's own processes run as the person's user, so `pi-ask` refuses to pair, list or answer from there
 * even where it could (DESIGN.md §12). Three marks: a relay variable Pi hands down to everything it starts
 * (background and `setsid` jobs keep it); on Linux, a serving Pi among this process's ancestors (which
 * also catches a shell that unset the variables); and no controlling terminal (Pi runs its tools
 * detached, so nothing they start has one, while a person's terminal always does). A process that
 * deliberately gets past all three — unsets the variables, detaches, opens a pseudo-terminal of its own —
 * is past "ordinary means": docs/relay-protocol.md says what then still stands in its way.
 * Node built-ins only; no Pi imports.
 */
import { closeSync, openSync, readFileSync } from "node:fs";
import { handedDownVariable } from "./env.ts";

/** Why this process counts as started by a Pi, or undefined when it does not. */
export function startedByPi(
	env: Record<string, string | undefined>,
	servingPids: readonly number[],
	ancestors: readonly number[] = ancestorPids(),
	terminal: boolean = hasControllingTerminal(),
): string | undefined {
	const variable = handedDownVariable(env);
	if (variable !== undefined) return `${variable} is set: Pi started this process`;
	const pi = ancestors.find((pid) => servingPids.includes(pid));
	if (pi !== undefined) return `it runs below the Pi with process id ${pi}`;
	return terminal ? undefined : "it has no terminal of its own (the commands Pi runs for the agent have none)";
}

/** True when this process has a controlling terminal: /dev/tty opens only then. */
function hasControllingTerminal(): boolean {
	try {
		closeSync(openSync("/dev/tty", "r"));
		return true;
	} catch {
		return false;
	}
}

/** This process's parent, its parent, … up to init (Linux /proc; elsewhere none are known). */
function ancestorPids(start: number = process.ppid): number[] {
	const chain: number[] = [];
	for (let pid = start; pid > 1 && chain.length < 256; ) {
		chain.push(pid);
		const parent = parentOf(pid);
		if (parent === undefined) break;
		pid = parent;
	}
	return chain;
}

function parentOf(pid: number): number | undefined {
	try {
		// "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
		return Number.isInteger(ppid) ? ppid : undefined;
	} catch {
		return undefined;
	}
}
