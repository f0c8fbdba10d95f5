/**
 * The model-facing text of a tool result (DESIGN.md §4). Deterministic and compact; every string
 * that came from the model or the user is JSON-quoted, so quotes, newlines and escape sequences can
 * never blur where an answer starts and ends.
 *
 * Size budgets (`budget.ts`): each user string is a slot with its own cap (preview echo, typed answer,
 * note); when the whole text is still over `totalText`, the longest slots are shortened first
 * ("water-filling"), each keeping at least `MIN_KEEP` characters, so every question stays named. A cut
 * slot reads `"kept text" [… N more characters]`: the marker sits outside the quotes, so the quoted
 * part is still a valid JSON string and the marker cannot be mistaken for what the user wrote.
 * Guarantee: the text has at most `totalText` characters, or it is the floor (every slot at its
 * minimum): under 2,000 characters even for four multi-select questions whose every string is huge.
 * The problem list of an invalid call is cut at whole lines instead, the marker on a line of its own.
 */

import { countChars, cutText, DEFAULT_LIMITS, omissionMarker, type TextLimits } from "./budget.ts";
import { plain, quote } from "./quote.ts";
import type { Answer, QuestionnaireResult, ResultError } from "./result.ts";

export type { TextLimits } from "./budget.ts";
export { quote } from "./quote.ts";

/** A cut slot still shows this many characters (or all of it, if shorter), however tight the total. */
export const MIN_KEEP = 32;

/** A user string in the text: JSON-quoted (or `plain`), at most `cap` characters of it. */
interface Slot {
	text: string;
	cap: number;
	plain?: boolean;
}

/** A piece of the text: our own wording, or a slot. */
type Piece = string | Slot;

function slot(text: string, cap: number = Number.POSITIVE_INFINITY): Slot {
	return { text, cap };
}

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

/** One short sentence: what the model must (not) do while the person has not answered yet. */
const DEFERRED_ADVICE =
	"The user will answer later: do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.";

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
			if (result.host === "relay" && result.outcome === "interrupted")
				return relayStoppedText(result, questions, limits);
			return stoppedText(result, questions, limits);
		case "deferred":
			if (result.host === "relay") return relayDeferredText(result, limits);
			return sentences(
				result.answers.length === 0
					? []
					: ["Answers given so far (may still change): ", ...answersText(result, limits)],
				allNotesText({ ...result, answers: [] }, limits),
				globalNoteText(result, limits),
				[result.timedOut === true ? TIMED_OUT_PENDING : DEFERRED_ADVICE],
			);
		case "not_shown":
			return notShownText(result);
	}
}

const TIMED_OUT_ADVICE = "Do not assume answers: continue with work that does not depend on them, or ask again later.";

/**
 * Who gave the answers: the user, or, when another extension answered on Pi's event bus, that extension by
 * the name it gave (quoted like every string that is not ours): the model should know it was not the
 * person at the terminal.
 */
function answerer(result: QuestionnaireResult): string {
	return result.answeredBy === undefined ? "User" : `${quote(result.answeredBy)} (another extension)`;
}

function stoppedText(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const timedOut = result.outcome === "timed_out";
	const how = timedOut ? "timed out" : "was interrupted";
	if (result.answers.length === 0) {
		// A timeout means nobody was there, not a refusal: say what the model can still do.
		return sentences(
			[`The questionnaire ${how} before the user answered${timedOut ? "; they may be away" : ""}`],
			allNotesText(result, limits),
			globalNoteText(result, limits),
			[timedOut ? TIMED_OUT_ADVICE : "Do not assume answers."],
		);
	}
	return sentences(
		[`The questionnaire ${how} before the user submitted it. Answers given so far: `, ...answersText(result, limits)],
		unansweredText(result, questions, limits),
		globalNoteText(result, limits),
		["Do not assume answers to unanswered questions."],
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
	return sentences(
		[
			"The user put these questions aside to answer later in the Pi session that started you",
			...where,
			": the answers will go to that session's agent, not to you",
		],
		allNotesText({ ...result, answers: [] }, limits),
		globalNoteText(result, limits),
		[RELAY_DEFERRED_ADVICE],
	);
}

const RELAY_DEFERRED_ADVICE =
	"Do not assume answers: continue with work that does not depend on them, and report the open questions in your final answer.";

/**
 * Relayed questions cut short above (that Pi quitting or switching sessions): nobody will answer them now, so
 * the model is told what a subagent can do instead, with whatever the person gave before.
 */
function relayStoppedText(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const head = "The Pi session that showed the questions stopped asking them before the user";
	return sentences(
		result.answers.length === 0
			? [`${head} answered`]
			: [`${head} submitted them. Answers given so far: `, ...answersText(result, limits)],
		result.answers.length === 0 ? allNotesText(result, limits) : unansweredText(result, questions, limits),
		globalNoteText(result, limits),
		[RELAY_TAIL],
	);
}

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

function answersText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	return joined(
		result.answers.map((a) => answerText(a, limits)),
		". ",
	);
}

