/**
 * Transcript rendering of the tool (Pi's `renderCall` / `renderResult`): the questions while the user is
 * asked, the answers afterwards. Collapsed it stays within one or two lines; Pi's expand key shows it all.
 *
 * Everything shown is untrusted (model arguments, user answers, stored `details` from any version), so
 * the input is read defensively (read-details.ts for `details`; never throws on partial or malformed data;
 * falls back to the `content` text), every string goes through sanitizeInline/sanitizeBlock before our own styling is added, and every
 * line is fitted to the width Pi renders at, for every width ≥ 1 (pi-tui's `Text` can overflow by one
 * column at width 1 with wide characters, so lines are wrapped and fitted here). Words come from the
 * locale's messages table (`render*` keys); the tool name and the marks are the same in every locale.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import { type Component, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { gapBetween } from "../i18n/spacing.ts";
import type { Answer, Outcome, QuestionNote } from "../protocol/result.ts";
import { fitLine, wrapBlock } from "../text/fit.ts";
import { sanitizeBlock, sanitizeInline } from "../text/sanitize.ts";
import { TOOL_NAME } from "../tool/guidance.ts";
import { cutAtGrapheme } from "../util/graphemes.ts";
import { isRecord } from "../util/records.ts";
import { readDetails, type Shown } from "./read-details.ts";

/** The theme calls the renderers use; Pi's `Theme` provides them. */
export type RenderTheme = Pick<Theme, "fg" | "bold">;

/** The parts of Pi's `ToolRenderContext` the renderers read; all optional, so stale hosts still work. */
export interface AskRenderContext {
	expanded?: boolean;
	isPartial?: boolean;
	isError?: boolean;
	/** The call's arguments (for question headers in the result). */
	args?: unknown;
	keyHint?(keybinding: "app.tools.expand", description: string): string;
}

/** Headers are advised at ≤ 16 columns; longer ones are cut in one-line summaries. */
const HEADER_COLUMNS = 24;
/** One answer's share of a one-line summary. */
const ANSWER_COLUMNS = 48;
/** Untrusted strings are cut before sanitizing: a transcript row need not carry a megabyte. */
const MAX_CHARS = 4000;

/** A row of styled text: "clip" rows are cut to one line, "wrap" rows wrap. */
export interface Row {
	text: string;
	clip: boolean;
}

/** Rows fitted to the render width, cached per width like pi-tui's `Text`. */
export class RowsView implements Component {
	private cache: { width: number; lines: readonly string[] } | undefined;
	private readonly rows: readonly Row[];
	constructor(rows: readonly Row[]) {
		this.rows = rows;
	}
	render(width: number): readonly string[] {
		if (this.cache?.width === width) return this.cache.lines;
		const w = Math.max(1, Math.floor(Number.isFinite(width) ? width : 1));
		const lines = this.rows.flatMap((row) => (row.clip ? [fitLine(row.text, w)] : wrapRow(row.text, w)));
		this.cache = { width, lines };
		return lines;
	}
	invalidate(): void {
		this.cache = undefined;
	}
}

/**
 * Wraps one row. Styled rows go through pi-tui's ANSI-aware wrap, and only a line that still overflows
 * (a wide character at width 1) is fitted: fitting every line costs four times the wrap itself.
 */
function wrapRow(text: string, width: number): string[] {
	if (!text.includes("\x1b")) return wrapBlock(text, width);
	if (!text.includes("\n") && visibleWidth(text) <= width) return [text];
	return wrapTextWithAnsi(text, width).map((line) => (visibleWidth(line) <= width ? line : fitLine(line, width)));
}

