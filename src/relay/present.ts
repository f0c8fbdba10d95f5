/**
 * The serving side of an ask: a questionnaire relayed from a Pi below, asked here as this Pi asks one of
 * its own (src/ask/ask.ts). Its questions are untrusted and validated again with the tool's own rules; it
 * gets an id of this session, is announced on the answer channel (so another extension, or `pi-ask answer`,
 * may answer it: the first answer wins), waits its turn behind this Pi's own questionnaires (host/screen.ts),
 * and is shown labelled with where it comes from (host/labelled-ui.ts). Its result goes back as is, so
 * the asking Pi's model reads what it would have read had the person answered there.
 *
 * Ends (pending/ending.ts): the asker gone (its connection closed, its call aborted) closes the dialog at
 * once and nothing stays behind. "Answer later" cannot promise the asker a message it may never receive
 * (it may have exited by then): the questionnaire stays pending here, recorded with who asked, and its
 * answers go to this Pi's agent as a late answer naming the subagent; the asker is told exactly that
 * (`relayedId`). Nothing else of a relayed questionnaire is recorded: a crash while it is open leaves
 * nothing pending. Pi-free: the adapter passes the host in.
 */
import type { AskEnv, ShowingHost } from "../ask/ask.ts";
import type { AskConfig } from "../config/schema.ts";
import { notice } from "../host/notice.ts";
import { messagesIn } from "../i18n/messages.ts";
import type { PendingStore } from "../pending/store.ts";
import { capDetails } from "../protocol/budget.ts";
import type { Origin } from "../protocol/origin.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import type { EventBus } from "../tool/answer-events.ts";
import type { RelayReply } from "./protocol.ts";
import { replyOfResult } from "./reply.ts";

/** What showing relayed questionnaires needs. */
export interface PresentDeps {
	/** The live session's host; undefined once it ended (asks are then refused, or end interrupted). */
	host(): ShowingHost | undefined;
	config(): AskConfig;
	events: EventBus;
	store: AskEnv["store"] & Pick<PendingStore, "newId">;
	/** Keeps one answered here in this Pi's transcript (who asked, what, the answer, who answered). */
	trace?: AskEnv["trace"];
}

/** Shows one relayed ask until it ends or `signal` fires; the reply for the asker. */
export async function presentRelayedAsk(
	request: { questions: unknown; from: Origin },
	signal: AbortSignal,
	accepted: (id: string) => void,
	deps: PresentDeps,
): Promise<RelayReply> {
	const validation = validateQuestionnaire({ questions: request.questions });
	if (!validation.ok)
		return {
			ok: false,
			code: "invalid_questions",
			message: "The questionnaire arguments are invalid.",
			problems: validation.problems,
		};
	const { from } = request;
	const { questionnaire } = validation;
	const config = deps.config();
	const { ask } = await import("../ask/ask.ts");
	const asked = await ask(
		questionnaire,
		{ origin: "relayed", from },
		{ host: deps.host, config, signal, events: deps.events, store: deps.store, accepted, trace: deps.trace },
	);
	if (!asked.asked) return { ok: false, code: "unavailable", message: "this Pi session cannot show questions now" };
	const { result } = asked.ending;
	// The asker went away under the person's eyes: say why the dialog closed (not when this session ended).
	const still = deps.host();
	if (asked.shown && signal.aborted && result.outcome === "interrupted" && still !== undefined) {
		const { originLabel } = await import("../host/labelled-ui.ts");
		const m = messagesIn(config.locale);
		notice(still.ui, m.relayAskerGone(originLabel(from, m)));
	}
	return replyOfResult(questionnaire.questions, capDetails(result));
}
