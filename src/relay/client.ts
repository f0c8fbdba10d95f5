/**
 * A relay client: one connection to a relay server (server.ts), past its `hello`, that sends requests and
 * hands every server message to its listeners. Used by a Pi below that asks (ask.ts) and by the `pi-ask`
 * command (cli.ts). What the server sends is read with the same framing and limits; a line that cannot be
 * read ends the connection. No Pi imports.
 */
import { createConnection } from "node:net";
import { RELAY_LIMITS } from "./limits.ts";
import { LineReader } from "./lines.ts";
import {
	type Capability,
	type ClientMessage,
	encodeMessage,
	parseServerMessage,
	type ServerMessage,
} from "./protocol.ts";

/** An open, welcomed connection. */
export interface RelayLink {
	/** What the secret allows. */
	readonly can: readonly Capability[];
	send(message: ClientMessage): void;
	/** Called with every message after `welcome`; returns the unsubscribe. */
	onMessage(listener: (message: ServerMessage) => void): () => void;
	/** Resolves once the connection is gone, with why when it failed. */
	readonly closed: Promise<string | undefined>;
	close(): void;
}

export interface ConnectOptions {
	/** Give up connecting and waiting for `welcome` after this long (default 5 s). */
	timeoutMs?: number;
	/** Names the client in its `hello` (for the server's logs; optional). */
	client?: string;
	/** Says `hello` asking to pair instead of with a secret (the token is then unused). */
	pair?: boolean;
}

/** Connects to `socketPath` and says `hello` with `token`; rejects with a readable reason. */
export function openRelayLink(socketPath: string, token: string, options: ConnectOptions = {}): Promise<RelayLink> {
	return new Promise((resolve, reject) => {
		const socket = createConnection(socketPath);
		const shape = { depth: RELAY_LIMITS.replyDepth, values: Number.POSITIVE_INFINITY };
		const reader = new LineReader(RELAY_LIMITS.replyBytes, shape);
		const listeners = new Set<(message: ServerMessage) => void>();
		let welcomed = false;
		let failure: string | undefined;
		let onClosed: (why: string | undefined) => void = () => {};
		const closed = new Promise<string | undefined>((done) => {
			onClosed = done;
		});
		const fail = (why: string) => {
			failure ??= why;
			socket.destroy();
		};
		const timer = setTimeout(() => fail("no answer from the relay in time"), options.timeoutMs ?? 5_000);
		timer.unref();
		const link: RelayLink = {
			can: [],
			send: (message) => {
				if (!socket.destroyed) socket.write(encodeMessage(message));
			},
			onMessage: (listener) => {
				listeners.add(listener);
				return () => listeners.delete(listener);
			},
			closed,
			close: () => socket.destroy(),
		};
		socket.on("connect", () => {
			const client = options.client === undefined ? {} : { client: options.client };
			const hello: ClientMessage =
				options.pair === true ? { type: "hello", pair: true, ...client } : { type: "hello", token, ...client };
			socket.write(encodeMessage(hello));
		});
		socket.on("data", (chunk: Buffer) => {
			const read = reader.feed(chunk);
			if (!read.ok) return fail(`the relay sent ${read.message}`);
			for (const line of read.lines) {
				const parsed = parseServerMessage(line);
				if (!parsed.ok) return fail(`the relay sent a message that cannot be read (${parsed.message})`);
				const message = parsed.message;
				if (!welcomed) {
					if (message.type === "welcome") {
						welcomed = true;
						clearTimeout(timer);
						resolve({ ...link, can: message.can });
					} else
						fail(message.type === "error" ? `${message.code}: ${message.message}` : "the relay did not welcome us");
					continue;
				}
				for (const listener of [...listeners]) listener(message);
			}
		});
		socket.on("error", (error) => {
			failure ??= error.message;
		});
		socket.on("close", () => {
			clearTimeout(timer);
			if (!welcomed) reject(new Error(failure ?? "the relay closed the connection"));
			onClosed(failure);
		});
	});
}

/**
 * Sends `message` (a request with an `id`) and resolves with the first reply naming that id, or rejects
 * when the connection ends first.
 */
export function request(link: RelayLink, message: ClientMessage & { id: string }): Promise<ServerMessage> {
	return new Promise((resolve, reject) => {
		const stop = link.onMessage((reply) => {
			if (!("id" in reply) || reply.id !== message.id || reply.type === "asked") return;
			stop();
			resolve(reply);
		});
		void link.closed.then((why) => {
			stop();
			reject(new Error(why ?? "the relay closed the connection"));
		});
		link.send(message);
	});
}

/** How an `answer` sent as `as` ended: ours won, another did first (`by` none: it ended before), or refused. */
export type AnswerVerdict =
	| { verdict: "answered"; outcome: string }
	| { verdict: "first"; by?: { kind?: unknown; name?: unknown } }
	| { verdict: "refused"; message: string; problems: string[] };

export function answerVerdict(reply: ServerMessage, as: string): AnswerVerdict {
	if (reply.type === "error") {
		// Listed a moment ago (while the person typed): it ended elsewhere meanwhile.
		if (reply.code === "not_found" || reply.problems?.some((p) => p.message.includes("answered meanwhile")))
			return { verdict: "first" };
		return { verdict: "refused", message: reply.message, problems: (reply.problems ?? []).map((p) => p.message) };
	}
	if (reply.type !== "answered") return { verdict: "refused", message: "unexpected reply", problems: [] };
	const result = reply.result as { outcome?: unknown; answeredBy?: { kind?: unknown; name?: unknown } };
	const by = result.answeredBy ?? {};
	if (by.kind === "client" && by.name === as) return { verdict: "answered", outcome: String(result.outcome) };
	return { verdict: "first", by };
}