/** Renders the call: the tool name and question headers; expanded, every question with its options. */
export function renderAskCall(
	args: unknown,
	theme: RenderTheme,
	context: AskRenderContext = {},
	m: Messages = defaultMessages,
): Component {
	const questions = readQuestions(args, m);
	const title = theme.fg("toolTitle", theme.bold(TOOL_NAME));
	const headers = questions.map((q) => theme.fg("accent", q.header)).join(theme.fg("muted", " · "));
	const waiting = questions.length === 0 && context.isPartial ? theme.fg("muted", "…") : "";
	const rows: Row[] = [{ text: `${title}  ${headers || waiting}`.trimEnd(), clip: !context.expanded }];
	if (!context.expanded) return new RowsView(rows);
	for (const q of questions) {
		const multi = q.multiSelect
			? theme.fg("muted", `${gapBetween(q.header, m.renderMultiSelect)}${m.renderMultiSelect}`)
			: "";
		rows.push({ text: `${theme.fg("accent", q.header)}${multi}`, clip: false });
		for (const line of q.question.split("\n")) rows.push({ text: `  ${line}`, clip: false });
		for (const o of q.options) {
			const description = o.description ? theme.fg("muted", ` — ${o.description}`) : "";
			const before = o.description || o.label;
			const preview = o.hasPreview
				? theme.fg("muted", `${gapBetween(before, m.renderHasPreview)}${m.renderHasPreview}`)
				: "";
			rows.push({ text: `  ${q.multiSelect ? "☐" : "•"} ${o.label}${description}${preview}`, clip: false });
		}
	}
	return new RowsView(rows);
}

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
	if (options.isPartial) return new RowsView([{ text: theme.fg("muted", m.renderWaiting), clip: true }]);
	const details = readDetails(result?.details);
	const isError = result?.isError === true || context.isError === true;
	if (details === undefined || isError)
		return fallbackView(result?.content, options.expanded, isError, { theme, context, m });
	const headers = readQuestions(context.args, m).map((q) => (q.named ? q.header : undefined));
	const look: Look = { theme, context, m };
	const rows = options.expanded ? expandedRows(details, headers, look) : collapsedRows(details, headers, look);
	if (!options.expanded && hasMore(details)) addHint(rows, look);
	return new RowsView(rows);
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
	if (d.answeredBy) second.push(theme.fg("muted", answeredBy(d.answeredBy, m)));
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
	if (d.outcome === "not_shown") {
		line(theme.fg(status.color, `${status.mark} ${statusLabel(d, m)}`));
		for (const p of d.error?.problems ?? []) line(`  • ${theme.fg("accent", clean(p.path))}: ${clean(p.message)}`);
		return rows;
	}
	const answered = voidsAnswers(d.outcome) ? [] : d.answers;
	line(theme.fg(status.color, `${status.mark} ${statusLabel(d, m)}`));
	if (d.answeredBy) line(theme.fg("muted", `  ${answeredBy(d.answeredBy, m)}`));
	const unanswered = voidsAnswers(d.outcome) ? [] : (d.unanswered ?? []);
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
	const named = (index: number, question: string, notes: string) => {
		const name = m.renderNamed(nameOf(index, headers, m, question));
		return `  ${name}${gapBetween(name, notes)}`;
	};
	if (voidsAnswers(d.outcome))
		for (const a of d.answers) if (a.notes) block(named(a.questionIndex, a.question, a.notes), a.notes);
	if (voidsAnswers(d.outcome))
		for (const n of d.questionNotes ?? []) block(named(n.questionIndex, n.question, n.notes), n.notes);
	if (d.globalNote) block(m.renderGlobalNote, d.globalNote);
	return rows;
}

/** "answered by <name>": the name comes from another extension, so it is cleaned and kept short. */
function answeredBy(name: string, m: Messages): string {
	return m.renderAnsweredBy(fitLine(clean(name), HEADER_COLUMNS));
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
	try {
		const hint = typeof context.keyHint === "function" ? context.keyHint("app.tools.expand", m.renderExpand) : "";
		return typeof hint === "string" ? hint : "";
	} catch {
		return "";
	}
}

function fallbackView(content: unknown, expanded: boolean, isError: boolean, look: Look): Component {
	const { theme, m } = look;
	const text = cleanBlock(contentText(content)).trim();
	const color = isError ? "error" : "muted";
	if (text === "")
		return new RowsView([{ text: theme.fg(color, isError ? m.renderError : m.renderNoResult), clip: true }]);
	const lines = text.split("\n");
	if (expanded) return new RowsView(lines.map((l) => ({ text: theme.fg(color, l), clip: false })));
	const rows: Row[] = [{ text: theme.fg(color, lines[0] ?? ""), clip: true }];
	if (lines.length > 1 || text.length > ANSWER_COLUMNS * 2) addHint(rows, look);
	return new RowsView(rows);
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

// Cut where a grapheme ends: a cut through a surrogate pair or a jamo syllable would show as U+FFFD or escapes.
const clean = (text: string): string => sanitizeInline(cutAtGrapheme(text, MAX_CHARS));
const cleanBlock = (text: string): string => sanitizeBlock(cutAtGrapheme(text, MAX_CHARS));

// --- Defensive readers: anything may be missing, partial (streaming) or from another version. ---

interface CallQuestion {
	header: string;
	/** False when the header is our stand-in (`Q2`): the result then prefers the question text. */
	named: boolean;
	question: string;
	multiSelect: boolean;
	options: { label: string; description: string; hasPreview: boolean }[];
}

function readQuestions(args: unknown, m: Messages): CallQuestion[] {
	const list = isRecord(args) && Array.isArray(args.questions) ? args.questions : [];
	return list.map((q, i) => {
		const r = isRecord(q) ? q : {};
		const header = typeof r.header === "string" ? fitLine(clean(r.header).trim(), HEADER_COLUMNS) : "";
		const options = Array.isArray(r.options) ? r.options.filter(isRecord) : [];
		return {
			header: header || m.renderQuestionNumber(i + 1),
			named: header !== "",
			question: typeof r.question === "string" ? cleanBlock(r.question) : "",
			multiSelect: r.multiSelect === true,
			options: options.map((o) => ({
				label: typeof o.label === "string" ? clean(o.label) : "",
				description: typeof o.description === "string" ? clean(o.description) : "",
				hasPreview: typeof o.preview === "string" && o.preview.trim() !== "",
			})),
		};
	});
}
