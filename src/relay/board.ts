/**
 * `list` and `answer` for the person's own clients (pi-ask, bridges): every questionnaire waiting in this
 * Pi — open ones (a tool call or a relayed ask waits for it, on screen or for its turn) and pending ones
 * (put aside, cut short) — and an answer to one of them. An answer goes through the same answer channel as
 * another extension's (tool/answer-channel.ts: the same checks, and the first answer wins, wherever it
 * came from); the reply is the questionnaire's final result (whose `answeredBy` says whose answer won) or
 * the problems that made it refuse the answer; `later` puts an open one aside (it stays pending). Pi-free:
 * the bus, the store and the ids asking now come in.
 */
import type { PendingStore } from "../pending/store.ts";
import type { Origin } from "../protocol/origin.ts";
import { ANSWER_CHANNEL, answerId, type EventBus, vouchForClient } from "../tool/answer-events.ts";
import { isRecord } from "../util/records.ts";
import type { HandlerReply } from "./handlers.ts";
import type { AnswerFields, ListedQuestionnaire } from "./protocol.ts";

/** How long an answer waits for the questionnaire to close before the reply says it is not confirmed. */
const ANSWER_WAIT_MS = 10_000;

/** What the board reads. */
export interface BoardDeps {
	events: EventBus;
	asking: ReadonlySet<string>;
	store: Pick<PendingStore, "list" | "get" | "open">;
}

interface OpenEntry {
	askedAt: number;
	callId?: string;
	questions: unknown[];
}

/** Keeps what the answer channel announced, to list and answer it. */
export class QuestionnaireBoard {
	private readonly open = new Map<string, OpenEntry>();
	private readonly origins = new Map<string, Origin>();
	private readonly deps: BoardDeps;
	private readonly stops: (() => void)[];

	constructor(deps: BoardDeps) {
		this.deps = deps;
		this.stops = [
			listen(deps.events, ANSWER_CHANNEL.asked, (data) => this.asked(data)),
			listen(deps.events, ANSWER_CHANNEL.closed, (data) => {
				const id = answerId(data);
				if (id !== undefined) this.open.delete(id);
			}),
		];
	}

	/** Stops listening (the session ended). */
	dispose(): void {
		for (const stop of this.stops) stop();
		this.open.clear();
		this.origins.clear();
	}

	private asked(data: unknown): void {
		if (!isRecord(data) || typeof data.id !== "string" || data.pending === true || !Array.isArray(data.questions))
			return;
		this.prune();
		const entry: OpenEntry = { askedAt: Date.now(), questions: data.questions };
		if (typeof data.callId === "string") entry.callId = data.callId;
		this.open.set(data.id, entry);
	}

	/** Notes who asks `id` (a relayed questionnaire), or forgets it (undefined). */
	noteOrigin(id: string, from: Origin | undefined): void {
		if (from === undefined) this.origins.delete(id);
		else this.origins.set(id, from);
	}

	/** Open questionnaires first (oldest first), then pending ones (oldest first). */
	list(): ListedQuestionnaire[] {
		this.prune();
		// A call that opened before this board listened (Pi started with a prompt) is this process's own.
		for (const p of this.deps.store.open())
			if (!this.open.has(p.id) && this.deps.asking.has(p.id))
				this.open.set(p.id, {
					askedAt: p.askedAt,
					questions: p.questionnaire.questions,
					...(p.callId === undefined ? {} : { callId: p.callId }),
				});
		const open = [...this.open]
			.sort(([, a], [, b]) => a.askedAt - b.askedAt)
			.map(([id, entry]): ListedQuestionnaire => {
				const item: ListedQuestionnaire = { id, state: "open", askedAt: entry.askedAt, questions: entry.questions };
				if (entry.callId !== undefined) item.callId = entry.callId;
				const from = this.origins.get(id);
				if (from !== undefined) item.from = from;
				return item;
			});
		const pending = this.deps.store.list().map((p): ListedQuestionnaire => {
			const item: ListedQuestionnaire = {
				id: p.id,
				state: "pending",
				askedAt: p.askedAt,
				questions: p.questionnaire.questions,
			};
			if (p.callId !== undefined) item.callId = p.callId;
			if (p.from !== undefined) item.from = p.from;
			return item;
		});
		return [...open, ...pending];
	}

	/**
	 * Answers `questionnaire` on the answer channel for the paired client `client` (vouched for: the
	 * result reads as the person's, through that client, or through "<device> via <client>" when the
	 * client names the device it answers for); the reply once it closed, or why not.
	 */
	answer(questionnaire: string, fields: AnswerFields, client: string): Promise<HandlerReply> {
		const { events, asking, store } = this.deps;
		if (!asking.has(questionnaire) && store.get(questionnaire) === undefined)
			return Promise.resolve({ ok: false, code: "not_found", message: "no questionnaire with this id is waiting" });
		const who = fields.device === undefined ? client : `${fields.device} via ${client}`;
		const putAside = { ok: true, result: { outcome: "deferred", answeredBy: { kind: "client", name: who } } } as const;
		// Pending already: it stays so, nothing to do.
		if (fields.later === true && !asking.has(questionnaire)) return Promise.resolve(putAside);
		return new Promise((resolve) => {
			const stops: (() => void)[] = [];
			const done = (reply: HandlerReply) => {
				for (const stop of stops) stop();
				clearTimeout(timer);
				resolve(reply);
			};
			stops.push(
				listen(events, ANSWER_CHANNEL.rejected, (data) => {
					if (answerId(data) !== questionnaire) return;
					const problems = isRecord(data) && Array.isArray(data.problems) ? data.problems : [];
					done({
						ok: false,
						code: "rejected",
						message: "the answer does not fit the questions",
						problems: problems.slice(0, 64).map((p) => ({ path: "answer", message: String(p) })),
					});
				}),
				listen(events, ANSWER_CHANNEL.closed, (data) => {
					if (answerId(data) !== questionnaire || !isRecord(data)) return;
					done({ ok: true, result: data.result });
				}),
				// Put aside: its call returned and it is announced as pending (it never closes).
				listen(events, ANSWER_CHANNEL.asked, (data) => {
					if (fields.later === true && answerId(data) === questionnaire && isRecord(data) && data.pending === true)
						done(putAside);
				}),
			);
			const timer = setTimeout(
				() => done({ ok: false, code: "unavailable", message: "the questionnaire did not confirm the answer in time" }),
				ANSWER_WAIT_MS,
			);
			timer.unref();
			const { answers, decline, globalNote } = fields;
			const payload =
				fields.later === true
					? { id: questionnaire, later: true }
					: { id: questionnaire, answers, decline, globalNote };
			vouchForClient(payload, who);
			events.emit(ANSWER_CHANNEL.answer, payload);
		});
	}

	/** Forgets open entries whose call no longer asks (they ended, or are pending now). */
	private prune(): void {
		for (const id of this.open.keys()) if (!this.deps.asking.has(id)) this.open.delete(id);
	}
}

/** Subscribes, never throwing; returns the unsubscribe. */
function listen(events: EventBus, channel: string, handler: (data: unknown) => void): () => void {
	try {
		return events.on(channel, handler);
	} catch {
		return () => {};
	}
}
