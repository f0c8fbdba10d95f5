/**
 * Late answers in Pi: a pending questionnaire settled after its tool call returned (answered or declined
 * from `/answer`, discarded, or answered by another extension) reaches the agent as a message of ours
 * (`pi.sendMessage`, LATE_ANSWER_TYPE), shown in the transcript by our renderer (render-late-answer.ts).
 *
 * Delivery: `deliverAs: "steer"` with `triggerTurn: true`. Idle, Pi starts a turn with it. Working, Pi
 * queues it and hands it to the model right after the running tool calls finish, before the next model
 * request; steering never cuts those calls short (Pi ≥ 0.84.3, the oldest supported, runs them all). A
 * follow-up would wait until the agent stops on its own, so it could finish a whole plan, or end its turn
 * saying it still waits, without the answers it asked for.
 *
 * Pi drops a queued message when the run is stopped with its queue cleared (Esc in the TUI). So each
 * message is watched until the model's context takes it in (`message_start`); one still unseen when the
 * agent settles is appended again without starting a turn (the person stopped the agent): it is in the
 * session, and the model reads it with the next prompt. Where Pi kept the queued one instead (an RPC
 * abort, a failed request), both reach the session; the model's context keeps the first (`context`).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { resolveLocale } from "../i18n/locale.ts";
import { messagesFor } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { limitsFrom } from "../protocol/budget.ts";
import { LATE_ANSWER_TYPE, type LateAnswerMessage, lateAnswerId } from "../protocol/late-answer.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { renderLateAnswer } from "./render-late-answer.ts";

/** How a late answer is handed to Pi (see the file comment for why steer). */
export const LATE_ANSWER_DELIVERY = { deliverAs: "steer", triggerTurn: true } as const;

/** Hands a settled questionnaire's result to the agent, once; resolves when Pi has it. */
export type DeliverLateAnswer = (pending: PendingQuestionnaire, result: QuestionnaireResult) => Promise<void>;

/** Registers the renderer and the delivery watch; returns the function that sends a late answer. */
export function installLateAnswers(pi: ExtensionAPI, config: () => AskConfig): DeliverLateAnswer {
	pi.registerMessageRenderer(LATE_ANSWER_TYPE, (message, options, theme) =>
		renderLateAnswer(message, options, theme, messagesFor(resolveLocale(config().locale, process.env))),
	);
	const unseen = new Map<string, LateAnswerMessage>();
	pi.on("message_start", (event) => {
		const id = lateAnswerId(event.message);
		if (id !== undefined) unseen.delete(id);
	});
	pi.on("agent_settled", () => {
		const lost = [...unseen.values()];
		unseen.clear();
		for (const message of lost) pi.sendMessage(message, { triggerTurn: false });
	});
	pi.on("context", (event) => {
		const messages = firstLateAnswers(event.messages);
		return messages === event.messages ? undefined : { messages };
	});
	pi.on("session_shutdown", () => unseen.clear());
	return async (pending, result) => {
		// The envelope loads with the first late answer, not at Pi's start.
		const { lateAnswerMessage } = await import("../protocol/late-answer-text.ts");
		const message = lateAnswerMessage(pending, result, limitsFrom(config().limits));
		unseen.set(pending.id, message);
		pi.sendMessage(message, LATE_ANSWER_DELIVERY);
	};
}

/** `messages` without a second late answer to the same questionnaire; the same array when there is none. */
export function firstLateAnswers<T>(messages: T[]): T[] {
	const seen = new Set<string>();
	let repeated = false;
	const kept = messages.filter((message) => {
		const id = lateAnswerId(message);
		if (id === undefined) return true;
		if (seen.has(id)) {
			repeated = true;
			return false;
		}
		seen.add(id);
		return true;
	});
	return repeated ? kept : messages;
}
