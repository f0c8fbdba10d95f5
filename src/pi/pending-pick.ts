/**
 * The `/answer` list when several questionnaires wait: one row per questionnaire (its header chips, how
 * far the person got, how long ago it was asked), then "Close one without answering it here…", which
 * lists them again to pick one and asks how to close it: "Answered in chat" (the agent is told to take the
 * answers from the conversation) or "Decline" (the agent is told you declined), each saying what the agent
 * is told, or "Keep it waiting". Plain `select` dialogs, so the same list works in Pi's TUI and in RPC
 * clients. Every row is sanitized (headers are the model's text).
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { Messages } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { type Age, summarize } from "../pending/summary.ts";
import { fitLine } from "../text/fit.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { HEADER_COLUMNS } from "./render-rows.ts";

/** How a pending questionnaire is closed without answering it here. */
export type CloseHow = "answered_in_chat" | "declined";

/** What the person chose in the list. */
export type PendingChoice = { answer: PendingQuestionnaire } | { close: PendingQuestionnaire; how: CloseHow };

/** Shows the list of `pending` (oldest first); undefined when the person backs out. */
export async function pickPending(
	ui: Pick<ExtensionUIContext, "select">,
	pending: readonly PendingQuestionnaire[],
	m: Messages,
	now: number,
): Promise<PendingChoice | undefined> {
	const rows = pending.map((p, i) => pendingRow(p, i + 1, m, now));
	const picked = await ui.select(m.pendingPickTitle(pending.length), [...rows, m.pendingCloseRow]);
	if (picked === undefined) return undefined;
	const chosen = pending[rows.indexOf(picked)];
	if (chosen) return { answer: chosen };
	if (picked !== m.pendingCloseRow) return undefined;
	const closing = pending[rows.indexOf((await ui.select(m.pendingCloseTitle, rows)) ?? "")];
	if (!closing) return undefined;
	const how = await ui.select(m.pendingCloseHow(chips(closing, now)), [
		m.answeredInChat,
		m.decline,
		m.pendingKeepWaiting,
	]);
	// Anything but an explicit choice (Keep it waiting, a dismissed dialog) leaves it pending.
	if (how === m.answeredInChat) return { close: closing, how: "answered_in_chat" };
	if (how === m.decline) return { close: closing, how: "declined" };
	return undefined;
}

/**
 * "1. Cache · Targets — 1 of 2 answered · 5 min ago": numbered, so two alike questionnaires stay two rows.
 * An impossible time asked (summary.ts) leaves the age out.
 */
function pendingRow(pending: PendingQuestionnaire, n: number, m: Messages, now: number): string {
	const facts = summarize(pending, now);
	return m.pendingPickRow(
		n,
		chips(pending, now),
		m.pendingProgress(facts.answered, facts.total),
		ageText(facts.age, m),
	);
}

function chips(pending: PendingQuestionnaire, now: number): string {
	return summarize(pending, now)
		.headers.map((h) => fitLine(sanitizeInline(h), HEADER_COLUMNS))
		.join(" · ");
}

function ageText(age: Age, m: Messages): string | undefined {
	switch (age.unit) {
		case "unknown":
			return undefined;
		case "now":
			return m.pendingAgeNow;
		case "minutes":
			return m.pendingAgeMinutes(age.n);
		case "hours":
			return m.pendingAgeHours(age.n);
		case "days":
			return m.pendingAgeDays(age.n);
	}
}
