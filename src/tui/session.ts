/**
 * The interactive questionnaire: the component handed to Pi's `ctx.ui.custom()`. Data flows one way: key
 * → `routeKey` (session-input.ts) → Action → the store (session-store.ts: `reduce`, the effects, `onProgress`) → a frame
 * (session-frame.ts) of the state. The state owns the draft and note text; the embedded pi-tui `Editor`
 * is loaded from it when it opens and is the input device after that: a key `routeKey` leaves to it is
 * handled there and the text it makes becomes one `draft/edited` / `notes/edited` (one key: one reduce,
 * at most one frame asked for). Focus is forwarded, so only the focused editor emits CURSOR_MARKER and
 * IME works. It hides and shows itself through session-visibility.ts and runs the external editor
 * (session-external.ts).
 *
 * It always ends with exactly one result: `done` is called once, whether the user submits or declines,
 * the tool is aborted, the host disposes the overlay without asking (Pi does that on session reset), or
 * rendering/handling a key throws. A throw ends the questionnaire as `interrupted` with the answers
 * committed so far and is reported through `onError`: the model then gets what the user did answer
 * instead of a hung tool call, and the terminal is never left with a broken overlay.
 */
import type { Focusable } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { cutShortResult, type QuestionnaireResult } from "../protocol/result.ts";
import { editorTarget, type QuestionnaireState, type ReduceContext, startState } from "../state/index.ts";
import type { Countdown } from "../util/countdown.ts";
import { EmbeddedEditor } from "./embedded-editor.ts";
import type { OverlayControl } from "./host-ui.ts";
import { createSessionKeys, type SessionKeys } from "./keys.ts";
import { runExternalEditor } from "./session-external.ts";
import { SessionFrame } from "./session-frame.ts";
import { SessionInput } from "./session-input.ts";
import type { SessionOptions } from "./session-options.ts";
import { SessionStore } from "./session-store.ts";
import { SessionVisibility } from "./session-visibility.ts";

export type { ExternalEditor, SessionOptions } from "./session-options.ts";

/** The full questionnaire as a pi-tui component (Component + Focusable). */
export class QuestionnaireSession implements Focusable {
	private readonly store: SessionStore;
	private readonly context: ReduceContext;
	private readonly options: SessionOptions;
	private afterFirstFrame: (() => void) | undefined;
	private readonly m: Messages;
	private readonly keys: SessionKeys;
	private readonly editor: EmbeddedEditor;
	private readonly frame: SessionFrame;
	private readonly visibility: SessionVisibility;
	private readonly external = new AbortController();
	private hasFocus = false;
	/** No more keys, frames or effects: the result is sent or about to be. */
	private closed = false;
	private resultSent = false;
	private status: string | undefined;
	private readonly input: SessionInput;
	/** The answer timeout while nobody has pressed a key; shown as a countdown. */
	private readonly countdown: Countdown | undefined;
	/** Stops listening to the countdown (its owner disarms it). */
	private readonly stopCountdown: () => void;

	constructor(options: SessionOptions) {
		this.options = options;
		this.afterFirstFrame = options.afterFirstFrame;
		this.m = options.messages ?? defaultMessages;
		this.context = { questions: options.questionnaire.questions, host: "tui", applies: options.applies };
		const state = startState(this.context, options.progress);
		this.store = new SessionStore(state, this.context, {
			ports: {
				setEditorText: (text, undoTo) => this.editor.load(text, undoTo),
				openExternal: (requestId, text) => this.openExternal(requestId, text),
				setHidden: (hidden) => this.visibility.set(hidden),
				done: (result) => this.finish(result),
			},
			requestRender: () => options.tui.requestRender(),
			onProgress: options.onProgress,
			fail: (error) => this.fail(error),
			closed: () => this.closed,
		});
		this.keys = createSessionKeys(options.keybindings, options.keys);
		this.editor = new EmbeddedEditor(options.tui, options.editorTheme);
		this.frame = new SessionFrame({
			theme: options.theme,
			messages: this.m,
			context: this.context,
			tui: options.tui,
			keyLabel: this.keys.label,
			countdownDefers: options.onTimeout === "defer",
			limits: options.limits,
		});
		this.input = new SessionInput({ store: this.store, editor: this.editor, frame: this.frame, keys: this.keys.input });
		this.visibility = new SessionVisibility({
			rawInput: options.rawInput,
			widgets: options.widgets,
			isCollapseKey: (data) => this.keys.isCollapse(data),
			onToggle: () => this.store.dispatch({ type: "view/collapseToggled" }),
			noticeText: () => this.m.viewCollapsed(this.keys.label("askUser.collapse")),
			noticeStyle: options.theme.warning,
			closed: () => this.closed,
		});
		this.countdown = options.timeout;
		const onExpiry = () => this.store.dispatch({ type: "host/timedOut" });
		this.countdown?.signal.addEventListener("abort", onExpiry, { once: true });
		const stopTicking = this.countdown?.onTick(() => options.tui.requestRender());
		this.stopCountdown = () => {
			stopTicking?.();
			this.countdown?.signal.removeEventListener("abort", onExpiry);
		};
	}

