/**
 * The transcript entry of the tool result (Pi's `renderResult`): collapsed, within one or two lines (a
 * summary of the answers, then what is missing or noted); Pi's expand key shows each question's answer,
 * the notes and what was left unanswered. `details` are stored data from any version, so they are read
 * defensively (read-details.ts), never throw on partial or malformed data, and fall back to the `content`
 * text. Words come from the locale's messages table (`render*` keys); the marks are the same in every locale.
 */
import { type Component, visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { gapBetween } from "../i18n/spacing.ts";
import type { Answer, Outcome, QuestionNote } from "../protocol/result.ts";
import { fitLine } from "../text/fit.ts";
import { attempt, isRecord } from "../util/records.ts";
import { readDetails, type Shown } from "./read-details.ts";
import { readQuestions } from "./render-call.ts";
import {
	type AskRenderContext,
	clean,
	cleanBlock,
	HEADER_COLUMNS,
	type RenderTheme,
	type Row,
	rowsView,
} from "./render-rows.ts";

/** One answer's share of a one-line summary. */
const ANSWER_COLUMNS = 48;

/**
 * Renders the result: collapsed, a one-line summary (plus one line for what is missing or noted);
 * expanded, each question's answer, notes, and what was left unanswered. Malformed `details` fall back
 * to the `content` text.
 */
export function renderAskResult(
	result: { content: unknown; details?: unknown; isError?: boolean },
	options: { expanded: boolean; isPartial: boolean },
	theme: RenderTheme,
	context: AskRenderContext = {},
	m: Messages = defaultMessages,
): Component {
	if (options.isPartial) return rowsView([{ text: theme.fg("muted", m.renderWaiting), clip: true }]);
	const details = readDetails(result?.details);
	const isError = result?.isError === true || context.isError === true;
	if (details === undefined || isError)
		return fallbackView(result?.content, options.expanded, isError, { theme, context, m });
	const headers = readQuestions(context.args, m).map((q) => (q.named ? q.header : undefined));
	const look: Look = { theme, context, m };
	const rows = options.expanded ? expandedRows(details, headers, look) : collapsedRows(details, headers, look);
	if (!options.expanded && hasMore(details)) addHint(rows, look);
	return rowsView(rows);
}

type Headers = readonly (string | undefined)[];

/** How a render looks: the theme, Pi's context, and the locale's words. */
interface Look {
	theme: RenderTheme;
	context: AskRenderContext;
	m: Messages;
}

/** What a question is called in the result: its header, else its text, else its number. */
function nameOf(index: number, headers: Headers, m: Messages, question?: string): string {
	const header = headers[index];
	if (header !== undefined) return header;
	const text = question ? fitLine(clean(question).trim(), HEADER_COLUMNS) : "";
	return text || m.renderQuestionNumber(index + 1);
}

const STATUS: Record<Outcome, { mark: string; color: "success" | "warning" | "error" }> = {
	answered: { mark: "✔", color: "success" },
	partial: { mark: "◐", color: "warning" },
	declined: { mark: "✘", color: "warning" },
	interrupted: { mark: "✘", color: "warning" },
	timed_out: { mark: "✘", color: "warning" },
	deferred: { mark: "◷", color: "warning" },
	not_shown: { mark: "✘", color: "warning" },
	answered_in_chat: { mark: "✔", color: "success" },
};

/** Outcomes whose answers the model is told to disregard: declined, or answered in chat instead. */
function voidsAnswers(outcome: Outcome): boolean {
	return outcome === "declined" || outcome === "answered_in_chat";
}

function collapsedRows(d: Shown, headers: Headers, { theme, m }: Look): Row[] {
	const status = STATUS[d.outcome];
	const sep = theme.fg("muted", " · ");
	const answers = voidsAnswers(d.outcome) ? [] : d.answers;
	const summary = answers
		.map((a) => {
			const name = m.renderNamed(nameOf(a.questionIndex, headers, m, a.question));
			const answer = answerText(a, m, ANSWER_COLUMNS);
			return `${theme.fg("muted", name)}${gapBetween(name, answer)}${answer}`;
		})
		.join(sep);
	const label = d.outcome === "answered" && summary !== "" ? "" : ` ${statusLabel(d, m)}`;
	const head = theme.fg(status.color, `${status.mark}${label}`);
	const rows: Row[] = [
		{ text: [head, summary].filter((s) => s !== "").join(d.outcome === "answered" ? " " : sep), clip: true },
	];
	const missing = (d.unanswered ?? []).map((i) => nameOf(i, headers, m, noteFor(d, i)?.question));
	const second: string[] = [];
	// Declined answers are void; an interruption before any answer needs no list of everything.
	if (missing.length > 0 && !voidsAnswers(d.outcome) && (answers.length > 0 || d.outcome === "partial"))
		second.push(theme.fg("warning", `○ ${m.renderUnanswered(missing.join(m.listSeparator))}`));
	if (d.globalNote)
		second.push(theme.fg("muted", `${m.renderGlobalNote}${fitLine(clean(d.globalNote), ANSWER_COLUMNS)}`));
	const by = answeredBy(d, m);
	if (by !== undefined) second.push(theme.fg("muted", by));
	if (second.length > 0) rows.push({ text: second.join(sep), clip: true });
	return rows;
}

function expandedRows(d: Shown, headers: Headers, { theme, m }: Look): Row[] {
	const status = STATUS[d.outcome];
	const rows: Row[] = [];
	const line = (text: string): void => void rows.push({ text, clip: false });
	const block = (label: string, text: string): void => {
		for (const [i, part] of cleanBlock(text).split("\n").entries())
			line(theme.fg("muted", `${i === 0 ? label : " ".repeat(visibleWidth(label))}${part}`));
	};
	line(theme.fg(status.color, `${status.mark} ${statusLabel(d, m)}`));
	if (d.outcome === "not_shown") {
		for (const p of d.error?.problems ?? []) line(`  • ${theme.fg("accent", clean(p.path))}: ${clean(p.message)}`);
		return rows;
	}
	const voided = voidsAnswers(d.outcome);
	const answered = voided ? [] : d.answers;
	const by = answeredBy(d, m);
	if (by !== undefined) line(theme.fg("muted", `  ${by}`));
	const unanswered = voided ? [] : (d.unanswered ?? []);
	const indexes = [...new Set([...answered.map((a) => a.questionIndex), ...unanswered])].sort((a, b) => a - b);
	for (const index of indexes) {
		const answer = answered.find((a) => a.questionIndex === index);
		if (answer) {
			const text = answerText(answer, m);
			const typed =
				answer.kind === "custom" ? theme.fg("muted", `${gapBetween(text, m.renderTyped)}${m.renderTyped}`) : "";
			const name = m.renderNamed(nameOf(index, headers, m, answer.question));
			line(`${theme.fg("success", "✔")} ${theme.fg("accent", name)}${gapBetween(name, text)}${text}${typed}`);
			if (answer.notes) block(`  ${m.renderQuestionNote}`, answer.notes);
		} else {
			const note = noteFor(d, index);
			line(theme.fg("warning", `○ ${m.renderNotAnswered(nameOf(index, headers, m, note?.question))}`));
			if (note) block(`  ${m.renderQuestionNote}`, note.notes);
		}
	}
	// Declined answers are void, but the notes written on them often say why.
	for (const { questionIndex, question, notes } of voided ? [...d.answers, ...(d.questionNotes ?? [])] : []) {
		if (notes === undefined) continue;
		const name = m.renderNamed(nameOf(questionIndex, headers, m, question));
		block(`  ${name}${gapBetween(name, notes)}`, notes);
	}
	if (d.globalNote) block(m.renderGlobalNote, d.globalNote);
	return rows;
}

/**
 * Who answered, when it was not the person in this Pi's UI: "you answered from <client>", "answered by
 * extension <name>, not you". Names come from outside, so they are cleaned and kept short.
 */
function answeredBy(d: Shown, m: Messages): string | undefined {
	const by = d.answeredBy;
	if (by?.kind === "client") return m.renderAnsweredFrom(fitLine(clean(by.name), HEADER_COLUMNS));
	if (by?.kind === "extension") return m.renderAnsweredBy(fitLine(clean(by.name), HEADER_COLUMNS));
	return undefined;
}

/** "Declined", or "Not shown: <reason>" with the host's reason; a deferral nobody chose says it timed out. */
function statusLabel(d: Shown, m: Messages): string {
	if (d.outcome === "deferred" && d.timedOut === true) return m.renderTimedOutPending;
	const label = m.renderOutcome[d.outcome];
	const reason = d.outcome === "not_shown" ? clean(d.error?.message ?? "").trim() : "";
	return reason === "" ? label : m.renderOutcomeReason(label, reason);
}

function hasMore(d: Shown): boolean {
	return (
		d.answers.some((a) => a.notes || a.kind === "custom") ||
		(d.questionNotes ?? []).length > 0 ||
		(d.error?.problems ?? []).length > 0 ||
		d.answers.length > 1
	);
}

function addHint(rows: Row[], { theme, context, m }: Look): void {
	const hint = safeHint(context, m);
	if (hint === "") return;
	const last = rows[rows.length - 1]!;
	if (rows.length < 2) rows.push({ text: hint, clip: true });
	else last.text = `${last.text}${theme.fg("muted", " · ")}${hint}`;
}

/** Pi's own styled hint for its expand key (the user's binding); nothing if the host has none. */
function safeHint(context: AskRenderContext, m: Messages): string {
	const hint = attempt(() => context.keyHint?.("app.tools.expand", m.renderExpand), undefined);
	return typeof hint === "string" ? hint : "";
}

function fallbackView(content: unknown, expanded: boolean, isError: boolean, look: Look): Component {
	const { theme, m } = look;
	const text = cleanBlock(contentText(content)).trim();
	const color = isError ? "error" : "muted";
	if (text === "") return rowsView([{ text: theme.fg(color, isError ? m.renderError : m.renderNoResult), clip: true }]);
	const lines = text.split("\n");
	if (expanded) return rowsView(lines.map((l) => ({ text: theme.fg(color, l), clip: false })));
	const rows: Row[] = [{ text: theme.fg(color, lines[0] ?? ""), clip: true }];
	if (lines.length > 1 || text.length > ANSWER_COLUMNS * 2) addHint(rows, look);
	return rowsView(rows);
}

function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((part) => (isRecord(part) && part.type === "text" && typeof part.text === "string" ? part.text : ""))
		.filter((s) => s !== "")
		.join("\n");
}

function answerText(a: Answer, m: Messages, columns?: number): string {
	const text = clean(Array.isArray(a.answer) ? a.answer.join(m.listSeparator) : a.answer);
	return columns === undefined ? text : fitLine(text, columns);
}

function noteFor(d: Shown, index: number): QuestionNote | undefined {
	return d.questionNotes?.find((n) => n.questionIndex === index);
}
