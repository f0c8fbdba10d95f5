/**
 * Select rows for the dialog walker: each row pairs the string the host shows with what choosing
 * it means. The host answers with the chosen string, so strings are made unique and a reply is
 * mapped back by exact match, never parsed. Model text is sanitized here before it reaches a row.
 */
import type { Messages } from "../i18n/messages.ts";
import type { Question } from "../protocol/questions.ts";
import { DIALOG_CAPS, inlineText } from "./titles.ts";

/** One select row: the text shown and the action it stands for. */
export interface Row<A> {
	text: string;
	action: A;
}

/** What a row of a question's select does. */
export type QuestionAction =
	| { type: "option"; option: number }
	| { type: "clearTyped" }
	| { type: "done" }
	| { type: "type" }
	| { type: "note" }
	| { type: "previews" }
	| { type: "back" };

/** What the question's select shows besides the model's options. */
export interface QuestionRowsView {
	question: Question;
	/** Zero-based question index: "← Back" is offered from the second question on. */
	index: number;
	/** Multi-select only: which options are selected, and the typed text, if any. */
	selected?: readonly boolean[];
	typed?: string;
	hasNote: boolean;
}

/**
 * Makes every string distinct by appending ` (2)`, ` (3)`, … to later duplicates, so two rows
 * that sanitize to the same text (or a label equal to a control row) stay separately choosable.
 */
export function uniqueTexts(texts: readonly string[]): string[] {
	const seen = new Set<string>();
	return texts.map((text) => {
		let candidate = text;
		for (let n = 2; seen.has(candidate); n++) candidate = `${text} (${n})`;
		seen.add(candidate);
		return candidate;
	});
}

/** The option row text (without a check box) for option `i` of a question. */
function optionText(question: Question, i: number, m: Messages): string {
	const option = question.options[i];
	const label = inlineText(option?.label ?? "", DIALOG_CAPS.label);
	return m.optionRow(i + 1, label, inlineText(option?.description ?? "", DIALOG_CAPS.description));
}

/** True when any option of the question carries a preview. */
function hasPreviews(question: Question): boolean {
	return question.options.some((o) => o.preview !== undefined && o.preview !== "");
}

/** The rows of a question's select: options (with check boxes for multi-select), then control rows. */
export function questionRows(view: QuestionRowsView, m: Messages): Row<QuestionAction>[] {
	const { question, selected } = view;
	const rows: Row<QuestionAction>[] = question.options.map((_, option) => {
		const text = optionText(question, option, m);
		const shown = selected === undefined ? text : selected[option] ? m.checkedRow(text) : m.uncheckedRow(text);
		return { text: shown, action: { type: "option", option } };
	});
	if (selected !== undefined) {
		if (view.typed !== undefined)
			rows.push({ text: m.typedRow(inlineText(view.typed, DIALOG_CAPS.typed)), action: { type: "clearTyped" } });
		const count = selected.filter(Boolean).length + (view.typed === undefined ? 0 : 1);
		rows.push({ text: m.done(count), action: { type: "done" } });
	}
	rows.push({ text: m.typeSomething, action: { type: "type" } });
	rows.push({ text: view.hasNote ? m.editNote : m.addNote, action: { type: "note" } });
	if (hasPreviews(question)) rows.push({ text: m.showPreviews, action: { type: "previews" } });
	if (view.index > 0) rows.push({ text: m.back, action: { type: "back" } });
	return rows;
}