function answerText(answer: Answer, limits: TextLimits): Piece[] {
	const pieces: Piece[] = [slot(answer.question), " = ", ...answerValue(answer, limits)];
	if (answer.preview !== undefined) pieces.push(" (preview: ", slot(answer.preview, limits.previewEcho), ")");
	if (answer.notes) pieces.push(" (note: ", slot(answer.notes, limits.note), ")");
	return pieces;
}

function answerValue(answer: Answer, limits: TextLimits): Piece[] {
	if (answer.kind === "custom") return [slot(String(answer.answer), limits.customAnswer), " (typed by the user)"];
	if (answer.kind === "option") return [slot(String(answer.answer))];
	const entries = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const chosen = answer.custom === undefined ? entries : entries.slice(0, -1);
	if (chosen.length === 0 && answer.custom === undefined) return ["[] (none of the options)"];
	const list: Piece[] = [
		"[",
		...joined(
			chosen.map((label) => [slot(String(label))]),
			", ",
		),
		"]",
	];
	return answer.custom === undefined ? list : [...list, " plus typed ", slot(answer.custom, limits.customAnswer)];
}

function unansweredText(result: QuestionnaireResult, questions: readonly string[], limits: TextLimits): Piece[] {
	const notes = new Map((result.questionNotes ?? []).map((n) => [n.questionIndex, n.notes]));
	const items = (result.unanswered ?? []).map((i): Piece[] => {
		const note = notes.get(i);
		const text = slot(questions[i] ?? `question ${i + 1}`);
		return note ? [text, " (note: ", slot(note, limits.note), ")"] : [text];
	});
	return items.length > 0 ? ["Unanswered: ", ...joined(items, ", ")] : [];
}

/** Every per-question note, for outcomes whose text lists no answers (so no note would be shown otherwise). */
function allNotesText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	const notes = [
		...result.answers
			.filter((a) => a.notes)
			.map((a) => ({ questionIndex: a.questionIndex, question: a.question, notes: a.notes ?? "" })),
		...(result.questionNotes ?? []).filter((n) => n.notes),
	].sort((a, b) => a.questionIndex - b.questionIndex);
	const items = notes.map((n): Piece[] => [slot(n.question), " (note: ", slot(n.notes, limits.note), ")"]);
	return items.length > 0 ? ["User notes: ", ...joined(items, ", ")] : [];
}

function globalNoteText(result: QuestionnaireResult, limits: TextLimits): Piece[] {
	return result.globalNote ? ["Overall note: ", slot(result.globalNote, limits.note)] : [];
}

function count(n: number, noun: string): string {
	return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function joined(items: readonly Piece[][], separator: string): Piece[] {
	return items.flatMap((item, i) => (i === 0 ? item : [separator, ...item]));
}

/**
 * Renders `pieces`, each slot cut to its cap, then shortens the longest slots until the text has at
 * most `total` characters; falls back to the floor (every slot at `MIN_KEEP` or its cap) when nothing fits.
 */
function fitPieces(pieces: readonly Piece[], total: number): string {
	const slots = pieces.filter((p): p is Slot => typeof p !== "string");
	const sizes = slots.map((s) => countChars(s.text));
	const render = (keep: readonly number[]): string => {
		let i = 0;
		return pieces
			.map((piece) => {
				if (typeof piece === "string") return piece;
				const index = i++;
				return renderSlot(piece, keep[index] ?? 0, sizes[index] ?? 0);
			})
			.join("");
	};
	const wanted = slots.map((s, i) => Math.min(sizes[i] ?? 0, s.cap));
	// Each kept character shows as at least one, so a sum over the total cannot fit: skip rendering it whole.
	if (sum(wanted) <= total) {
		const text = render(wanted);
		if (countChars(text) <= total) return text;
	}
	const floor = wanted.map((w) => Math.min(w, MIN_KEEP));
	const at = (level: number) => wanted.map((w, i) => Math.max(floor[i] ?? 0, Math.min(w, level)));
	// The highest level whose text fits. Escapes and markers make the length hard to predict, so each
	// trial is rendered; no slot can keep more than `total` characters, which bounds every trial.
	let best = render(floor);
	if (countChars(best) > total) return best;
	let low = 0;
	let high = Math.min(total, Math.max(0, ...wanted));
	while (low < high) {
		const mid = Math.ceil((low + high) / 2);
		const text = render(at(mid));
		if (countChars(text) <= total) {
			low = mid;
			best = text;
		} else {
			high = mid - 1;
		}
	}
	return best;
}

function renderSlot(slot: Slot, keep: number, size: number): string {
	const { kept, omitted } = cutText(slot.text, keep, size);
	const shown = slot.plain ? plain(kept) : quote(kept);
	return omitted > 0 ? `${shown} ${omissionMarker(omitted)}` : shown;
}

function sum(values: readonly number[]): number {
	return values.reduce((a, b) => a + b, 0);
}
