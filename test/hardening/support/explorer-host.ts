/**
 * A dialog host for the walker that explores instead of following a script: on the first question it
 * opens the previews, adds a note and types an answer; on a multi-select question it checks the first
 * option and presses Done; in the review it submits. It records every title, option and placeholder it
 * is shown, so tests can check each one. `DIALOG_BUDGET` stops it should the walk loop.
 */
import type { DialogHost } from "../../../src/dialogs/host.ts";
import { rows } from "../../support/questions.ts";

/** One dialog as shown. */
export interface Shown {
	kind: "select" | "input";
	title: string;
	options: readonly string[];
	placeholder?: string;
}

const isPreviews = (row: string) => /preview/i.test(row) && !/^\[?.?\]?\s*\d/.test(row);
const isBackToOptions = (row: string) => /back to options/i.test(row);

/** The exploring host. */
export class ExplorerHost implements DialogHost {
	readonly shown: Shown[] = [];
	private readonly typed: string;
	private readonly note: string;
	private done = { previews: false, note: false, type: false };

	constructor(typed: string, note: string) {
		this.typed = typed;
		this.note = note;
	}

	async select(title: string, options: string[]): Promise<string | undefined> {
		this.shown.push({ kind: "select", title, options: [...options] });
		const back = options.find(isBackToOptions);
		if (back) return back;
		const once = (key: keyof ExplorerHost["done"], pick: (row: string) => boolean) => {
			if (this.done[key]) return undefined;
			const row = options.find(pick);
			if (row !== undefined) this.done[key] = true;
			return row;
		};
		return (
			once("previews", isPreviews) ??
			once("note", rows.addNote) ??
			once("type", rows.typeSomething) ??
			options.find((row) => rows.numbered(1)(row) && !rows.checked(row) && row.trim().startsWith("[")) ??
			options.find(rows.done) ??
			options.find(rows.submit) ??
			options.find(rows.numbered(1))
		);
	}

	async input(title: string, placeholder?: string): Promise<string | undefined> {
		this.shown.push({ kind: "input", title, options: [], placeholder });
		return /note/i.test(title) ? this.note : this.typed;
	}
}
