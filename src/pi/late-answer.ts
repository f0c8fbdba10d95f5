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
 * While it waits in Pi's queue, a line above the editor says it is queued and for which questionnaire
 * (late-answer-queue.ts): Pi shows its own queued messages there, not an extension's, and without it the
 * answer vanished from the screen for as long as the running command took.
 *
 * Pi drops a queued message when the run is stopped with its queue cleared (Esc in the TUI). So each
 * message queued while the agent works is watched until the model's context takes it in
 * (`message_start`); one still unseen when the agent settles is appended again without starting a turn
 * (the person stopped the agent): it is in the session, and the model reads it with the next prompt.
 * Where Pi kept the queued one instead (an RPC abort, a failed request), both reach the session; the
 * model's context keeps the first (`context`). A message sent while the agent is idle is not watched:
 * Pi starts its turn, or, when it comes while Pi is settling (another extension answering from its
 * `agent_settled` handler), holds it until the settling is over and starts the turn then; appending it
 * again would show it twice.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { messagesIn } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { limitsFrom } from "../protocol/budget.ts";
import {
	isRelayedTrace,
	LATE_ANSWER_TYPE,
	type LateAnswerMessage,
	type LateAnswerSource,
	lateAnswerId,
	RELAYED_TRACE_TYPE,
} from "../protocol/late-answer.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { attempt } from "../util/records.ts";
import { renderLateAnswer } from "./render-late-answer.ts";

/** How a late answer is handed to Pi (see the file comment for why steer). */
const LATE_ANSWER_DELIVERY = { deliverAs: "steer", triggerTurn: true } as const;

/** Hands a settled questionnaire's result to the agent, once; resolves when Pi has it. */
export type DeliverLateAnswer = (pending: PendingQuestionnaire, result: QuestionnaireResult) => Promise<void>;

/** A late answer in Pi's queue: the message, and its line above the editor. */
interface Queued {
	message: LateAnswerMessage;
	line: string;
}

/** Registers the renderer and the delivery watch; returns the function that sends a late answer. */
export function installLateAnswers(pi: ExtensionAPI, config: () => AskConfig): DeliverLateAnswer {
	const messages = () => messagesIn(config().locale);
	pi.registerMessageRenderer(LATE_ANSWER_TYPE, (message, options, theme) =>
		renderLateAnswer(message, options, theme, messages()),
	);
	pi.registerMessageRenderer(RELAYED_TRACE_TYPE, (message, options, theme) =>
		renderLateAnswer(message, options, theme, messages(), "relayed"),
	);
	let ctx: ExtensionContext | undefined;
	/** Sent while the agent worked and not yet taken in by the model, by questionnaire id. */
	const queued = new Map<string, Queued>();
	let show: ((lines: readonly string[]) => void) | undefined;
	const showQueue = () => show?.([...queued.values()].map((q) => q.line));
	pi.on("session_start", (_event, current) => {
		ctx = current;
	});
	pi.on("message_start", (event) => {
		const id = lateAnswerId(event.message);
		if (id !== undefined && queued.delete(id)) showQueue();
	});
	pi.on("agent_settled", () => {
		const lost = [...queued.values()];
		if (lost.length === 0) return;
		queued.clear();
		showQueue();
		for (const { message } of lost) pi.sendMessage(message, { triggerTurn: false });
	});
	pi.on("context", (event) => {
		const messages = modelMessages(event.messages);
		return messages === event.messages ? undefined : { messages };
	});
	pi.on("session_shutdown", () => {
		queued.clear();
		showQueue();
		ctx = undefined;
	});
	return async (pending, result) => {
		// The envelope and the queue's line load with the first late answer, not at Pi's start.
		const { lateAnswerMessage } = await import("../protocol/late-answer-text.ts");
		const { queuedLine, showQueued } = await import("./late-answer-queue.ts");
		const message = lateAnswerMessage(pending, result, limitsFrom(config().limits));
		// Decided and sent in one go: the agent cannot settle in between.
		if (isWorking(ctx)) {
			const ui = ctx?.hasUI ? ctx.ui : undefined;
			if (ui) show = (lines) => showQueued(ui, lines, ctx?.mode === "tui");
			queued.set(pending.id, { message, line: queuedLine(pending, messages()) });
			showQueue();
		}
		pi.sendMessage(message, LATE_ANSWER_DELIVERY);
	};
}

/** True while the agent runs (Pi then queues a steered message); false when idle or settling. */
function isWorking(ctx: ExtensionContext | undefined): boolean {
	// A context gone stale: no run of this session is going on.
	return attempt(() => ctx !== undefined && !ctx.isIdle(), false);
}

/**
 * `messages` as the model should read them: without a second late answer to the same questionnaire, and
 * without the transcript's traces of subagents' questionnaires; the same array when there is neither.
 */
function modelMessages<T>(messages: T[]): T[] {
	const seen = new Set<string>();
	const kept = messages.filter((message) => {
		if (isRelayedTrace(message)) return false;
		const id = lateAnswerId(message);
		if (id === undefined) return true;
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
	return kept.length === messages.length ? messages : kept;
}

/** Keeps a subagent's questionnaire answered here in the transcript, for the person only. */
export type TraceRelayed = (source: LateAnswerSource, result: QuestionnaireResult) => Promise<void>;

/** The trace sender: a display-only message, never a turn, filtered from the model's context above. */
export function relayedTraces(pi: ExtensionAPI, config: () => AskConfig): TraceRelayed {
	return async (source, result) => {
		const { relayedTraceMessage } = await import("../protocol/late-answer-text.ts");
		pi.sendMessage(relayedTraceMessage(source, result, limitsFrom(config().limits)), { triggerTurn: false });
	};
}
