/**
 * The result protocol (DESIGN.md §4): the one `QuestionnaireResult` every host path produces and
 * that becomes the tool result's `details`. Pure data and builders; imports nothing from Pi or the terminal.
 */
import type { AnsweredBy } from "./answered-by.ts";

/** Every way a questionnaire can end. */
export const OUTCOMES = [
	"answered",
	"partial",
	"declined",
	"not_shown",
	"interrupted",
	"timed_out",
	"deferred",
	"answered_in_chat",
] as const;

/** How a questionnaire ended. */
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Which host path collected the answers ("relay": the nearest Pi above this one that can show them,
 * over the relay; src/relay).
 */
export type HostKind = "tui" | "rpc" | "programmatic" | "relay";

/** option: one predefined option; custom: free text; multi: several options (plus typed text, if any). */
type AnswerKind = "option" | "custom" | "multi";

/** One answered question. */
export interface Answer {
	/** Zero-based position of the question in the call's `questions` array. */
	questionIndex: number;
	/** The question text as the model sent it. */
	question: string;
	kind: AnswerKind;
	/** A label (option), the typed text (custom) or the chosen labels then any typed text (multi). */
	answer: string | string[];
	/** For multi: the text the user typed, also the last entry of `answer`. */
	custom?: string;
	/** The chosen option's markdown preview, echoed back so the model knows exactly what was picked. */
	preview?: string;
	/** The user's note on this question. */
	notes?: string;
}

/** A note the user left on a question they did not answer: kept, never lost. */
export interface QuestionNote {
	questionIndex: number;
	question: string;
	notes: string;
}

/** Text the user typed for a question and did not commit as its answer: kept for when they come back. */
export interface QuestionDraft {
	questionIndex: number;
	question: string;
	text: string;
}

/** Why the questionnaire could not run or was not shown. */
export type ErrorCode =
	| "no_ui"
	| "no_custom_ui"
	| "session_load_failed"
	| "stale_module_cache"
	| "invalid_questions"
	/** The relay to the Pi above could not be reached, or refused the questions. */
	| "relay_unavailable"
	/** The Pi above that showed the questions went away (quit, crash) before they were answered. */
	| "relay_closed";

/** One problem with the call's arguments, located by a path such as `questions[1].options[0].label`. */
export interface Problem {
	path: string;
	message: string;
}

export interface ResultError {
	code: ErrorCode;
	message: string;
	problems?: Problem[];
}

/** The structured result: the tool result's `details`. */
export interface QuestionnaireResult {
	outcome: Outcome;
	/** True for declined / interrupted / timed_out: kept for consumers of older ask-user tools. */
	cancelled: boolean;
	host: HostKind;
	answers: Answer[];
	/** Indexes of questions left unanswered (partial, interrupted, declined with answers). */
	unanswered?: number[];
	/** Notes on questions that were left unanswered. */
	questionNotes?: QuestionNote[];
	/** A note on the whole questionnaire. */
	globalNote?: string;
	/**
	 * Who answered (answered-by.ts): the person in this Pi's UI, a client they paired, an extension by its
	 * name, or the timeout. Absent when nobody did (interrupted, not shown).
	 */
	answeredBy?: AnsweredBy;
	/** Typed text not committed as an answer (deferred, interrupted, timed out): restored on `/answer`. */
	drafts?: QuestionDraft[];
	/**
	 * True on a `deferred` result that nobody chose: the answer timeout ran out on an untouched questionnaire
	 * and config `onTimeout: "defer"` put it aside. The model is told the time ran out, not that the user
	 * will answer later.
	 */
	timedOut?: true;
	/**
	 * The questionnaire's id, when it stays pending after this call (deferred, or cut short): `/answer` and the
	 * answer channel still accept answers for it, which reach the agent as a late-answer message.
	 */
	pendingId?: string;
	/**
	 * Relayed questions put aside (outcome `deferred`, host `relay`): their id in the Pi session that showed
	 * them, where they stay pending and whose agent gets the answers.
	 */
	relayedId?: string;
	error?: ResultError;
}

const CANCELLED_OUTCOMES: ReadonlySet<Outcome> = new Set(["declined", "interrupted", "timed_out"]);

/** What a host path collected, before the outcome is decided. */
export interface Collected {
	answers: Answer[];
	questionNotes?: QuestionNote[];
	globalNote?: string;
	drafts?: QuestionDraft[];
	/** Questions that did not apply (state/answers.ts `applies`): neither answered nor unanswered. */
	skipped?: number[];
}

/**
 * How a questionnaire the user saw ended, on any host ("deferred": put aside to answer later;
 * "answered_in_chat": a pending one the person says they answered in the conversation instead).
 */
export type Ending = "submitted" | "declined" | "interrupted" | "timed_out" | "deferred" | "answered_in_chat";

/** Endings after which what was typed but not committed is worth keeping: the person may come back. */
const KEEPS_DRAFTS: ReadonlySet<Ending> = new Set(["interrupted", "timed_out", "deferred"]);

/**
 * Builds the result for a questionnaire the user saw. `ended` says how the dialog ended:
 * "submitted" becomes `answered` or `partial` depending on what is unanswered.
 */
export function finishedResult(
	host: HostKind,
	questionCount: number,
	ended: Ending,
	collected: Collected,
): QuestionnaireResult {
	const answers = [...collected.answers].sort((a, b) => a.questionIndex - b.questionIndex);
	const answered = new Set(answers.map((a) => a.questionIndex));
	const skipped = new Set(collected.skipped);
	const unanswered = [...Array(questionCount).keys()].filter((i) => !answered.has(i) && !skipped.has(i));
	const outcome: Outcome = ended === "submitted" ? (unanswered.length === 0 ? "answered" : "partial") : ended;
	const result: QuestionnaireResult = { outcome, cancelled: CANCELLED_OUTCOMES.has(outcome), host, answers };
	if (unanswered.length > 0) result.unanswered = unanswered;
	const notes = (collected.questionNotes ?? []).filter((n) => !answered.has(n.questionIndex) && n.notes !== "");
	if (notes.length > 0) result.questionNotes = notes;
	if (collected.globalNote) result.globalNote = collected.globalNote;
	const drafts = (collected.drafts ?? []).filter((d) => !answered.has(d.questionIndex) && d.text !== "");
	if (KEEPS_DRAFTS.has(ended) && drafts.length > 0) result.drafts = drafts;
	const by = ownUiAnswerer(host, ended);
	if (by !== undefined) result.answeredBy = by;
	return result;
}

/**
 * Who ended a questionnaire shown in this Pi's own UI: the person, unless the timeout did or nobody did.
 * An answer from the bus names itself (answer-channel.ts); a relayed one says who answered above (reply.ts).
 */
function ownUiAnswerer(host: HostKind, ended: Ending): AnsweredBy | undefined {
	if (host === "relay" || ended === "interrupted") return undefined;
	if (ended === "timed_out") return { kind: "timeout" };
	return host === "programmatic" ? undefined : { kind: "person" };
}

/** A questionnaire cut short before anything was given (an abort, its host gone, never shown its turn). */
export function cutShortResult(host: HostKind, questionCount: number): QuestionnaireResult {
	return finishedResult(host, questionCount, "interrupted", { answers: [] });
}

/** Builds the result for a questionnaire that was never shown to the user. */
export function notShownResult(
	host: HostKind,
	code: ErrorCode,
	message: string,
	problems?: Problem[],
): QuestionnaireResult {
	const error: ResultError = problems ? { code, message, problems } : { code, message };
	return { outcome: "not_shown", cancelled: false, host, answers: [], error };
}
