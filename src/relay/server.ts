/**
 * The relay server of a Pi that can show questions: a Unix domain socket in a private directory (made
 * with mkdtemp, mode 0700; the socket 0600), speaking the protocol of protocol.ts. Two secrets: the ask
 * secret (handed to the processes Pi starts, through the environment) allows `ask` and `cancel`; the
 * control secret (for the person's own clients, src/relay/registry.ts) allows `list` and `answer`.
 *
 * Every peer is untrusted: a connection must say `hello` with a secret within `helloMs` and in at most
 * `helloBytes`; a malformed line, an oversized one, a wrong version or a wrong secret is answered with an
 * error and the peer is dropped; a peer that stops reading is dropped once `outputBytes` wait for it;
 * connections, requests in flight and open asks are capped, one more being told `busy`. A dropped
 * connection cancels its asks (their dialogs close). Nothing a peer does can throw into Pi.
 * What asks, lists and answers mean is the handlers' (present.ts, board.ts); this file only serves them.
 * No Pi imports. Unix only: on Windows it refuses to start (the relay is then off).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LineReader } from "./lines.ts";
import {
	type AnswerFields,
	type Capability,
	type ClientMessage,
	encodeMessage,
	errorMessage,
	FATAL_ERRORS,
	type ListedQuestionnaire,
	NEEDS,
	type Origin,
	parseClientMessage,
	RELAY_LIMITS,
	type RelayErrorCode,
	type ServerMessage,
	type WireProblem,
} from "./protocol.ts";

/** A handler's answer to one request: what the reply carries, or an error for it. */
export type HandlerReply =
	| { ok: true; result: unknown }
	| { ok: false; code: RelayErrorCode; message: string; problems?: WireProblem[] };

/** What the server serves. */
export interface RelayHandlers {
	/**
	 * Runs one ask until it ends or `signal` fires (its cancel, its connection closed, the server closing);
	 * `accepted` tells the asker the questionnaire's id once it has one. Should not throw (a throw is a reply).
	 */
	ask(
		request: { questions: unknown; from: Origin },
		signal: AbortSignal,
		accepted: (id: string) => void,
	): Promise<HandlerReply>;
	/** The questionnaires waiting now. */
	list(): ListedQuestionnaire[];
	/** Answers one of them. */
	answer(questionnaire: string, answer: AnswerFields): Promise<HandlerReply>;
}

/** A running relay server. */
export interface RelayServer {
	readonly socketPath: string;
	/** The secret that allows `ask`. */
	readonly askToken: string;
	/** The secret that allows `list` and `answer`. */
	readonly controlToken: string;
	/** Connections open now. */
	connections(): number;
	/** Asks running now (waiting or shown). */
	openAsks(): number;
	/** Stops accepting, cancels every ask (their results still go out), ends every connection, removes the directory. */
	close(): Promise<void>;
}

/** Where and how a server starts. */
export interface RelayServerOptions {
	/** The folder the private directory is made in; the OS temp dir by default (or /tmp when its path is too long). */
	parentDir?: string;
	/** Tighter limits (tests). */
	limits?: Partial<typeof RELAY_LIMITS>;
}

/** Longest socket path that fits everywhere (macOS: 104 bytes with the terminating NUL). */
const MAX_SOCKET_PATH = 103;

