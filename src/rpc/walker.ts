/**
 * The dialog walker: runs a questionnaire on a host that has `select` and `input` dialogs but no
 * custom UI (Pi `--mode rpc`, editor bridges such as pi-acp). One select per question, inputs for
 * typed answers and notes, a review for multi-question forms, and the same `QuestionnaireResult`
 * as every other host path.
 *
 * Guarantees: never throws (an internal error ends the walk as declined, keeping the answers);
 * always terminates (cancelling is always a way out, and `DIALOG_BUDGET` caps the dialogs of a
 * client that never cancels); an abort stops at once with outcome "interrupted".
 * Cancel semantics: a cancelled or empty input changes nothing (a cancelled note input keeps
 * the note, an empty one removes it); a cancelled question or review select declines, after a
 * "Keep answering / Discard" question once anything is answered; cancelling that too declines
 * and keeps the answers; "Discard N answers and decline" drops them; Decline in the review keeps
 * them; dismissing that question goes back to where it was asked (dismissing it a second time before
 * choosing anything declines, keeping the answers). A dialog that rejects or throws, or
 * a reply that is not one of the offered rows, counts as a cancel of that dialog. Typed text is the
 * answer as soon as its input returns (with the selection so far, for a multi-select), as in the TUI.
 * A multi-select committed with nothing selected is the explicit answer "none of these". "← Back"
 * drops multi-select toggles that were not committed with Done or kept with typed text.
 * Once the review was shown, every committed answer returns to it. With `timeoutMs`, a walk whose
 * dialogs nobody answers ends as "timed_out" then; the first answered dialog stops the countdown.
 */
import { en } from "../i18n/en.ts";
import type { Messages } from "../i18n/messages.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { type Ending, finishedResult, type HostKind, type QuestionnaireResult } from "../protocol/result.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { Countdown } from "../util/countdown.ts";
import { eitherSignal } from "../util/signals.ts";
import { DIALOG_BUDGET, type DialogHost, Dialogs, type StopReason } from "./dialogs.ts";
import {
	answeredCount,
	collect,
	emptyPicks,
	multiPick,
	type Pick,
	type Picks,
	progressOfPicks,
	restoredPicks,
} from "./picks.ts";
import { discardRows, discardTitle, reviewRows, reviewTitle } from "./review.ts";
import { questionRows } from "./rows.ts";
import { noteTitle, previewsTitle, type QuestionPlace, questionTitle, typeTitle } from "./titles.ts";

export { DIALOG_BUDGET, type DialogHost } from "./dialogs.ts";

/** How to walk: which host path this is (recorded in the result), the abort signal, the wording. */
export interface WalkOptions {
	host: HostKind;
	signal?: AbortSignal;
	messages?: Messages;
	/** Config `timeout` in ms: ends the walk as `timed_out` if no dialog is answered by then; absent: it waits. */
	timeoutMs?: number;
	/** What a pending questionnaire had collected (`/answer`): the walk starts from it, at its review. */
	progress?: Progress;
	/** Told what was given after every dialog that may have changed it, and as the walk ends. */
	onProgress?: (progress: Progress) => void;
}

/** A screen the user can return to. */
type Screen = { to: "question"; index: number } | { to: "review" };

/** Where the walk goes next. */
type Next = Screen | { to: "cancel"; back: Screen } | { to: "end"; ended: Ending; discard?: boolean };

/**
 * Runs `questionnaire` on `dialogs` and resolves with the result. Never rejects; see the file
 * docblock for cancel, abort and termination rules.
 */
export async function walkQuestionnaire(
	questionnaire: Questionnaire,
	dialogs: DialogHost,
	options: WalkOptions,
): Promise<QuestionnaireResult> {
	const walk = new Walk(questionnaire, dialogs, options);
	try {
		return await walk.run();
	} catch {
		return walk.fallback();
	} finally {
		walk.dispose();
	}
}

