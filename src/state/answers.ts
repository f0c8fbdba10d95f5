/**
 * The questionnaire core: what the person gave (answers, ticks, drafts, notes, the global note) and the
 * domain moves every driver makes on it — the TUI reducer, the dialog walker and the accessible prompts
 * (which run the walker). Screen state (focus, tabs, collapse, scroll, editors, highlights) is the TUI's
 * (types.ts); where a walk is, the walker's (walk.ts). Which questions apply and where the form goes after an
 * answer are decided here. Each move returns the same object when nothing changed.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import type { HostKind } from "../protocol/result.ts";
import { KINDS, type QuestionKind, questionKind } from "./question-kinds.ts";

/** The constant shape of one question, copied from the questionnaire so routing needs no context. */
export interface QuestionShape {
	kind: QuestionKind;
	/** Number of options the model supplied. */
	optionCount: number;
	/** Per option: true when it carries a markdown preview. */
	hasPreview: boolean[];
}

/** What the person gave: plain JSON, arrays indexed by question with one entry per question. */
export interface Answers {
	/** Constant: one entry per question. */
	shape: QuestionShape[];
	/** Per question: the committed answer, or null. */
	answers: (IndexedAnswer | null)[];
	/** Per question: per option, ticked (multi-select only; all false for single-select). */
	checked: boolean[][];
	/** Per question: the typed text, kept across tab switches and collapse. */
	drafts: string[];
	/** Per question: the note (never marks the question answered). */
	notes: string[];
	/** The note on the whole questionnaire. */
	globalNote: string;
	/** Constant: reopened from `/answer` (its tool call returned); leaving then never declines by a cancel. */
	reopened: boolean;
}

/** What the moves need besides the state: the questions (texts, labels, previews) and the host path. */
export interface ReduceContext {
	questions: readonly Question[];
	host: HostKind;
	/**
	 * Whether question `question` is asked, given what was answered (huh's `WithHideFunc`); absent, every
	 * question is. A question that does not apply is skipped by every driver and left out of the result.
	 */
	applies?: (question: number, given: Answers) => boolean;
}

/** Nothing given yet for a validated questionnaire (1–4 questions; any option count works). */
export function initialAnswers(questions: readonly Question[]): Answers {
	const shape = questions.map((q) => ({
		kind: questionKind(q),
		optionCount: q.options.length,
		hasPreview: q.options.map((o) => typeof o.preview === "string" && o.preview.trim() !== ""),
	}));
	return {
		shape,
		answers: shape.map(() => null),
		checked: shape.map((s) => Array.from({ length: s.optionCount }, () => false)),
		drafts: shape.map(() => ""),
		notes: shape.map(() => ""),
		globalNote: "",
		reopened: false,
	};
}

/** Copy of `items` with `items[index] = value`, or `items` itself when the value is already there. */
export function setAt<T>(items: readonly T[], index: number, value: T): T[] {
	if (items[index] === value) return items as T[];
	const copy = items.slice();
	copy[index] = value;
	return copy;
}

/** True when `value` is an integer in `[0, length)`. */
export function inRange(value: number, length: number): boolean {
	return Number.isInteger(value) && value >= 0 && value < length;
}

/** The questions asked now, in order: those that apply to what was given. */
export function askedQuestions(s: Answers, context: ReduceContext): number[] {
	const applies = context.applies;
	return s.shape.flatMap((_, i) => (applies === undefined || applies(i, s) ? [i] : []));
}

/**
 * Where a form opens: the first question asked that is still unanswered; everything answered, the review
 * (`shape.length`, with more than one question) or the one question.
 */
export function firstOpen(s: Answers, context: ReduceContext): number {
	const asked = askedQuestions(s, context);
	const open = asked.find((q) => s.answers[q] === null);
	return open ?? (s.shape.length > 1 ? s.shape.length : (asked[0] ?? 0));
}

/** Option `option` of question `q` chosen: a single-select's answer, a multi-select's tick toggled. */
export function chooseOption<S extends Answers>(s: S, q: number, option: number): S {
	const shape = s.shape[q];
	if (!shape || !inRange(option, shape.optionCount)) return s;
	const given = KINDS[shape.kind].choose({ answer: s.answers[q] ?? null, ticks: s.checked[q] ?? [] }, option);
	return { ...s, answers: setAt(s.answers, q, given.answer), checked: setAt(s.checked, q, given.ticks) };
}

/** Question `q` committed ("Next", "Done"): what is ticked and typed is its answer, "none of these" included. */
export function commitChoices<S extends Answers>(s: S, q: number): S {
	const shape = s.shape[q];
	if (!shape) return s;
	const answer = KINDS[shape.kind].commit({ answer: s.answers[q] ?? null, ticks: s.checked[q] ?? [] });
	const answers = setAt(s.answers, q, answer);
	return answers === s.answers ? s : { ...s, answers };
}

/** Text being typed for question `q`: its draft, not yet its answer. */
export function editDraft<S extends Answers>(s: S, q: number, text: string): S {
	if (!s.shape[q]) return s;
	const drafts = setAt(s.drafts, q, text);
	return drafts === s.drafts ? s : { ...s, drafts };
}

/**
 * Question `q` with its draft kept as the answer: the one rule for leaving a text input (the TUI's Enter,
 * Esc, Tab; a dialog's input sent or dismissed). Non-empty text is the typed answer (with the ticks of a
 * multi-select); text erased to nothing takes back a typed answer and leaves a chosen option alone.
 */
export function keepDraft<S extends Answers>(s: S, q: number): S {
	const shape = s.shape[q];
	if (!shape) return s;
	const previous = s.answers[q] ?? null;
	const given = { answer: previous, ticks: s.checked[q] ?? [] };
	const answer = KINDS[shape.kind].keep(given, (s.drafts[q] ?? "").trim());
	return answer === previous ? s : { ...s, answers: setAt(s.answers, q, answer) };
}

/** `text` typed as question `q`'s answer ("" takes a typed answer back). */
export function typeAnswer<S extends Answers>(s: S, q: number, text: string): S {
	return keepDraft(editDraft(s, q, text), q);
}

/** Question `q`'s note is `text` now. */
export function setNote<S extends Answers>(s: S, q: number, text: string): S {
	if (!s.shape[q]) return s;
	const notes = setAt(s.notes, q, text);
	return notes === s.notes ? s : { ...s, notes };
}

/** The whole questionnaire's note is `text` now. */
export function setGlobalNote<S extends Answers>(s: S, text: string): S {
	return text === s.globalNote ? s : { ...s, globalNote: text };
}

/**
 * Where the form goes after question `from` was answered: the next unanswered question asked (searching
 * forward, wrapping), else the review (`shape.length`, with more than one question), else `from` itself;
 * "end" when a one-question form is answered (it ends there).
 */
export function nextQuestion(s: Answers, from: number, context: ReduceContext): number | "end" {
	const count = s.shape.length;
	const asked = askedQuestions(s, context);
	for (let step = 1; step < count; step++) {
		const next = (from + step) % count;
		if (s.answers[next] === null && asked.includes(next)) return next;
	}
	if (count > 1) return count;
	return s.answers[from] !== null ? "end" : from;
}
