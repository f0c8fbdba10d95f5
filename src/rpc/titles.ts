/**
 * Dialog titles of the walker: the question, the free-text and note inputs, the previews.
 * Every piece of model or user text is sanitized here; the messages table supplies the wording.
 */
import type { Messages } from "../i18n/messages.ts";
import type { Question } from "../protocol/questions.ts";
import { sanitizeBlock, sanitizeInline } from "../text/sanitize.ts";
import type { Pick } from "./picks.ts";

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
	return sanitizeInline(place.question.header);
}

/** A committed pick as one line of text, e.g. `Redis`, `Linux, macOS`, `"my words" (typed)`. */
export function describePick(question: Question, pick: Pick, m: Messages): string {
	const label = (i: number) => sanitizeInline(question.options[i]?.label ?? "");
	switch (pick.kind) {
		case "option":
			return label(pick.option);
		case "custom":
			return m.typedAnswer(sanitizeInline(pick.text));
		case "multi": {
			const parts = pick.options.map(label);
			if (pick.text !== undefined) parts.push(m.typedAnswer(sanitizeInline(pick.text)));
			return parts.length === 0 ? m.noneOfThese : parts.join(m.listSeparator);
		}
	}
}

/**
 * The question's select title: position, header and question, then (when they apply) the
 * multi-select hint, the current single-select answer and the note.
 */
export function questionTitle(place: QuestionPlace, pick: Pick | undefined, note: string, m: Messages): string {
	const lines = [m.questionTitle(position(place, m), header(place), sanitizeBlock(place.question.question))];
	if (place.question.multiSelect === true) lines.push(m.multiHint);
	else if (pick !== undefined) lines.push(m.currentAnswer(describePick(place.question, pick, m)));
	if (note !== "") lines.push(m.currentNote(sanitizeInline(note)));
	return lines.join("\n");
}

/** The free-text input's title. */
export function typeTitle(place: QuestionPlace, m: Messages): string {
	return m.typeTitle(position(place, m), header(place), sanitizeBlock(place.question.question));
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
		blocks.push(`${m.previewHeading(i + 1, sanitizeInline(option.label))}\n${sanitizeBlock(option.preview)}`);
	});
	return blocks.join("\n\n");
}
