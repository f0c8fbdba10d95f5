/**
 * The one reader of answers from outside — another extension on the bus, a paired client over the relay
 * (pi-ask, a bridge), the Pi above replying to a relayed ask, a session record — into the one answer
 * model (progress.ts), and the wire form they share: per question `{ question, options?, text?, note?,
 * draft? }` (zero-based indexes; `options` option indexes or labels; `options: []` on a multi-select is
 * "none of these"; `draft` text typed but not committed), and a `globalNote`. One label rule: a label names
 * the option whose label is the same in validation's comparable form (validation-rules.ts: any case,
 * spacing, width, invisibles), which validation keeps unambiguous. Texts are trimmed, blank is none, a
 * draft is kept as typed. What does not fit is a list of problems naming their places, bounded. Pure.
 */
import { isRecord } from "../util/records.ts";
import { emptyProgress, type IndexedAnswer, type Progress } from "./progress.ts";
import type { Question } from "./questions.ts";
import { quotedExcerpt } from "./quote.ts";
import {
	type Answer,
	type Ending,
	finishedResult,
	type HostKind,
	type QuestionDraft,
	type QuestionNote,
	type QuestionnaireResult,
} from "./result.ts";
import { comparable } from "./validation-rules.ts";

/** What was given, by index: the answer model an answer from outside is read into. */
export type Given = Omit<Progress, "ticks">;

/** One question's part of an answer on the wire. */
export interface AnswerEntry {
	question: number;
	options?: (number | string)[];
	text?: string;
	note?: string;
	draft?: string;
}

/** An answer on the wire: its entries and the note on the whole questionnaire. */
export interface WireAnswer {
	answers: AnswerEntry[];
	globalNote?: string;
}

/** List entries past this are not inspected (one problem gives the count): no runaway refusal. */
const MAX_INSPECTED = 16;
/** At most this many problems are listed; the last line then counts the rest. */
const MAX_PROBLEMS = 20;
/** A longer label must match exactly: normalizing a 10 MB string would hold the event loop for a second. */
const COMPARED_MAX = 4_096;

/** `given` on the wire: option indexes, typed text, notes and drafts; no entry for a question given nothing. */
export function wireOfGiven(given: Given): WireAnswer {
	const answers = given.answers.flatMap((answer, question) => {
		const entry: AnswerEntry = { question, ...(answer && entryOf(answer)) };
		if (given.notes[question]) entry.note = given.notes[question];
		if (given.drafts[question]) entry.draft = given.drafts[question];
		return Object.keys(entry).length > 1 ? [entry] : [];
	});
	return given.globalNote === "" ? { answers } : { answers, globalNote: given.globalNote };
}

function entryOf(answer: IndexedAnswer): Omit<AnswerEntry, "question"> {
	if (answer.kind === "option") return { options: [answer.option] };
	if (answer.kind === "custom") return { text: answer.text };
	return answer.text === undefined ? { options: answer.options } : { options: answer.options, text: answer.text };
}

/** `value.answers` and `value.globalNote` read against `questions`: what was given, and every problem found. */
export function readGiven(
	questions: readonly Question[],
	value: { answers?: unknown; globalNote?: unknown },
): { given: Given; problems: string[] } {
	const { ticks: _, ...given } = emptyProgress(questions.length);
	const problems: string[] = [];
	const { answers } = value;
	if (answers !== undefined && !Array.isArray(answers)) problems.push("answers: must be an array");
	const list: unknown[] = Array.isArray(answers) ? answers : [];
	if (list.length > MAX_INSPECTED)
		problems.push(
			`answers: has ${list.length} entries; at most one per question (${questions.length}); only the first ${MAX_INSPECTED} were checked`,
		);
	const seen = new Set<number>();
	for (const [i, entry] of list.slice(0, MAX_INSPECTED).entries())
		readEntry(questions, entry, `answers[${i}]`, { seen, given, problems });
	given.globalNote = text(value.globalNote, "globalNote", problems) ?? "";
	return { given, problems };
}

/** Reads one entry into `into.given`; `into.seen` holds the questions the entries before it named. */
function readEntry(
	questions: readonly Question[],
	entry: unknown,
	at: string,
	into: { seen: Set<number>; given: Given; problems: string[] },
): void {
	const { seen, given, problems } = into;
	const index = isRecord(entry) ? entry.question : undefined;
	const question = typeof index === "number" && Number.isInteger(index) ? questions[index] : undefined;
	if (!isRecord(entry) || typeof index !== "number" || question === undefined) {
		const what = isRecord(entry)
			? `.question: must be a question index from 0 to ${questions.length - 1}`
			: ": must be an object";
		problems.push(`${at}${what}`);
		return;
	}
	if (seen.has(index)) problems.push(`${at}.question: question ${index} is answered twice`);
	seen.add(index);
	const before = problems.length;
	const pick = readPick(question, entry, at, problems);
	const note = text(entry.note, `${at}.note`, problems);
	const draft = text(entry.draft, `${at}.draft`, problems, false);
	if (pick !== undefined) given.answers[index] = pick;
	if (note !== undefined) given.notes[index] = note;
	if (draft !== undefined) given.drafts[index] = draft;
	if (pick === undefined && note === undefined && draft === undefined && problems.length === before)
		problems.push(`${at}: give options, text or a note`);
}

/** `answer` (read from a session record) if it fits `question` as given; undefined when it does not. */
export function fittingAnswer(question: Question | undefined, answer: IndexedAnswer | undefined) {
	const problems: string[] = [];
	const pick = question && answer && readPick(question, entryOf(answer), "", problems);
	return problems.length === 0 ? pick : undefined;
}

