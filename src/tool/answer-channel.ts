/**
 * Answering from elsewhere: other Pi extensions (chat bridges, supervisors, test harnesses) and the
 * person's paired clients (relay/board.ts) answer a questionnaire over Pi's event bus; the first answer
 * wins. The events and their payloads are answer-events.ts's (docs/answer-channel.md is the reference).
 * This is what the bus adds to the one reader of answers (protocol/read-answer.ts): a decline, and who
 * answers — the extension `by` names (never the user: protocol/answered-by.ts), or a client this
 * extension vouched for. Pure: imports nothing from Pi or the terminal.
 */
import { type AnsweredBy, checkAnswererName } from "../protocol/answered-by.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { capProblems, type Given, givenResult, readGiven } from "../protocol/read-answer.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";
import { pairedClientOf } from "./answer-events.ts";

/** A checked answer, by index as every host keeps them, or a decline. */
export interface ParsedAnswer {
	decline: boolean;
	given: Given;
	/** Who answered: the extension the payload's `by` names, or the client the person paired. */
	by: AnsweredBy;
}

/** Checks `payload` against the questions: the parsed answer, or every problem found. */
export function parseAnswer(
	questionnaire: Questionnaire,
	payload: unknown,
): { ok: true; answer: ParsedAnswer } | { ok: false; problems: string[] } {
	if (!isRecord(payload)) return { ok: false, problems: ["the answer must be an object"] };
	const problems: string[] = [];
	const decline = payload.decline === true;
	if (payload.decline !== undefined && typeof payload.decline !== "boolean")
		problems.push("decline: must be true or false");
	const entries = Array.isArray(payload.answers) ? payload.answers.length : 0;
	if (decline && entries > 0) problems.push("answers: a decline cannot carry answers (notes may go in globalNote)");
	if (!decline && entries === 0) problems.push("answers: give at least one answer, or decline: true");
	const { given, problems: unfit } = readGiven(questionnaire.questions, payload);
	problems.push(...unfit);
	const by = answerer(payload, problems);
	if (problems.length > 0 || by === undefined) return { ok: false, problems: capProblems(problems) };
	return { ok: true, answer: { decline, given, by } };
}

/**
 * A payload that puts the questionnaire aside instead of answering it (`later: true`, as the TUI's Answer
 * later): who asks for it, or its problems; undefined when the payload does not say `later`.
 */
export function parseLater(
	payload: unknown,
): { ok: true; by: AnsweredBy } | { ok: false; problems: string[] } | undefined {
	if (!isRecord(payload) || payload.later === undefined) return undefined;
	const problems: string[] = [];
	if (payload.later !== true) problems.push("later: must be true, or left out");
	if (payload.answers !== undefined || payload.decline !== undefined || payload.globalNote !== undefined)
		problems.push("later: puts the questionnaire aside; it carries no answers, decline or note");
	const by = answerer(payload, problems);
	return problems.length > 0 || by === undefined ? { ok: false, problems } : { ok: true, by };
}

/** The result of a checked answer from the bus: host `programmatic`, and who answered. */
export function busResult(questionnaire: Questionnaire, answer: ParsedAnswer): QuestionnaireResult {
	const ended = answer.decline ? "declined" : "submitted";
	const result = givenResult("programmatic", questionnaire.questions, ended, answer.given);
	result.answeredBy = answer.by;
	return result;
}

/** Who answers: the paired client this extension vouched for, else the extension `by` names (checked). */
function answerer(payload: Record<string, unknown>, problems: string[]): AnsweredBy | undefined {
	const client = pairedClientOf(payload);
	if (client !== undefined) return { kind: "client", name: client };
	const named = checkAnswererName(payload.by);
	if (named.ok) return { kind: "extension", name: named.name };
	problems.push(named.problem);
	return undefined;
}
