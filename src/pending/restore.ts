/**
 * The questionnaires a session's entries leave pending, read in branch order (root to leaf, as Pi's
 * `sessionManager.getBranch()` gives them, so a fork keeps what its branch had): `asked` adds one,
 * `progress` patches what was given, `settled` ends it for good — nothing of that id counts after it. One
 * settled for a late answer ends once its late answer message is in the branch too: Pi holds that message
 * in memory while the agent works, and a crash before it is written must not lose the answers.
 * An `asked` record that names its call instead of copying the questions has them read from that call's
 * arguments (`questionsOf`, the adapter's: the tool's own reading of them); one whose call is not in the
 * branch (or no longer reads) cannot be shown again, and is counted as lost unless it was settled.
 * Entries of other types are not ours and are passed over; ours that cannot be read (corrupt, another
 * version, a patch that does not fit, an id asked twice) are counted for the adapter's one warning.
 * Pure and total: never throws, whatever the entries hold.
 */
import { lateAnswerId } from "../protocol/late-answer.ts";
import { emptyProgress, type IndexedAnswer, type Progress } from "../protocol/progress.ts";
import type { Question, Questionnaire } from "../protocol/questions.ts";
import { attempt } from "../util/records.ts";
import { applyPatch } from "./progress-patch.ts";
import { readRecord } from "./read-record.ts";
import { isPendingEntry, type SessionEntryLike } from "./records.ts";
import type { PendingQuestionnaire } from "./registry.ts";

/** What the entries add up to. */
export interface RestoredPending {
	/** Oldest first. */
	pending: PendingQuestionnaire[];
	/** Every id the entries name, settled ones included: a new questionnaire's id must be none of them. */
	ids: Set<string>;
	/** Our entries that were corrupt, of an unknown version or did not fit, and so skipped. */
	skipped: number;
	/** Questionnaires left pending whose questions were their call's arguments, and that call is not in the branch. */
	lost: number;
	/** What the model reads for each call that never returned, by call id (the first recorded stays). */
	substitutes: Map<string, string>;
}

/** The questions of tool call `callId` as the tool reads its arguments in the branch; undefined when not there. */
export type QuestionsOfCall = (callId: string) => Questionnaire | undefined;

/** Reduces `entries` (branch order) to the questionnaires still pending. */
export function restorePending(
	entries: readonly SessionEntryLike[],
	questionsOf: QuestionsOfCall = () => undefined,
): RestoredPending {
	const live = new Map<string, PendingQuestionnaire>();
	const ids = new Set<string>();
	const lost = new Set<string>();
	let skipped = 0;
	/** Settled for a late answer that is not in the branch (yet): still pending unless it comes. */
	const awaitingLate = new Set<string>();
	const substitutes = new Map<string, string>();
	for (const entry of entries) {
		// A hostile entry names no late answer and holds no record (plain JSON cannot throw, a Proxy could).
		const late = attempt(() => (entry.type === "custom_message" ? lateAnswerId(entry) : undefined), undefined);
		if (late !== undefined && awaitingLate.delete(late)) live.delete(late);
		if (!isPendingEntry(entry)) continue;
		const record = attempt(() => readRecord(entry.data), undefined);
		if (record === undefined) {
			skipped++;
			continue;
		}
		const item = live.get(record.id);
		if (record.kind === "substitute") {
			if (!substitutes.has(record.call)) substitutes.set(record.call, record.text);
		} else if (record.kind === "asked") {
			const { id, call, askedAt, from } = record;
			const questionnaire = ids.has(id) ? undefined : (record.questionnaire ?? askedQuestions(questionsOf, call));
			if (ids.has(id)) skipped++;
			else if (questionnaire === undefined) lost.add(id);
			else {
				const progress = emptyProgress(questionnaire.questions.length);
				const item: PendingQuestionnaire = { id, askedAt, questionnaire, progress };
				if (call !== undefined) item.callId = call;
				if (from !== undefined) item.from = from;
				live.set(id, item);
			}
		} else if (record.kind === "settled") {
			lost.delete(record.id);
			if (record.late && live.has(record.id)) awaitingLate.add(record.id);
			else live.delete(record.id);
		} else if (item) {
			const progress = applyPatch(item.progress, record.patch);
			if (progress === undefined) skipped++;
			else live.set(item.id, { ...item, progress: fitted(item.questionnaire.questions, progress) });
		}
		ids.add(record.id);
	}
	return { pending: [...live.values()], ids, skipped, lost: lost.size, substitutes };
}

/** Drops what does not fit the questions (an option index past the last, ticks on a single-select question). */
function fitted(questions: readonly Question[], progress: Progress): Progress {
	const optionCount = (i: number) => questions[i]?.options.length ?? 0;
	const valid = (i: number) => (option: number) => option < optionCount(i);
	const answers = progress.answers.map((answer, i): IndexedAnswer | undefined => {
		if (answer === undefined || answer.kind === "custom") return answer;
		if (answer.kind === "option") return valid(i)(answer.option) ? answer : undefined;
		return questions[i]?.multiSelect === true && answer.options.every(valid(i)) ? answer : undefined;
	});
	const ticks = progress.ticks.map((t, i) => (questions[i]?.multiSelect === true ? t.filter(valid(i)) : []));
	return { ...progress, answers, ticks };
}

/** The adapter's reading, which must not end the restore whatever the arguments hold. */
function askedQuestions(questionsOf: QuestionsOfCall, call: string | undefined): Questionnaire | undefined {
	return call === undefined ? undefined : attempt(() => questionsOf(call), undefined);
}
