/**
 * Pending questionnaires on the answer channel (answer-channel.ts; docs/answer-channel.md). One whose call
 * returned while it stays pending is announced (`asked` with `pending: true`) when it becomes pending, when
 * `/answer` reopens it and when a session start restores it, so an `asked` may repeat for one id. An `answer`
 * naming it settles it (the first answer wins: an open `/answer` closes) and reaches the agent as a late
 * answer; one naming nothing open or pending is refused with `answer_rejected`. `closed` fires once, when it
 * is finally settled wherever that happened; never when it is put aside.
 * Loaded at start, so it imports only the event names; the parser loads with the first answer. Pi-free.
 */
import type { PendingQuestionnaire } from "../pending/registry.ts";
import type { PendingStore } from "../pending/store.ts";
import { quotedExcerpt } from "../protocol/quote.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import {
	ANSWER_CHANNEL,
	answerId,
	askedPayload,
	type EventBus,
	emitQuietly as emit,
	listenQuietly,
} from "./answer-events.ts";

/** What the channel works with. */
export interface PendingChannelDeps {
	events: EventBus;
	/** Its questionnaires: one asked now is its asker's to answer (src/ask/bus-race.ts), a pending one ours. */
	store: Pick<PendingStore, "list" | "get" | "settle" | "subscribe" | "isAsking">;
	/** Hands a settled questionnaire to the agent (the late answer). */
	deliver(pending: PendingQuestionnaire, result: QuestionnaireResult): void | Promise<void>;
}

/** The channel's side of a settled questionnaire. */
export interface PendingChannel {
	/**
	 * Tells the agent (`deliver`) and the bus (`closed`, once) that `pending` was settled with `result`;
	 * every settling of a pending questionnaire goes through here (`/answer` passes it as its `deliver`).
	 */
	settled(pending: PendingQuestionnaire, result: QuestionnaireResult): Promise<void>;
}

/** Serves the pending questionnaires of `deps.store` on `deps.events`. */
export function servePendingOnTheBus(deps: PendingChannelDeps): PendingChannel {
	const { events, store } = deps;
	let announced = new Set<string>();
	const announce = () => {
		const now = store.list();
		for (const p of now) if (!announced.has(p.id)) emit(events, ANSWER_CHANNEL.asked, askedPayload(p, true));
		announced = new Set(now.map((p) => p.id));
	};
	store.subscribe(announce);

	// The one place a settled pending questionnaire leaves us, wherever it was settled: capped here.
	const settled = async (pending: PendingQuestionnaire, given: QuestionnaireResult) => {
		const { capDetails } = await import("../protocol/budget.ts");
		const result = capDetails(given);
		try {
			await deps.deliver(pending, result);
		} finally {
			emit(events, ANSWER_CHANNEL.closed, { id: pending.id, result: structuredClone(result) });
		}
	};

	const reject = (id: string | undefined, problem: string) =>
		emit(events, ANSWER_CHANNEL.rejected, { id, problems: [problem] });
	/** Checks and settles; the parser loads with the first answer. */
	const answerPending = async (pending: PendingQuestionnaire, payload: unknown) => {
		const { busResult, parseAnswer } = await import("./answer-channel.ts");
		const parsed = parseAnswer(pending.questionnaire, payload);
		if (!parsed.ok) return emit(events, ANSWER_CHANNEL.rejected, { id: pending.id, problems: parsed.problems });
		const result = busResult(pending.questionnaire, parsed.answer);
		if (!store.settle(pending.id, result.outcome))
			return reject(pending.id, "id: this questionnaire was answered meanwhile");
		await settled(pending, result);
	};
	// Answers are handled one at a time, in the order they arrived, each to its end (settled, delivered,
	// `closed`) before the next is looked at. Each one waits for lazily loaded code (the parser, the caps),
	// so two answers let run side by side would settle and report on the bus in either order.
	let turn: Promise<void> = Promise.resolve();
	listenQuietly(events, ANSWER_CHANNEL.answer, (payload) => {
		// Decided at once: a call that is asking now may end (answered by this very payload) before the parser loads.
		const id = answerId(payload);
		if (id !== undefined && store.isAsking(id)) return;
		const pending = id === undefined ? undefined : store.get(id);
		if (pending === undefined) {
			const which = id === undefined ? "must name the questionnaire" : `no questionnaire ${quotedExcerpt(id)} is`;
			return reject(id, `id: ${which} open or pending`);
		}
		turn = turn
			.then(() => answerPending(pending, payload))
			.catch(() => {
				// A failure to deliver is the late answer's to report; the bus handler must not throw.
			});
	});
	return { settled };
}
