/**
 * Reads a tool result's `details` for the transcript, defensively: they come from any version of this
 * extension (or a hand-edited session file), so anything may be missing or malformed. Keeps only the
 * well-formed parts, caps list lengths, and never throws. The strings stay raw: the renderer sanitizes
 * what it shows.
 */
import { type AnsweredBy, readAnsweredBy } from "../protocol/answered-by.ts";
import { type Answer, OUTCOMES, type Outcome, type Problem, type QuestionNote } from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";

/** The parts of a QuestionnaireResult the transcript shows, each one read defensively. */
export interface Shown {
	outcome: Outcome;
	answers: Answer[];
	unanswered?: number[];
	questionNotes?: QuestionNote[];
	globalNote?: string;
	/** Who answered (protocol/answered-by.ts). */
	answeredBy?: AnsweredBy;
	/** A `deferred` result the answer timeout made (config `onTimeout: "defer"`), not the person. */
	timedOut?: boolean;
	error?: { message: string; problems?: Problem[] };
}

/** Caps on list lengths read from details: the real protocol has at most 4 questions. */
const MAX_ITEMS = 64;
const KNOWN_OUTCOMES: ReadonlySet<string> = new Set(OUTCOMES);

/** A QuestionnaireResult, keeping only well-formed parts; undefined when it is not one at all. */
export function readDetails(value: unknown): Shown | undefined {
	if (!isRecord(value) || typeof value.outcome !== "string" || !KNOWN_OUTCOMES.has(value.outcome)) return undefined;
	const answers = firstItems(value.answers).flatMap((a, i): Answer[] => {
		if (!isRecord(a)) return [];
		const answer =
			typeof a.answer === "string" ? a.answer : Array.isArray(a.answer) ? a.answer.filter(isString) : undefined;
		if (answer === undefined) return [];
		const kind = a.kind === "option" || a.kind === "custom" || a.kind === "multi" ? a.kind : "option";
		const read: Answer = { questionIndex: index(a.questionIndex) ?? i, question: str(a.question), kind, answer };
		if (typeof a.notes === "string" && a.notes !== "") read.notes = a.notes;
		return [read];
	});
	const notes = firstItems(value.questionNotes).flatMap((n): QuestionNote[] => {
		const i = isRecord(n) ? index(n.questionIndex) : undefined;
		return isRecord(n) && i !== undefined && typeof n.notes === "string"
			? [{ questionIndex: i, question: str(n.question), notes: n.notes }]
			: [];
	});
	const error = isRecord(value.error) ? value.error : undefined;
	const problems = firstItems(error?.problems).filter(isRecord);
	const unanswered = firstItems(value.unanswered).map(index);
	return {
		outcome: value.outcome as Outcome,
		answers,
		unanswered: unanswered.filter((i) => i !== undefined),
		questionNotes: notes,
		globalNote: nonEmpty(value.globalNote),
		answeredBy: readAnsweredBy(value.answeredBy),
		timedOut: value.timedOut === true,
		error: error
			? {
					message: str(error.message) || str(error.code),
					problems: problems.map((p) => ({ path: str(p.path), message: str(p.message) })),
				}
			: undefined,
	};
}

/** The first {@link MAX_ITEMS} entries of what should be an array. */
function firstItems(value: unknown): unknown[] {
	return Array.isArray(value) ? value.slice(0, MAX_ITEMS) : [];
}

const isString = (value: unknown): value is string => typeof value === "string";
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const nonEmpty = (value: unknown): string | undefined =>
	typeof value === "string" && value !== "" ? value : undefined;
const index = (value: unknown): number | undefined =>
	typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1000 ? value : undefined;
