/**
 * The model-facing text of a tool result (DESIGN.md §4): what the model reads for each outcome. Deterministic
 * and compact; every string that came from the model or the user is JSON-quoted (`quoted-answers.ts` writes
 * the answers and notes, `text-slots.ts` fits them into the size budget), so quotes, newlines and escape
 * sequences can never blur where an answer starts and ends. Guarantee: the text has at most `totalText`
 * characters, or it is the floor (every user string at its minimum): under 2,000 characters even for four
 * multi-select questions whose every string is huge. The problem list of an invalid call is cut at whole
 * lines instead, the marker on a line of its own.
 */

import type { AnsweredBy } from "./answered-by.ts";
import { countChars, DEFAULT_LIMITS, omissionMarker, type TextLimits } from "./budget.ts";
import { plain, quote } from "./quote.ts";
import { allNotesText, answersText, globalNoteText, unansweredText } from "./quoted-answers.ts";
import type { QuestionnaireResult, ResultError } from "./result.ts";
import { fitPieces, type Piece, type Slot, slot } from "./text-slots.ts";

/**
 * The text the model reads for a result. `questions` are the question texts, by index; `limits`
 * default to `DEFAULT_LIMITS`. With every string under its cap the text is the same as without limits.
 */
export function resultText(
	result: QuestionnaireResult,
	questions: readonly string[],
	limits: TextLimits = DEFAULT_LIMITS,
): string {
	if (result.outcome === "not_shown" && result.error?.code === "invalid_questions") {
		return problemsText(result.error, limits.totalText);
	}
	const pieces = resultPieces(result, questions, limits);
	if (result.pendingId !== undefined && result.outcome !== "deferred") pieces.push(" ", STILL_PENDING);
	return fitPieces(pieces, limits.totalText);
}

/** What the model must (not) do while the person has not answered yet. */
const MEANWHILE =
	"do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.";

/**
 * Who put it aside: the person (here, or through a client they paired) chose to answer later; an extension
 * that put it aside is named and said not to be the user, so the model never reads its act as theirs.
 */
function deferredAdvice(result: QuestionnaireResult): string {
	const kind = whoAnswered(result)?.kind;
	if (kind === "person" || kind === "client" || kind === "timeout") return `The user will answer later: ${MEANWHILE}`;
	return `${answerer(result)} put the questionnaire aside; it stays pending for the user: ${MEANWHILE}`;
}

/** What the model must know when the answer timeout put an untouched questionnaire aside (`onTimeout: "defer"`). */
const TIMED_OUT_PENDING =
	"The time to answer ran out before the user answered (they may be away), so the questionnaire stays pending: the user may answer it later, and the answers would arrive as a message. Do not assume answers: continue with work that does not depend on them and do not ask the same questions again meanwhile.";

/** Appended to a cut-short result whose questionnaire stays pending. */
const STILL_PENDING =
	"The questionnaire stays pending: the user can still answer it, and the answers will arrive as a message.";

function resultPieces(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const who = answerer(result);
	switch (result.outcome) {
		case "answered":
			return sentences([`${who} answered: `, ...answersText(result, limits)], globalNoteText(result, limits), [
				"Continue with these answers.",
			]);
		case "partial":
			return sentences(
				result.answers.length === 0
					? [`${who} submitted without answering ${count(questions.length, "question")}`]
					: [
							`${who} answered ${result.answers.length} of ${count(questions.length, "question")}: `,
							...answersText(result, limits),
						],
				unansweredText(result, questions, limits),
				globalNoteText(result, limits),
				["Do not assume answers to unanswered questions."],
			);
		case "declined":
			// Answers given before declining are void, but what the user wrote is kept: it often says why.
			return sentences(
				[`${who} declined to answer the questions`],
				allNotesText(result, limits),
				globalNoteText(result, limits),
				["Do not assume answers: continue without them, or ask in chat if you cannot."],
			);
		case "answered_in_chat":
			// The person's own word, nothing more: what they gave here is superseded by what they said in chat.
			return sentences(
				[`${who} says they answered these questions in the chat instead of in the questionnaire`],
				allNotesText(result, limits),
				globalNoteText(result, limits),
				["Take the answers from the conversation; do not ask the same questions again."],
			);
		case "interrupted":
		case "timed_out":
			return stoppedText(result, questions, limits);
		case "deferred":
			if (result.host === "relay") return relayDeferredText(result, limits);
			return sentences(
				result.answers.length === 0
					? []
					: ["Answers given so far (may still change): ", ...answersText(result, limits)],
				allNotesText({ ...result, answers: [] }, limits),
				globalNoteText(result, limits),
				[result.timedOut === true ? TIMED_OUT_PENDING : deferredAdvice(result)],
			);
		case "not_shown":
			return notShownText(result);
	}
}

const TIMED_OUT_ADVICE = "Do not assume answers: continue with work that does not depend on them, or ask again later.";

/**
 * Who gave the answers, as the subject of the sentence (answered-by.ts): "User" for the person only —
 * in Pi's own UI, or through a client they paired, named; an extension by its name (quoted like every
 * string that is not ours), said not to be the user. A result that does not say (an older record) is the
 * person's when a UI of ours collected it.
 */
