/**
 * The interactive questionnaire: the component handed to Pi's `ctx.ui.custom()`. It owns the only
 * mutable questionnaire state and wires one direction: key → `routeKey` → Action → `reduce` → effects
 * (run by `runEffects` against this session's ports) → `QuestionnaireView`. It embeds pi-tui's `Editor`
 * for drafts and notes (focus is forwarded, so only the focused editor emits CURSOR_MARKER and IME works),
 * hides and shows itself through session-visibility.ts, runs the external editor (session-external.ts), and
 * tells `onProgress` what the person gave whenever it changes (the lifecycle records it).
 *
 * It always ends with exactly one result: `done` is called once, whether the user submits or declines,
 * the tool is aborted, the host disposes the overlay without asking (Pi does that on session reset), or
 * rendering/handling a key throws. A throw ends the questionnaire as `interrupted` with the answers
 * committed so far and is reported through `onError`: the model then gets what the user did answer
 * instead of a hung tool call, and the terminal is never left with a broken overlay.
 */
import type { Focusable } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../i18n/messages.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import {
	type Action,
	editorChanged,
	editorTarget,
	focusedPreview,
	givenChanged,
	initialState,
	isSubmitTab,
	progressOfState,
	type QuestionnaireState,
	type ReduceContext,
	reduce,
	restoredState,
	routeKey,
} from "../state/index.ts";
import { Countdown } from "../util/countdown.ts";
import { pasteOpenAfter } from "./editor-input.ts";
import { type EffectPorts, runEffects } from "./effects.ts";
import { EmbeddedEditor } from "./embedded-editor.ts";
import { IdleWork } from "./idle-work.ts";
import { createSessionKeys, type SessionKeys } from "./keys.ts";
import { dialogHeight } from "./layout.ts";
import { runExternalEditor } from "./session-external.ts";
import type { OverlayControl, SessionOptions } from "./session-options.ts";
import { SessionVisibility } from "./session-visibility.ts";
import type { ViewInput } from "./view/props.ts";
import { QuestionnaireView } from "./view/questionnaire-view.ts";

export type { ExternalEditor, OverlayControl, SessionOptions } from "./session-options.ts";

const PASTE_START = "\x1b[200~";
/**
 * How long after a frame, with no key in between, the previews the next keys may show start being laid
 * out. Longer than key repeat, so holding a key is never slowed; far shorter than anyone takes to read.
 */
const LAYOUT_AHEAD_AFTER_MS = 50;

/** The full questionnaire as a pi-tui component (Component + Focusable). */
export class QuestionnaireSession implements Focusable {
	private state: QuestionnaireState;
	private readonly context: ReduceContext;
	private readonly options: SessionOptions;
	private afterFirstFrame: (() => void) | undefined;
	private readonly m: Messages;
	private readonly keys: SessionKeys;
	private readonly editor: EmbeddedEditor;
	private readonly view: QuestionnaireView;
	private readonly visibility: SessionVisibility;
	private readonly external = new AbortController();
	private hasFocus = false;
	/** No more keys, frames or effects: the result is sent or about to be. */
	private closed = false;
	private resultSent = false;
	private status: string | undefined;
	/** A bracketed paste is open: its chunks are text for the editor, never keys. */
	private inPaste = false;
	private queue: Action[] = [];
	private dispatching = false;
	private input: ViewInput | undefined;
	/** Lays out the previews the next keys may show, while the person reads. */
	private readonly layoutAhead: IdleWork;
	/** The answer timeout while nobody has pressed a key; shown as a countdown. */
	private readonly countdown: Countdown | undefined;

