/**
 * What each dialog of the walker says: the title and rows of the step due (state/dialog-step.ts), each row
 * paired with the move it makes, and the inputs and previews a question opens. Model and user text is
 * capped (DIALOG_CAPS) and sanitized here, because a host shows these strings whole.
 */
import { leaveChoiceWords, type Messages } from "../i18n/messages.ts";
import type { Question } from "../protocol/questions.ts";
import type { ReduceContext } from "../state/answers.ts";
import type { DialogStep, Move, QuestionRow, WalkState } from "../state/dialog-step.ts";
import { discardSummary } from "../state/result.ts";
import { type SummaryItem, summaryItems } from "../state/selectors.ts";
import { sanitizeBlock, sanitizeInline } from "../text/sanitize.ts";
import { capText, DIALOG_CAPS, type Row } from "./host.ts";

const inline = (text: string, max: number) => sanitizeInline(capText(text, max));
const block = (text: string, max: number) => sanitizeBlock(capText(text, max));
const header = (text: string | undefined) => inline(text ?? "", DIALOG_CAPS.header);

/** An answer as one line, e.g. `Redis`, `Linux, macOS`, `"my words" (typed)`, or "(unanswered)". */
function answerText({ answer }: SummaryItem, m: Messages): string {
	if (answer === undefined) return m.unanswered;
	const parts = answer.map(({ text, typed }) =>
		typed ? m.typedAnswer(inline(text, DIALOG_CAPS.typed)) : inline(text, DIALOG_CAPS.label),
	);
	return parts.length === 0 ? m.noneOfThese : parts.join(m.listSeparator);
}

/** The row texts of a question: options (check boxes on a multi-select), then the control rows. */
function questionRowText(row: QuestionRow, question: Question, note: string, m: Messages): string {
	switch (row.kind) {
		case "option": {
			const option = question.options[row.option];
			const label = inline(option?.label ?? "", DIALOG_CAPS.label);
			const text = m.optionRow(row.option + 1, label, inline(option?.description ?? "", DIALOG_CAPS.description));
			return row.checked === undefined ? text : row.checked ? m.checkedRow(text) : m.uncheckedRow(text);
		}
		case "typed":
			return m.typedRow(inline(row.text, DIALOG_CAPS.typed));
		case "done":
			return m.done(row.count);
		case "type":
			return m.typeSomething;
		case "note":
			return note === "" ? m.addNote : m.editNote;
		case "previews":
			return m.showPreviews;
		case "back":
			return m.back;
	}
}

type Screen<A> = { title: string; rows: Row<A>[] };
type Input = { title: string; placeholder: string };

/**
 * A question's dialogs: its select (position, header and question, then the multi-select hint or the
 * current answer, and the note), the inputs its rows open, and the previews.
 */
export function questionScreens(
	step: Extract<DialogStep, { kind: "question" }>,
	state: WalkState,
	context: ReduceContext,
	m: Messages,
): Screen<QuestionRow> & { type: Input; note: Input; previews: Screen<"back"> } {
	const question = context.questions[step.question];
	const items = summaryItems(state, context);
	const place = items.findIndex((i) => i.questionIndex === step.question);
	const item = items[place];
	if (question === undefined || item === undefined) throw new Error(`no question ${step.question}`);
	// Counted among the questions that apply: a skipped follow-up is no step of the walk.
	const at = m.position(place + 1, items.length);
	const [name, asked] = [header(question.header), block(question.question, DIALOG_CAPS.question)];
	const lines = [m.questionTitle(at, name, asked)];
	if (step.rows.some((row) => row.kind === "done")) lines.push(m.multiHint);
	else if (item.answer !== undefined) lines.push(m.currentAnswer(answerText(item, m)));
	if (item.note !== "") lines.push(m.currentNote(inline(item.note, DIALOG_CAPS.typed)));
	return {
		title: lines.join("\n"),
		rows: step.rows.map((row) => ({ text: questionRowText(row, question, item.note, m), action: row })),
		type: { title: m.typeTitle(at, name, asked), placeholder: m.typePlaceholder },
		note: {
			title: m.noteTitle(at, name),
			placeholder: item.note === "" ? m.notePlaceholder : sanitizeInline(item.note),
		},
		previews: { title: previewsTitle(question, at, name, m), rows: [{ text: m.backToOptions, action: "back" }] },
	};
}

/** The review or "Stop answering?", with the moves of their rows. */
export function closingScreen(
	step: Extract<DialogStep, { kind: "review" | "leave" }>,
	state: WalkState,
	context: ReduceContext,
	m: Messages,
): Screen<Move> {
	const questions = context.questions;
	if (step.kind === "leave") {
		const words = leaveChoiceWords(m);
		const rows = step.choices.map((choice) => ({ text: words[choice], action: { kind: "leave", choice } as const }));
		return { title: m.discardTitle(discardSummary(state).answers, questions.length), rows };
	}
	const lines = [m.reviewTitle];
	const items = summaryItems(state, context);
	for (const [place, item] of items.entries()) {
		const question = questions[item.questionIndex];
		if (question === undefined) continue;
		const at = m.position(place + 1, items.length);
		lines.push(m.reviewLine(at, header(question.header), answerText(item, m)));
		if (item.note !== "") lines.push(m.reviewNote(inline(item.note, DIALOG_CAPS.typed)));
	}
	const words = { submit: m.submit, later: m.answerLater, decline: m.decline };
	const rows = step.rows.map((row) => {
		const text = row.kind === "edit" ? m.edit(header(questions[row.question]?.header)) : words[row.kind];
		return { text, action: row };
	});
	return { title: lines.join("\n"), rows };
}

/** The previews dialog's title: a heading line, then each option's preview under its own heading. */
function previewsTitle(question: Question, at: string, name: string, m: Messages): string {
	const blocks = [m.previewsTitle(at, name)];
	question.options.forEach((option, i) => {
		if (option.preview === undefined || option.preview.trim() === "") return;
		const heading = m.previewHeading(i + 1, inline(option.label, DIALOG_CAPS.label));
		blocks.push(`${heading}\n${block(option.preview, DIALOG_CAPS.preview)}`);
	});
	return blocks.join("\n\n");
}
