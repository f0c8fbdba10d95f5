/**
 * The person's own `pi-ask`, as end-to-end tests run it: in a terminal of its own (`script` gives it a
 * pseudo-terminal, as a person's has; it does not run below Pi), with its own config dir for the
 * credential; paired once by reading the code off Pi's screen, as the person would.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { credentialsFile, saveCredential } from "../../src/relay/credentials.ts";
import { pairedClients } from "../../src/relay/pairing.ts";
import { REPO_ROOT } from "./pi.ts";
import { shellQuote } from "./relay.ts";
import type { TuiSession } from "./tty.ts";

const PI_ASK = join(REPO_ROOT, "dist", "pi-ask.cjs");

/** Where this person's pi-ask finds Pi (its agent dir) and keeps its credential (XDG_CONFIG_HOME). */
export interface PersonPiAsk {
	agentDir: string;
	config: string;
}

export function startPersonPiAsk(who: PersonPiAsk, args: string[]): ChildProcessWithoutNullStreams {
	const line = [process.execPath, PI_ASK, ...args].map(shellQuote).join(" ");
	return spawn("script", ["-qec", line, "/dev/null"], {
		env: {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			PI_CODING_AGENT_DIR: who.agentDir,
			XDG_CONFIG_HOME: who.config,
		},
	});
}

/** Runs pi-ask to its end; what it printed (the terminal's CRs removed). */
export async function runPersonPiAsk(who: PersonPiAsk, args: string[]): Promise<string> {
	const child = startPersonPiAsk(who, args);
	let out = "";
	child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
	await new Promise((resolve) => child.on("close", resolve));
	return out.replaceAll("\r", "");
}

const CODE = /Pairing code (\d{3} \d{3}):/;

/** Pairs under `name`: pi-ask asks for the code, the code is read off Pi's screen and typed. */
export async function pairPersonPiAsk(
	who: PersonPiAsk,
	tui: TuiSession,
	name: string,
): Promise<{ out: string; screen: string }> {
	const pairing = startPersonPiAsk(who, ["pair", "--name", name]);
	let out = "";
	pairing.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
	const screen = await tui.waitForScreen(CODE, "the pairing code on Pi's screen");
	const deadline = Date.now() + 10_000;
	while (!out.includes("Code: ") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
	pairing.stdin.write(`${CODE.exec(screen)?.[1]}\n`);
	await new Promise((resolve) => pairing.on("close", resolve));
	return { out: out.replaceAll("\r", ""), screen };
}

/** A pairing made as the person's would end, without a screen to read (RPC tests): both sides recorded. */
export function pairedAlready(who: PersonPiAsk, name: string): void {
	const { credential } = pairedClients(who.agentDir).add(name);
	saveCredential(credentialsFile({ XDG_CONFIG_HOME: who.config }), who.agentDir, { credential, name });
}
