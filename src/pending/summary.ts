/**
 * What the `/answer` list says about each pending questionnaire: its header chips, how far the person
 * got, and how long ago it was asked. Pure: the clock comes in as `now`; the words are the adapter's
 * (i18n), the strings raw (the adapter sanitizes what it shows).
 */
import { answeredCount } from "../protocol/progress.ts";
import type { PendingQuestionnaire } from "./registry.ts";

/**
 * How long ago, in the largest unit that is at least 1 (under a minute: now); `unknown` when the time
 * asked cannot be right (well in the future, absurdly old, or not a number): a hand-edited or corrupt
 * record, or a clock that jumped. Shown as such rather than as "100020791 days ago".
 */
export type Age = { unit: "now" | "unknown" } | { unit: "minutes" | "hours" | "days"; n: number };

/** One row's facts. */
export interface PendingSummary {
	/** Each question's header, or its text when it has none. */
	headers: string[];
	answered: number;
	total: number;
	age: Age;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A time asked this far ahead of the clock is not clock skew between two runs of Pi. */
const MAX_AHEAD = 5 * MINUTE;
/** Older than this, a pending questionnaire's time asked is not believable (ten years). */
const MAX_AGE = 3653 * DAY;

/** The facts of `pending` at `now` (epoch ms). */
export function summarize(pending: PendingQuestionnaire, now: number): PendingSummary {
	const questions = pending.questionnaire.questions;
	return {
		headers: questions.map((q) => (q.header.trim() === "" ? q.question : q.header)),
		answered: answeredCount(pending.progress),
		total: questions.length,
		age: ageOf(now - pending.askedAt),
	};
}

/** `ms` as an age (a clock a little behind reads as now; an impossible age as unknown). */
function ageOf(ms: number): Age {
	if (!Number.isFinite(ms) || ms < -MAX_AHEAD || ms > MAX_AGE) return { unit: "unknown" };
	if (ms < MINUTE) return { unit: "now" };
	if (ms < HOUR) return { unit: "minutes", n: Math.floor(ms / MINUTE) };
	if (ms < DAY) return { unit: "hours", n: Math.floor(ms / HOUR) };
	return { unit: "days", n: Math.floor(ms / DAY) };
}
