/**
 * What the person sees while a late answer waits in Pi's queue. A late answer submitted while the agent
 * works is steered in when its running tool calls finish (late-answer.ts), which may be minutes away;
 * Pi shows its own queued messages above the editor, but not an extension's. So one line per queued
 * late answer sits in Pi's widget slot above the editor, naming the questionnaire by its headers and
 * saying when the agent gets it; it goes when the model takes the answer in (or the agent settles).
 * Loaded with the first queued late answer, not at Pi's start.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import type { Messages } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { fitLine } from "../text/fit.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { HEADER_COLUMNS } from "./render-rows.ts";

/** Our widget id for the queued late answers (the hidden-questionnaire notice has its own). */
const QUEUED_WIDGET_KEY = "ask_user_question:late_answers";

/** The line for one queued late answer: "Late answer for Cache, Platforms queued · …". */
export function queuedLine(pending: Pick<PendingQuestionnaire, "questionnaire">, m: Messages): string {
	const headers = pending.questionnaire.questions.map((q) =>
		fitLine(sanitizeInline(q.header.trim() === "" ? q.question : q.header), HEADER_COLUMNS),
	);
	return m.pendingLateAnswerQueued(headers.join(m.listSeparator));
}

/**
 * Shows `lines` in the widget slot, or removes it when there are none. In the TUI the lines are drawn
 * muted and cut to the width; other hosts (RPC clients) get the plain lines. Never throws: a stale
 * context (after a session switch) only means there is nothing left to update.
 */
export function showQueued(ui: Pick<ExtensionUIContext, "setWidget">, lines: readonly string[], tui: boolean): void {
	try {
		if (lines.length === 0) ui.setWidget(QUEUED_WIDGET_KEY, undefined);
		else if (!tui) ui.setWidget(QUEUED_WIDGET_KEY, [...lines]);
		else
			ui.setWidget(
				QUEUED_WIDGET_KEY,
				(_tui, theme): Component => ({
					render: (width) => lines.map((line) => theme.fg("muted", fitLine(` ${line}`, width))),
					invalidate: () => {},
				}),
			);
	} catch {
		// Nowhere to show it; the answer is delivered all the same.
	}
}
