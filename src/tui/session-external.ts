/**
 * The external editor (Ctrl+G) as the session runs it: `$VISUAL`/`$EDITOR` on the draft or note, loaded
 * only when first asked for, ended by the call's abort or the session's, and always answered exactly once
 * — with the edited text, or with why it failed — never synchronously (the reducer is still running the
 * effect that asked).
 */
import type { TUI } from "@earendil-works/pi-tui";
import { eitherSignal } from "../util/signals.ts";
import type { EditResult } from "./external-editor.ts";
import type { ExternalEditor } from "./session-options.ts";

/** What one run needs. */
export interface ExternalRun {
	text: string;
	terminal: TUI;
	/** The tool's abort (absent for /answer); the editor also ends with `ended`, the session's end. */
	signal: AbortSignal | undefined;
	ended: AbortSignal;
	/** Shown while the editor has the terminal. */
	notice: string;
	/** Replaces the editor (tests); the real one loads on first use. */
	editExternally?: ExternalEditor;
	answer(result: EditResult): void;
}

export function runExternalEditor(run: ExternalRun): void {
	const editor = run.editExternally ?? defaultEditExternally;
	const failed = (error: unknown) =>
		run.answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
	const signal = eitherSignal(run.signal, run.ended);
	try {
		editor(run.text, { terminal: run.terminal, signal, notice: run.notice }).then(run.answer, failed);
	} catch (error) {
		// Answer later, like a real editor would: the reducer is still running this effect.
		queueMicrotask(() => failed(error));
	}
}

/** Loads the external editor module only when Ctrl+G is pressed. */
const defaultEditExternally: ExternalEditor = async (text, options) => {
	const { editExternally } = await import("./external-editor.ts");
	return editExternally(text, options);
};
