/**
 * What the questionnaire session is built from: Pi's TUI, themes and keybindings from `custom()`, the
 * `done` callback, and the optional host hooks (raw input, external editor, abort signal, error
 * reporting, key overrides). Types only.
 */

import type { EditorTheme, TUI } from "@earendil-works/pi-tui";
import type { Messages } from "../i18n/messages.ts";
import type { TextLimits } from "../protocol/budget.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import type { ReduceContext } from "../state/index.ts";
import type { Countdown } from "../util/countdown.ts";
import type { EditExternallyOptions, EditResult } from "./external-editor.ts";
import type { HostKeybindings, RawInput, WidgetHost } from "./host-ui.ts";
import type { OwnKeyOverrides } from "./keys.ts";
import type { ViewTheme } from "./view/theme.ts";

/** The external editor entry point (`editExternally`), injectable for tests. */
export type ExternalEditor = (text: string, options: EditExternallyOptions) => Promise<EditResult>;

/** Everything the session is built from. */
export interface SessionOptions {
	questionnaire: Questionnaire;
	/** Which questions apply (state/answers.ts); absent, every question does. */
	applies?: ReduceContext["applies"];
	/** Pi's TUI: redraws, terminal size, and the stop/start hand-over for the external editor. */
	tui: TUI;
	theme: ViewTheme;
	editorTheme: EditorTheme;
	/** Pi's keybindings manager (the user's host bindings). */
	keybindings: HostKeybindings;
	/** Receives the one result. */
	done(result: QuestionnaireResult): void;
	/** Overrides of our own `askUser.*` keys (the seam for configurable keys). */
	keys?: OwnKeyOverrides;
	/** Raw terminal input (`ctx.ui.onTerminalInput`); without it collapsing shows a one-line bar instead. */
	rawInput?: RawInput;
	/** Pi's widget slots (`ctx.ui.setWidget`): while the overlay is hidden one line says so and names the key. */
	widgets?: WidgetHost;
	/** Loads the external editor lazily by default. */
	editExternally?: ExternalEditor;
	/** The tool's abort signal: also ends a running external editor. */
	signal?: AbortSignal;
	/** Told about an internal failure that ended the questionnaire. */
	onError?(error: unknown): void;
	/**
	 * Runs once, just after the first frame reached the terminal (the bell, key warnings): what the
	 * person waits for is the questionnaire, so nothing else is done before it is drawn.
	 */
	afterFirstFrame?(): void;
	/** The locale's words for everything shown (`messagesIn(config.locale)`); English when absent. */
	messages?: Messages;
	/** What the model receives of typed text (config `limits`): the editor and Submit warn before a cut. */
	limits?: TextLimits;
	/** The answer timeout: shown as a countdown, disarmed by the first key; when it runs out the questionnaire ends as `timed_out`. */
	timeout?: Countdown;
	/** Config `onTimeout`: what the countdown says happens when it runs out ("close" when absent). */
	onTimeout?: "close" | "defer";
	/** What was given before (`/answer` on a pending questionnaire): the first state has it restored. */
	progress?: Progress;
	/** Told what was given as it changes, and as it ends; cheap, and must not throw (openOnHost sees to it). */
	onProgress?(progress: Progress): void;
}