	/** Set by the TUI; forwarded to the embedded editor while it is open. */
	get focused(): boolean {
		return this.hasFocus;
	}

	set focused(value: boolean) {
		this.hasFocus = value;
		this.syncEditorFocus();
	}

	/** The overlay handle from `custom()`'s `onHandle`; until then collapsing draws the one-line bar. */
	setOverlay(overlay: OverlayControl): void {
		this.visibility.setOverlay(overlay);
	}

	/** The current state (tests, diagnostics). */
	getState(): QuestionnaireState {
		return this.store.state;
	}

	/** The tool call was aborted: end with the answers so far. */
	abort(): void {
		this.store.dispatch({ type: "host/aborted" });
	}

	/** One key sequence or paste chunk: at most one frame is asked for, however much it changed. */
	handleInput(data: string): void {
		if (this.closed) return;
		this.frame.stopLayoutAhead();
		this.countdown?.personSeen();
		this.store.batch(() => {
			try {
				if (this.status !== undefined) this.store.wantRender();
				this.status = undefined;
				this.input.take(data);
			} catch (error) {
				this.fail(error);
			}
		});
	}

	render(width: number): readonly string[] {
		if (this.closed) return [];
		try {
			// pi-tui writes the frame right after rendering, in the same turn; so the next turn is after it.
			if (this.afterFirstFrame) setImmediate(runSideTask, this.afterFirstFrame);
			this.afterFirstFrame = undefined;
			const state = this.store.state;
			this.syncEditorFocus();
			return this.frame.draw(width, {
				state,
				editor: editorTarget(state) !== undefined ? this.editor : undefined,
				status: this.status,
				collapsedBar: this.visibility.collapsedBar,
				countdown: this.countdown?.secondsLeft(),
			});
		} catch (error) {
			this.fail(error);
			return [];
		}
	}

	invalidate(): void {
		this.frame.invalidate();
		this.editor.invalidate();
	}

	/** Pi calls this when the overlay goes away; without a result yet (a session reset) it ends the call. */
	dispose(): void {
		if (!this.resultSent) this.endWithAnswersSoFar();
		this.cleanUp();
	}

	private openExternal(requestId: number, text: string): void {
		runExternalEditor({
			text,
			terminal: this.options.tui,
			signal: this.options.signal,
			ended: this.external.signal,
			notice: this.m.tuiExternalEditorWaiting,
			editExternally: this.options.editExternally,
			answer: (result) => {
				if (this.closed) return;
				this.store.batch(() => {
					if (!result.ok) this.status = this.m.tuiExternalEditorFailed(result.error);
					this.store.dispatch({
						type: "editor/externalReturned",
						requestId,
						text: result.ok ? result.text : undefined,
					});
					// Pi's TUI was stopped for the editor: draw again even when nothing in the state changed.
					this.store.wantRender();
				});
			},
		});
	}

	private syncEditorFocus(): void {
		this.editor.focused = this.hasFocus && !this.closed && editorTarget(this.store.state) !== undefined;
	}

	private finish(result: QuestionnaireResult): void {
		if (this.resultSent) return;
		this.resultSent = true;
		// What was given as it ended (a draft kept as its answer included) reaches the record before the result.
		this.store.reportProgress();
		this.closed = true;
		this.cleanUp();
		this.options.done(result);
	}

	/** Ends as `interrupted` with the answers committed so far (abort, dispose, failure). */
	private endWithAnswersSoFar(): void {
		const result = this.store.interruptedResult();
		this.finish(result ?? cutShortResult("tui", this.context.questions.length));
	}

	/** Reports the failure and ends; the result is deferred, because Pi may be iterating its overlays now. */
	private fail(error: unknown): void {
		if (this.closed) return;
		this.closed = true;
		this.cleanUp();
		try {
			this.options.onError?.(error);
		} catch {
			// A failing reporter must not keep the tool call from ending.
		}
		queueMicrotask(() => this.endWithAnswersSoFar());
	}

	private cleanUp(): void {
		this.frame.stopLayoutAhead();
		this.stopCountdown();
		this.visibility.dispose();
		this.external.abort();
		this.editor.focused = false;
	}
}

/** Runs a task outside any caller (a timer): it must never throw into Pi's event loop. */
function runSideTask(task: () => void): void {
	try {
		task();
	} catch {
		// Side tasks (the bell, key warnings) are courtesies; the questionnaire goes on without them.
	}
}