	constructor(options: SessionOptions) {
		this.options = options;
		this.afterFirstFrame = options.afterFirstFrame;
		this.m = options.messages ?? defaultMessages;
		this.context = { questions: options.questionnaire.questions, host: "tui" };
		const { progress } = options;
		this.state = progress ? restoredState(this.context.questions, progress) : initialState(this.context.questions);
		this.keys = createSessionKeys(options.keybindings, options.keys);
		this.editor = new EmbeddedEditor(options.tui, options.editorTheme);
		this.view = new QuestionnaireView(options.theme, this.m);
		this.layoutAhead = new IdleWork(() => {
			const step = this.view.layoutAhead();
			if (step === "redraw") options.tui.requestRender();
			return step !== "done";
		}, LAYOUT_AHEAD_AFTER_MS);
		this.visibility = new SessionVisibility({
			rawInput: options.rawInput,
			widgets: options.widgets,
			isCollapseKey: (data) => this.keys.isCollapse(data),
			onToggle: () => this.dispatch({ type: "view/collapseToggled" }),
			noticeText: () => this.m.viewCollapsed(this.keys.label("askUser.collapse")),
			noticeStyle: options.theme.warning,
			closed: () => this.closed,
		});
		if (options.timeoutMs !== undefined)
			this.countdown = new Countdown(options.timeoutMs, {
				expire: () => this.dispatch({ type: "host/timedOut" }),
				tick: () => options.tui.requestRender(),
			});
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
		return this.state;
	}

	/** The tool call was aborted: end with the answers so far. */
	abort(): void {
		this.dispatch({ type: "host/aborted" });
	}

	handleInput(data: string): void {
		if (this.closed) return;
		this.layoutAhead.stop();
		// Someone is there: the timeout is for questionnaires nobody touches.
		this.countdown?.disarm();
		try {
			this.status = undefined;
			if (this.inPaste || data.includes(PASTE_START)) {
				this.paste(data);
				return;
			}
			const action = routeKey(data, this.state, this.keys.input);
			if (action) this.dispatch(this.withShownPreview(action));
		} catch (error) {
			this.fail(error);
		}
	}

	render(width: number): readonly string[] {
		if (this.closed) return [];
		try {
			// pi-tui writes the frame right after rendering, in the same turn; so the next turn is after it.
			if (this.afterFirstFrame) setImmediate(runSideTask, this.afterFirstFrame);
			this.afterFirstFrame = undefined;
			const lines = this.draw(width);
			this.layoutAhead.schedule();
			return lines;
		} catch (error) {
			this.fail(error);
			return [];
		}
	}

	invalidate(): void {
		this.input = undefined;
		this.view.invalidate();
		this.editor.invalidate();
	}

	/** Pi calls this when the overlay goes away; without a result yet (a session reset) it ends the call. */
	dispose(): void {
		if (!this.resultSent) this.endWithAnswersSoFar();
		this.cleanUp();
	}

	private draw(width: number): readonly string[] {
		const open = editorTarget(this.state) !== undefined;
		const maxHeight = dialogHeight(this.options.tui.terminal.rows);
		const prev = this.input;
		const countdown = this.countdown?.secondsLeft();
		if (
			!prev ||
			prev.state !== this.state ||
			prev.status !== this.status ||
			prev.maxHeight !== maxHeight ||
			prev.collapsedHint !== this.visibility.collapsedBar ||
			prev.countdown !== countdown
		) {
			this.input = {
				state: this.state,
				context: this.context,
				editor: open ? this.editor.component : undefined,
				status: this.status,
				maxHeight,
				collapsedHint: this.visibility.collapsedBar,
				keyLabel: this.keys.label,
				countdown,
				countdownDefers: this.options.onTimeout === "defer",
				limits: this.options.limits,
			};
			this.view.setInput(this.input);
		}
		this.syncEditorFocus();
		return this.view.render(width);
	}

