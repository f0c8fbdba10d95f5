/**
 * Key echo in the real pi TUI while a hostile client streams lines at its relay (issue #31: a stream of
 * lines nested 10⁶ deep held key echo at 226–545 ms). The real `pi` runs in a pseudo-terminal with the
 * fake model, whose one tool call is what any command Pi runs can do: read the relay's socket and ask
 * secret from its environment into a file. Then keys are typed into Pi's editor one at a time, each timed
 * from its write to the arrival on the terminal of the editor line that holds it: first with no client,
 * then while another process sends `hello` and one hostile line per connection, over and over.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RELAY_PROTOCOL_VERSION } from "../src/relay/protocol.ts";
import { createHarness, piArgs, piCommand } from "../test/support/pi.ts";
import { bashStep } from "../test/support/relay.ts";
import { startWatchedTerminal, type WatchedTerminal } from "./pty.ts";
import type { HostileCase } from "./relay-lines.ts";
import type { Figure } from "./stats.ts";
import { ptyPiEnv } from "./workload.ts";

const LINES = new URL("./relay-lines.ts", import.meta.url).pathname;
const KEY_GAP_MS = 60;
const TIMEOUT_MS = 30_000;

/** A process that sends hostile lines to the relay until it is killed; resolves once it has sent one. */
function hostileClient(socket: string, token: string, which: HostileCase): Promise<ChildProcess> {
	const script = `
		import { createConnection } from "node:net";
		import { hostileLine } from ${JSON.stringify(LINES)};
		const [socket, token, which] = process.argv.slice(-3);
		const payload = Buffer.from(JSON.stringify({ v: ${RELAY_PROTOCOL_VERSION}, type: "hello", token }) + "\\n" + hostileLine(which, "1"));
		let sent = 0;
		const once = () => {
			const c = createConnection(socket);
			c.on("connect", () => c.write(payload));
			c.on("data", (d) => { if (String(d).includes('"type":"error"')) c.destroy(); });
			c.on("error", () => {});
			c.on("close", () => { if (++sent === 1) console.log("sent"); once(); });
		};
		once();
	`;
	const child = spawn(process.execPath, ["--input-type=module", "-e", script, socket, token, which], {
		stdio: ["ignore", "pipe", "inherit"],
	});
	return new Promise((resolve, reject) => {
		child.stdout?.once("data", () => resolve(child));
		child.once("exit", (code) => reject(new Error(`the hostile client exited (${code})`)));
	});
}

/** Letters whose every run of `tail` in the typed text is unique, so each key's echo has its own mark. */
function uniqueText(length: number, tail: number): string {
	const letters = "bcdfghjkmnpqrstvwxz";
	for (;;) {
		let text = "";
		for (let i = 0; i < length; i++) text += letters[Math.floor(Math.random() * letters.length)];
		const seen = new Set<string>();
		let unique = true;
		for (let i = tail; i <= text.length && unique; i++) {
			const mark = text.slice(i - tail, i);
			unique = !seen.has(mark);
			seen.add(mark);
		}
		if (unique) return text;
	}
}

/** Types `text` after `before` (already in the editor), a key at a time; each key's echo time, ms. */
async function typeTimed(term: WatchedTerminal, before: string, text: string): Promise<number[]> {
	const times: number[] = [];
	let typed = before;
	for (const key of text) {
		typed += key;
		const mark = new RegExp(typed.slice(-6));
		const sentAt = performance.now();
		term.type(key);
		times.push((await term.waitForText(mark, TIMEOUT_MS)) - sentAt);
		await new Promise((r) => setTimeout(r, KEY_GAP_MS));
	}
	return times;
}

/** Key echo rows: quiet, and under a client streaming each hostile line. */
export async function relayEchoFigures(keys: number): Promise<Figure[]> {
	const harness = await createHarness([
		bashStep('printf "%s\\n%s\\n" "$PI_ASK_RELAY_SOCKET" "$PI_ASK_RELAY_TOKEN" > relay.txt'),
		{ text: "relay read" },
	]);
	const { command, args } = piCommand();
	const env = ptyPiEnv(harness.agentDir);
	const argv = [...args, ...piArgs({ extraArgs: ["Read the relay."] })];
	const term = startWatchedTerminal(command, argv, { cwd: harness.cwd, env, cols: 120, rows: 40 });
	const clients: ChildProcess[] = [];
	try {
		await term.waitForText(/relay read/, TIMEOUT_MS);
		const file = join(harness.cwd, "relay.txt");
		if (!existsSync(file)) throw new Error("the bash tool did not write the relay's address");
		const [socket = "", token = ""] = readFileSync(file, "utf8").trim().split("\n");
		const text = uniqueText(3 * keys + 6, 6);
		// Six keys first, untimed: the editor's line then carries a full mark from the first timed key.
		await typeTimed(term, "", text.slice(0, 6));
		const quiet = await typeTimed(term, text.slice(0, 6), text.slice(6, 6 + keys));
		const phases: { which: HostileCase; name: string; times: number[] }[] = [];
		let at = 6 + keys;
		for (const [which, name] of [
			["deep", "10⁶-deep lines"],
			["string", "4 MB string lines"],
		] as const) {
			const client = await hostileClient(socket, token, which);
			clients.push(client);
			phases.push({ which, name, times: await typeTimed(term, text.slice(0, at), text.slice(at, at + keys)) });
			client.kill();
			at += keys;
		}
		return [
			{
				name: "key echo in pi's TUI, no relay client",
				unit: "ms",
				samples: quiet,
				note: `a key written to the pty → the editor line holding it back on the terminal; ${keys} keys, ${KEY_GAP_MS} ms apart`,
			},
			...phases.map(({ which, name, times }) => ({
				name: `key echo in pi's TUI, a client streaming ${name}`,
				unit: "ms",
				samples: times,
				...(which === "deep" ? { target: { stat: "p99" as const, max: 33 } } : {}),
				note:
					which === "deep"
						? "another process sends hello and a line nested 10⁶ deep, reconnecting after each refusal (before the guard: 226–545 ms, issue #31); target: at most two frames"
						: "the same with ordinary 4 MB lines (an ask of one long string): the cost any line of the largest size has, hostile or not",
			})),
		];
	} finally {
		for (const client of clients) client.kill();
		term.close();
		await harness.dispose();
	}
}
