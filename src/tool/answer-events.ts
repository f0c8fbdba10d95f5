/**
 * The answer channel's event names and the registry of answering extensions (the protocol itself is
 * described in docs/answer-channel.md). Kept apart and tiny because the registry starts listening when the extension loads,
 * on Pi's start-up path; the parsing and the race load on the first call.
 * Imports only util/records.ts.
 */
import { isRecord } from "../util/records.ts";

/** The event names, one place. */
export const ANSWER_CHANNEL = {
	asked: "ask_user_question:asked",
	answer: "ask_user_question:answer",
	rejected: "ask_user_question:answer_rejected",
	closed: "ask_user_question:closed",
	ready: "ask_user_question:ready",
	answerer: "ask_user_question:answerer",
} as const;

/** The payload version of `asked`; a change that breaks listeners bumps it. */
export const ANSWER_CHANNEL_VERSION = 1;

/** Pi's shared event bus, structurally (`pi.events`). */
export interface EventBus {
	emit(channel: string, data: unknown): void;
	on(channel: string, handler: (data: unknown) => void): () => void;
}

/** The id an `answer` payload is for, or undefined when it names none. */
export function answerId(payload: unknown): string | undefined {
	const id = isRecord(payload) ? payload.id : undefined;
	return typeof id === "string" ? id : undefined;
}

/** The longest `by` kept (it names the answering extension; a label, not a message). */
const BY_MAX = 100;

/**
 * Answers this extension itself puts on the bus for a client the person paired (relay/board.ts), with
 * that client's name. Held by object identity in this module only: another extension can put any `by` on
 * the bus, but cannot make its payload read as the person's.
 */
const fromPairedClient = new WeakMap<object, string>();

/** Marks `payload` as the answer of the paired client `name` (before it is emitted). */
export function vouchForClient(payload: object, name: string): void {
	fromPairedClient.set(payload, name);
}

/** The paired client's name when this extension vouched for `payload`, else undefined. */
export function pairedClientOf(payload: unknown): string | undefined {
	return typeof payload === "object" && payload !== null ? fromPairedClient.get(payload) : undefined;
}

/** The extensions that said they answer questionnaires, by name, as the bus tells them. */
export class Answerers {
	private readonly names = new Set<string>();

	/** Listens for `answerer` announcements, then emits `ready` so the ones that loaded earlier announce again. */
	constructor(events: EventBus) {
		try {
			events.on(ANSWER_CHANNEL.answerer, (data) => {
				const name = isRecord(data) && typeof data.name === "string" ? data.name.trim().slice(0, BY_MAX) : "";
				if (name !== "") this.names.add(name);
			});
			events.emit(ANSWER_CHANNEL.ready, { version: ANSWER_CHANNEL_VERSION });
		} catch {
			// A bus that fails just means nobody announces: the tool stays where a UI is.
		}
	}

	/** True once any extension said it answers. */
	get present(): boolean {
		return this.names.size > 0;
	}
}