	/**
	 * Runs actions one at a time: effects may dispatch again (editor text changes), never re-entrantly.
	 * Every entry point (keys, abort, the collapse listener, the external editor's answer) comes through
	 * here, so a throw anywhere in reduce or an effect ends the questionnaire instead of escaping.
	 */
	private dispatch(action: Action): void {
		this.queue.push(action);
		if (this.dispatching) return;
		this.dispatching = true;
		try {
			for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
				const step = reduce(this.state, next, this.context);
				const before = this.state;
				this.state = step.state;
				if (givenChanged(before, step.state)) this.reportProgress();
				runEffects(step.effects, this.ports);
			}
		} catch (error) {
			this.fail(error);
		} finally {
			this.queue = [];
			this.dispatching = false;
		}
	}

	/** A scroll of the preview carries what the last frame showed of it: its page, and where it ends. */
	private withShownPreview(action: Action): Action {
		if (action.type !== "preview/scrolled" && action.type !== "preview/paged") return action;
		const rows = this.view.previewTextRows();
		const drawn = this.input && focusedPreview(this.input.state, this.context);
		if (rows === undefined || !drawn) return action;
		const { tab, option } = drawn;
		return { ...action, shown: { tab, option, rows, maxOffset: this.view.previewMaxOffset() } };
	}

	private readonly ports: EffectPorts = {
		setEditorText: (text) => this.setEditorText(text),
		forwardKey: (data) => this.forwardToEditor(data),
		openExternal: (requestId, text) => this.openExternal(requestId, text),
		setHidden: (hidden) => this.visibility.set(hidden),
		requestRender: () => this.options.tui.requestRender(),
		done: (result) => this.finish(result),
	};

	/** Loads text into the editor; the draft or note follows what the editor holds (its line breaks, tabs). */
	private setEditorText(text: string): void {
		const shown = this.editor.load(text);
		if (shown === text) return;
		const action = editorChanged(this.state, shown);
		if (action) this.dispatch(action);
	}

	private forwardToEditor(data: string): void {
		const text = this.editor.feed(data);
		if (text === undefined) return;
		const action = editorChanged(this.state, text);
		if (action) this.dispatch(action);
	}

	/**
	 * A bracketed paste (one chunk from Pi's terminal, or several from a raw stream) goes to the editor as
	 * a whole, never through the keymap. Pasting while browsing a question opens its draft first.
	 */
	private paste(data: string): void {
		this.inPaste = pasteOpenAfter(data, this.inPaste);
		if (
			editorTarget(this.state) === undefined &&
			this.state.mode === "options" &&
			!isSubmitTab(this.state, this.state.tab)
		)
			this.dispatch({ type: "draft/opened" });
		if (editorTarget(this.state) === undefined) return;
		this.dispatch({ type: "editor/keyForwarded", data });
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
				if (!result.ok) this.status = this.m.tuiExternalEditorFailed(result.error);
				this.dispatch({ type: "editor/externalReturned", requestId, text: result.ok ? result.text : undefined });
				this.options.tui.requestRender();
			},
		});
	}

	private syncEditorFocus(): void {
		this.editor.setFocused(this.hasFocus && !this.closed && editorTarget(this.state) !== undefined);
	}

	private reportProgress(): void {
		try {
			this.options.onProgress?.(progressOfState(this.state));
		} catch {
			// Recording is the lifecycle's; a failure there must not cost the person the questionnaire.
		}
	}

	private finish(result: QuestionnaireResult): void {
		if (this.resultSent) return;
		this.resultSent = true;
		// What was given as it ended (a draft kept as its answer included) reaches the record before the result.
		this.reportProgress();
		this.closed = true;
		this.cleanUp();
		this.options.done(result);
	}

	/** Ends as `interrupted` with the answers committed so far (abort, dispose, failure). */
	private endWithAnswersSoFar(): void {
		let result: QuestionnaireResult | undefined;
		try {
			const step = reduce(this.state, { type: "host/aborted" }, this.context);
			this.state = step.state;
			for (const effect of step.effects) if (effect.type === "host/done") result = effect.result;
		} catch {
			// The state itself is broken: end without answers rather than not at all.
		}
		this.finish(result ?? finishedResult("tui", this.context.questions.length, "interrupted", { answers: [] }));
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
		this.layoutAhead.stop();
		this.countdown?.disarm();
		this.visibility.dispose();
		this.external.abort();
		this.editor.setFocused(false);
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
