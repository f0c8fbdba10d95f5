/**
 * A scripted fake of the walker's dialog host for the rpc-* tests: records every dialog it is
 * shown and answers from a script. A step is the reply itself (a string, or `undefined` to
 * cancel), an Error (the dialog rejects), or a function of the call. Past the end of the script
 * every dialog is cancelled, so a wrong script ends the walk instead of hanging the test.
 */
import type { DialogHost, DialogOptions } from "../../src/dialogs/host.ts";

/** One dialog the fake was shown. */
export type Call =
	| { kind: "select"; title: string; options: string[] }
	| { kind: "input"; title: string; placeholder: string | undefined };

/** One scripted reply. */
export type Step = string | undefined | Error | ((call: Call) => string | undefined | Promise<string | undefined>);

export class ScriptedHost implements DialogHost {
	readonly calls: Call[] = [];
	readonly signals: (AbortSignal | undefined)[] = [];
	/** The countdown each dialog was opened with (the answer timeout's time left), if any. */
	readonly timeouts: (number | undefined)[] = [];
	private next = 0;
	private readonly script: readonly Step[];

	constructor(script: readonly Step[] = []) {
		this.script = script;
	}

	/** Script steps not consumed: a finished scenario leaves none. */
	get remaining(): number {
		return this.script.length - this.next;
	}

	select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined> {
		return this.answer({ kind: "select", title, options: [...options] }, opts);
	}

	input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined> {
		return this.answer({ kind: "input", title, placeholder }, opts);
	}

	private async answer(call: Call, opts?: DialogOptions): Promise<string | undefined> {
		this.calls.push(call);
		this.signals.push(opts?.signal);
		this.timeouts.push(opts?.timeout);
		const step = this.script[this.next];
		if (this.next < this.script.length) this.next++;
		if (step instanceof Error) throw step;
		if (typeof step === "function") return step(call);
		return step;
	}
}

/** A select call, for exact expectations. */
export const sel = (title: string, options: string[]): Call => ({ kind: "select", title, options });

/** An input call, for exact expectations. */
export const inp = (title: string, placeholder: string): Call => ({ kind: "input", title, placeholder });
