/**
 * One connection to the relay server (server.ts): its `hello` and secret, its requests and their replies,
 * its limits. Every peer is untrusted: a malformed, oversized or versionless line, a wrong secret or no
 * `hello` in time gets an error and the peer is dropped; a peer that stops reading is dropped once
 * `outputBytes` wait for it; a closed connection cancels what it asked. Nothing a peer does can throw into
 * Pi. No Pi imports.
 */
import type { Socket } from "node:net";
import type { Origin } from "../protocol/origin.ts";
import type { RelayHandlers } from "./handlers.ts";
import type { RelayLimits } from "./limits.ts";
import { LineReader } from "./lines.ts";
import { PeerPairing } from "./peer-pairing.ts";
import {
	type Capability,
	type ClientMessage,
	encodeMessage,
	errorMessage,
	FATAL_ERRORS,
	NEEDS,
	parseClientMessage,
	type RelayErrorCode,
	type RelayReply,
	type ServerMessage,
} from "./protocol.ts";

/** Who a secret says a peer is: what it may do, and the paired client's name when it is one. */
interface Identity {
	can: Capability[];
	client?: string;
}

/** What every connection shares. */
export interface PeerContext {
	handlers: RelayHandlers;
	limits: RelayLimits;
	identify(token: string): Identity | undefined;
	/** The open asks, over all connections: `take` refuses (saying why) past their count or their bytes. */
	asks: { take(bytes: number): string | undefined; release(bytes: number): void };
	/** One pairing at a time per Pi: one code on the person's screen. */
	pairing: { busy: boolean };
}

export class Peer {
	private can: ReadonlySet<Capability> | undefined;
	private client: string | undefined;
	private readonly reader: LineReader;
	private readonly inFlight = new Map<string, { abort?: AbortController; done: Promise<void> }>();
	private ended = false;
	private readonly helloTimer: NodeJS.Timeout;
	private readonly socket: Socket;
	private readonly context: PeerContext;
	private readonly forget: () => void;
	private readonly pairing: PeerPairing;

	constructor(socket: Socket, context: PeerContext, forget: () => void) {
		this.socket = socket;
		this.context = context;
		this.forget = forget;
		this.pairing = new PeerPairing(context, () => this.fatal("timeout", "the pairing code expired"));
		const { helloBytes, depth, values } = context.limits;
		this.reader = new LineReader(helloBytes, { depth, values });
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
		// Line by line: a `hello` raises the limit for the lines after it, even in this same chunk.
		const error = this.reader.read(chunk, (line, bytes) => {
			this.onLine(line, bytes);
			return !this.ended;
		});
		if (error !== undefined) this.fatal(error.code, error.message);
	}

	private onLine(line: string, bytes: number): void {
		const parsed = parseClientMessage(line);
		if (!parsed.ok) {
			if (FATAL_ERRORS.has(parsed.code) || this.can === undefined) this.fatal(parsed.code, parsed.message);
			else this.send(errorMessage(parsed.code, parsed.message, parsed.id));
		} else if (parsed.message.type === "hello") this.hello(parsed.message);
		else if (this.can === undefined) this.fatal("unauthorized", "the first message must be hello");
		else this.request(parsed.message, bytes);
	}

	private hello(hello: Extract<ClientMessage, { type: "hello" }>): void {
		if (this.can !== undefined) {
			this.send(errorMessage("malformed", "hello: already said"));
			return;
		}
		// A peer that asks to pair may only pair: its lines stay as small as before hello.
		const identity = "pair" in hello ? { can: ["pair" as const] } : this.context.identify(hello.token);
		if (identity === undefined) {
			this.fatal("unauthorized", "wrong secret (list and answer need a client the person paired: pi-ask pair)");
			return;
		}
		clearTimeout(this.helloTimer);
		this.can = new Set(identity.can);
		this.client = identity.client;
		if (!this.can.has("pair")) this.reader.maxBytes = this.context.limits.messageBytes;
		this.send({ type: "welcome", can: identity.can, server: "pi-ask-user-question" });
	}

	/** One request; `bytes` is the size of its line (what an ask holds while it is open). */
	private request(message: Exclude<ClientMessage, { type: "hello" }>, bytes: number): void {
		const { id } = message;
		const { limits, handlers } = this.context;
		if (!this.can?.has(NEEDS[message.type]))
			this.send(errorMessage("forbidden", `${message.type}: this secret does not allow it`, id));
		else if (message.type === "cancel") this.cancel(id);
		else if (message.type === "pair") this.send(this.pairing.start(id, message.name));
		else if (message.type === "pair_code") {
			const { reply, end } = this.pairing.check(id, message.code);
			this.send(reply);
			if (end) this.end();
		} else if (this.inFlight.has(id))
			this.send(errorMessage("duplicate_id", "id: a request with this id is running", id));
		else if (this.inFlight.size >= limits.inFlight)
			this.send(errorMessage("busy", `at most ${limits.inFlight} requests at once`, id));
		else if (message.type === "list") this.list(id);
		else if (message.type === "ask") this.ask(id, message.questions, message.from, bytes);
		else {
			const { type: _type, id: _id, questionnaire: _questionnaire, ...fields } = message;
			const client = this.client ?? "";
			const run = () => handlers.answer(message.questionnaire, fields, client);
			this.track(id, undefined, run, "answered");
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

	private ask(id: string, questions: unknown, from: Origin, bytes: number): void {
		const { asks, handlers } = this.context;
		const refused = asks.take(bytes);
		if (refused !== undefined) {
			this.send(errorMessage("busy", refused, id));
			return;
		}
		const abort = new AbortController();
		const accepted = (questionnaire: string) => this.send({ type: "asked", id, questionnaire });
		const run = () => handlers.ask({ questions, from }, abort.signal, accepted);
		this.track(id, abort, run, "result", () => asks.release(bytes));
	}

	/** Runs one request's handler; its one reply goes out when it settles, unless the connection ended. */
	private track(
		id: string,
		abort: AbortController | undefined,
		run: () => Promise<RelayReply>,
		replyType: "result" | "answered",
		release?: () => void,
	): void {
		const done = (async () => {
			let reply: RelayReply;
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
		this.pairing.stop();
		// Nothing more is read: the rest of a refused line (up to megabytes) is never handed to us.
		this.socket.pause();
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
		this.pairing.stop();
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
