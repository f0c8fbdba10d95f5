/**
 * Answering from elsewhere: the protocol other Pi extensions (chat bridges, supervisors, test harnesses)
 * use, over Pi's shared event bus (`pi.events`), to answer a questionnaire the person could also answer
 * at the terminal. Whichever answer comes first wins; the other side is closed.
 *
 * - `ask_user_question:asked` (we emit) `{ version: 1, id, callId?, questions }` when a questionnaire opens
 *   (`id` is ours, unique in the session; `callId` the tool call asking, which providers may reuse); with
 *   `pending: true, askedAt` when its call returned and it stays pending (answer-pending.ts), again after
 *   a session start restores it: an id may be announced more than once.
 * - `ask_user_question:answer` (others emit) `{ id, answers?, decline?, globalNote?, by }`; each answer is
 *   `{ question, options?, text?, note? }`: `question` is the zero-based index, `options` are labels as
 *   the model wrote them (compared trimmed and case-insensitively), `text` is a typed answer. `by` names
 *   the extension that answers; one without a name, with a blank one or one claiming to be the user is
 *   refused (protocol/answered-by.ts): the model reads that extension answered, not the user.
 * - `ask_user_question:answer_rejected` (we emit) `{ id, problems }` for an answer that does not fit the
 *   questions (the questionnaire stays open or pending), or names none that is open or pending.
 * - `ask_user_question:closed` (we emit) `{ id, result }` once, when the questionnaire is finally settled:
 *   when its call ends, however it ended, unless it stays pending; a pending one when it is answered,
 *   declined or discarded (from `/answer`, or an answer here naming its id).
 * - `ask_user_question:answerer` (others emit) `{ name }`: "I answer questionnaires", at their load and
 *   again on `ask_user_question:ready` (we emit it once we listen, whichever extension loaded first). With
 *   an answerer, the tool is offered even where nobody sits at a UI (print and JSON modes), and such calls
 *   wait for the bus alone.
 *
 * Pure: parsing and checking an answer; imports nothing from Pi or the terminal.
 */

import { reportedAnswers } from "../protocol/answer.ts";
import { type AnsweredBy, checkAnswererName } from "../protocol/answered-by.ts";
import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Question, Questionnaire } from "../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";
import { pairedClientOf, quotedExcerpt } from "./answer-events.ts";

/**
 * Entries of a list (answers, option labels) past this index are not inspected: one problem says how many
 * there were (as argument validation does, validation.ts), so a runaway list cannot make a runaway refusal.
 */
const MAX_INSPECTED = 16;

/** At most this many problems are listed; the last line then counts the rest. */
const MAX_PROBLEMS = 20;