class Walk {
	private readonly questionnaire: Questionnaire;
	private readonly options: WalkOptions;
	private readonly total: number;
	private readonly picks: Picks;
	private readonly dialogs: Dialogs;
	private readonly m: Messages;
	/** The answer timeout until the first dialog is answered (`Dialogs` disarms it then). */
	private readonly timeout: Countdown | undefined;
	/** Set once the review was shown: from then on every commit returns to it. */
	private reviewing = false;
	/** "Stop answering?" was dismissed and nothing was chosen since. */
	private stopDismissed = false;

	constructor(questionnaire: Questionnaire, host: DialogHost, options: WalkOptions) {
		this.questionnaire = questionnaire;
		this.options = options;
		this.total = questionnaire.questions.length;
		this.picks = options.progress ? restoredPicks(options.progress, this.total) : emptyPicks(this.total);
		this.m = options.messages ?? en;
		let signal = options.signal;
		if (options.timeoutMs !== undefined) {
			const expired = new AbortController();
			this.timeout = new Countdown(options.timeoutMs, { expire: () => expired.abort() });
			signal = eitherSignal(signal, expired.signal);
		}
		this.dialogs = new Dialogs(host, signal, DIALOG_BUDGET, this.timeout);
	}

	/** Stops the timeout's timer, however the walk ended. */
	dispose(): void {
		this.timeout?.disarm();
	}

	async run(): Promise<QuestionnaireResult> {
		let next: Next = this.total === 0 ? { to: "end", ended: "submitted" } : this.firstScreen();
		for (;;) {
			switch (next.to) {
				case "question":
					next = await this.question(next.index);
					break;
				case "review":
					this.reviewing = true;
					next = await this.review();
					break;
				case "cancel":
					next = await this.cancel(next.back);
					break;
				case "end":
					this.reportProgress();
					return this.finish(next.ended, next.discard === true);
			}
			this.reportProgress();
		}
	}

	private reportProgress(): void {
		try {
			this.options.onProgress?.(progressOfPicks(this.picks, this.options.progress));
		} catch {
			// Recording is the lifecycle's; a failure there must not cost the person the questionnaire.
		}
	}

	/** The first unanswered question; a resumed form whose questions all have answers opens at its review. */
	private firstScreen(): Screen {
		const open = this.picks.picks.indexOf(undefined);
		if (open >= 0) return { to: "question", index: open };
		return this.total > 1 ? { to: "review" } : { to: "question", index: 0 };
	}

	/** The result after an unexpected internal error: declined, with whatever was collected. */
	fallback(): QuestionnaireResult {
		try {
			return this.finish("declined", false);
		} catch {
			return { outcome: "declined", cancelled: true, host: this.options.host, answers: [] };
		}
	}

	private finish(ended: Ending, discard: boolean): QuestionnaireResult {
		const collected = discard ? { answers: [] } : collect(this.questionnaire, this.picks);
		// The walker has no note on the whole form; one given in the TUI before it was put aside is kept.
		const globalNote = this.options.progress?.globalNote ?? "";
		if (!discard && globalNote !== "") collected.globalNote = globalNote;
		return finishedResult(this.options.host, this.total, ended, collected);
	}

