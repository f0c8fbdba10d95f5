/**
 * The accessible prompt: a plain-text pi-tui component that is also the dialog walker's `DialogHost`.
 * The walker asks one thing at a time (`select` or `input`); the prompt shows that one thing as plain
 * lines — the title, the choices as "1. …" rows, one line saying how to answer — and reads the reply
 * with pi-tui's `Input` (drawn sanitized, kept as typed): a number for a choice, text for a question. A reply that is not a listed
 * number re-prompts with a plain message; the cancel key (Pi's `tui.select.cancel`, Esc by default)
 * answers "cancelled", and the walker decides what that means, as on every dialog host (by the rule of
 * src/state/leave.ts), and tells the prompt, which says it beside the key ("Escape declines: the agent
 * is told you declined."); on a text question with something typed it answers that text instead, so
 * leaving never drops it.
 *
 * No box drawing, nothing told by colour alone (styles only repeat what the words say), and no SGR at
 * all when `colour` is off (NO_COLOR). Untrusted text arrives sanitized by the walker.
 */
import type { Component, Focusable } from "@earendil-works/pi-tui";
import type { CancelMeaning, DialogHost, DialogOptions } from "../../rpc/dialogs.ts";
import { sanitizeInline } from "../../text/sanitize.ts";
import { cutAtGrapheme } from "../../util/graphemes.ts";
import { ShownInput } from "../shown-text.ts";
import { numberedRows, withoutBoxDrawing, wrapPlain } from "./plain.ts";
import { type AccessibleStrings, accessibleEn } from "./strings.ts";

/** How the prompt may style its lines; identity functions when colour is off. */
export interface PromptStyle {
	title(text: string): string;
	error(text: string): string;
}

/** No styling at all. */
export const PLAIN_STYLE: PromptStyle = { title: (t) => t, error: (t) => t };

/** The keys the prompt reads from Pi: the cancel binding. */
interface PromptKeys {
	matches(data: string, binding: "tui.select.cancel"): boolean;
	getKeys?(binding: "tui.select.cancel"): readonly string[];
}

/** What the prompt is built from. */
export interface PromptOptions {
	keys: PromptKeys;
	/** Asks Pi to draw again after a change. */
	requestRender(): void;
	style?: PromptStyle;
	strings?: AccessibleStrings;
	/** Told when Pi disposes the component (the runner stops the walk). */
	onDispose?(): void;
}

/** The one open dialog. */
interface Open {
	title: string;
	/** The choices; undefined for a text question. */
	choices: readonly string[] | undefined;
	placeholder: string | undefined;
	/** What the cancel key does on this choice (the walker says; "ask" when it does not). */
	cancel: CancelMeaning;
	error: string | undefined;
	finish(reply: string | undefined): void;
}

/** Longest stretch of a wrong reply repeated in the re-prompt. */
const ECHO_CHARS = 40;

/** The accessible questionnaire surface: a Component for `custom()` and a DialogHost for the walker. */
export class AccessiblePrompt implements Component, Focusable, DialogHost {
	private readonly options: PromptOptions;
	private readonly style: PromptStyle;
	private readonly strings: AccessibleStrings;
	/** Where the reply is typed: it keeps the reply as typed and draws its sanitized form. */
	private readonly field: ShownInput;
	private open: Open | undefined;
	private disposed = false;
	private hasFocus = false;

	constructor(options: PromptOptions) {
		this.options = options;
		this.style = options.style ?? PLAIN_STYLE;
		this.strings = options.strings ?? accessibleEn;
		this.field = new ShownInput({ prompt: this.strings.prompt });
		this.field.onSubmit = (value) => this.submit(value);
	}

	get focused(): boolean {
		return this.hasFocus;
	}

	set focused(value: boolean) {
		this.hasFocus = value;
		this.field.focused = value;
	}

	select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined> {
		return this.ask(title, [...options], undefined, opts?.signal, opts?.cancel ?? "ask");
	}

	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined> {
		return this.ask(title, undefined, placeholder, opts?.signal, "back");
	}

	handleInput(data: string): void {
		if (!this.open) return;
		if (this.options.keys.matches(data, "tui.select.cancel")) {
			// Leaving a text question keeps what was typed, as leaving the TUI's editor does.
			const typed = this.open.choices ? "" : this.field.getValue();
			this.close(typed.trim() === "" ? undefined : typed);
			return;
		}
		this.field.handleInput(data);
		this.options.requestRender();
	}

	render(width: number): readonly string[] {
		const open = this.open;
		if (!open) return [];
		const lines = wrapPlain(plain(open.title), width).map((line) => this.style.title(line));
		if (open.choices) {
			lines.push("");
			for (const row of numberedRows(open.choices.map(plain))) lines.push(...wrapPlain(row, width));
		} else if (open.placeholder) {
			lines.push(...wrapPlain(this.strings.placeholder(plain(open.placeholder)), width));
		}
		lines.push("");
		if (open.error) lines.push(...wrapPlain(open.error, width).map((line) => this.style.error(line)));
		const cancel = this.cancelKey();
		const hint = open.choices
			? this.strings.chooseHint(open.choices.length, this.strings.cancelHint(open.cancel, cancel))
			: this.strings.inputHint(cancel);
		lines.push(...wrapPlain(hint, width), ...this.field.render(Math.max(1, width)));
		return lines;
	}

	invalidate(): void {
		this.field.invalidate();
	}

	dispose(): void {
		if (this.disposed) return;
		this.disposed = true;
		this.close(undefined);
		this.options.onDispose?.();
	}

	private ask(
		title: string,
		choices: readonly string[] | undefined,
		placeholder: string | undefined,
		signal: AbortSignal | undefined,
		cancel: CancelMeaning,
	): Promise<string | undefined> {
		this.close(undefined);
		if (this.disposed || signal?.aborted) return Promise.resolve(undefined);
		return new Promise((resolve) => {
			const onAbort = () => this.close(undefined);
			signal?.addEventListener("abort", onAbort, { once: true });
			this.open = {
				title,
				choices,
				placeholder,
				cancel,
				error: undefined,
				finish: (reply) => {
					signal?.removeEventListener("abort", onAbort);
					resolve(reply);
				},
			};
			this.field.setValue("");
			this.options.requestRender();
		});
	}

	private submit(value: string): void {
		const open = this.open;
		if (!open) return;
		if (!open.choices) {
			this.close(value);
			return;
		}
		const typed = value.normalize("NFKC").trim();
		const n = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
		const choice = Number.isInteger(n) && n >= 1 ? open.choices[n - 1] : undefined;
		if (choice !== undefined) {
			this.close(choice);
			return;
		}
		open.error = this.strings.notAChoice(cutAtGrapheme(sanitizeInline(typed), ECHO_CHARS), open.choices.length);
		this.field.setValue("");
		this.options.requestRender();
	}

	private close(reply: string | undefined): void {
		const open = this.open;
		if (!open) return;
		this.open = undefined;
		this.field.setValue("");
		open.finish(reply);
		if (!this.disposed) this.options.requestRender();
	}

	/** The cancel key's name as the user bound it ("Escape" by default). */
	private cancelKey(): string {
		let first: string | undefined;
		try {
			first = this.options.keys.getKeys?.("tui.select.cancel")[0];
		} catch {
			first = undefined;
		}
		return (first ?? "escape")
			.split("+")
			.map((part) => (part === "" ? "+" : part[0]?.toUpperCase() + part.slice(1)))
			.join("+");
	}
}

function plain(text: string): string {
	return withoutBoxDrawing(text);
}
