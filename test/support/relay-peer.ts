/**
 * A raw relay peer for the server tests: writes whatever it is told (well-formed or not) to a relay
 * socket and records every line the server sends, parsed, and when the server closed the connection.
 */
import { createConnection, type Socket } from "node:net";

/** One line the server sent, parsed (or the raw text when it was not JSON). */
export type Received = Record<string, unknown>;

export interface RawPeer {
	socket: Socket;
	received: Received[];
	/** Writes `line` as is (add "\n" yourself), or an object as one protocol line with `v: 3`. */
	send(line: string | Record<string, unknown>): void;
	/** Resolves with the first received message matching `match` (past or future). */
	waitFor(match: (m: Received) => boolean, what: string, timeoutMs?: number): Promise<Received>;
	/** Resolves when the server closed the connection. */
	closed: Promise<void>;
	isClosed(): boolean;
	close(): void;
}

/** Connects to `socketPath`; with `token`, says hello and waits for the welcome. */
export async function rawPeer(socketPath: string, token?: string): Promise<RawPeer> {
	const socket = createConnection(socketPath);
	await new Promise<void>((resolve, reject) => {
		socket.once("connect", resolve);
		socket.once("error", reject);
	});
	socket.on("error", () => {});
	const received: Received[] = [];
	const waiters = new Set<() => void>();
	let buffer = "";
	let closed = false;
	socket.setEncoding("utf8");
	socket.on("data", (chunk: string) => {
		buffer += chunk;
		for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
			const text = buffer.slice(0, nl);
			buffer = buffer.slice(nl + 1);
			try {
				received.push(JSON.parse(text) as Received);
			} catch {
				received.push({ raw: text });
			}
		}
		for (const waiter of [...waiters]) waiter();
	});
	const closedPromise = new Promise<void>((resolve) =>
		socket.on("close", () => {
			closed = true;
			for (const waiter of [...waiters]) waiter();
			resolve();
		}),
	);
	const peer: RawPeer = {
		socket,
		received,
		send: (line) => {
			socket.write(typeof line === "string" ? line : `${JSON.stringify({ v: 3, ...line })}\n`);
		},
		waitFor: (match, what, timeoutMs = 5_000) =>
			new Promise((resolve, reject) => {
				const check = () => {
					const found = received.find(match);
					if (found) {
						done();
						resolve(found);
					} else if (closed) {
						done();
						reject(new Error(`closed while waiting for ${what}; received ${JSON.stringify(received)}`));
					}
				};
				const timer = setTimeout(() => {
					done();
					reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received)}`));
				}, timeoutMs);
				const done = () => {
					clearTimeout(timer);
					waiters.delete(check);
				};
				waiters.add(check);
				check();
			}),
		closed: closedPromise,
		isClosed: () => closed,
		close: () => socket.destroy(),
	};
	if (token !== undefined) {
		peer.send({ type: "hello", token });
		await peer.waitFor((m) => m.type === "welcome", "welcome");
	}
	return peer;
}