/** A checked answer, by index as every host keeps them: an answer and a note ("" = none) per question, or a decline. */
export interface ParsedAnswer {
	decline: boolean;
	answers: (IndexedAnswer | undefined)[];
	notes: string[];
	globalNote?: string;
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
	const questions = questionnaire.questions;
	const given: (IndexedAnswer | undefined)[] = questions.map(() => undefined);
	const notes = questions.map(() => "");
	const decline = payload.decline === true;
	if (payload.decline !== undefined && typeof payload.decline !== "boolean")
		problems.push("decline: must be true or false");
	const answers = payload.answers;
	if (answers !== undefined && !Array.isArray(answers)) problems.push("answers: must be an array");
	const list: unknown[] = Array.isArray(answers) ? answers : [];
	if (decline && list.length > 0) problems.push("answers: a decline cannot carry answers (notes may go in globalNote)");
	if (!decline && list.length === 0) problems.push("answers: give at least one answer, or decline: true");
	if (list.length > MAX_INSPECTED)
		problems.push(
			`answers: has ${list.length} entries; at most one per question (${questions.length}); only the first ${MAX_INSPECTED} were checked`,
		);
	const seen = new Set<number>();
	list.slice(0, MAX_INSPECTED).forEach((entry, i) => {
		const at = `answers[${i}]`;
		if (!isRecord(entry)) {
			problems.push(`${at}: must be an object`);
			return;
		}
		const index = entry.question;
		const question = typeof index === "number" ? questions[index] : undefined;
		if (typeof index !== "number" || !Number.isInteger(index) || question === undefined) {
			problems.push(`${at}.question: must be a question index from 0 to ${questions.length - 1}`);
			return;
		}
		if (seen.has(index)) problems.push(`${at}.question: question ${index} is answered twice`);
		seen.add(index);
		const pick = parsePick(question, entry, at, problems);
		if (pick !== undefined) given[index] = pick;
		const note = optionalText(entry.note, `${at}.note`, problems);
		if (note !== undefined) notes[index] = note;
		if (pick === undefined && note === undefined && !problems.some((p) => p.startsWith(at)))
			problems.push(`${at}: give options, text or a note`);
	});
	const globalNote = optionalText(payload.globalNote, "globalNote", problems);
	const by = answerer(payload, problems);
	if (problems.length > 0 || by === undefined) return { ok: false, problems: capProblems(problems) };
	const answer: ParsedAnswer = { decline, answers: given, notes, by };
	if (globalNote !== undefined) answer.globalNote = globalNote;
	return { ok: true, answer };
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
	const given = reportedAnswers(questionnaire.questions, answer.answers, answer.notes);
	const collected = answer.globalNote === undefined ? given : { ...given, globalNote: answer.globalNote };
	const ended = answer.decline ? "declined" : "submitted";
	const result = finishedResult("programmatic", questionnaire.questions.length, ended, collected);
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

/** The pick one answer entry makes, or undefined when it gives only a note. */
function parsePick(
	question: Question,
	entry: Record<string, unknown>,
	at: string,
	problems: string[],
): IndexedAnswer | undefined {
	const chosen = optionIndexes(question, entry.options, `${at}.options`, problems);
	const text = optionalText(entry.text, `${at}.text`, problems);
	if (question.multiSelect === true) {
		if (chosen.length === 0 && text === undefined) return undefined;
		const options = [...chosen].sort((a, b) => a - b);
		return text === undefined ? { kind: "multi", options } : { kind: "multi", options, text };
	}
	if (chosen.length + (text === undefined ? 0 : 1) > 1) {
		problems.push(`${at}: this question takes one option or one text`);
		return undefined;
	}
	const [option] = chosen;
	if (option !== undefined) return { kind: "option", option };
	return text === undefined ? undefined : { kind: "custom", text };
}

/** The option indexes named by `labels`, each once; unknown labels are problems. */
function optionIndexes(question: Question, labels: unknown, at: string, problems: string[]): number[] {
	if (labels === undefined) return [];
	if (!Array.isArray(labels) || labels.some((l) => typeof l !== "string")) {
		problems.push(`${at}: must be an array of option labels`);
		return [];
	}
	if (labels.length > MAX_INSPECTED)
		problems.push(
			`${at}: has ${labels.length} labels; the question has ${question.options.length} options; only the first ${MAX_INSPECTED} were checked`,
		);
	const key = (label: string) => label.trim().toLowerCase();
	const indexes: number[] = [];
	for (const label of (labels as string[]).slice(0, MAX_INSPECTED)) {
		const index = question.options.findIndex((o) => key(o.label) === key(label));
		if (index === -1) problems.push(`${at}: no option is labelled ${quotedExcerpt(label)}`);
		else if (!indexes.includes(index)) indexes.push(index);
	}
	return indexes;
}

/** `problems` when they are few; else the first ones and a line counting the rest. */
function capProblems(problems: string[]): string[] {
	if (problems.length <= MAX_PROBLEMS) return problems;
	const rest = problems.length - (MAX_PROBLEMS - 1);
	return [...problems.slice(0, MAX_PROBLEMS - 1), `… and ${rest} more problems`];
}

/** A trimmed non-blank text, undefined when absent or blank; anything but a string is a problem. */
function optionalText(value: unknown, at: string, problems: string[]): string | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== "string") {
		problems.push(`${at}: must be a string`);
		return undefined;
	}
	const text = value.trim();
	return text === "" ? undefined : text;
}
