/**
 * The answer channel's event names and the registry of answering extensions (the protocol itself is
 * described in answer-channel.ts). Kept apart and tiny because the registry starts listening when the
 * extension loads, on Pi's start-up path; the parsing and the race load on the first call.
 * Imports only util/records.ts.
 */
import type { Origin } from "../protocol/origin.ts";
import type { Questionnaire } from "../protocol/questions.ts";
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
const ANSWER_CHANNEL_VERSION = 1;

/** Pi's shared event bus, structurally (`pi.events`). */
export interface EventBus {
	emit(channel: string, data: unknown): void;
	on(channel: string, handler: (data: unknown) => void): () => void;
}

/** What `asked` announces of a questionnaire. */
export interface AskedItem {
	id: string;
	callId?: string;
	questionnaire: Questionnaire;
	/** A Pi below asked it (src/relay): a bridge can say who asks, as the dialog does. */
	from?: Origin;
	askedAt: number;
}

/**
 * The `asked` payload, one shape wherever it is said: `pending` (with `askedAt`) for one whose call
 * returned, announced as it becomes pending, on a restore, or reopened with `/answer`.
 */
export function askedPayload(item: AskedItem, pending: boolean): Record<string, unknown> {
	const { id, callId, questionnaire, from, askedAt } = item;
	// The questions are frozen (validation.ts), so listeners can read but not change them.
	return {
		version: ANSWER_CHANNEL_VERSION,
		id,
		...(callId === undefined ? {} : { callId }),
		questions: questionnaire.questions,
		...(pending ? { pending: true, askedAt } : {}),
		...(from === undefined ? {} : { from }),
	};
}

/** Emits, never throwing: another extension's listener must not break ours. */
export function emitQuietly(events: EventBus, channel: string, data: unknown): void {
	try {
		events.emit(channel, data);
	} catch {
		// The listener's failure is its own.
	}
}

/** The id an `answer` payload is for, or undefined when it names none. */
export function answerId(payload: unknown): string | undefined {
	const id = isRecord(payload) ? payload.id : undefined;
	return typeof id === "string" ? id : undefined;
}

/** The most characters of another extension's string (a label, an id) quoted in a problem. */
const QUOTED_MAX = 40;

/**
 * `text` JSON-quoted for a problem message, cut to QUOTED_MAX UTF-16 units with "…" (never half a
 * surrogate pair): a problem names what it refuses, it does not echo a 10 MB string back.
 */
export function quotedExcerpt(text: string): string {
	if (text.length <= QUOTED_MAX) return JSON.stringify(text);
	const high = text.charCodeAt(QUOTED_MAX - 1);
	const end = high >= 0xd800 && high <= 0xdbff ? QUOTED_MAX - 1 : QUOTED_MAX;
	return JSON.stringify(`${text.slice(0, end)}…`);
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