/** Starts a server; rejects on Windows and when the socket cannot be made. */
export async function startRelayServer(
	handlers: RelayHandlers,
	options: RelayServerOptions = {},
): Promise<RelayServer> {
	if (process.platform === "win32") throw new Error("the relay needs Unix domain sockets (not on Windows)");
	const limits = { ...RELAY_LIMITS, ...options.limits };
	const dir = privateDir(options.parentDir);
	const socketPath = join(dir, "relay.sock");
	const askToken = secret();
	const controlToken = secret();
	const peers = new Set<Peer>();
	let asks = 0;
	const context: PeerContext = {
		handlers,
		limits,
		capabilitiesOf: (token) =>
			same(token, askToken) ? ["ask"] : same(token, controlToken) ? ["list", "answer"] : undefined,
		asks: {
			open: () => asks,
			take: () => asks < limits.openAsks && ++asks > 0,
			release: () => {
				asks--;
			},
		},
	};
	const server = createServer((socket) => {
		if (peers.size >= limits.connections) {
			socket.on("error", () => {});
			socket.end(encodeMessage(errorMessage("busy", "too many connections; try again later")));
			return;
		}
		const peer = new Peer(socket, context, () => peers.delete(peer));
		peers.add(peer);
	});
	server.on("error", () => {});
	try {
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(socketPath, () => {
				server.off("error", reject);
				resolve();
			});
		});
		chmodSync(socketPath, 0o600);
	} catch (error) {
		server.close();
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	// The relay must never keep Pi running.
	server.unref();
	let closing: Promise<void> | undefined;
	return {
		socketPath,
		askToken,
		controlToken,
		connections: () => peers.size,
		openAsks: () => asks,
		close: () => {
			closing ??= (async () => {
				server.close();
				await Promise.all([...peers].map((peer) => peer.shutdown()));
				rmSync(dir, { recursive: true, force: true });
			})();
			return closing;
		},
	};
}

/** A fresh private directory (mode 0700 from mkdtemp) whose socket path fits the platform's limit. */
function privateDir(parent: string | undefined): string {
	const base = parent ?? tmpdir();
	const fits = Buffer.byteLength(join(base, "pi-ask-XXXXXX", "relay.sock")) <= MAX_SOCKET_PATH;
	return mkdtempSync(join(fits ? base : "/tmp", "pi-ask-"));
}

function secret(): string {
	return randomBytes(32).toString("base64url");
}

