/**
 * One questionnaire on screen at a time, per process: this Pi's own (its tool calls, `/answer`) and the
 * ones relayed from Pis below it (src/relay) take turns, never interleaved. Whoever waits is shown in the
 * order they came, except that this Pi's own go before relayed ones still waiting: the person's own agent
 * is never kept behind a subagent's queue. One on screen is never interrupted by another. A turn given up
 * while waiting (its signal fired) leaves the queue at once. Pure: promises only.
 */

/** Whose questionnaire takes the turn. */
type Turn = "own" | "relayed";

interface Waiting {
	turn: Turn;
	start(): void;
}

/** The queue in front of one screen. */
class Screen {
	private showing = false;
	private readonly waiting: Waiting[] = [];

	/** How many wait for the screen now. */
	get queued(): number {
		return this.waiting.length;
	}

	/** Whether a questionnaire is on screen now. */
	get busy(): boolean {
		return this.showing;
	}

	/**
	 * Runs `show` once the screen is this caller's, and frees it when `show` settles. Resolves with what
	 * `show` gave, or `undefined` when `signal` fired before the turn came (nothing was shown).
	 */
	async take<T>(turn: Turn, signal: AbortSignal | undefined, show: () => Promise<T>): Promise<T | undefined> {
		if (signal?.aborted) return undefined;
		if (this.showing || this.waiting.length > 0) {
			const granted = await this.wait(turn, signal);
			if (!granted) return undefined;
		} else this.showing = true;
		try {
			return await show();
		} finally {
			this.showing = false;
			this.next();
		}
	}

	/** Waits for the turn; false when `signal` fired first. The screen is this caller's when it resolves true. */
	private wait(turn: Turn, signal: AbortSignal | undefined): Promise<boolean> {
		return new Promise((resolve) => {
			const entry: Waiting = {
				turn,
				start: () => {
					signal?.removeEventListener("abort", onAbort);
					resolve(true);
				},
			};
			const onAbort = () => {
				const at = this.waiting.indexOf(entry);
				if (at !== -1) this.waiting.splice(at, 1);
				resolve(false);
			};
			signal?.addEventListener("abort", onAbort, { once: true });
			this.waiting.push(entry);
		});
	}

	/** Gives the free screen to the first own one waiting, else to the first relayed one. */
	private next(): void {
		if (this.showing) return;
		const own = this.waiting.findIndex((w) => w.turn === "own");
		const [entry] = this.waiting.splice(own === -1 ? 0 : own, 1);
		if (entry === undefined) return;
		this.showing = true;
		entry.start();
	}
}

/** This process's screen: every questionnaire shown here takes its turn on it. */
export const SCREEN = new Screen();
