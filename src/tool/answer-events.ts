/**
 * The answer channel's event names, the payloads each carries (published for other extensions:
 * src/published.ts), and the registry of answering extensions (the protocol itself is described in
 * answer-channel.ts). Kept apart and tiny because the registry starts listening when the extension loads,
 * on Pi's start-up path; the parsing and the race load on the first call.
 * Imports only util/records.ts (and types).
 */

import type { LateAnswerSource } from "../protocol/late-answer.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Question } from "../protocol/questions.ts";
import type { AnswerEntry } from "../protocol/read-answer.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
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

/** `ask_user_question:asked`: a questionnaire opened; with `pending`, its call returned and it stays pending. */
export interface AskedPayload {
	version: typeof ANSWER_CHANNEL_VERSION;
	/** Ours, unique in the session: what an answer names. May be announced more than once. */
	id: string;
	/** The tool call asking, when one does (providers may reuse call ids). */
	callId?: string;
	/** Frozen: a listener reads them, it cannot change them. */
	questions: readonly Question[];
	/** Who asked, for a questionnaire a Pi below relayed (untrusted text, capped). */
	from?: Origin;
	/** Its call returned and it waits to be answered later (`/answer`, or an answer on the bus). */
	pending?: true;
	/** Epoch ms, on a pending one. */
	askedAt?: number;
}

/**
 * `ask_user_question:answer`, which another extension emits: per question `options` (zero-based indexes,
 * or labels), `text` and `note` (protocol/read-answer.ts reads them), or `decline: true`; `by` names the
 * extension.
 */
export interface AnswerPayload {
	id: string;
	answers?: Omit<AnswerEntry, "draft">[];
	decline?: boolean;
	globalNote?: string;
	by: string;
}

/** `ask_user_question:answer_rejected`: why an answer was refused (it did not fit, or named nothing waiting). */
export interface AnswerRejectedPayload {
	id: string | undefined;
	problems: string[];
}

/**
 * `ask_user_question:closed`, once, when a questionnaire is finally settled (its call ended, unless it stays
 * pending; a pending one answered, declined or discarded): its result, a copy.
 */
export interface ClosedPayload {
	id: string;
	result: QuestionnaireResult;
}

/**
 * `ask_user_question:answerer`, which another extension emits at its load and on `ready`: "I answer
 * questionnaires". With one, the tool is offered where nobody sits at a UI, and such calls wait for the bus.
 */
export interface AnswererPayload {
	name: string;
}

/** Pi's shared event bus, structurally (`pi.events`). */
export interface EventBus {
	emit(channel: string, data: unknown): void;
	on(channel: string, handler: (data: unknown) => void): () => void;
}

/**
 * The `asked` payload, one shape wherever it is said: `pending` (with `askedAt`) for one whose call
 * returned, announced as it becomes pending, on a restore, or reopened with `/answer`.
 */
export function askedPayload(item: LateAnswerSource, pending: boolean): AskedPayload {
	const { id, callId, questionnaire, from, askedAt } = item;
	// The questions are frozen (validation.ts), so listeners can read but not change them.
	return {
		version: ANSWER_CHANNEL_VERSION,
		id,
		...(callId === undefined ? {} : { callId }),
		questions: questionnaire.questions,
		...(pending ? { pending: true as const, askedAt } : {}),
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

/** Subscribes, never throwing (a bus that fails to subscribe just means nobody answers from it); the unsubscribe. */
export function listenQuietly(events: EventBus, channel: string, handler: (data: unknown) => void): () => void {
	try {
		return events.on(channel, handler);
	} catch {
		return () => {};
	}
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
		listenQuietly(events, ANSWER_CHANNEL.answerer, (data) => {
			const name = isRecord(data) && typeof data.name === "string" ? data.name.trim().slice(0, BY_MAX) : "";
			if (name !== "") this.names.add(name);
		});
		emitQuietly(events, ANSWER_CHANNEL.ready, { version: ANSWER_CHANNEL_VERSION });
	}

	/** True once any extension said it answers. */
	get present(): boolean {
		return this.names.size > 0;
	}
}