/**
 * The one result builder: what was given, by index, ended as `ended` on `host` — for every host (the TUI
 * state, the dialog walker, an answer from outside). Labels, previews and typed text are reported as given
 * (the envelope quotes them); notes are trimmed and blank texts are none. `skipped` questions did not apply.
 */
export function givenResult(
	host: HostKind,
	questions: readonly Question[],
	ended: Ending,
	given: Given,
	skipped?: number[],
): QuestionnaireResult {
	const answers: Answer[] = [];
	const questionNotes: QuestionNote[] = [];
	const drafts: QuestionDraft[] = [];
	questions.forEach((question, i) => {
		const answer = given.answers[i];
		const note = given.notes[i]?.trim() ?? "";
		const draft = given.drafts[i] ?? "";
		if (answer) answers.push(reportedAnswer(question, i, answer, note));
		else if (note !== "") questionNotes.push({ questionIndex: i, question: question.question, notes: note });
		if (draft.trim() !== "") drafts.push({ questionIndex: i, question: question.question, text: draft });
	});
	const globalNote = given.globalNote.trim();
	return finishedResult(host, questions.length, ended, {
		answers,
		questionNotes,
		drafts,
		...(globalNote === "" ? {} : { globalNote }),
		...(skipped === undefined || skipped.length === 0 ? {} : { skipped }),
	});
}

/** The reported answer to `question` (at `questionIndex`), with its note ("" = none). */
function reportedAnswer(question: Question, questionIndex: number, given: IndexedAnswer, note: string): Answer {
	const base = { questionIndex, question: question.question };
	const label = (option: number) => question.options[option]?.label ?? "";
	let answer: Answer;
	switch (given.kind) {
		case "option": {
			answer = { ...base, kind: "option", answer: label(given.option) };
			const preview = question.options[given.option]?.preview;
			if (preview !== undefined && preview.trim() !== "") answer.preview = preview;
			break;
		}
		case "custom":
			answer = { ...base, kind: "custom", answer: given.text };
			break;
		case "multi": {
			const labels = given.options.map(label);
			answer =
				given.text === undefined
					? { ...base, kind: "multi", answer: labels }
					: { ...base, kind: "multi", answer: [...labels, given.text], custom: given.text };
			break;
		}
	}
	if (note !== "") answer.notes = note;
	return answer;
}

/** `problems` when they are few; else the first ones and a line counting the rest. */
export function capProblems(problems: string[]): string[] {
	if (problems.length <= MAX_PROBLEMS) return problems;
	const rest = problems.length - (MAX_PROBLEMS - 1);
	return [...problems.slice(0, MAX_PROBLEMS - 1), `… and ${rest} more problems`];
}

/** The answer one entry gives, or undefined when it gives none (a note, a draft, or a problem). */
function readPick(
	question: Question,
	entry: Record<string, unknown>,
	at: string,
	problems: string[],
): IndexedAnswer | undefined {
	const chosen = optionIndexes(question, entry.options, `${at}.options`, problems);
	const typed = text(entry.text, `${at}.text`, problems);
	if (question.multiSelect === true) {
		if (chosen === undefined && typed === undefined) return undefined;
		const options = [...(chosen ?? [])].sort((a, b) => a - b);
		return typed === undefined ? { kind: "multi", options } : { kind: "multi", options, text: typed };
	}
	if ((chosen?.length ?? 0) + (typed === undefined ? 0 : 1) > 1) {
		problems.push(`${at}: this question takes one option or one text`);
		return undefined;
	}
	const option = chosen?.[0];
	if (option !== undefined) return { kind: "option", option };
	return typed === undefined ? undefined : { kind: "custom", text: typed };
}

/** The options `value` names (indexes or labels), each once; undefined when absent. */
function optionIndexes(question: Question, value: unknown, at: string, problems: string[]): number[] | undefined {
	if (value === undefined) return undefined;
	if (!Array.isArray(value)) {
		problems.push(`${at}: must be an array of option indexes or labels`);
		return undefined;
	}
	const count = question.options.length;
	if (value.length > MAX_INSPECTED)
		problems.push(
			`${at}: has ${value.length} entries; the question has ${count} options; only the first ${MAX_INSPECTED} were checked`,
		);
	const indexes: number[] = [];
	for (const named of value.slice(0, MAX_INSPECTED)) {
		const index = optionIndex(question, named);
		if (index !== undefined) {
			if (!indexes.includes(index)) indexes.push(index);
		} else if (typeof named === "string") problems.push(`${at}: no option is labelled ${quotedExcerpt(named)}`);
		else if (typeof named === "number") problems.push(`${at}: no option ${named} (the options are 0 to ${count - 1})`);
		else problems.push(`${at}: each option must be an option index or label`);
	}
	return indexes;
}

/** The option `named` names: its index, or its label under the one label rule. */
function optionIndex({ options }: Question, named: unknown): number | undefined {
	let index = -1;
	if (typeof named === "number") index = Number.isInteger(named) && named < options.length ? named : -1;
	else if (typeof named === "string") {
		index = options.findIndex((o) => o.label === named);
		const key = index === -1 && named.length <= COMPARED_MAX ? comparable(named) : undefined;
		if (key !== undefined) index = options.findIndex((o) => comparable(o.label) === key);
	}
	return index >= 0 ? index : undefined;
}

/** A text, undefined when absent or blank (trimmed unless `trim` is false); anything but a string is a problem. */
function text(value: unknown, at: string, problems: string[], trim = true): string | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== "string") {
		problems.push(`${at}: must be a string`);
		return undefined;
	}
	if (value.trim() === "") return undefined;
	return trim ? value.trim() : value;
}