/** Compares secrets in constant time. */
function same(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** What every connection shares. */
interface PeerContext {
	handlers: RelayHandlers;
	limits: typeof RELAY_LIMITS;
	capabilitiesOf(token: string): Capability[] | undefined;
	asks: { open(): number; take(): boolean; release(): void };
}

/** One connection. */
class Peer {
	private can: ReadonlySet<Capability> | undefined;
	private readonly reader: LineReader;
	private readonly inFlight = new Map<string, { abort?: AbortController; done: Promise<void> }>();
	private ended = false;
	private readonly helloTimer: NodeJS.Timeout;
	private readonly socket: Socket;
	private readonly context: PeerContext;
	private readonly forget: () => void;

	constructor(socket: Socket, context: PeerContext, forget: () => void) {
		this.socket = socket;
		this.context = context;
		this.forget = forget;
		this.reader = new LineReader(context.limits.helloBytes);
		this.helloTimer = setTimeout(() => this.fatal("timeout", "no hello in time"), context.limits.helloMs);
		this.helloTimer.unref();
		socket.on("data", (chunk: Buffer) => this.onData(chunk));
		socket.on("error", () => {});
		socket.on("close", () => this.onClose());
	}

	/** Cancels every ask, lets their results go out (briefly), then ends the connection. */
	async shutdown(): Promise<void> {
		for (const request of this.inFlight.values()) request.abort?.abort();
		const done = Promise.all([...this.inFlight.values()].map((r) => r.done));
		await Promise.race([done, delay(500)]);
		this.end();
	}

	private onData(chunk: Buffer): void {
		if (this.ended) return;
		const read = this.reader.feed(chunk);
		if (!read.ok) {
			this.fatal(read.code, read.message);
			return;
		}
		for (const line of read.lines) {
			if (this.ended) return;
			this.onLine(line);
		}
	}

	private onLine(line: string): void {
		const parsed = parseClientMessage(line);
		if (!parsed.ok) {
			if (FATAL_ERRORS.has(parsed.code) || this.can === undefined) this.fatal(parsed.code, parsed.message);
			else this.send(errorMessage(parsed.code, parsed.message, parsed.id));
		} else if (parsed.message.type === "hello") this.hello(parsed.message.token);
		else if (this.can === undefined) this.fatal("unauthorized", "the first message must be hello");
		else this.request(parsed.message);
	}

	private hello(token: string): void {
		if (this.can !== undefined) {
			this.send(errorMessage("malformed", "hello: already said"));
			return;
		}
		const can = this.context.capabilitiesOf(token);
		if (can === undefined) {
			this.fatal("unauthorized", "wrong secret");
			return;
		}
		clearTimeout(this.helloTimer);
		this.can = new Set(can);
		this.reader.maxBytes = this.context.limits.messageBytes;
		this.send({ type: "welcome", can, server: "pi-ask-user-question" });
	}

	private request(message: Exclude<ClientMessage, { type: "hello" }>): void {
		const { id } = message;
		const { limits, handlers } = this.context;
		if (!this.can?.has(NEEDS[message.type]))
			this.send(errorMessage("forbidden", `${message.type}: this secret does not allow it`, id));
		else if (message.type === "cancel") this.cancel(id);
		else if (this.inFlight.has(id))
			this.send(errorMessage("duplicate_id", "id: a request with this id is running", id));
		else if (this.inFlight.size >= limits.inFlight)
			this.send(errorMessage("busy", `at most ${limits.inFlight} requests at once`, id));
		else if (message.type === "list") this.list(id);
		else if (message.type === "ask") this.ask(id, message.questions, message.from);
		else {
			const { answers, decline, globalNote, by } = message;
			const fields = { answers, decline, globalNote, by };
			this.track(id, undefined, () => handlers.answer(message.questionnaire, fields), "answered");
		}
	}

	/** Ends a running ask; its result (interrupted) is its reply. */
	private cancel(id: string): void {
		const abort = this.inFlight.get(id)?.abort;
		if (abort === undefined) this.send(errorMessage("not_found", "cancel: no ask with this id is running", id));
		else abort.abort();
	}

	private list(id: string): void {
		try {
			this.send({ type: "questionnaires", id, questionnaires: this.context.handlers.list() });
		} catch (error) {
			this.send(errorMessage("unavailable", `list failed: ${reason(error)}`, id));
		}
	}

	private ask(id: string, questions: unknown, from: Origin): void {
		const { asks, limits, handlers } = this.context;
		if (!asks.take()) {
			this.send(errorMessage("busy", `at most ${limits.openAsks} questionnaires at once`, id));
			return;
		}
		const abort = new AbortController();
		const accepted = (questionnaire: string) => this.send({ type: "asked", id, questionnaire });
		const run = () => handlers.ask({ questions, from }, abort.signal, accepted);
		this.track(id, abort, run, "result", () => asks.release());
	}

	/** Runs one request's handler; its one reply goes out when it settles, unless the connection ended. */
	private track(
		id: string,
		abort: AbortController | undefined,
		run: () => Promise<HandlerReply>,
		replyType: "result" | "answered",
		release?: () => void,
	): void {
		const done = (async () => {
			let reply: HandlerReply;
			try {
				reply = await run();
			} catch (error) {
				reply = { ok: false, code: "unavailable", message: reason(error) };
			}
			this.inFlight.delete(id);
			release?.();
			if (reply.ok) this.send({ type: replyType, id, result: reply.result });
			else this.send(errorMessage(reply.code, reply.message, id, reply.problems));
		})();
		this.inFlight.set(id, { abort, done });
	}

	private send(message: ServerMessage): void {
		const socket = this.socket;
		if (this.ended || socket.destroyed || !socket.writable) return;
		socket.write(encodeMessage(message));
		// A peer that does not read is dropped before its output can pile up.
		if (socket.writableLength > this.context.limits.outputBytes) this.drop();
	}

	/** Tells the peer why, then drops it. */
	private fatal(code: RelayErrorCode, message: string): void {
		this.send(errorMessage(code, message));
		this.end();
	}

	/** Ends the connection after what was written; destroys it if the peer does not take it soon. */
	private end(): void {
		if (this.ended) return;
		this.ended = true;
		clearTimeout(this.helloTimer);
		this.socket.end();
		setTimeout(() => this.socket.destroy(), 1_000).unref();
	}

	private drop(): void {
		this.ended = true;
		this.socket.destroy();
	}

	private onClose(): void {
		this.ended = true;
		clearTimeout(this.helloTimer);
		// A closed connection cancels what it asked: the dialogs close at once.
		for (const request of this.inFlight.values()) request.abort?.abort();
		this.forget();
	}
}

function reason(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
