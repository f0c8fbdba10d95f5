/**
 * The model-facing text of a tool result (DESIGN.md §4). Deterministic and compact; every string
 * that came from the model or the user is JSON-quoted, so quotes, newlines and escape sequences can
 * never blur where an answer starts and ends.
 */
import type { Answer, QuestionnaireResult } from "./result.ts";

/** Characters JSON.stringify leaves raw but that must not reach a model or a log verbatim. */
const UNSAFE_IN_QUOTES = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** JSON string quoting, plus \u escapes for C1 controls, bidi controls, zero-width and line separators. */
export function quote(text: string): string {
	return JSON.stringify(text).replace(UNSAFE_IN_QUOTES, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The text the model reads for a result. `questions` are the question texts, by index. */
export function resultText(result: QuestionnaireResult, questions: readonly string[]): string {
	switch (result.outcome) {
		case "answered":
			return sentences(`User answered: ${answersText(result)}`, globalNoteText(result), "Continue with these answers.");
		case "partial":
			return sentences(
				result.answers.length === 0
					? `User submitted without answering ${count(questions.length, "question")}`
					: `User answered ${result.answers.length} of ${count(questions.length, "question")}: ${answersText(result)}`,
				unansweredText(result, questions),
				globalNoteText(result),
				"Do not assume answers to unanswered questions.",
			);
		case "declined":
			// Answers given before declining are void, but what the user wrote is kept: it often says why.
			return sentences(
				"User declined to answer the questions",
				allNotesText(result),
				globalNoteText(result),
				"Do not assume answers: continue without them, or ask in chat if you cannot.",
			);
		case "interrupted":
		case "timed_out":
			return stoppedText(result, questions);
		case "not_shown":
			return notShownText(result);
	}
}

function stoppedText(result: QuestionnaireResult, questions: readonly string[]): string {
	const how = result.outcome === "timed_out" ? "timed out" : "was interrupted";
	if (result.answers.length === 0) {
		return sentences(
			`The questionnaire ${how} before the user answered`,
			allNotesText(result),
			globalNoteText(result),
			"Do not assume answers.",
		);
	}
	return sentences(
		`The questionnaire ${how} before the user submitted it. Answers given so far: ${answersText(result)}`,
		unansweredText(result, questions),
		globalNoteText(result),
		"Do not assume answers to unanswered questions.",
	);
}

/** Joins non-empty parts as sentences: "A. B. C." (a part that already ends in "." keeps one). */
function sentences(...parts: string[]): string {
	return parts
		.filter((p) => p !== "")
		.map((p) => (p.endsWith(".") ? p : `${p}.`))
		.join(" ");
}

function notShownText(result: QuestionnaireResult): string {
	const error = result.error;
	if (error?.code === "invalid_questions") {
		const problems = (error.problems ?? []).map((p) => `\n- ${p.path}: ${p.message}`).join("");
		const count = error.problems?.length ?? 0;
		return `ask_user_question was not shown: the arguments have ${count} problem${count === 1 ? "" : "s"}. Fix all of them and call again.${problems}`;
	}
	const reason = error ? ` (${error.code}: ${error.message})` : "";
	return `The questions were not shown to the user${reason}. This is not a refusal: ask the user in plain chat instead.`;
}

function answersText(result: QuestionnaireResult): string {
	return result.answers.map(answerText).join(". ");
}

function answerText(answer: Answer): string {
	let text = `${quote(answer.question)} = ${answerValue(answer)}`;
	if (answer.preview !== undefined) text += ` (preview: ${quote(answer.preview)})`;
	if (answer.notes) text += ` (note: ${quote(answer.notes)})`;
	return text;
}

function answerValue(answer: Answer): string {
	if (answer.kind === "custom") return `${quote(String(answer.answer))} (typed by the user)`;
	if (answer.kind === "option") return quote(String(answer.answer));
	const entries = Array.isArray(answer.answer) ? answer.answer : [answer.answer];
	const chosen = answer.custom === undefined ? entries : entries.slice(0, -1);
	const list = `[${chosen.map(quote).join(", ")}]`;
	return answer.custom === undefined ? list : `${list} plus typed ${quote(answer.custom)}`;
}

function unansweredText(result: QuestionnaireResult, questions: readonly string[]): string {
	const notes = new Map((result.questionNotes ?? []).map((n) => [n.questionIndex, n.notes]));
	const items = (result.unanswered ?? []).map((i) => {
		const note = notes.get(i);
		const text = quote(questions[i] ?? `question ${i + 1}`);
		return note ? `${text} (note: ${quote(note)})` : text;
	});
	return items.length > 0 ? `Unanswered: ${items.join(", ")}` : "";
}

/** Every per-question note, for outcomes whose text lists no answers (so no note would be shown otherwise). */
function allNotesText(result: QuestionnaireResult): string {
	const notes = [
		...result.answers
			.filter((a) => a.notes)
			.map((a) => ({ questionIndex: a.questionIndex, question: a.question, notes: a.notes ?? "" })),
		...(result.questionNotes ?? []).filter((n) => n.notes),
	].sort((a, b) => a.questionIndex - b.questionIndex);
	const items = notes.map((n) => `${quote(n.question)} (note: ${quote(n.notes)})`);
	return items.length > 0 ? `User notes: ${items.join(", ")}` : "";
}

function count(n: number, noun: string): string {
	return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function globalNoteText(result: QuestionnaireResult): string {
	return result.globalNote ? `Overall note: ${quote(result.globalNote)}` : "";
}
