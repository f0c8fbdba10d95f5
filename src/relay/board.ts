/**
 * `list` and `answer` for the person's own clients (pi-ask, bridges): every questionnaire waiting in this
 * Pi — open ones (a tool call or a relayed ask waits for it, on screen or for its turn) and pending ones
 * (put aside, cut short) — and an answer to one of them. An answer goes through the same answer channel as
 * another extension's (tool/answer-channel.ts: the same checks, and the first answer wins, wherever it
 * came from); the reply is the questionnaire's final result (whose `answeredBy` says whose answer won) or
 * the problems that made it refuse the answer; `later` puts an open one aside (it stays pending). Pi-free:
 * the bus and the session's store come in.
 */
import type { PendingQuestionnaire } from "../pending/registry.ts";
import type { PendingStore } from "../pending/store.ts";
import { ANSWER_CHANNEL, answerId, type EventBus, listenQuietly, vouchForClient } from "../tool/answer-events.ts";
import { isRecord } from "../util/records.ts";
import type { AnswerFields, ListedQuestionnaire, RelayReply } from "./protocol.ts";

/** How long an answer waits for the questionnaire to close before the reply says it is not confirmed. */
const ANSWER_WAIT_MS = 10_000;

/** What the board reads: the bus to answer on, and the session's one registry of what is asked now. */
export interface BoardDeps {
	events: EventBus;
	store: Pick<PendingStore, "list" | "get" | "open" | "isAsking">;
}

/** Lists what waits in this Pi and answers it. */
export class QuestionnaireBoard {
	private readonly deps: BoardDeps;

	constructor(deps: BoardDeps) {
		this.deps = deps;
	}

	/** Open questionnaires first (oldest first), then pending ones (oldest first). */
	list(): ListedQuestionnaire[] {
		const { store } = this.deps;
		const open = [...store.open()].sort((a, b) => a.askedAt - b.askedAt);
		return [...open.map((p) => listed(p, "open")), ...store.list().map((p) => listed(p, "pending"))];
	}

	/**
	 * Answers `questionnaire` on the answer channel for the paired client `client` (vouched for: the
	 * result reads as the person's, through that client, or through "<device> via <client>" when the
	 * client names the device it answers for); the reply once it closed, or why not.
	 */
	answer(questionnaire: string, fields: AnswerFields, client: string): Promise<RelayReply> {
		const { events, store } = this.deps;
		if (!store.isAsking(questionnaire) && store.get(questionnaire) === undefined)
			return Promise.resolve({ ok: false, code: "not_found", message: "no questionnaire with this id is waiting" });
		const who = fields.device === undefined ? client : `${fields.device} via ${client}`;
		const putAside = { ok: true, result: { outcome: "deferred", answeredBy: { kind: "client", name: who } } } as const;
		// Pending already: it stays so, nothing to do.
		if (fields.later === true && !store.isAsking(questionnaire)) return Promise.resolve(putAside);
		return new Promise((resolve) => {
			const stops: (() => void)[] = [];
			const done = (reply: RelayReply) => {
				for (const stop of stops) stop();
				clearTimeout(timer);
				resolve(reply);
			};
			stops.push(
				listenQuietly(events, ANSWER_CHANNEL.rejected, (data) => {
					if (answerId(data) !== questionnaire) return;
					const problems = isRecord(data) && Array.isArray(data.problems) ? data.problems : [];
					done({
						ok: false,
						code: "rejected",
						message: "the answer does not fit the questions",
						problems: problems.slice(0, 64).map((p) => ({ path: "answer", message: String(p) })),
					});
				}),
				listenQuietly(events, ANSWER_CHANNEL.closed, (data) => {
					if (answerId(data) !== questionnaire || !isRecord(data)) return;
					done({ ok: true, result: data.result });
				}),
				// Put aside: its call returned and it is announced as pending (it never closes).
				listenQuietly(events, ANSWER_CHANNEL.asked, (data) => {
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
}

/** One questionnaire as the list shows it. */
function listed(p: PendingQuestionnaire, state: "open" | "pending"): ListedQuestionnaire {
	const item: ListedQuestionnaire = { id: p.id, state, askedAt: p.askedAt, questions: p.questionnaire.questions };
	if (p.callId !== undefined) item.callId = p.callId;
	if (p.from !== undefined) item.from = p.from;
	return item;
}
