/**
 * The asking side's reading of a relayed result. What comes back over the socket is untrusted data: it is
 * rebuilt from this process's own questions, keeping only what the wire can rightly say — which option
 * (by its exact label), what was typed, notes, drafts, how it ended, who answered — so the tool result is
 * exactly the one a questionnaire answered here would give, with host `relay`. A reply that does not fit
 * the questions is refused (undefined), never patched up.
 * Pure: imports nothing from Pi, sockets or the terminal.
 */

import { reportedAnswer } from "../protocol/answer.ts";
import { type AnsweredBy, readAnsweredBy } from "../protocol/answered-by.ts";
import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Question, Questionnaire } from "../protocol/questions.ts";
import {
	type Collected,
	type Ending,
	finishedResult,
	notShownResult,
	OUTCOMES,
	type Outcome,
	type QuestionnaireResult,
} from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";
import type { RelayReply } from "./protocol.ts";

const KNOWN: ReadonlySet<string> = new Set(OUTCOMES);

/** The ending `finishedResult` takes for an outcome the person gave (not_shown is not one). */
const ENDINGS: Readonly<Record<Exclude<Outcome, "not_shown">, Ending>> = {
	answered: "submitted",
	partial: "submitted",
	declined: "declined",
	interrupted: "interrupted",
	timed_out: "timed_out",
	deferred: "deferred",
	answered_in_chat: "answered_in_chat",
};

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
	const questions = questionnaire.questions;
	if (outcome === "not_shown") return undefined;
	const collected = readCollected(questions, value);
	if (collected === undefined) return undefined;
	const result = finishedResult("relay", questions.length, ENDINGS[outcome], collected);
	// "answered" and "partial" are decided again from the answers; a reply that claims otherwise is refused.
	if (result.outcome !== outcome) return undefined;
	const timedOut = outcome === "deferred" && value.timedOut === true;
	if (timedOut) result.timedOut = true;
	const by = outcome === "interrupted" ? undefined : answererAbove(value.answeredBy, outcome, timedOut);
	if (by !== undefined) result.answeredBy = by;
	const relayedId = text(value.relayedId);
	if (outcome === "deferred" && relayedId !== undefined && relayedId !== "" && relayedId.length <= 512)
		result.relayedId = relayedId;
	return result;
}

/**
 * Who answered above, as that Pi says; a Pi of an older version names only extensions, so its silence means
 * the person (or, for a timeout, nobody).
 */
function answererAbove(value: unknown, outcome: Outcome, timedOut: boolean): AnsweredBy {
	const said = readAnsweredBy(value);
	if (outcome === "timed_out" || timedOut) return { kind: "timeout" };
	return said === undefined || said.kind === "timeout" ? { kind: "person" } : said;
}

/** Answers, notes, drafts and the overall note, each checked against the questions. */
function readCollected(questions: readonly Question[], value: Record<string, unknown>): Collected | undefined {
	const answers = list(value.answers);
	const questionNotes = list(value.questionNotes ?? []);
	const drafts = list(value.drafts ?? []);
	if (answers === undefined || questionNotes === undefined || drafts === undefined) return undefined;
	const collected: Collected = { answers: [] };
	const seen = new Set<number>();
	for (const entry of answers) {
		if (!isRecord(entry)) return undefined;
		const index = questionIndex(entry.questionIndex, questions.length);
		const question = index === undefined ? undefined : questions[index];
		if (index === undefined || question === undefined || seen.has(index)) return undefined;
		seen.add(index);
		const pick = readPick(question, entry);
		const notes = entry.notes === undefined ? "" : text(entry.notes);
		if (pick === undefined || notes === undefined) return undefined;
		collected.answers.push(reportedAnswer(question, index, pick, notes));
	}
	const notes = perQuestion(questionNotes, "notes", questions);
	const kept = perQuestion(drafts, "text", questions);
	if (notes === undefined || kept === undefined) return undefined;
	if (notes.length > 0)
		collected.questionNotes = notes.map(({ at, question, said }) => ({ questionIndex: at, question, notes: said }));
	if (kept.length > 0)
		collected.drafts = kept.map(({ at, question, said }) => ({ questionIndex: at, question, text: said }));
	if (value.globalNote !== undefined) {
		const note = text(value.globalNote);
		if (note === undefined) return undefined;
		if (note !== "") collected.globalNote = note;
	}
	return collected;
}

/** The pick an answer entry states: options by their exact label (as the model wrote them), typed text. */
function readPick(question: Question, entry: Record<string, unknown>): IndexedAnswer | undefined {
	const labelIndex = (label: unknown) =>
		typeof label === "string" ? question.options.findIndex((o) => o.label === label) : -1;
	switch (entry.kind) {
		case "option": {
			const option = labelIndex(entry.answer);
			return question.multiSelect === true || option < 0 ? undefined : { kind: "option", option };
		}
		case "custom": {
			const typed = text(entry.answer);
			return question.multiSelect === true || typed === undefined ? undefined : { kind: "custom", text: typed };
		}
		case "multi": {
			if (question.multiSelect !== true || !Array.isArray(entry.answer)) return undefined;
			const custom = entry.custom === undefined ? undefined : text(entry.custom);
			if (entry.custom !== undefined && (custom === undefined || entry.answer.at(-1) !== custom)) return undefined;
			const labels = custom === undefined ? entry.answer : entry.answer.slice(0, -1);
			const options = labels.map(labelIndex);
			if (options.some((i) => i < 0) || new Set(options).size !== options.length) return undefined;
			const sorted = [...options].sort((a, b) => a - b);
			return custom === undefined
				? { kind: "multi", options: sorted }
				: { kind: "multi", options: sorted, text: custom };
		}
		default:
			return undefined;
	}
}

const MAX_ITEMS = 16;

function list(value: unknown): unknown[] | undefined {
	return Array.isArray(value) && value.length <= MAX_ITEMS ? value : undefined;
}

function text(value: unknown): string | undefined {
	return typeof value === "string" ? value : undefined;
}

function questionIndex(value: unknown, count: number): number | undefined {
	return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < count ? value : undefined;
}

/** Each entry's question index and its text in `field` (question notes, drafts); undefined when one does not read. */
function perQuestion(
	entries: readonly unknown[],
	field: "notes" | "text",
	questions: readonly Question[],
): { at: number; question: string; said: string }[] | undefined {
	const read: { at: number; question: string; said: string }[] = [];
	for (const entry of entries) {
		const at = isRecord(entry) ? questionIndex(entry.questionIndex, questions.length) : undefined;
		const said = isRecord(entry) ? text(entry[field]) : undefined;
		if (at === undefined || said === undefined) return undefined;
		read.push({ at, question: questions[at]?.question ?? "", said });
	}
	return read;
}
