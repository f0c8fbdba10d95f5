/**
 * Dialog titles of the walker: the question, the free-text and note inputs, the previews.
 * Every piece of model or user text is cut to its cap (DIALOG_CAPS) and sanitized here; the messages
 * table supplies the wording. A host shows these strings whole (a 10 MB question used to become a
 * 10.5 MB `select` title), so each piece is fitted before it is sent, the cut marked with "…".
 */
import type { Messages } from "../i18n/messages.ts";
import { cutText } from "../protocol/budget.ts";
import type { IndexedAnswer } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import { ELLIPSIS } from "../text/fit.ts";
import { sanitizeBlock, sanitizeInline } from "../text/sanitize.ts";

/**
 * The most characters of each piece of model or user text one dialog shows: room for any real question,
 * label or note, far below what makes a dialog unusable. A preview is a document, so it gets the most.
 */
export const DIALOG_CAPS = {
	header: 100,
	question: 2_000,
	label: 200,
	description: 500,
	/** A typed answer or a note, where a title or row repeats it. */
	typed: 500,
	preview: 4_000,
} as const;

/** `text` cut to `max` characters on a grapheme boundary, "…" marking a cut (before sanitizing: cheap on 10 MB). */
export function capText(text: string, max: number): string {
	const { kept, omitted } = cutText(text, max);
	return omitted === 0 ? text : `${kept}${ELLIPSIS}`;
}

/** One line of model or user text for a dialog: capped, then sanitized. */
export function inlineText(text: string, max: number): string {
	return sanitizeInline(capText(text, max));
}

/** A block (line breaks kept) of model text for a dialog: capped, then sanitized. */
function blockText(text: string, max: number): string {
	return sanitizeBlock(capText(text, max));
}

/** Where a question sits and what it is called, sanitized. */
export interface QuestionPlace {
	question: Question;
	index: number;
	total: number;
}

function position(place: QuestionPlace, m: Messages): string {
	return m.position(place.index + 1, place.total);
}

function header(place: QuestionPlace): string {
	return inlineText(place.question.header, DIALOG_CAPS.header);
}

/** A committed pick as one line of text, e.g. `Redis`, `Linux, macOS`, `"my words" (typed)`. */
export function describePick(question: Question, pick: IndexedAnswer, m: Messages): string {
	const label = (i: number) => inlineText(question.options[i]?.label ?? "", DIALOG_CAPS.label);
	switch (pick.kind) {
		case "option":
			return label(pick.option);
		case "custom":
			return m.typedAnswer(inlineText(pick.text, DIALOG_CAPS.typed));
		case "multi": {
			const parts = pick.options.map(label);
			if (pick.text !== undefined) parts.push(m.typedAnswer(inlineText(pick.text, DIALOG_CAPS.typed)));
			return parts.length === 0 ? m.noneOfThese : parts.join(m.listSeparator);
		}
	}
}

/**
 * The question's select title: position, header and question, then (when they apply) the
 * multi-select hint, the current single-select answer and the note.
 */
export function questionTitle(
	place: QuestionPlace,
	pick: IndexedAnswer | undefined,
	note: string,
	m: Messages,
): string {
	const lines = [m.questionTitle(position(place, m), header(place), questionText(place))];
	if (place.question.multiSelect === true) lines.push(m.multiHint);
	else if (pick !== undefined) lines.push(m.currentAnswer(describePick(place.question, pick, m)));
	if (note !== "") lines.push(m.currentNote(inlineText(note, DIALOG_CAPS.typed)));
	return lines.join("\n");
}

/** The free-text input's title. */
export function typeTitle(place: QuestionPlace, m: Messages): string {
	return m.typeTitle(position(place, m), header(place), questionText(place));
}

function questionText(place: QuestionPlace): string {
	return blockText(place.question.question, DIALOG_CAPS.question);
}

/** The note input's title. */
export function noteTitle(place: QuestionPlace, m: Messages): string {
	return m.noteTitle(position(place, m), header(place));
}

/** The previews dialog's title: a heading line, then each option's preview under its own heading. */
export function previewsTitle(place: QuestionPlace, m: Messages): string {
	const blocks = [m.previewsTitle(position(place, m), header(place))];
	place.question.options.forEach((option, i) => {
		if (option.preview === undefined || option.preview === "") return;
		const heading = m.previewHeading(i + 1, inlineText(option.label, DIALOG_CAPS.label));
		blocks.push(`${heading}\n${blockText(option.preview, DIALOG_CAPS.preview)}`);
	});
	return blocks.join("\n\n");
}
