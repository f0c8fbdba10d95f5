/**
 * `pi-ask pair` and `pi-ask unpair` (pairing.ts has the design): the person's one step that lets this
 * client list and answer, and its undoing. No Pi imports.
 */
import { readlinkSync } from "node:fs";
import { hostname } from "node:os";
import { createInterface, type Interface } from "node:readline/promises";
import { clean, EXIT, type Run, refuseBelowPi, targets } from "./cli-common.ts";
import { openRelayLink, type RelayLink, request } from "./client.ts";
import { forgetCredential, readCredential, saveCredential } from "./credentials.ts";
import { pairedClients, verifierOf } from "./pairing.ts";
import { readEntries } from "./registry.ts";

/**
 * Pairs this client with the person's Pis: the newest running Pi shows a code on its own screen; the
 * person types it here. The credential is kept in the user's config dir, one per agent dir.
 */
export async function pair(run: Run): Promise<number> {
	const { say, terminal } = run;
	const target = targets(run).at(-1);
	if (target === undefined) {
		say("No running Pi to pair with: start pi in a terminal first, then run pi-ask pair again.");
		return EXIT.failed;
	}
	const given = run.flags.get("name");
	const name = typeof given === "string" ? given : defaultName();
	say(`Pairing "${clean(name)}" with the Pi in ${clean(target.label)}.`);
	const link = await openRelayLink(target.socket, "", { client: "pi-ask", pair: true });
	const rl = createInterface({ input: terminal.input, output: terminal.output });
	try {
		const started = await request(link, { type: "pair", id: "pair", name });
		if (started.type === "error") {
			say(`Not paired: ${clean(started.message)}`);
			return EXIT.failed;
		}
		// Above a questionnaire on screen too (relay/pairing-screen.ts): no key is needed to read it.
		say("That Pi shows a six-digit code on its screen now (on its top line while a questionnaire is open).");
		return await typeCode(run, link, rl);
	} finally {
		rl.close();
		link.close();
	}
}

/** Asks for the code until it is right or the Pi gives up; saves the credential. */
async function typeCode(run: Run, link: RelayLink, rl: Interface): Promise<number> {
	for (let attempt = 1; ; attempt++) {
		const code = (await readLine(rl, "Code: ")).trim();
		const reply = await request(link, { type: "pair_code", id: `code-${attempt}`, code });
		if (reply.type === "paired") {
			saveCredential(run.credentials, run.agentDir, { credential: reply.credential, name: reply.name });
			run.say(`Paired as "${clean(reply.name)}": pi-ask list and pi-ask answer now work with your Pis.`);
			return EXIT.ok;
		}
		const message = reply.type === "error" ? reply.message : "unexpected reply";
		run.say(`Not paired: ${clean(message)}`);
		if (
			!(reply.type === "error" && reply.code === "rejected" && /tries? left/.test(message) && !/no tries/.test(message))
		)
			return EXIT.failed;
	}
}

/** One line from the terminal; the end of input is a refusal, not a hang. */
async function readLine(rl: Interface, prompt: string): Promise<string> {
	const closed = new Promise<never>((_, reject) => rl.once("close", () => reject(new Error("no code was typed"))));
	return Promise.race([rl.question(prompt), closed]);
}

/** Forgets this client's pairing here and in the Pis' list of paired clients. */
export function unpair(run: Run): number {
	refuseBelowPi(run, readEntries(run.agentDir));
	const held = readCredential(run.credentials, run.agentDir);
	if (held === undefined) {
		run.say("This pi-ask is not paired.");
		return EXIT.ok;
	}
	const verifier = verifierOf(held.credential);
	pairedClients(run.agentDir).remove((c) => c.verifier === verifier);
	forgetCredential(run.credentials, run.agentDir);
	run.say(`Unpaired "${clean(held.name)}".`);
	return EXIT.ok;
}

/** "pi-ask on pts/3" (the terminal it runs at), else "pi-ask on <host>". */
function defaultName(): string {
	try {
		const tty = readlinkSync("/proc/self/fd/0");
		if (tty.startsWith("/dev/")) return `pi-ask on ${tty.slice(5)}`;
	} catch {
		// No /proc, or no terminal on stdin.
	}
	return `pi-ask on ${hostname()}`;
}
