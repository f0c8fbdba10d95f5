/**
 * The transcript entry of a late answer (Pi's message renderer for LATE_ANSWER_TYPE), drawn like our tool
 * results: the tool's title with the question headers, one line saying it is a late answer and when the
 * questionnaire was asked (the person's local time), a line naming the subagent that asked a relayed one, then
 * the result rows of render-result.ts, on the background
 * of Pi's tool results. Its `details` come from any version or a hand-edited session, so they are read
 * defensively: malformed ones fall back to the message text, as a tool result's do. Every line fits the
 * width, for every width ≥ 1.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import { type Component, visibleWidth } from "@earendil-works/pi-tui";
import { originLabel } from "../host/labelled-ui.ts";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { readOrigin } from "../protocol/origin.ts";
import { isRecord } from "../util/records.ts";
import { renderAskCall } from "./render-call.ts";
import { renderAskResult } from "./render-result.ts";
import { type AskRenderContext, cachedView, type RenderTheme, rowsView } from "./render-rows.ts";

/** The theme calls the late answer uses: the tool renderers' and the background. */
export type LateAnswerTheme = RenderTheme & Pick<Theme, "bg">;

/** The parts of Pi's `MessageRenderOptions` read here (older Pis have no `keyHint`). */
export interface LateAnswerRenderOptions {
	expanded: boolean;
	/** Pi's horizontal padding setting; 1 when absent. */
	outputPad?: number;
	keyHint?: AskRenderContext["keyHint"];
}

/** Renders a late-answer message (`content` the model's text, `details` a LateAnswerDetails). */
export function renderLateAnswer(
	message: { content: unknown; details?: unknown },
	options: LateAnswerRenderOptions,
	theme: LateAnswerTheme,
	m: Messages = defaultMessages,
	kind: "late" | "relayed" = "late",
): Component {
	const details = isRecord(message.details) ? message.details : {};
	const args = { questions: Array.isArray(details.questions) ? details.questions : [] };
	const title = renderAskCall(args, theme, {}, m);
	const asked = typeof details.askedAt === "number" ? localTime(details.askedAt) : undefined;
	const head = kind === "late" ? m.renderLateAnswer(asked) : m.renderRelayedTrace(asked);
	const rows = [{ text: theme.fg("muted", head), clip: true }];
	// A subagent's questionnaire says whose it was, as its dialog did (the model's text says it too).
	const from = readOrigin(details.from);
	if (from.ok) rows.push({ text: theme.fg("muted", originLabel(from.origin, m)), clip: true });
	const label = rowsView(rows);
	const context: AskRenderContext = { args, expanded: options.expanded, keyHint: options.keyHint };
	const result = renderAskResult(
		{ content: message.content, details: details.result },
		{ expanded: options.expanded, isPartial: false },
		theme,
		context,
		m,
	);
	const pad = typeof options.outputPad === "number" && options.outputPad >= 0 ? Math.floor(options.outputPad) : 1;
	return shell([title, label, result], pad, (text) => theme.bg("toolSuccessBg", text));
}

/** "2026-12-04 08:12" in the person's time zone; undefined for a time Date cannot hold. */
function localTime(epochMs: number): string | undefined {
	const date = new Date(epochMs);
	if (Number.isNaN(date.getTime())) return undefined;
	const two = (n: number) => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * Children padded and laid on a background, one blank line above and below, like Pi's tool-result box;
 * unlike pi-tui's `Box`, the padding shrinks on a terminal too narrow for it, so no line outgrows the width.
 */
function shell(children: readonly Component[], pad: number, bg: (text: string) => string): Component {
	return cachedView((w) => {
		const side = Math.min(pad, Math.floor((w - 1) / 2));
		const body = children.flatMap((child) => child.render(w - 2 * side));
		return ["", ...body, ""].map((line) =>
			bg(`${" ".repeat(side)}${line}${" ".repeat(Math.max(0, w - side - visibleWidth(line)))}`),
		);
	}, children);
}
