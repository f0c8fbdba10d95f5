/**
 * What the `pi-ask` commands share (cli.ts, cli-pair.ts): exit codes, one run's surroundings, the refusal
 * below a Pi, and how untrusted text reaches the terminal. No Pi imports.
 */
import { startedByPi } from "./below-pi.ts";
import { type Credential, readCredential } from "./credentials.ts";
import { type RegistryEntry, readEntries } from "./registry.ts";

/** Exit codes (README and docs/relay-protocol.md list them). */
export const EXIT = { ok: 0, failed: 1, usage: 2, first: 3, notAllowed: 4, interrupted: 130 } as const;

export type Flags = Map<string, string | true>;

/** Where the command writes (the process's streams; tests pass their own). */
export interface Output {
	write(text: string): unknown;
}

/** The terminal `pi-ask answer <id>` and `pi-ask pair` ask at. */
export interface Terminal {
	input: NodeJS.ReadableStream & { isTTY?: boolean };
	output: NodeJS.WritableStream;
}

/** What the command reads of its surroundings (tests pass their own). */
export interface Surroundings {
	env: NodeJS.ProcessEnv;
	/** This process's ancestors (below-pi.ts); read from /proc when absent. */
	ancestors?: number[];
	/** Whether it has a controlling terminal (below-pi.ts); found out when absent. */
	terminal?: boolean;
}

/** A mistake in what was typed on the command line: nothing is sent, exit code 2. */
export class UsageError extends Error {}

/** Not allowed to answer: not paired, or started by a Pi. Exit code 4. */
export class NotAllowed extends Error {}

export interface Run {
	flags: Flags;
	agentDir: string;
	credentials: string;
	say: (line: string) => void;
	terminal: Terminal;
	surroundings: Surroundings;
}

export const USAGE = `usage: pi-ask pair [--name NAME]      once: pair with your Pis (type the code Pi shows)
       pi-ask list [--json]             what waits in your running Pis
       pi-ask answer <id> [ANSWER...] [--note TEXT] [--decline] [--json FIELDS]
       pi-ask unpair                    forget this pairing (here and in your Pis)
       pi-ask serve [--listen ADDR[:PORT]] [--origin URL]   a web inbox to answer from a phone
       pi-ask serve --devices | --revoke ID                 the devices paired with it
         [--notify-url URL [--notify-topic T]]  serve: a JSON POST for each new question
ANSWER, one per question: 2 (an option), 1,3 (several), text:your words, - (leave it);
  none at a terminal: asks question by question.
Options: --agent-dir DIR   Pi's agent dir (default $PI_CODING_AGENT_DIR, else ~/.pi/agent)
         --socket PATH     talk to the one Pi listening there
         --json            list: machine-readable; answer: the answer fields as JSON
Exit codes: 0 done, 1 not answered, 2 usage, 3 someone answered first,
  4 not allowed (not paired, or run by Pi itself), 130 Ctrl+C.
pi-ask never answers for a process Pi started: run it in a terminal of your own.
`;

export function parseArgs(argv: readonly string[]): { positional: string[]; flags: Flags } {
	const positional: string[] = [];
	const flags: Flags = new Map();
	// `--json` is a switch for `list` and takes the answer fields for `answer`.
	const valued = new Set([
		...["note", "name", "socket", "agent-dir", "listen", "origin", "revoke", "notify-url", "notify-topic"],
		...(argv[0] === "list" ? [] : ["json"]),
	]);
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? "";
		const name = arg.startsWith("--") ? arg.slice(2) : arg === "-h" ? "h" : undefined;
		if (name === undefined) positional.push(arg);
		else if (valued.has(name) && argv[i + 1] !== undefined) flags.set(name, argv[++i] ?? "");
		else flags.set(name, true);
	}
	return { positional, flags };
}

export interface Target {
	socket: string;
	/** How the person knows this Pi: its working directory and process id. */
	label: string;
}

/** The Pis to talk to: the one `--socket` names, else every one in the registry; refused below a Pi. */
export function targets(run: Run): Target[] {
	const entries = readEntries(run.agentDir);
	refuseBelowPi(run, entries);
	const socket = run.flags.get("socket");
	if (typeof socket === "string") return [{ socket, label: socket }];
	return entries.map((e) => ({ socket: e.socket, label: `${e.cwd} (pid ${e.pid})` }));
}

/** This client's credential for the agent dir; refused when it was never paired. */
export function heldCredential(run: Run): Credential {
	const held = readCredential(run.credentials, run.agentDir);
	if (held === undefined)
		throw new NotAllowed("not paired yet: run `pi-ask pair` once, here, and type the code your Pi shows.");
	return held;
}

/** Refuses when Pi started this process: its answers would be the agent's, not the person's. */
export function refuseBelowPi(run: Run, entries: readonly RegistryEntry[]): void {
	const { env, ancestors, terminal } = run.surroundings;
	const why = startedByPi(
		env,
		entries.map((e) => e.pid),
		ancestors,
		terminal,
	);
	if (why !== undefined)
		throw new NotAllowed(
			`refused: ${why}. The agent must not answer for you; run pi-ask in a terminal of your own, outside Pi.`,
		);
}

/**
 * Untrusted text for the terminal: control characters (escape sequences among them), bidi and invisible
 * formatting characters become visible `\u` escapes, never reaching the terminal raw. (Pi's width-aware
 * sanitizer needs pi-tui; this command runs without it.)
 */
const UNSAFE =
	/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

export function clean(text: string): string {
	return text.replace(UNSAFE, (ch) =>
		ch
			.split("")
			.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
			.join(""),
	);
}

export function age(askedAt: number): string {
	const minutes = Math.max(0, Math.round((Date.now() - askedAt) / 60_000));
	return minutes < 1 ? "just now" : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}
