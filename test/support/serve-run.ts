/**
 * The person's `pi-ask serve`, as end-to-end tests run it: in a terminal of its own (person-pi-ask.ts),
 * its address and pairing code read off what it prints, a new code asked for with Enter.
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { type PersonPiAsk, startPersonPiAsk } from "./person-pi-ask.ts";

export interface RunningServe {
	url: string;
	/** Everything it printed so far. */
	output(): string;
	/** The newest pairing code it shows (digits only), after `previous` when given. */
	code(previous?: string): Promise<string>;
	/** The pid of serve's own node process (below the `script` that gives it a terminal), once it runs. */
	pid(): number | undefined;
	/** Presses Enter at its terminal: a new code. */
	newCode(): void;
	stop(): void;
}

async function until<T>(what: string, get: () => T | undefined, ms = 15_000): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = get();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

/** The first process from `pid` down that runs the script `name` (`node …/name`; Linux: /proc). */
function descendant(pid: number | undefined, name: string): number | undefined {
	if (pid === undefined) return undefined;
	try {
		if (readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[1]?.endsWith(name)) return pid;
		const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
		for (const child of children) {
			const found = descendant(Number(child), name);
			if (found !== undefined) return found;
		}
	} catch {
		// Gone meanwhile, or not Linux.
	}
	return undefined;
}

export async function startServe(who: PersonPiAsk, args: string[] = []): Promise<RunningServe> {
	const child: ChildProcessWithoutNullStreams = startPersonPiAsk(who, ["serve", ...args]);
	let out = "";
	child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
	const url = await until(`pi-ask serve's address (it printed: ${out})`, () => /at (http:\/\/\S+)/.exec(out)?.[1]);
	const codes = () => [...out.matchAll(/Pairing code: (\d{3}) (\d{3})/g)].map((m) => `${m[1]}${m[2]}`);
	return {
		url,
		output: () => out.replaceAll("\r", ""),
		code: (previous) =>
			until("a pairing code", () => {
				const last = codes().at(-1);
				return last !== undefined && last !== previous ? last : undefined;
			}),
		newCode: () => child.stdin.write("\r"),
		pid: () => descendant(child.pid, "pi-ask.cjs"),
		stop: () => child.kill("SIGTERM"),
	};
}
