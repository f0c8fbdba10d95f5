/**
 * The transcript entry of the tool call (Pi's `renderCall`): while the user is asked, the tool name and
 * the question headers; expanded, every question with its options. The arguments are the model's, maybe
 * partial (streaming) or malformed, so they are read defensively and never throw; the result renderer
 * reads them too, for the question headers. Words come from the locale's messages table (`render*` keys).
 */
import type { Component } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { gapBetween } from "../i18n/spacing.ts";
import { fitLine } from "../text/fit.ts";
import { TOOL_NAME } from "../tool/guidance.ts";
import { isRecord } from "../util/records.ts";
import {
	type AskRenderContext,
	clean,
	cleanBlock,
	HEADER_COLUMNS,
	type RenderTheme,
	type Row,
	rowsView,
} from "./render-rows.ts";

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
	if (!context.expanded) return rowsView(rows);
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
	return rowsView(rows);
}

/** One question of the call, cleaned for the terminal. */
interface CallQuestion {
	header: string;
	/** False when the header is our stand-in (`Q2`): the result then prefers the question text. */
	named: boolean;
	question: string;
	multiSelect: boolean;
	options: { label: string; description: string; hasPreview: boolean }[];
}

/** The call's questions, read defensively: anything may be missing, partial (streaming) or from another version. */
export function readQuestions(args: unknown, m: Messages): CallQuestion[] {
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
