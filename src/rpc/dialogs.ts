/**
 * The walker's only contact with the host's dialogs. It turns every way a dialog can end into a
 * plain value: a chosen row, typed text, a cancel, or a stop. A dialog that rejects or throws, a
 * reply that is not one of the offered strings, and a non-string reply all count as a cancel of
 * that dialog. A stop ends the walk: the abort signal fired (checked before each dialog, raced
 * against each open dialog so a host that ignores the signal cannot hold the walk), or the dialog
 * budget ran out (a stuck or scripted client; no person needs that many dialogs).
 */
import { type Row, uniqueTexts } from "./rows.ts";

/** A structural subset of Pi's `ctx.ui`: the two dialogs the walker uses. */
export interface DialogHost {
	select(title: string, options: string[], opts?: { signal?: AbortSignal }): Promise<string | undefined>;
	input(title: string, placeholder?: string, opts?: { signal?: AbortSignal }): Promise<string | undefined>;
}

/** The most dialogs one walk opens; past it the walk stops as declined, keeping the answers. */
export const DIALOG_BUDGET = 200;

/** Why the walk must end now. */
export type StopReason = "interrupted" | "exhausted";

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

	constructor(host: DialogHost, signal: AbortSignal | undefined, budget: number = DIALOG_BUDGET) {
		this.host = host;
		this.signal = signal;
		this.budget = budget;
	}

	/** Shows `rows` (made unique) and maps the reply back to its row's action by exact match. */
	async select<A>(title: string, rows: readonly Row<A>[]): Promise<SelectReply<A>> {
		const stop = this.checkStop();
		if (stop) return stop;
		const texts = uniqueTexts(rows.map((r) => r.text));
		const reply = await this.open(() => this.host.select(title, texts, { signal: this.signal }));
		if (this.signal?.aborted) return { type: "stop", reason: "interrupted" };
		const index = typeof reply === "string" ? texts.indexOf(reply) : -1;
		const row = rows[index];
		return row === undefined ? { type: "cancel" } : { type: "row", action: row.action };
	}

	/** Asks for text; a reply of only whitespace comes back as "". */
	async input(title: string, placeholder: string): Promise<InputReply> {
		const stop = this.checkStop();
		if (stop) return stop;
		const reply = await this.open(() => this.host.input(title, placeholder, { signal: this.signal }));
		if (this.signal?.aborted) return { type: "stop", reason: "interrupted" };
		return typeof reply === "string" ? { type: "text", text: reply.trim() } : { type: "cancel" };
	}

	private checkStop(): { type: "stop"; reason: StopReason } | undefined {
		if (this.signal?.aborted) return { type: "stop", reason: "interrupted" };
		if (this.opened >= this.budget) return { type: "stop", reason: "exhausted" };
		this.opened++;
		return undefined;
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
