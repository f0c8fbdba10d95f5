/**
 * Progress as the session records it while a questionnaire is open: each record holds only what changed
 * since the one before, and typed text as an edit of the text before (keep the first `n` characters, add
 * the rest), so typing 2,000 characters adds kilobytes to the session, not the draft again every second.
 * Applying the patches in order gives back exactly the progress that was recorded; a patch that does not fit
 * the progress it is applied to (a record edited by hand) is refused, never guessed at.
 * Pure; imports nothing from Pi or the terminal.
 */
import type { IndexedAnswer, Progress } from "../protocol/progress.ts";

/** The new text, whole; or `[keep, add]`: the first `keep` UTF-16 units of the old text, then `add`. */
export type TextEdit = string | [keep: number, add: string];

/** What changed; a field left out did not. Per-question lists hold `null` where that question did not change. */
export interface ProgressPatch {
	/** Every question's answer (`null`: none), whenever one of them changed: they are small. */
	answers?: (IndexedAnswer | null)[];
	ticks?: number[][];
	drafts?: (TextEdit | null)[];
	notes?: (TextEdit | null)[];
	globalNote?: TextEdit;
}

/** The patch that turns `before` into `after`, or undefined when nothing changed. */
export function diffProgress(before: Progress, after: Progress): ProgressPatch | undefined {
	const patch: ProgressPatch = {};
	if (!sameJson(before.answers, after.answers)) patch.answers = after.answers.map((a) => a ?? null);
	if (!sameJson(before.ticks, after.ticks)) patch.ticks = after.ticks.map((t) => [...t]);
	const drafts = editList(before.drafts, after.drafts);
	if (drafts) patch.drafts = drafts;
	const notes = editList(before.notes, after.notes);
	if (notes) patch.notes = notes;
	if (before.globalNote !== after.globalNote) patch.globalNote = textEdit(before.globalNote, after.globalNote);
	return Object.keys(patch).length === 0 ? undefined : patch;
}

/** `progress` with `patch` applied, or undefined when the patch does not fit it. */
export function applyPatch(progress: Progress, patch: ProgressPatch): Progress | undefined {
	const count = progress.answers.length;
	const fits = (list: readonly unknown[] | undefined) => list === undefined || list.length === count;
	if (!fits(patch.answers) || !fits(patch.ticks) || !fits(patch.drafts) || !fits(patch.notes)) return undefined;
	const drafts = applyEdits(progress.drafts, patch.drafts);
	const notes = applyEdits(progress.notes, patch.notes);
	const globalNote =
		patch.globalNote === undefined ? progress.globalNote : applyEdit(progress.globalNote, patch.globalNote);
	if (drafts === undefined || notes === undefined || globalNote === undefined) return undefined;
	return {
		answers: patch.answers ? patch.answers.map((a) => a ?? undefined) : progress.answers,
		ticks: patch.ticks ?? progress.ticks,
		drafts,
		notes,
		globalNote,
	};
}

/** The edit from `before` to `after`: whole when nothing at the start is shared. */
function textEdit(before: string, after: string): TextEdit {
	let keep = 0;
	const max = Math.min(before.length, after.length);
	while (keep < max && before.charCodeAt(keep) === after.charCodeAt(keep)) keep++;
	// Never cut between a surrogate pair's halves: each record stays text a person could read.
	if (keep > 0 && isHighSurrogate(after.charCodeAt(keep - 1))) keep--;
	return keep === 0 ? after : [keep, after.slice(keep)];
}

/** `before` with `edit` applied, or undefined when it keeps more than there is. */
function applyEdit(before: string, edit: TextEdit): string | undefined {
	if (typeof edit === "string") return edit;
	const [keep, add] = edit;
	return Number.isInteger(keep) && keep >= 0 && keep <= before.length ? before.slice(0, keep) + add : undefined;
}

function editList(before: readonly string[], after: readonly string[]): (TextEdit | null)[] | undefined {
	if (before.length !== after.length) return after.map((text) => text);
	let changed = false;
	const edits = after.map((text, i) => {
		const old = before[i] ?? "";
		if (old === text) return null;
		changed = true;
		return textEdit(old, text);
	});
	return changed ? edits : undefined;
}

function applyEdits(texts: readonly string[], edits: readonly (TextEdit | null)[] | undefined): string[] | undefined {
	if (edits === undefined) return [...texts];
	const next: string[] = [];
	for (const [i, edit] of edits.entries()) {
		const text = edit === null ? texts[i] : applyEdit(texts[i] ?? "", edit);
		if (text === undefined) return undefined;
		next.push(text);
	}
	return next;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
