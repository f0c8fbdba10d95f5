/**
 * The walker's only contact with the host's dialogs. It turns every way a dialog can end into a
 * plain value: a chosen row, typed text, a cancel, or a stop. A dialog that rejects or throws, a
 * reply that is not one of the offered strings, and a non-string reply all count as a cancel of
 * that dialog. A stop ends the walk: the abort signal fired (checked before each dialog, raced
 * against each open dialog so a host that ignores the signal cannot hold the walk), or the dialog
 * budget ran out (a stuck or scripted client; no person needs that many dialogs), or the answer
 * timeout ran out before anyone answered a dialog (config `timeout`).
 */
import type { CancelStep } from "../state/leave.ts";
import type { Countdown } from "../util/countdown.ts";
import { type Row, uniqueTexts } from "./rows.ts";
import { capText, DIALOG_CAPS } from "./titles.ts";

/**
 * The most characters a host is sent in one title, row or placeholder: a backstop behind the caps of
 * each piece (titles.ts), so no string reaches a host unbounded, whatever built it. A title holds up to
 * four previews, so it gets the room they need.
 */
export const SENT_CAPS = { title: 24_000, row: 1_000, placeholder: DIALOG_CAPS.typed } as const;

/** What cancelling a select does: the rule of src/state/leave.ts, or "back" (a dialog inside a question). */
export type CancelMeaning = CancelStep | "back";

/** What a dialog is opened with: the abort signal, and while the answer timeout runs, its time left. */
export interface DialogOptions {
	signal?: AbortSignal;
	/** Milliseconds; hosts that can show a countdown (Pi's dialogs, RPC clients) show it. */
	timeout?: number;
	/**
	 * What cancelling this select does, for hosts that say so next to their cancel key (the accessible
	 * prompts); Pi's own dialogs ignore it.
	 */
	cancel?: CancelMeaning;
}

/** A structural subset of Pi's `ctx.ui`: the two dialogs the walker uses. */
export interface DialogHost {
	select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
}

/**
 * Added to the time left when it is passed to a host dialog: the host's own timeout then never ends a
 * dialog first (its end would read as a cancel), the walk's does, and says it timed out.
 */
const HOST_TIMEOUT_SLACK_MS = 1000;

/** The most dialogs one walk opens; past it the walk stops as declined, keeping the answers. */
export const DIALOG_BUDGET = 200;

/** Why the walk must end now. */
export type StopReason = "interrupted" | "exhausted" | "timed_out";

/** How a select ended. */
export type SelectReply<A> = { type: "row"; action: A } | { type: "cancel" } | { type: "stop"; reason: StopReason };

/** How an input ended: text is trimmed and may be empty. */
export type InputReply = { type: "text"; text: string } | { type: "cancel" } | { type: "stop"; reason: StopReason };

/** Opens dialogs on a host under one abort signal and one budget. */
export class Dialogs {
	/** Dialogs opened so far. */
	opened = 0;
	private readonly host: DialogHost;
	private readonly signal: AbortSignal | undefined;
	private readonly budget: number;
	private readonly timeout: Countdown | undefined;

	/**
	 * `signal` must also abort when `timeout` expires (the walker links them); the first dialog that
	 * settles without a stop disarms `timeout`: a person is there.
	 */
	constructor(host: DialogHost, signal: AbortSignal | undefined, budget: number = DIALOG_BUDGET, timeout?: Countdown) {
		this.host = host;
		this.signal = signal;
		this.budget = budget;
		this.timeout = timeout;
	}

	/** Shows `rows` (made unique) and maps the reply back to its row's action by exact match. */
	async select<A>(title: string, rows: readonly Row<A>[], cancel?: CancelMeaning): Promise<SelectReply<A>> {
		const stop = this.checkStop();
		if (stop) return stop;
		const texts = uniqueTexts(rows.map((r) => capText(r.text, SENT_CAPS.row)));
		const opts: DialogOptions = cancel === undefined ? this.dialogOptions() : { ...this.dialogOptions(), cancel };
		const shown = capText(title, SENT_CAPS.title);
		const reply = await this.open(() => this.host.select(shown, texts, opts));
		const stopped = this.stopAfterReply();
		if (stopped) return stopped;
		const index = typeof reply === "string" ? texts.indexOf(reply) : -1;
		const row = rows[index];
		return row === undefined ? { type: "cancel" } : { type: "row", action: row.action };
	}

	/** Asks for text; a reply of only whitespace comes back as "". */
	async input(title: string, placeholder: string): Promise<InputReply> {
		const stop = this.checkStop();
		if (stop) return stop;
		const opts = this.dialogOptions();
		const [shown, hint] = [capText(title, SENT_CAPS.title), capText(placeholder, SENT_CAPS.placeholder)];
		const reply = await this.open(() => this.host.input(shown, hint, opts));
		const stopped = this.stopAfterReply();
		if (stopped) return stopped;
		return typeof reply === "string" ? { type: "text", text: reply.trim() } : { type: "cancel" };
	}

	private dialogOptions(): DialogOptions {
		const left = this.timeout?.msLeft();
		return left === undefined
			? { signal: this.signal }
			: { signal: this.signal, timeout: left + HOST_TIMEOUT_SLACK_MS };
	}

	private checkStop(): { type: "stop"; reason: StopReason } | undefined {
		if (this.signal?.aborted) return { type: "stop", reason: this.abortReason() };
		if (this.opened >= this.budget) return { type: "stop", reason: "exhausted" };
		this.opened++;
		return undefined;
	}

	/** A stop if the signal fired while the dialog was open; otherwise the reply counts and disarms the timeout. */
	private stopAfterReply(): { type: "stop"; reason: StopReason } | undefined {
		if (this.signal?.aborted) return { type: "stop", reason: this.abortReason() };
		this.timeout?.disarm();
		return undefined;
	}

	private abortReason(): StopReason {
		return this.timeout?.expired ? "timed_out" : "interrupted";
	}

	/** Runs one dialog; settles with `undefined` on rejection, a synchronous throw, or abort. */
	private open(call: () => Promise<unknown>): Promise<unknown> {
		const signal = this.signal;
		return new Promise((resolve) => {
			const onAbort = () => resolve(undefined);
			signal?.addEventListener("abort", onAbort, { once: true });
			let pending: Promise<unknown>;
			try {
				pending = Promise.resolve(call());
			} catch {
				pending = Promise.resolve(undefined);
			}
			pending.then(resolve, () => resolve(undefined)).finally(() => signal?.removeEventListener("abort", onAbort));
		});
	}
}
