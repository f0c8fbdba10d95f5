/**
 * The questionnaire's model-supplied text made safe for the terminal once per questionnaire (headers,
 * questions, labels, descriptions), plus a memo for the few strings that change while the dialog is
 * open (drafts, notes, status). Previews are sanitized lazily by the preview pane, because they can be
 * large and only the focused one is ever shown. Must not import components.
 */
import type { Question } from "../../protocol/questions.ts";
import { sanitizeBlock, sanitizeInline } from "../../text/sanitize.ts";
import { memoized } from "../../util/once.ts";

/** One option's display text. */
interface SafeOption {
	label: string;
	description: string;
}

/** One question's display text. */
export interface SafeQuestion {
	header: string;
	question: string;
	options: SafeOption[];
}

const MEMO_LIMIT = 1024;

const byQuestions = new WeakMap<readonly Question[], SafeQuestion[]>();

/** The sanitized text of `questions`, computed once per questions array. */
export function safeQuestions(questions: readonly Question[]): SafeQuestion[] {
	let safe = byQuestions.get(questions);
	if (!safe) {
		safe = questions.map((q) => ({
			header: sanitizeInline(q.header),
			question: sanitizeBlock(q.question),
			options: q.options.map((o) => ({ label: sanitizeInline(o.label), description: sanitizeBlock(o.description) })),
		}));
		byQuestions.set(questions, safe);
	}
	return safe;
}

/** Remembers the last few sanitized strings, so unchanged drafts and notes are not rescanned per key. */
export class SanitizeMemo {
	readonly line = memoized(sanitizeInline, MEMO_LIMIT);
	readonly text = memoized(sanitizeBlock, MEMO_LIMIT);
}
