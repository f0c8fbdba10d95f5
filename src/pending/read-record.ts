/**
 * Reads one of our session records back, defensively: a session file may come from another version of
 * this extension, be hand-edited or cut off. A record is kept only when its questions still validate (so
 * `/answer` can show them) and what was saved is a result; stray parts of a saved result (an answer
 * without a question index, a note that is not text) are dropped, never guessed.
 * Pure; imports nothing from Pi or the terminal.
 */
import {
	type Answer,
	OUTCOMES,
	type Outcome,
	type QuestionDraft,
	type QuestionNote,
	type QuestionnaireResult,
} from "../protocol/result.ts";
import { validateQuestionnaire } from "../tool/validation.ts";
import { isRecord } from "../util/records.ts";
import { type QuestionnaireRecord, RECORD_VERSION } from "./records.ts";

const KNOWN_OUTCOMES: ReadonlySet<string> = new Set(OUTCOMES);
/** More entries than 4 questions can have means the record is not ours. */
const MAX_ITEMS = 16;

/** The record `data` holds, or undefined when it is corrupt or of a version this code does not know. */
export function readRecord(data: unknown): QuestionnaireRecord | undefined {
	if (!isRecord(data) || data.v !== RECORD_VERSION || !isId(data.id)) return undefined;
	if (data.kind === "settled") {
		return isOutcome(data.outcome) && isTime(data.at)
			? { v: RECORD_VERSION, kind: "settled", id: data.id, outcome: data.outcome, at: data.at }
			: undefined;
	}
	if (data.kind !== "pending" || !isTime(data.askedAt)) return undefined;
	const validation = validateQuestionnaire(data.questionnaire);
	const saved = readSaved(data.saved);
	if (!validation.ok || saved === undefined) return undefined;
	const { questionnaire } = validation;
	return { v: RECORD_VERSION, kind: "pending", id: data.id, askedAt: data.askedAt, questionnaire, saved };
}

function readSaved(value: unknown): QuestionnaireResult | undefined {
	if (!isRecord(value) || !isOutcome(value.outcome) || !Array.isArray(value.answers)) return undefined;
	if (value.answers.length > MAX_ITEMS) return undefined;
	const saved: QuestionnaireResult = {
		outcome: value.outcome,
		cancelled: value.cancelled === true,
		host: value.host === "rpc" || value.host === "programmatic" ? value.host : "tui",
		answers: value.answers.flatMap(readAnswer),
	};
	const notes = items(value.questionNotes).flatMap(readNote);
	if (notes.length > 0) saved.questionNotes = notes;
	const drafts = items(value.drafts).flatMap(readDraft);
	if (drafts.length > 0) saved.drafts = drafts;
	if (typeof value.globalNote === "string" && value.globalNote !== "") saved.globalNote = value.globalNote;
	if (isId(value.pendingId)) saved.pendingId = value.pendingId;
	return saved;
}

function readAnswer(value: unknown): Answer[] {
	if (!isRecord(value) || !isIndex(value.questionIndex) || typeof value.question !== "string") return [];
	const { kind } = value;
	const answer = value.answer;
	const text = typeof answer === "string";
	const list = Array.isArray(answer) && answer.every((a) => typeof a === "string");
	if (!((kind === "option" || kind === "custom") && text) && !(kind === "multi" && list)) return [];
	const read: Answer = { questionIndex: value.questionIndex, question: value.question, kind, answer };
	if (typeof value.custom === "string") read.custom = value.custom;
	if (typeof value.preview === "string") read.preview = value.preview;
	if (typeof value.notes === "string" && value.notes !== "") read.notes = value.notes;
	return [read];
}

function readNote(value: unknown): QuestionNote[] {
	return isRecord(value) && isIndex(value.questionIndex) && typeof value.notes === "string"
		? [{ questionIndex: value.questionIndex, question: String(value.question ?? ""), notes: value.notes }]
		: [];
}

function readDraft(value: unknown): QuestionDraft[] {
	return isRecord(value) && isIndex(value.questionIndex) && typeof value.text === "string"
		? [{ questionIndex: value.questionIndex, question: String(value.question ?? ""), text: value.text }]
		: [];
}

function items(value: unknown): unknown[] {
	return Array.isArray(value) ? value.slice(0, MAX_ITEMS) : [];
}

const isId = (value: unknown): value is string => typeof value === "string" && value !== "" && value.length <= 512;
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isIndex = (value: unknown): value is number =>
	typeof value === "number" && Number.isInteger(value) && value >= 0 && value < MAX_ITEMS;
const isOutcome = (value: unknown): value is Outcome => typeof value === "string" && KNOWN_OUTCOMES.has(value);