function answerer(result: QuestionnaireResult): string {
	const by = whoAnswered(result);
	switch (by?.kind) {
		case "person":
		case "timeout":
			return "User";
		case "client":
			return `User (through ${quote(by.name)}, a client they paired)`;
		case "extension":
			return `Extension ${quote(by.name)} (not the user)`;
		default:
			return "An extension that gave no name (not the user)";
	}
}

/** `answeredBy`, or for a result that does not say: the person when a UI of ours collected it. */
function whoAnswered(result: QuestionnaireResult): AnsweredBy | undefined {
	return result.answeredBy ?? (result.host === "programmatic" ? undefined : { kind: "person" });
}

/**
 * Interrupted or timed out, with whatever the person gave before. Relayed questions cut short above (that
 * Pi quitting or switching sessions) will not be answered now, so the model is told what a subagent can
 * do instead.
 */
function stoppedText(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const timedOut = result.outcome === "timed_out";
	const relayed = result.host === "relay" && !timedOut;
	const head = relayed
		? "The Pi session that showed the questions stopped asking them"
		: `The questionnaire ${timedOut ? "timed out" : "was interrupted"}`;
	if (result.answers.length === 0) {
		// A timeout means nobody was there, not a refusal: say what the model can still do.
		return sentences(
			[`${head} before the user answered${timedOut ? "; they may be away" : ""}`],
			allNotesText(result, limits),
			globalNoteText(result, limits),
			[relayed ? RELAY_TAIL : timedOut ? TIMED_OUT_ADVICE : "Do not assume answers."],
		);
	}
	return sentences(
		[
			`${head} before the user submitted ${relayed ? "them" : "it"}. Answers given so far: `,
			...answersText(result, limits),
		],
		unansweredText(result, questions, limits),
		globalNoteText(result, limits),
		[relayed ? RELAY_TAIL : "Do not assume answers to unanswered questions."],
	);
}

/** Joins non-empty parts as sentences: "A. B. C." (a part whose wording already ends in "." keeps one). */
function sentences(...parts: Piece[][]): Piece[] {
	const out: Piece[] = [];
	for (const part of parts) {
		if (part.length === 0) continue;
		if (out.length > 0) out.push(" ");
		const last = part[part.length - 1];
		out.push(...part);
		if (!(typeof last === "string" && last.endsWith("."))) out.push(".");
	}
	return out;
}

/**
 * Relayed questions the person put aside in the Pi that showed them: the answers go to that Pi's agent (which
 * started this one), never here, since this process may be gone by then.
 */
function relayDeferredText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	const where = result.relayedId === undefined ? [] : [" (questionnaire ", slot(result.relayedId), ")"];
	// Nobody chose to answer later when the time ran out: the model must not read it as the person's choice.
	const [head, tail] =
		result.timedOut === true
			? [
					"The time to answer ran out before the user answered (they may be away); the questions stay pending in the Pi session that started you",
					": if they answer, the answers will go to that session's agent, not to you",
				]
			: [
					"The user put these questions aside to answer later in the Pi session that started you",
					": the answers will go to that session's agent, not to you",
				];
	return sentences(
		[head, ...where, tail],
		allNotesText({ ...result, answers: [] }, limits),
		globalNoteText(result, limits),
		[RELAY_DEFERRED_ADVICE],
	);
}

const RELAY_DEFERRED_ADVICE =
	"Do not assume answers: continue with work that does not depend on them, and report the open questions in your final answer.";

/** Where nobody above can answer (relay errors): a subagent's "chat" is its final answer to whoever started it. */
const RELAY_TAIL =
	"This is not a refusal, but nobody can answer them now: proceed without these answers where that is safe, or stop and report the open questions in your final answer.";

function notShownText(result: QuestionnaireResult): Piece[] {
	const error = result.error;
	const relay = error?.code === "relay_unavailable" || error?.code === "relay_closed";
	const tail = relay ? RELAY_TAIL : "This is not a refusal: ask the user in plain chat instead.";
	if (!error) return [`The questions were not shown to the user. ${tail}`];
	const reason: Slot = { text: `${error.code}: ${error.message}`, cap: Number.POSITIVE_INFINITY, plain: true };
	return ["The questions were not shown to the user (", reason, `). ${tail}`];
}

/** The problem list, one line each; lines that do not fit the total are replaced by one marker line. */
function problemsText(error: ResultError, total: number): string {
	const problems = error.problems ?? [];
	const n = problems.length;
	const head = `ask_user_question was not shown: the arguments have ${n} problem${n === 1 ? "" : "s"}. Fix all of them and call again.`;
	const lines = problems.map((p) => `\n- ${plain(p.path)}: ${plain(p.message)}`);
	const sizes = lines.map(countChars);
	let length = countChars(head) + sizes.reduce((a, b) => a + b, 0);
	if (length <= total) return head + lines.join("");
	let kept = lines.length;
	let omitted = 0;
	while (kept > 0 && length + 1 + countChars(omissionMarker(omitted)) > total) {
		kept--;
		omitted += sizes[kept] ?? 0;
		length -= sizes[kept] ?? 0;
	}
	return `${head}${lines.slice(0, kept).join("")}\n${omissionMarker(omitted)}`;
}

function count(n: number, noun: string): string {
	return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
