/**
 * The late answer's message (late-answer.ts describes it): the model's text, the same wording as the
 * tool result (envelope.ts) after a line naming the questionnaire, and the details. Loaded with the
 * first late answer, not at start. Pure; imports nothing from Pi or the terminal.
 */
import type { TextLimits } from "./budget.ts";
import { resultText } from "./envelope.ts";
import { LATE_ANSWER_TYPE, type LateAnswerMessage, type LateAnswerSource, RELAYED_TRACE_TYPE } from "./late-answer.ts";
import { quote } from "./quote.ts";
import type { QuestionnaireResult } from "./result.ts";

/** The late-answer message for `pending`, settled with `result`. */
export function lateAnswerMessage(
	pending: LateAnswerSource,
	result: QuestionnaireResult,
	limits?: TextLimits,
): LateAnswerMessage {
	const { pendingId: _settled, ...final } = result;
	const questions = pending.questionnaire.questions;
	return {
		customType: LATE_ANSWER_TYPE,
		content: lateAnswerText(pending, final, limits),
		display: true,
		details: {
			v: 1,
			id: pending.id,
			...(pending.callId === undefined ? {} : { callId: pending.callId }),
			askedAt: pending.askedAt,
			questions: questions.map(({ question, header, multiSelect }) =>
				multiSelect === true ? { question, header, multiSelect } : { question, header },
			),
			result: final,
			...(pending.from === undefined ? {} : { from: pending.from }),
		},
	};
}

/**
 * A subagent's questionnaire answered here, for this Pi's transcript: the late answer's details under
 * another type; the text says what it was for extensions that read messages (no model reads it).
 */
export function relayedTraceMessage(
	source: LateAnswerSource,
	result: QuestionnaireResult,
	limits?: TextLimits,
): Omit<LateAnswerMessage, "customType"> & { customType: typeof RELAYED_TRACE_TYPE } {
	const late = lateAnswerMessage(source, result, limits);
	const questions = source.questionnaire.questions.map((q) => q.question);
	const text = resultText(result, questions, limits);
	return {
		...late,
		customType: RELAYED_TRACE_TYPE,
		content: `A subagent's ask_user_question questionnaire${by(source)}, answered here: ${text}`,
	};
}

/**
 * The text the model reads: `Late answer to the ask_user_question questionnaire asked at 2026-12-04
 * 07:12 UTC (tool call "call_1"): User answered: …`.
 */
function lateAnswerText(pending: LateAnswerSource, result: QuestionnaireResult, limits?: TextLimits): string {
	const questions = pending.questionnaire.questions.map((q) => q.question);
	const which = `asked at ${askedTime(pending.askedAt)}${by(pending)} (${naming(pending)})`;
	return `Late answer to the ask_user_question questionnaire ${which}: ${resultText(result, questions, limits)}`;
}

/**
 * Who asked a relayed questionnaire, for the model of the Pi that showed it (the agent that started that
 * subagent): ` by subagent "scout" (depth 1, working directory "/home/me/app")`; "" when not relayed.
 */
function by({ from }: LateAnswerSource): string {
	if (from === undefined) return "";
	const who = from.name === undefined ? "a subagent" : `subagent ${quote(from.name)}`;
	return ` by ${who} (depth ${from.depth}, working directory ${quote(from.cwd)})`;
}

/** The call the model made, by its id; a questionnaire asked without one (by another extension) by ours. */
function naming(pending: Pick<LateAnswerSource, "id" | "callId">): string {
	return pending.callId === undefined ? `questionnaire ${quote(pending.id)}` : `tool call ${quote(pending.callId)}`;
}

const MAX_DATE_MS = 8.64e15;

/** "2026-12-04 07:12 UTC": minutes tell questionnaires apart, and UTC reads the same to every model. */
function askedTime(epochMs: number): string {
	// Date's range is ±8.64e15 ms; outside it toISOString throws.
	const iso = Math.abs(epochMs) <= MAX_DATE_MS ? new Date(epochMs).toISOString() : "";
	return iso.length >= 16 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "an unknown time";
}
