/**
 * The dialog walker: runs a questionnaire on a host that has `select` and `input` dialogs but no
 * custom UI (Pi `--mode rpc`, editor bridges such as pi-acp). One select per question, inputs for
 * typed answers and notes, a review for multi-question forms, and the same `QuestionnaireResult`
 * as every other host path.
 *
 * Guarantees: never throws (an internal error ends the walk as a cancel would: declined only where
 * the cancel rule allows, else interrupted, keeping the answers); always terminates (cancelling is
 * always a way out, and `DIALOG_BUDGET` caps the dialogs of a client that never cancels, ending as
 * the internal error does); an abort stops at once with outcome "interrupted".
 * Cancel semantics: a cancelled or empty input changes nothing (a cancelled note input keeps
 * the note, an empty one removes it). A cancelled question or review select follows the one rule of
 * src/state/leave.ts: a fresh call with nothing given declines; otherwise "Stop answering?" asks
 * (Keep answering / Answer later / Answered in chat when reopened from `/answer` / Decline — the agent
 * is told you declined), and cancelling that puts the questionnaire aside (deferred): no repeated
 * cancel declines. Decline keeps the answers in `details` (the model is told they are void).
 * A dialog that rejects or throws, or a reply that is not one of the offered rows, counts as a cancel
 * of that dialog. Typed text is the
 * answer as soon as its input returns (with the selection so far, for a multi-select), as in the TUI.
 * A multi-select committed with nothing selected is the explicit answer "none of these". "← Back"
 * drops multi-select toggles that were not committed with Done or kept with typed text.
 * Once the review was shown, every committed answer returns to it. With `timeoutMs`, a walk whose
 * dialogs nobody answers ends as "timed_out" then; the first answered dialog stops the countdown.
 */
import { en } from "../i18n/en.ts";
import type { Messages } from "../i18n/messages.ts";
import type { IndexedAnswer, Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { type Ending, finishedResult, type HostKind, type QuestionnaireResult } from "../protocol/result.ts";
import { type CancelStep, cancelStep, leaveEnding } from "../state/leave.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { Countdown } from "../util/countdown.ts";
import { eitherSignal } from "../util/signals.ts";
import { DIALOG_BUDGET, type DialogHost, Dialogs, type StopReason } from "./dialogs.ts";
import { answeredCount, collect, emptyPicks, multiPick, type Picks, progressOfPicks, restoredPicks } from "./picks.ts";
import { leaveRows, leaveTitle, reviewRows, reviewTitle } from "./review.ts";
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
	/**
	 * What a pending questionnaire had collected (`/answer`): the walk starts from it, at its review, and
	 * counts as reopened for the cancel rule (a cancel never declines; "Answered in chat" is offered).
	 */
	progress?: Progress;
	/** Told what was given after every dialog that may have changed it, and as the walk ends. */
	onProgress?: (progress: Progress) => void;
}

/** A screen the user can return to. */
type Screen = { to: "question"; index: number } | { to: "review" };

/** Where the walk goes next. */
type Next = Screen | { to: "cancel"; back: Screen } | { to: "end"; ended: Ending };

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
					return this.finish(next.ended);
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

	/** The result after an unexpected internal error: as `givingUp` says, with whatever was collected. */
	fallback(): QuestionnaireResult {
		try {
			return this.finish(this.givingUp());
		} catch {
			return { outcome: "interrupted", cancelled: true, host: this.options.host, answers: [] };
		}
	}

	private finish(ended: Ending): QuestionnaireResult {
		const collected = collect(this.questionnaire, this.picks);
		// The walker has no note on the whole form; one given in the TUI before it was put aside is kept.
		const globalNote = this.options.progress?.globalNote ?? "";
		if (globalNote !== "") collected.globalNote = globalNote;
		return finishedResult(this.options.host, this.total, ended, collected);
	}

	/** What a cancel of a question or the review does now (leave.ts). */
	private cancelNow(asking: boolean): CancelStep {
		const notes = this.picks.notes.some((n) => n !== "") || (this.options.progress?.globalNote ?? "") !== "";
		const given = answeredCount(this.picks) > 0 || notes;
		return cancelStep({ reopened: this.options.progress !== undefined, given, asking });
	}

	/** How a walk that cannot go on ends (an internal error, the dialog budget): declined only where a cancel would. */
	private givingUp(): Ending {
		return this.cancelNow(false) === "decline" ? "declined" : "interrupted";
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
			const reply = await this.dialogs.select(title, rows, this.cancelNow(false));
			if (reply.type === "stop") return this.stopped(reply.reason);
			if (reply.type === "cancel") return { to: "cancel", back: { to: "question", index } };
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
					if (input.type === "stop") return this.stopped(input.reason);
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
					if (input.type === "stop") return this.stopped(input.reason);
					if (input.type === "text") this.picks.notes[index] = input.text;
					break;
				}
				case "previews": {
					const back = [{ text: this.m.backToOptions, action: "back" as const }];
					const shown = await this.dialogs.select(previewsTitle(place, this.m), back, "back");
					if (shown.type === "stop") return this.stopped(shown.reason);
					break;
				}
				case "back":
					return { to: "question", index: index - 1 };
			}
		}
	}

	/** Stores the pick (undefined: unanswered) and moves on. */
	private commit(index: number, pick: IndexedAnswer | undefined): Next {
		this.picks.picks[index] = pick;
		if (this.total === 1) return { to: "end", ended: "submitted" };
		if (this.reviewing || index + 1 >= this.total) return { to: "review" };
		return { to: "question", index: index + 1 };
	}

	private async review(): Promise<Next> {
		const reply = await this.dialogs.select(
			reviewTitle(this.questionnaire, this.picks, this.m),
			reviewRows(this.questionnaire, this.m),
			this.cancelNow(false),
		);
		if (reply.type === "stop") return this.stopped(reply.reason);
		if (reply.type === "cancel") return { to: "cancel", back: { to: "review" } };
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

	/**
	 * The person cancelled a question or the review (leave.ts): decline at once (a fresh call, nothing given),
	 * or ask "Stop answering?", where a cancel puts the questionnaire aside and Keep answering goes `back`.
	 */
	private async cancel(back: Screen): Promise<Next> {
		if (this.cancelNow(false) === "decline") return { to: "end", ended: "declined" };
		const reopened = this.options.progress !== undefined;
		const reply = await this.dialogs.select(
			leaveTitle(this.questionnaire, this.picks, this.m),
			leaveRows(reopened, this.m),
			this.cancelNow(true),
		);
		if (reply.type === "stop") return this.stopped(reply.reason);
		const ended = reply.type === "cancel" ? "deferred" : leaveEnding(reply.action);
		return ended === undefined ? back : { to: "end", ended };
	}

	/** An abort ends as interrupted, the timeout as timed out, an exhausted budget as `givingUp` says. */
	private stopped(reason: StopReason): Next {
		return { to: "end", ended: reason === "exhausted" ? this.givingUp() : reason };
	}
}