	private async question(index: number): Promise<Next> {
		const question = this.questionnaire.questions[index];
		if (question === undefined) return { to: "review" };
		const place: QuestionPlace = { question, index, total: this.total };
		const committed = this.picks.picks[index];
		let selected: boolean[] | undefined;
		let typed: string | undefined;
		if (question.multiSelect === true) {
			selected = question.options.map((_, k) => committed?.kind === "multi" && committed.options.includes(k));
			typed = committed?.kind === "multi" ? committed.text : undefined;
		}
		for (;;) {
			const note = this.picks.notes[index] ?? "";
			const title = questionTitle(place, committed, note, this.m);
			const rows = questionRows({ question, index, selected, typed, hasNote: note !== "" }, this.m);
			const reply = await this.dialogs.select(title, rows);
			if (reply.type === "stop") return stopped(reply.reason);
			if (reply.type === "cancel") return { to: "cancel", back: { to: "question", index } };
			this.stopDismissed = false;
			const action = reply.action;
			switch (action.type) {
				case "option":
					if (selected === undefined) return this.commit(index, { kind: "option", option: action.option });
					selected = selected.map((on, k) => (k === action.option ? !on : on));
					break;
				case "clearTyped":
					typed = undefined;
					// Taking typed text back leaves what was committed without it (or nothing).
					if (this.picks.picks[index]?.kind === "multi") {
						const kept = committed?.kind === "multi" && committed.text === undefined ? committed : undefined;
						this.picks.picks[index] = kept;
					}
					break;
				case "done":
					return this.commit(index, multiPick(selected ?? [], typed));
				case "type": {
					const input = await this.dialogs.input(typeTitle(place, this.m), this.m.typePlaceholder);
					if (input.type === "stop") return stopped(input.reason);
					if (input.type === "text" && input.text !== "") {
						if (selected === undefined) return this.commit(index, { kind: "custom", text: input.text });
						typed = input.text;
						this.picks.picks[index] = multiPick(selected, typed);
					}
					break;
				}
				case "note": {
					const placeholder = note === "" ? this.m.notePlaceholder : sanitizeInline(note);
					const input = await this.dialogs.input(noteTitle(place, this.m), placeholder);
					if (input.type === "stop") return stopped(input.reason);
					if (input.type === "text") this.picks.notes[index] = input.text;
					break;
				}
				case "previews": {
					const back = [{ text: this.m.backToOptions, action: "back" as const }];
					const shown = await this.dialogs.select(previewsTitle(place, this.m), back);
					if (shown.type === "stop") return stopped(shown.reason);
					break;
				}
				case "back":
					return { to: "question", index: index - 1 };
			}
		}
	}

	/** Stores the pick (undefined: unanswered) and moves on. */
	private commit(index: number, pick: Pick | undefined): Next {
		this.picks.picks[index] = pick;
		if (this.total === 1) return { to: "end", ended: "submitted" };
		if (this.reviewing || index + 1 >= this.total) return { to: "review" };
		return { to: "question", index: index + 1 };
	}

	private async review(): Promise<Next> {
		const reply = await this.dialogs.select(
			reviewTitle(this.questionnaire, this.picks, this.m),
			reviewRows(this.questionnaire, this.m),
		);
		if (reply.type === "stop") return stopped(reply.reason);
		if (reply.type === "cancel") return { to: "cancel", back: { to: "review" } };
		this.stopDismissed = false;
		switch (reply.action.type) {
			case "submit":
				return { to: "end", ended: "submitted" };
			case "edit":
				return { to: "question", index: reply.action.question };
			case "later":
				return { to: "end", ended: "deferred" };
			case "decline":
				return { to: "end", ended: "declined" };
		}
	}

	/** The user cancelled a select: decline, after asking first when something is answered. */
	private async cancel(back: Screen): Promise<Next> {
		if (answeredCount(this.picks) === 0) return { to: "end", ended: "declined" };
		const reply = await this.dialogs.select(
			discardTitle(this.questionnaire, this.picks, this.m),
			discardRows(this.picks, this.m),
		);
		if (reply.type === "stop") return stopped(reply.reason);
		// Dismissing "Stop answering?" is not a decision to stop: back to the questions. Dismissing it again
		// before answering anything is one: so a client that cancels every dialog still ends at once.
		if (reply.type === "cancel") {
			if (this.stopDismissed) return { to: "end", ended: "declined" };
			this.stopDismissed = true;
			return back;
		}
		switch (reply.action.type) {
			case "keep":
				return back;
			case "later":
				return { to: "end", ended: "deferred" };
			case "discard":
				return { to: "end", ended: "declined", discard: true };
		}
	}
}

/** An abort ends as interrupted, the timeout as timed out; an exhausted budget as declined (all keep the answers). */
function stopped(reason: StopReason): Next {
	return { to: "end", ended: reason === "exhausted" ? "declined" : reason };
}
