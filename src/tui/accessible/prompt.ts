/**
 * The accessible prompt: a plain-text pi-tui component that is also the dialog walker's `DialogHost`. It
 * shows the open dialog as lines — the title, "1. …" rows, how to answer and what the cancel key does —
 * and reads a listed number (anything else re-prompts) or text. No box drawing: a screen reader spells
 * "─" out, line after line. Untrusted text arrives sanitized by the walker.
 */
import type { Component, Focusable } from "@earendil-works/pi-tui";
import type { CancelMeaning, DialogHost, DialogOptions, TypingOptions } from "../../dialogs/host.ts";
import { en } from "../../i18n/en.ts";
import type { Messages } from "../../i18n/messages.ts";
import { wrapBlock } from "../../text/fit.ts";
import { sanitizeInline } from "../../text/sanitize.ts";
import { cutAtGrapheme } from "../../util/graphemes.ts";
import { untilAborted } from "../../util/until-aborted.ts";
import { ShownInput } from "../shown-text.ts";

/** What the cancel key does on a choice, in words that say what the agent is told. */
const CANCEL_HINTS = {
	decline: "accessibleCancelDeclines",
	ask: "accessibleCancelAsks",
	later: "accessibleCancelLater",
	back: "accessibleCancelBack",
} as const satisfies Record<CancelMeaning, keyof Messages>;

/** How the prompt may style its lines; identity functions when colour is off. */
export type PromptStyle = Record<"title" | "error", (text: string) => string>;

export const PLAIN_STYLE: PromptStyle = { title: (t) => t, error: (t) => t };

interface PromptOptions {
	/** Pi's keybindings, for the cancel key (`tui.select.cancel`). */
	keys: { matches(data: string, binding: "tui.select.cancel"): boolean };
	/** How the hints name the cancel key (default "Escape"). */
	cancelKey?: string;
	requestRender(): void;
	style?: PromptStyle;
	/** The wording (default English): the `accessible*` keys. */
	messages?: Messages;
}

/** The one open dialog: choices for a select, none for a text question. */
interface Open {
	title: string;
	choices?: readonly string[];
	placeholder?: string;
	cancel: CancelMeaning;
	error?: string;
	/** A text question's: told the text as it is typed (the session records it before Enter). */
	onTyped?: (text: string) => void;
	/** A text question's: told the text it holds when the cancel key leaves it. */
	onLeft?: (text: string) => void;
	finish(reply: string | undefined): void;
}

/** Longest stretch of a wrong reply repeated in the re-prompt. */
const ECHO_CHARS = 40;

export class AccessiblePrompt implements Component, Focusable, DialogHost {
	private readonly options: PromptOptions;
	private readonly style: PromptStyle;
	private readonly m: Messages;
	/** Keeps the reply as typed and draws its sanitized form. */
	private readonly field: ShownInput;
	private open: Open | undefined;
	/** Keys that came between two dialogs (microtasks apart) from a quick typist or a paste: the next reads them. */
	private typedAhead: string[] = [];
	private readonly disposal = new AbortController();
	/** Aborts when Pi disposes the component (the runner then stops the walk). */
	readonly disposed = this.disposal.signal;

	constructor(options: PromptOptions) {
		this.options = options;
		this.style = options.style ?? PLAIN_STYLE;
		this.m = options.messages ?? en;
		this.field = new ShownInput({ prompt: this.m.accessiblePrompt });
		this.field.onSubmit = (value) => this.submit(value);
	}

	get focused(): boolean {
		return this.field.focused;
	}

	set focused(value: boolean) {
		this.field.focused = value;
	}

	select(title: string, choices: string[], opts?: DialogOptions): Promise<string | undefined> {
		return this.ask({ title, choices: [...choices], cancel: opts?.cancel ?? "ask" }, opts?.signal);
	}

	input(title: string, placeholder?: string, opts?: DialogOptions & TypingOptions): Promise<string | undefined> {
		const open = { title, placeholder, cancel: "back" as const, onTyped: opts?.onTyped, onLeft: opts?.onLeft };
		return this.ask(open, opts?.signal, opts?.text);
	}

