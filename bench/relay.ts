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
import { RELAY_PROTOCOL_VERSION } from "../src/relay/protocol.ts";
import { type HostileCase, hostileLine } from "./relay-lines.ts";
import type { Figure } from "./stats.ts";

const CHILD = fileURLToPath(new URL("./relay-child.ts", import.meta.url));
const FRAME_MS = 16;

type Reply =
	| { type: "ready"; socket: string; token: string }
	| { type: "reset" }
	| { type: "read"; maxMs: number }
	| { type: "parse"; ms: number }
	| { type: "memory"; rss: number; open: number };

/** The relay process, and a way to ask it one thing at a time. */
function startChild(flags: readonly string[] = []): Promise<{
	child: ChildProcess;
	ask(command: object): Promise<Reply>;
	socket: string;
	token: string;
}> {
	const child = fork(CHILD, [...flags], {
		stdio: ["ignore", "ignore", "inherit", "ipc"],
		execArgv: [...process.execArgv, "--expose-gc"],
	});
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
		connection.on("connect", () =>
			connection.write(`${JSON.stringify({ v: RELAY_PROTOCOL_VERSION, type: "hello", token })}\n${line}`),
		);
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

/** Offers `asks` asks of `bytes` each over connections of 16 (the in-flight limit); resolves once each is answered. */
async function offerAsks(socket: string, token: string, asks: number, bytes: number) {
	const line = `{"v":${RELAY_PROTOCOL_VERSION},"type":"ask","id":"ID","from":{"cwd":"/bench","depth":1},"questions":[{"question":"${"x".repeat(bytes)}"}]}\n`;
	const connections: import("node:net").Socket[] = [];
	let accepted = 0;
	let busy = 0;
	await Promise.all(
		Array.from({ length: Math.ceil(asks / 16) }, (_, c) => {
			const n = Math.min(16, asks - 16 * c);
			return new Promise<void>((resolve, reject) => {
				const connection = createConnection(socket);
				connections.push(connection);
				let received = "";
				let replies = 0;
				connection.setEncoding("utf8");
				connection.on("connect", () => {
					connection.write(`${JSON.stringify({ v: RELAY_PROTOCOL_VERSION, type: "hello", token })}\n`);
					for (let i = 0; i < n; i++) connection.write(line.replace("ID", String(i)));
				});
				connection.on("data", (chunk: string) => {
					received += chunk;
					for (let nl = received.indexOf("\n"); nl >= 0; nl = received.indexOf("\n")) {
						const message = received.slice(0, nl);
						received = received.slice(nl + 1);
						if (message.includes('"type":"asked"')) accepted++;
						else if (message.includes('"code":"busy"')) busy++;
						else continue;
						if (++replies === n) resolve();
					}
				});
				connection.on("error", reject);
			});
		}),
	);
	return {
		accepted,
		busy,
		close: () => {
			for (const c of connections) c.destroy();
		},
	};
}

/** Pi's memory with 250 asks of 3.9 MB offered (issue #31: 0.6 → 1.66 GB), with the bound and without. */
async function memoryFigures(): Promise<Figure[]> {
	const figures: Figure[] = [];
	for (const unbounded of [false, true]) {
		const relay = await startChild(["--hold", ...(unbounded ? ["--unbounded"] : [])]);
		try {
			const rss = async () => {
				const m = await relay.ask({ type: "memory" });
				return m.type === "memory" ? m.rss / 1024 / 1024 : Number.NaN;
			};
			const before = await rss();
			const offered = await offerAsks(relay.socket, relay.token, 250, 3_900_000);
			const open = await rss();
			offered.close();
			await new Promise((r) => setTimeout(r, 500));
			const after = await rss();
			figures.push({
				name: unbounded
					? "  (info) the same, no bound on bytes (before)"
					: "relay: RSS added by 250 asks of 3.9 MB offered",
				unit: "MB",
				samples: [open - before],
				...(unbounded ? {} : { target: { stat: "max" as const, max: 256 } }),
				note: `the relay's process after a GC: ${before.toFixed(0)} MB before, ${open.toFixed(0)} MB with ${offered.accepted} asks open (${offered.busy} told busy), ${after.toFixed(0)} MB once their connections closed; asks held as a dialog holds them`,
			});
		} finally {
			const exited = new Promise((resolve) => relay.child.once("exit", resolve));
			relay.child.send({ type: "exit" });
			await exited;
		}
	}
	return figures;
}

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
	return [...figures, ...(await memoryFigures())];
}
