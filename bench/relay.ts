/**
 * What a hostile relay client costs the serving Pi's main thread (issue #31): the real relay server runs
 * in a process of its own (relay-child.ts) with Node's event-loop delay histogram on; this process, a
 * client holding the ask secret (which every command Pi runs has), sends `hello` and one hostile line in
 * one write, waits for the refusal, and reads the longest the server's event loop was held meanwhile:
 * how long a key typed then would have waited for its echo. Beside it, JSON.parse alone of each line in
 * the server's process: what reading the line cost before the shape guard (src/relay/protocol.ts).
 */
import { type ChildProcess, fork } from "node:child_process";
import { createConnection } from "node:net";
import { fileURLToPath } from "node:url";
import { type HostileCase, hostileLine } from "./relay-lines.ts";
import type { Figure } from "./stats.ts";

const CHILD = fileURLToPath(new URL("./relay-child.ts", import.meta.url));
const FRAME_MS = 16;

type Reply =
	| { type: "ready"; socket: string; token: string }
	| { type: "reset" }
	| { type: "read"; maxMs: number }
	| { type: "parse"; ms: number };

/** The relay process, and a way to ask it one thing at a time. */
function startChild(): Promise<{
	child: ChildProcess;
	ask(command: object): Promise<Reply>;
	socket: string;
	token: string;
}> {
	const child = fork(CHILD, [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
	const waiting: ((reply: Reply) => void)[] = [];
	child.on("message", (reply: Reply) => waiting.shift()?.(reply));
	const next = () => new Promise<Reply>((resolve) => waiting.push(resolve));
	const ask = (command: object) => {
		const reply = next();
		child.send(command);
		return reply;
	};
	return next().then((ready) => {
		if (ready.type !== "ready") throw new Error("the relay child did not start");
		return { child, ask, socket: ready.socket, token: ready.token };
	});
}

/** Sends hello and `line` in one write; resolves once the server refused the line (or closed). */
function sendHostile(socket: string, token: string, line: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const connection = createConnection(socket);
		let received = "";
		const done = () => {
			connection.destroy();
			resolve();
		};
		connection.on("connect", () => connection.write(`${JSON.stringify({ v: 2, type: "hello", token })}\n${line}`));
		connection.setEncoding("utf8");
		connection.on("data", (chunk: string) => {
			received += chunk;
			if (received.includes('"type":"error"')) done();
		});
		connection.on("close", done);
		connection.on("error", reject);
	});
}

const CASES: { which: HostileCase; name: string; target: boolean }[] = [
	{ which: "deep", name: "ask nested 10⁶ deep (2 MB)", target: true },
	{ which: "values", name: "ask of 10⁶ values (2 MB)", target: true },
	{ which: "string", name: "ask of one 4 MB string", target: false },
];

/** The relay rows. */
export async function relayFigures(runs: number): Promise<Figure[]> {
	const relay = await startChild();
	const figures: Figure[] = [];
	try {
		// The floor: the same window with no line at all (timer jitter, and the CPU the machine's load takes).
		const idle: number[] = [];
		for (let i = 0; i < runs; i++) {
			await relay.ask({ type: "reset" });
			await new Promise((r) => setTimeout(r, 100));
			const read = await relay.ask({ type: "read" });
			if (read.type === "read") idle.push(read.maxMs);
		}
		figures.push({
			name: "  (info) relay: idle event-loop delay, same window",
			unit: "ms",
			samples: idle,
			note: "the server's longest event-loop delay over 100 ms with no client: the noise floor of the rows below",
		});
		for (const { which, name, target } of CASES) {
			const line = hostileLine(which, "1");
			const stalls: number[] = [];
			for (let i = 0; i < runs; i++) {
				await relay.ask({ type: "reset" });
				await sendHostile(relay.socket, relay.token, line);
				// Whatever the server still does with the line after its refusal is counted too.
				await new Promise((r) => setTimeout(r, 50));
				const read = await relay.ask({ type: "read" });
				if (read.type === "read") stalls.push(read.maxMs);
			}
			const parses: number[] = [];
			for (let i = 0; i < Math.min(runs, 5); i++) {
				const parsed = await relay.ask({ type: "parse", case: which });
				if (parsed.type === "parse") parses.push(parsed.ms);
			}
			figures.push({
				name: `relay: main-thread stall, ${name}`,
				unit: "ms",
				samples: stalls,
				...(target ? { target: { stat: "max" as const, max: FRAME_MS } } : {}),
				note: `the server's longest event-loop delay while it read the line, after a pipelined hello (Node's histogram, 1 ms resolution)${target ? "; the target is one frame" : ": the largest ordinary line, the floor any line of 4 MiB costs (decode and JSON.parse of its string)"}`,
			});
			figures.push({
				name: "  (info) JSON.parse alone of that line",
				unit: "ms",
				samples: parses,
				note: target ? "what the server paid before the shape guard refused the line first" : undefined,
			});
		}
	} finally {
		const exited = new Promise((resolve) => relay.child.once("exit", resolve));
		relay.child.send({ type: "exit" });
		await exited;
	}
	return figures;
}