	handleInput(data: string): void {
		if (!this.open) {
			this.typedAhead.push(data);
			return;
		}
		// A cancel; a text question says what it holds, which the walker keeps by the core's rule.
		if (this.options.keys.matches(data, "tui.select.cancel")) {
			if (!this.open.choices) this.open.onLeft?.(this.field.getValue());
			this.close(undefined);
			return;
		}
		const open = this.open;
		const before = this.field.getValue();
		this.field.handleInput(data);
		// Still open (Enter closes it) and changed: what is typed is given, as in the TUI's editor.
		const now = this.field.getValue();
		if (this.open === open && !open.choices && now !== before) open.onTyped?.(now);
		this.options.requestRender();
	}

	render(width: number): readonly string[] {
		const open = this.open;
		if (!open) return [];
		const lines = plainLines(open.title, width).map((line) => this.style.title(line));
		if (open.choices) lines.push("", ...plainLines(numberedRows(open.choices).join("\n"), width));
		else if (open.placeholder) lines.push(...plainLines(this.m.accessiblePlaceholder(open.placeholder), width));
		lines.push("");
		if (open.error) lines.push(...plainLines(open.error, width).map((line) => this.style.error(line)));
		const key = this.options.cancelKey ?? "Escape";
		const hint = open.choices
			? this.m.accessibleChooseHint(open.choices.length, this.m[CANCEL_HINTS[open.cancel]](key))
			: this.m.accessibleInputHint(key);
		lines.push(...plainLines(hint, width), ...this.field.render(Math.max(1, width)));
		return lines;
	}

	invalidate(): void {
		this.field.invalidate();
	}

	dispose(): void {
		if (this.disposed.aborted) return;
		this.disposal.abort();
		this.close(undefined);
	}

	private ask(shown: Omit<Open, "finish">, signal: AbortSignal | undefined, text = ""): Promise<string | undefined> {
		this.close(undefined);
		if (this.disposed.aborted) return Promise.resolve(undefined);
		const reply = new Promise<string | undefined>((finish) => {
			this.open = { ...shown, finish };
			this.field.setValueAtEnd(text);
			this.options.requestRender();
			for (const data of this.typedAhead.splice(0)) this.handleInput(data);
		});
		return untilAborted(reply, signal, () => this.close(undefined));
	}

	private submit(value: string): void {
		const open = this.open;
		const typed = value.normalize("NFKC").trim();
		// A text question takes the text as typed; a choice takes a listed number, else it re-prompts.
		const reply = open?.choices ? open.choices[/^\d+$/.test(typed) ? Number(typed) - 1 : -1] : value;
		if (reply !== undefined || !open?.choices) {
			this.close(reply);
			return;
		}
		open.error = this.m.accessibleNotAChoice(cutAtGrapheme(sanitizeInline(typed), ECHO_CHARS), open.choices.length);
		this.field.setValue("");
		this.options.requestRender();
	}

	private close(reply: string | undefined): undefined {
		const open = this.open;
		if (!open) return;
		this.open = undefined;
		this.field.setValue("");
		open.finish(reply);
		if (!this.disposed.aborted) this.options.requestRender();
	}
}

/**
 * Each row read as "N. text". A row that already starts with its own number ("2. Redis", "[x] 2. Linux")
 * keeps it, moved to the front, instead of being numbered twice.
 */
function numberedRows(rows: readonly string[]): string[] {
	return rows.map((row, i) => {
		const own = /^(\[[x ]\] )?(\d+)\. (.*)$/s.exec(row);
		return own && Number(own[2]) === i + 1 ? `${i + 1}. ${own[1] ?? ""}${own[3] ?? ""}` : `${i + 1}. ${row}`;
	});
}

/** `text` as lines that fit `width`, box drawing (U+2500–U+257F) read as ASCII "-", "|" and "+". */
function plainLines(text: string, width: number): string[] {
	const ascii = text.replace(/[\u2500-\u257f]/g, (ch) => {
		if (/[─━┄┅┈┉╌╍═╴╶╸╺╼╾]/.test(ch)) return "-";
		return /[│┃┆┇┊┋╎╏║╵╷╹╻╽╿]/.test(ch) ? "|" : "+";
	});
	return wrapBlock(ascii, Math.max(1, width));
}
