/**
 * The one owner of the questionnaire state while the TUI shows it. `dispatch` runs actions one at a time
 * through `reduce` (an effect may dispatch again, never re-entrantly), tells `onProgress` whenever what
 * was given changed, and runs the effects against the session's ports (effects.ts). Everything one input,
 * timer or callback does ends in at most one render request, however many actions it took (`batch`).
 */
import type { Progress } from "../protocol/progress.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import {
	type Action,
	givenChanged,
	progressOfState,
	type QuestionnaireState,
	type ReduceContext,
	reduce,
} from "../state/index.ts";
import { type EffectPorts, runEffects } from "./effects.ts";

/** What the store needs from the session. */
export interface StoreHost {
	/** Runs every effect but a render request, which the store batches. */
	ports: Omit<EffectPorts, "requestRender">;
	/** Asks Pi's TUI for a frame. */
	requestRender(): void;
	/** Told what was given whenever it changes (the lifecycle records it). */
	onProgress?(progress: Progress): void;
	/** Something threw in `reduce` or in an effect: the session ends. */
	fail(error: unknown): void;
	/** True once the session has ended: actions left are dropped, no frame is asked for. */
	closed(): boolean;
}

/** The questionnaire state and the one way it changes. */
export class SessionStore {
	private current: QuestionnaireState;
	private readonly context: ReduceContext;
	private readonly host: StoreHost;
	private readonly ports: EffectPorts;
	private queue: Action[] = [];
	private dispatching = false;
	private depth = 0;
	private renderWanted = false;

	constructor(state: QuestionnaireState, context: ReduceContext, host: StoreHost) {
		this.current = state;
		this.context = context;
		this.host = host;
		this.ports = { ...host.ports, requestRender: () => this.wantRender() };
	}

	get state(): QuestionnaireState {
		return this.current;
	}

	/** Runs `action` and whatever its effects dispatch, in order; a throw anywhere ends the session. */
	dispatch(action: Action): void {
		this.queue.push(action);
		if (this.dispatching) return;
		this.dispatching = true;
		this.batch(() => {
			try {
				for (let next = this.queue.shift(); next && !this.host.closed(); next = this.queue.shift()) {
					const step = reduce(this.current, next, this.context);
					const before = this.current;
					this.current = step.state;
					if (givenChanged(before, step.state)) this.reportProgress();
					runEffects(step.effects, this.ports);
				}
			} catch (error) {
				this.host.fail(error);
			} finally {
				this.queue = [];
				this.dispatching = false;
			}
		});
	}

	/** Runs `run`; the frames it asks for (through actions or `wantRender`) become one request at its end. */
	batch(run: () => void): void {
		this.depth++;
		try {
			run();
		} finally {
			this.depth--;
			if (this.depth === 0 && this.renderWanted) {
				this.renderWanted = false;
				if (!this.host.closed()) this.host.requestRender();
			}
		}
	}

	/** Something on screen changed that is not the state (the editor's cursor, a status line). */
	wantRender(): void {
		this.renderWanted = true;
		if (this.depth === 0) this.batch(() => {});
	}

	/**
	 * The result to end with now, `interrupted` with what was committed (abort, dispose, failure), or
	 * undefined when the state itself is broken. Reduced here, not dispatched: the session may be closed.
	 */
	interruptedResult(): QuestionnaireResult | undefined {
		try {
			const step = reduce(this.current, { type: "host/aborted" }, this.context);
			this.current = step.state;
			for (const effect of step.effects) if (effect.type === "host/done") return effect.result;
		} catch {
			// The state itself is broken: the session ends without answers rather than not at all.
		}
		return undefined;
	}

	/** Tells `onProgress` what was given now. */
	reportProgress(): void {
		this.host.onProgress?.(progressOfState(this.current));
	}
}
