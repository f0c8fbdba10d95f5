/**
 * The `/answer` list when several questionnaires wait: one row per questionnaire (its header chips, how
 * far the person got, how long ago it was asked), then "Discard one…", which lists them again to pick
 * the one to discard and asks before discarding. Plain `select`/`confirm` dialogs, so the same list works
 * in Pi's TUI and in RPC clients. Every row is sanitized (headers are the model's text).
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { Messages } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { type Age, summarize } from "../pending/summary.ts";
import { fitLine } from "../text/fit.ts";
import { sanitizeInline } from "../text/sanitize.ts";

/** A header chip longer than this is cut: four of them still leave room for the rest of the row. */
const CHIP_COLUMNS = 24;

/** What the person chose in the list. */
export type PendingChoice = { answer: PendingQuestionnaire } | { discard: PendingQuestionnaire };

/** Shows the list of `pending` (oldest first); undefined when the person backs out. */
export async function pickPending(
	ui: Pick<ExtensionUIContext, "select" | "confirm">,
	pending: readonly PendingQuestionnaire[],
	m: Messages,
	now: number,
): Promise<PendingChoice | undefined> {
	const rows = pending.map((p, i) => pendingRow(p, i + 1, m, now));
	const picked = await ui.select(m.pendingPickTitle(pending.length), [...rows, m.pendingDiscardRow]);
	if (picked === undefined) return undefined;
	const chosen = pending[rows.indexOf(picked)];
	if (chosen) return { answer: chosen };
	if (picked !== m.pendingDiscardRow) return undefined;
	const doomed = pending[rows.indexOf((await ui.select(m.pendingDiscardTitle, rows)) ?? "")];
	if (!doomed) return undefined;
	const sure = await ui.confirm(m.pendingDiscardConfirm, m.pendingDiscardMessage(chips(doomed, now)));
	return sure ? { discard: doomed } : undefined;
}

/**
 * "1. Cache · Targets — 1 of 2 answered · 5 min ago": numbered, so two alike questionnaires stay two rows.
 * An impossible time asked (summary.ts) leaves the age out.
 */
export function pendingRow(pending: PendingQuestionnaire, n: number, m: Messages, now: number): string {
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
		.headers.map((h) => fitLine(sanitizeInline(h), CHIP_COLUMNS))
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
