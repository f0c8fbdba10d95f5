/**
 * The late answer: what a pending questionnaire's answers (or its decline) become once the person gives
 * them after the tool call returned. It reaches the agent as a message of ours, never as a second tool
 * result: the same wording the tool result would have had (envelope.ts), after a line naming the
 * questionnaire by its tool call and the time it was asked, so the model knows which of its calls it
 * answers. `details` keep the structured result and what the transcript needs to show it.
 * The names and shapes, loaded at start (the renderer and the delivery watch need them); the text is
 * built in late-answer-text.ts, loaded with the first late answer. Pure; imports nothing from Pi or the terminal.
 */
import { isRecord } from "../util/records.ts";
import type { Origin } from "./origin.ts";
import type { Questionnaire } from "./questions.ts";
import type { QuestionnaireResult } from "./result.ts";

/** The `customType` of the late-answer message (and of its transcript renderer). */
export const LATE_ANSWER_TYPE = "ask_user_question:late_answer";

/**
 * The `customType` of a subagent's questionnaire answered in this Pi, kept in its transcript for the person
 * (who asked, what, the answer, who answered): the same details as a late answer, never read by this
 * Pi's model (its answers went to the subagent).
 */
export const RELAYED_TRACE_TYPE = "ask_user_question:relayed";

/** The `details` of a late-answer message. */
interface LateAnswerDetails {
	v: 1;
	/** The questionnaire's id (ours, unique in the session). */
	id: string;
	/** The tool call it was asked under, when there was one. */
	callId?: string;
	/** Epoch ms of the original call. */
	askedAt: number;
	/** Each question's text and header: the transcript names the questions by them. */
	questions: { question: string; header: string; multiSelect?: boolean }[];
	/** How it ended: answered, partial or declined (host `programmatic` when another extension answered). */
	result: QuestionnaireResult;
	/** The Pi below that asked it, when it was relayed (src/relay). */
	from?: Origin;
}

/** A questionnaire as asked: what a late answer names and the bus's `asked` announces. */
export interface LateAnswerSource {
	/** Ours, unique for the session's life (the bus and `/answer` name it by this). */
	id: string;
	/** The tool call it was asked under: named in the late answer, so the model knows which call it answers. */
	callId?: string;
	/** Epoch ms of the original call. */
	askedAt: number;
	/** The validated questions. */
	questionnaire: Questionnaire;
	/** The Pi below that asked it, when it was relayed (src/relay): the late answer names it. */
	from?: Origin;
}

/** The message Pi is given: text for the model, details for the transcript and other extensions. */
export interface LateAnswerMessage {
	customType: typeof LATE_ANSWER_TYPE;
	content: string;
	display: true;
	details: LateAnswerDetails;
}

/** True for a relayed-questionnaire trace (a session message from any version). */
export function isRelayedTrace(message: unknown): boolean {
	return isRecord(message) && message.customType === RELAYED_TRACE_TYPE;
}

/** The late-answer id `message` carries, when it is one of ours (a session message from any version). */
export function lateAnswerId(message: unknown): string | undefined {
	if (!isRecord(message) || message.customType !== LATE_ANSWER_TYPE || !isRecord(message.details)) return undefined;
	const id = message.details.id;
	return typeof id === "string" ? id : undefined;
}
