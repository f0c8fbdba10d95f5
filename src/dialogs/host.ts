/**
 * The walker's only contact with the host's dialogs. It turns every way a dialog can end into a plain
 * value: a chosen row, typed text, a cancel, or a stop. A dialog that rejects or throws, a reply that is
 * not one of the offered strings, and a non-string reply all count as a cancel of that dialog. A stop ends
 * the walk: the abort signal fired (checked before each dialog, raced against each open dialog so a host
 * that ignores the signal cannot hold the walk), the answer timeout ran out before anyone answered a dialog
 * (config `timeout`), or the dialog budget ran out (a stuck or scripted client; no person needs that many).
 * No string reaches a host unbounded: each is capped here, whatever built it.
 */
import { cutText } from "../protocol/budget.ts";
import type { CancelStep } from "../state/leave.ts";
import { ELLIPSIS } from "../text/fit.ts";
import type { Countdown } from "../util/countdown.ts";
import { eitherSignal } from "../util/signals.ts";

/**
 * The most characters of each piece of model or user text one dialog shows: room for any real question,
 * label or note, far below what makes a dialog unusable. A preview is a document, so it gets the most.
 */
export const DIALOG_CAPS = { header: 100, question: 2_000, label: 200, description: 500, typed: 500, preview: 4_000 };

/** The backstop for a whole title, row or placeholder; a title holds up to four previews. */
const SENT_CAPS = { title: 24_000, row: 1_000, placeholder: DIALOG_CAPS.typed } as const;

/** `text` cut to `max` characters on a grapheme boundary, "…" marking a cut (before sanitizing: cheap on 10 MB). */
export function capText(text: string, max: number): string {
	const { kept, omitted } = cutText(text, max);
	return omitted === 0 ? text : `${kept}${ELLIPSIS}`;
}

/** What cancelling a select does: the rule of src/state/leave.ts, or "back" (a dialog inside a question). */
export type CancelMeaning = CancelStep | "back";

/** What a dialog is opened with: the abort signal, and while the answer timeout runs, its time left. */
export interface DialogOptions {
	signal?: AbortSignal;
	/** Milliseconds; hosts that can show a countdown (Pi's dialogs, RPC clients) show it. */
	timeout?: number;
	/** What cancelling this select does, for hosts that say so (the accessible prompts); Pi's dialogs ignore it. */
	cancel?: CancelMeaning;
}

/** A structural subset of Pi's `ctx.ui`: the two dialogs the walker uses. */
export interface DialogHost {
	select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
}

/** One select row: the text shown and what choosing it means. */
export interface Row<A> {
	text: string;
	action: A;
}

/** The most dialogs one walk opens. */
const DIALOG_BUDGET = 200;

/** Added to the time left passed to a host dialog, so the walk's own deadline, not the host's, ends it. */
const HOST_TIMEOUT_SLACK_MS = 1000;

/** Why the walk must end now (the budget is "failed": the walk cannot go on). */
type Stop = { type: "stop"; reason: "interrupted" | "timed_out" | "failed" };

/** How a select ended. */
export type SelectReply<A> = { type: "row"; action: A } | { type: "cancel" } | Stop;

/** How an input ended: text is trimmed and may be empty. */
export type InputReply = { type: "text"; text: string } | { type: "cancel" } | Stop;

/**
 * Makes every string distinct by appending ` (2)`, ` (3)`, … to later duplicates, so two rows that
 * sanitize to the same text (or a label equal to a control row) stay separately choosable.
 */
function uniqueTexts(texts: readonly string[]): string[] {
	const seen = new Set<string>();
	return texts.map((text) => {
		let candidate = text;
		for (let n = 2; seen.has(candidate); n++) candidate = `${text} (${n})`;
		seen.add(candidate);
		return candidate;
	});
}

/** Opens dialogs on a host under one abort signal, one answer timeout and one budget. */
export class Dialogs {
	private opened = 0;
	private readonly host: DialogHost;
	private readonly signal: AbortSignal | undefined;
	/** The answer timeout until the first dialog is answered: a person is there. */
	private readonly timeout: Countdown | undefined;

	constructor(host: DialogHost, signal: AbortSignal | undefined, timeout: Countdown | undefined) {
		this.host = host;
		this.timeout = timeout;
		this.signal = timeout === undefined ? signal : eitherSignal(signal, timeout.signal);
	}

	/** Shows `rows` (made unique) and maps the reply back to its row's action by exact match. */
	async select<A>(title: string, rows: readonly Row<A>[], cancel: CancelMeaning): Promise<SelectReply<A>> {
		const texts = uniqueTexts(rows.map((r) => capText(r.text, SENT_CAPS.row)));
		const opts = { ...this.dialogOptions(), cancel };
		const reply = await this.open(() => this.host.select(capText(title, SENT_CAPS.title), texts, opts));
		if (typeof reply !== "string") return reply ?? { type: "cancel" };
		const row = rows[texts.indexOf(reply)];
		return row === undefined ? { type: "cancel" } : { type: "row", action: row.action };
	}

	/** Asks for text; a reply of only whitespace comes back as "". */
	async input(title: string, placeholder: string): Promise<InputReply> {
		const [shown, hint] = [capText(title, SENT_CAPS.title), capText(placeholder, SENT_CAPS.placeholder)];
		const opts = this.dialogOptions();
		const reply = await this.open(() => this.host.input(shown, hint, opts));
		if (typeof reply !== "string") return reply ?? { type: "cancel" };
		return { type: "text", text: reply.trim() };
	}

	private dialogOptions(): DialogOptions {
		const left = this.timeout?.msLeft();
		return left === undefined
			? { signal: this.signal }
			: { signal: this.signal, timeout: left + HOST_TIMEOUT_SLACK_MS };
	}

	private stop(): Stop {
		return { type: "stop", reason: this.timeout?.expired ? "timed_out" : "interrupted" };
	}

	/**
	 * Runs one dialog: a stop before it opens (aborted, budget spent) or while it is open (aborted); else
	 * the reply (anything that is not a string: a cancel), which disarms the timeout.
	 */
	private async open(call: () => Promise<unknown>): Promise<string | Stop | undefined> {
		if (this.signal?.aborted) return this.stop();
		if (this.opened >= DIALOG_BUDGET) return { type: "stop", reason: "failed" };
		this.opened++;
		const signal = this.signal;
		const reply = await new Promise<unknown>((resolve) => {
			const onAbort = () => resolve(undefined);
			signal?.addEventListener("abort", onAbort, { once: true });
			// A rejection or a synchronous throw settles as a cancel.
			new Promise<unknown>((settle) => settle(call()))
				.then(resolve, () => resolve(undefined))
				.finally(() => signal?.removeEventListener("abort", onAbort));
		});
		if (signal?.aborted) return this.stop();
		this.timeout?.disarm();
		return typeof reply === "string" ? reply : undefined;
	}
}
