/**
 * The opt-in answer timeout (config `timeout`): it ends a questionnaire nobody has touched, and only
 * that. The first sign of a person (a key, a dialog answered) disarms it for good, so it never cuts
 * anyone off mid-deliberation, the complaint that made other tools turn their timeouts off.
 * Imports nothing; the clock and timers are Node's (tests use fake timers).
 */

/**
 * One questionnaire's answer timeout, started once where the call shows it (tool/open-on-host.ts, or
 * execute's wait for an answer on the bus) and handed to whichever host shows it: the TUI session shows it
 * and disarms it on a key, the dialog walker passes the time left to each dialog and disarms it on an
 * answer. `signal` aborts when the time runs out; a host listens to it as it does to the call's abort.
 */
export class Countdown {
	private readonly deadline: number;
	private readonly expiry = new AbortController();
	private timer: ReturnType<typeof setTimeout> | undefined;
	private ticker: ReturnType<typeof setInterval> | undefined;
	private readonly tickListeners = new Set<() => void>();

	constructor(ms: number) {
		this.deadline = Date.now() + ms;
		this.timer = setTimeout(() => {
			this.disarm();
			this.expiry.abort();
		}, ms);
	}

	/** Aborts once the time ran out with nobody there; never after `disarm`. */
	get signal(): AbortSignal {
		return this.expiry.signal;
	}

	/** True until it expired or was disarmed. */
	get armed(): boolean {
		return this.timer !== undefined;
	}

	/** True once the time ran out (never after an earlier `disarm`). */
	get expired(): boolean {
		return this.expiry.signal.aborted;
	}

	/** Milliseconds left (0 once past), or undefined when no longer armed. */
	msLeft(): number | undefined {
		return this.armed ? Math.max(0, this.deadline - Date.now()) : undefined;
	}

	/** Whole seconds left, rounded up (what a clock shows), or undefined when no longer armed. */
	secondsLeft(): number | undefined {
		const ms = this.msLeft();
		return ms === undefined ? undefined : Math.ceil(ms / 1000);
	}

	/** Calls `listener` once a second while armed (a visible clock); returns how to stop. */
	onTick(listener: () => void): () => void {
		if (!this.armed) return () => {};
		this.tickListeners.add(listener);
		this.ticker ??= setInterval(() => {
			for (const tick of this.tickListeners) tick();
		}, 1000);
		return () => {
			this.tickListeners.delete(listener);
			if (this.tickListeners.size === 0) this.stopTicking();
		};
	}

	/**
	 * A person is there — a key in the TUI, a dialog answered or dismissed — which every host reports here:
	 * the timeout is for questionnaires nobody touches, so the first sign of a person stops it for good.
	 */
	personSeen(): void {
		this.disarm();
	}

	/** Stops it for good: the showing ended (or a person is there: `personSeen`). */
	disarm(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.stopTicking();
	}

	private stopTicking(): void {
		clearInterval(this.ticker);
		this.ticker = undefined;
		this.tickListeners.clear();
	}
}

/**
 * The countdown of the config's `timeout` (seconds), or none: no usable number, or a questionnaire reopened
 * from `/answer` (the person just asked for it). The one place a questionnaire's answer timeout starts.
 */
export function answerCountdown(seconds: number | undefined, reopened = false): Countdown | undefined {
	const ms = reopened ? undefined : timeoutMs(seconds);
	return ms === undefined ? undefined : new Countdown(ms);
}

/** The seconds a countdown shows, as a clock: "4:05", or "1:02:03" from an hour on. */
export function clockText(seconds: number): string {
	const s = Math.max(0, Math.floor(seconds));
	const two = (n: number) => String(n).padStart(2, "0");
	const hours = Math.floor(s / 3600);
	const minutes = Math.floor((s % 3600) / 60);
	return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** A timeout setting in seconds as milliseconds, or undefined for "no timeout". */
function timeoutMs(seconds: number | undefined): number | undefined {
	return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined;
}
