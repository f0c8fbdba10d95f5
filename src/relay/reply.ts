/**
 * A relayed ask's ending, both ways. The serving side sends how it ended, who answered, and what was
 * given in the answer model's wire form (protocol/read-answer.ts: option indexes and typed text, never
 * display labels); the asking side reads that untrusted data once, with the one reader, against its own
 * questions, so the tool result is exactly the one a questionnaire answered here would give, with host
 * `relay`. A reply that does not fit the questions is refused, never patched up.
 * Pure: imports nothing from Pi, sockets or the terminal.
 */

import { type AnsweredBy, readAnsweredBy } from "../protocol/answered-by.ts";
import type { Question, Questionnaire } from "../protocol/questions.ts";
import { type AnswerEntry, givenResult, readGiven, type WireAnswer, wireOfGiven } from "../protocol/read-answer.ts";
import { type Ending, notShownResult, OUTCOMES, type Outcome, type QuestionnaireResult } from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";
import type { RelayedEnding, RelayReply } from "./protocol.ts";

const KNOWN: ReadonlySet<string> = new Set(OUTCOMES);

/**
 * The asking call's result for the serving side's reply (over the socket or in process): the answer read
 * back, or `not_shown` saying why not (the questions refused: `invalid_questions` with their problems;
 * anything else: `relay_unavailable`).
 */
export function resultOfReply(reply: RelayReply, questionnaire: Questionnaire): QuestionnaireResult {
	if (!reply.ok) {
		if (reply.code === "invalid_questions")
			return notShownResult("relay", "invalid_questions", reply.message, reply.problems);
		return unavailable(`the Pi session that started this one refused the questions (${reply.code}: ${reply.message})`);
	}
	const read = readRelayedResult(questionnaire, reply.result);
	if (read !== undefined) return read;
	const shownError = notShownReason(reply.result);
	return shownError === undefined
		? unavailable("the Pi session that started this one sent an answer that does not fit the questions")
		: unavailable(`the Pi session that started this one could not show the questions (${shownError})`);
}

/** `not_shown` with `relay_unavailable`: the questions could not be relayed, for `reason`. */
export function unavailable(reason: string): QuestionnaireResult {
	return notShownResult("relay", "relay_unavailable", `The questions were not relayed: ${reason}.`);
}

/**
 * The reply for the asker of a relayed questionnaire that ended with `result` (its answers read into the
 * answer model by the same reader as the asker's, from labels this process wrote itself).
 */
export function replyOfResult(questions: readonly Question[], result: QuestionnaireResult): RelayReply {
	const { given, problems } = readGiven(questions, labelledWire(result));
	if (problems.length > 0)
		return { ok: false, code: "unavailable", message: `the answer could not be sent (${problems[0]})` };
	const ending: RelayedEnding = { outcome: result.outcome, ...wireOfGiven(given) };
	if (result.answeredBy !== undefined) ending.answeredBy = result.answeredBy;
	if (result.timedOut === true) ending.timedOut = true;
	if (result.pendingId !== undefined) ending.relayedId = result.pendingId;
	if (result.error !== undefined) ending.error = { code: result.error.code, message: result.error.message };
	return { ok: true, result: ending };
}

/** `result`'s answers, notes and drafts as wire entries, options by the labels it reports. */
function labelledWire({ answers, questionNotes = [], drafts = [], globalNote }: QuestionnaireResult): WireAnswer {
	const entries = new Map<number, AnswerEntry>();
	const at = (question: number) =>
		entries.get(question) ?? (entries.set(question, { question }).get(question) as AnswerEntry);
	for (const { questionIndex, kind, answer, custom, notes } of answers) {
		const labels = [answer].flat();
		if (kind !== "custom") at(questionIndex).options = custom === undefined ? labels : labels.slice(0, -1);
		if (kind === "custom" || custom !== undefined) at(questionIndex).text = custom ?? String(answer);
		if (notes !== undefined) at(questionIndex).note = notes;
	}
	for (const n of questionNotes) at(n.questionIndex).note = n.notes;
	for (const d of drafts) at(d.questionIndex).draft = d.text;
	return { answers: [...entries.values()], ...(globalNote === undefined ? {} : { globalNote }) };
}

/** The reason of a `not_shown` result from above, when that is what it is. */
function notShownReason(value: unknown): string | undefined {
	if (!isRecord(value) || value.outcome !== "not_shown") return undefined;
	const error = isRecord(value.error) ? value.error : undefined;
	return typeof error?.message === "string" ? error.message.slice(0, 500) : "no reason given";
}

/** `value` read as the result of `questionnaire`, with host `relay`; undefined when it does not fit. */
function readRelayedResult(questionnaire: Questionnaire, value: unknown): QuestionnaireResult | undefined {
	if (!isRecord(value) || typeof value.outcome !== "string" || !KNOWN.has(value.outcome)) return undefined;
	const outcome = value.outcome as Outcome;
	if (outcome === "not_shown") return undefined;
	const { given, problems } = readGiven(questionnaire.questions, value);
	if (problems.length > 0) return undefined;
	const ended: Ending = outcome === "answered" || outcome === "partial" ? "submitted" : outcome;
	const result = givenResult("relay", questionnaire.questions, ended, given);
	// "answered" and "partial" are decided again from the answers; a reply that claims otherwise is refused.
	if (result.outcome !== outcome) return undefined;
	const timedOut = outcome === "deferred" && value.timedOut === true;
	if (timedOut) result.timedOut = true;
	const by = outcome === "interrupted" ? undefined : answererAbove(value.answeredBy, outcome, timedOut);
	if (by !== undefined) result.answeredBy = by;
	const relayedId = value.relayedId;
	if (outcome === "deferred" && typeof relayedId === "string" && relayedId !== "" && relayedId.length <= 512)
		result.relayedId = relayedId;
	return result;
}

/** Who answered above, as that Pi says; its silence means the person (or, for a timeout, nobody). */
function answererAbove(value: unknown, outcome: Outcome, timedOut: boolean): AnsweredBy {
	const said = readAnsweredBy(value);
	if (outcome === "timed_out" || timedOut) return { kind: "timeout" };
	return said === undefined || said.kind === "timeout" ? { kind: "person" } : said;
}
