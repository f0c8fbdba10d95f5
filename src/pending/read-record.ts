/**
 * Reads one of our session records back, defensively: a session file may come from another version of
 * this extension, be hand-edited or cut off. An `asked` record is kept only when the questions it copies
 * still validate (so `/answer` can show them), or when it names the call whose arguments hold them; a
 * `progress` record only when every part of its patch has the shape it was written with. Nothing is
 * guessed: a record that does not read is skipped and counted. Pure; imports nothing from Pi or the terminal.
 */
import { readOrigin } from "../protocol/origin.ts";
import type { IndexedAnswer } from "../protocol/progress.ts";
import { OUTCOMES, type Outcome } from "../protocol/result.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { isRecord } from "../util/records.ts";
import type { ProgressPatch, TextEdit } from "./progress-patch.ts";
import {
	type AskedRecord,
	type QuestionnaireRecord,
	RECORD_VERSION,
	settledRecord,
	substituteRecord,
} from "./records.ts";

const KNOWN_OUTCOMES: ReadonlySet<string> = new Set(OUTCOMES);
/** More entries than 4 questions or options can have means the record is not ours. */
const MAX_ITEMS = 16;

/** The record `data` holds, or undefined when it is corrupt or of a version this code does not know. */
export function readRecord(data: unknown): QuestionnaireRecord | undefined {
	if (!isRecord(data) || data.v !== RECORD_VERSION || !isId(data.id)) return undefined;
	const { id } = data;
	switch (data.kind) {
		case "settled":
			if (!isOutcome(data.outcome) || !isTime(data.at) || (data.late !== undefined && data.late !== true))
				return undefined;
			return settledRecord(id, data.outcome, data.at, data.late === true);
		case "progress": {
			const patch = readPatch(data.patch);
			return patch && { v: RECORD_VERSION, kind: "progress", id, patch };
		}
		case "asked": {
			if (!isTime(data.askedAt) || (data.call !== undefined && !isId(data.call))) return undefined;
			const asked: AskedRecord = { v: RECORD_VERSION, kind: "asked", id, askedAt: data.askedAt };
			if (data.call !== undefined) asked.call = data.call;
			// No copy: the call's arguments are the questions (restore.ts reads them), so there must be a call.
			if (data.questionnaire === undefined) {
				if (data.call === undefined) return undefined;
			} else {
				const validation = validateQuestionnaire(data.questionnaire);
				if (!validation.ok) return undefined;
				asked.questionnaire = validation.questionnaire;
			}
			const from = data.from === undefined ? undefined : readOrigin(data.from);
			if (from?.ok === false) return undefined;
			if (from !== undefined) asked.from = from.origin;
			return asked;
		}
		case "substitute":
			return isId(data.call) && typeof data.text === "string" && data.text.length <= MAX_SUBSTITUTE
				? substituteRecord(id, data.call, data.text)
				: undefined;
		default:
			return undefined;
	}
}

/** A substitute is a tool result's text: far under this, whatever the configured limits. */
const MAX_SUBSTITUTE = 1_000_000;

function readPatch(value: unknown): ProgressPatch | undefined {
	if (!isRecord(value)) return undefined;
	const patch: ProgressPatch = {};
	if (value.answers !== undefined) {
		const answers = list(value.answers, (a) => (a === null ? null : readAnswer(a)));
		if (answers === undefined) return undefined;
		patch.answers = answers;
	}
	if (value.ticks !== undefined) {
		const ticks = list(value.ticks, (t) =>
			Array.isArray(t) && t.length <= MAX_ITEMS && t.every(isIndex) ? t : undefined,
		);
		if (ticks === undefined) return undefined;
		patch.ticks = ticks;
	}
	for (const field of ["drafts", "notes"] as const) {
		if (value[field] === undefined) continue;
		const edits = list(value[field], (e) => (e === null ? null : readEdit(e)));
		if (edits === undefined) return undefined;
		patch[field] = edits;
	}
	if (value.globalNote !== undefined) {
		const edit = readEdit(value.globalNote);
		if (edit === undefined) return undefined;
		patch.globalNote = edit;
	}
	return patch;
}

function readAnswer(value: unknown): IndexedAnswer | undefined {
	if (!isRecord(value)) return undefined;
	switch (value.kind) {
		case "option":
			return isIndex(value.option) ? { kind: "option", option: value.option } : undefined;
		case "custom":
			return typeof value.text === "string" ? { kind: "custom", text: value.text } : undefined;
		case "multi": {
			const { options, text } = value;
			if (!Array.isArray(options) || options.length > MAX_ITEMS || !options.every(isIndex)) return undefined;
			if (text === undefined) return { kind: "multi", options };
			return typeof text === "string" ? { kind: "multi", options, text } : undefined;
		}
		default:
			return undefined;
	}
}

function readEdit(value: unknown): TextEdit | undefined {
	if (typeof value === "string") return value;
	if (!Array.isArray(value) || value.length !== 2) return undefined;
	const [keep, add] = value;
	return Number.isInteger(keep) && keep >= 0 && typeof add === "string" ? [keep, add] : undefined;
}

/** Each item read by `read`; undefined when the list or any item does not read. */
function list<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
	if (!Array.isArray(value) || value.length > MAX_ITEMS) return undefined;
	const items = value.map(read);
	return items.every((item) => item !== undefined) ? items : undefined;
}

const isId = (value: unknown): value is string => typeof value === "string" && value !== "" && value.length <= 512;
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isIndex = (value: unknown): value is number =>
	typeof value === "number" && Number.isInteger(value) && value >= 0 && value < MAX_ITEMS;
const isOutcome = (value: unknown): value is Outcome => typeof value === "string" && KNOWN_OUTCOMES.has(value);
