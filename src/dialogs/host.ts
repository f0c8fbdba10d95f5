/**
 * The walker's only contact with the host's dialogs: every way a dialog ends becomes a plain value — a
 * chosen row, typed text, a cancel (also a rejection, a throw, or a reply that is not an offered string),
 * or a stop: the abort signal (raced against each open dialog, so a host that ignores it cannot hold the
 * walk), the answer timeout before anyone answered, or the dialog budget spent (a stuck or scripted
 * client). Every string sent is capped here, whatever built it.
 */
import { cutText } from "../protocol/budget.ts";
import type { CancelStep } from "../state/leave.ts";
import { ELLIPSIS } from "../text/fit.ts";
import type { Countdown } from "../util/countdown.ts";
import { eitherSignal } from "../util/signals.ts";
import { untilAborted } from "../util/until-aborted.ts";

/**
 * The most characters of each piece of model or user text one dialog shows: room for any real question,
 * label or note, far below what makes a dialog unusable. A preview is a document, so it gets the most.
 */
export const DIALOG_CAPS = { header: 100, question: 2_000, label: 200, description: 500, typed: 500, preview: 4_000 };

/** The backstop for a whole title (it holds up to four previews), row or placeholder. */
const SENT_CAPS = { title: 24_000, row: 1_000, placeholder: DIALOG_CAPS.typed } as const;

/** `text` cut to `max` characters on a grapheme boundary, "…" marking a cut (cheap on 10 MB, so before sanitizing). */
export function capText(text: string, max: number): string {
	const { kept, omitted } = cutText(text, max);
	return omitted === 0 ? text : `${kept}${ELLIPSIS}`;
}

/** What cancelling a select does: the rule of src/state/leave.ts, or "back" (a dialog inside a question). */
export type CancelMeaning = CancelStep | "back";

export interface DialogOptions {
	signal?: AbortSignal;
	/** The answer timeout's time left in milliseconds, for hosts that show a countdown. */
	timeout?: number;
	/** For hosts that say what cancelling does (the accessible prompts); Pi's dialogs ignore it. */
	cancel?: CancelMeaning;
}

/** An input's text as it is typed, for hosts that can edit and see it (the accessible prompt; Pi's dialogs cannot). */
export interface TypingOptions {
	/** The text the input starts with: the draft or note given so far. */
	text?: string;
	/** Told the text as it changes, before Enter, so the session records it while the input is open. */
	onTyped?: (text: string) => void;
	/** Told the text the input holds when the person leaves it without sending it (the cancel key). */
	onLeft?: (text: string) => void;
}

/** The two dialogs of Pi's `ctx.ui` the walker uses. */
export interface DialogHost {
	select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
	input(title: string, placeholder?: string, opts?: DialogOptions & TypingOptions): Promise<string | undefined>;
}

/** One select row: the text shown and what choosing it means. */
export type Row<A> = { text: string; action: A };

/** The most dialogs one walk opens; no person needs that many. */
const DIALOG_BUDGET = 200;

/** Added to the time left a host dialog is given, so the walk's own deadline, not the host's, ends it. */
const HOST_TIMEOUT_SLACK_MS = 1000;

/** Why the walk must end now ("failed": the budget is spent). */
type Stop = { type: "stop"; reason: "interrupted" | "timed_out" | "failed" };
export type SelectReply<A> = { type: "row"; action: A } | { type: "cancel" } | Stop;
/** Typed text is trimmed and may be empty. */
export type InputReply = { type: "text"; text: string } | { type: "cancel" } | Stop;

/** Later duplicates get " (2)", " (3)", …, so rows that sanitize alike (or equal a control row) stay choosable. */
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
	/** Runs until the first dialog is answered: a person is there. */
	private readonly timeout: Countdown | undefined;

	constructor(host: DialogHost, signal: AbortSignal | undefined, timeout: Countdown | undefined) {
		this.host = host;
		this.timeout = timeout;
		this.signal = timeout === undefined ? signal : eitherSignal(signal, timeout.signal);
	}

	/** Shows `rows` and maps the reply back to its row's action by exact match. */
	async select<A>(title: string, rows: readonly Row<A>[], cancel: CancelMeaning): Promise<SelectReply<A>> {
		const texts = uniqueTexts(rows.map((r) => capText(r.text, SENT_CAPS.row)));
		const opts = { ...this.dialogOptions(), cancel };
		const reply = await this.open(() => this.host.select(capText(title, SENT_CAPS.title), texts, opts));
		if (typeof reply !== "string") return reply ?? { type: "cancel" };
		const row = rows[texts.indexOf(reply)];
		return row === undefined ? { type: "cancel" } : { type: "row", action: row.action };
	}

	async input(title: string, placeholder: string, typing: TypingOptions = {}): Promise<InputReply> {
		const [shown, hint] = [capText(title, SENT_CAPS.title), capText(placeholder, SENT_CAPS.placeholder)];
		const opts = { ...this.dialogOptions(), ...typing };
		const reply = await this.open(() => this.host.input(shown, hint, opts));
		if (typeof reply !== "string") return reply ?? { type: "cancel" };
		return { type: "text", text: reply.trim() };
	}

	private dialogOptions(): DialogOptions {
		const left = this.timeout?.msLeft();
		return { signal: this.signal, ...(left === undefined ? {} : { timeout: left + HOST_TIMEOUT_SLACK_MS }) };
	}

	private stop(): Stop {
		return { type: "stop", reason: this.timeout?.expired ? "timed_out" : "interrupted" };
	}

	/** Runs one dialog: a stop (before it opens, or an abort while open), else its string reply or undefined. */
	private async open(call: () => Promise<unknown>): Promise<string | Stop | undefined> {
		if (this.signal?.aborted) return this.stop();
		if (this.opened >= DIALOG_BUDGET) return { type: "stop", reason: "failed" };
		this.opened++;
		// A rejection or a synchronous throw settles as a cancel.
		const dialog = new Promise<unknown>((settle) => settle(call())).catch(() => undefined);
		const reply = await untilAborted(dialog, this.signal, () => undefined);
		if (this.signal?.aborted) return this.stop();
		this.timeout?.personSeen();
		return typeof reply === "string" ? reply : undefined;
	}
}
