/**
 * The opt-in answer timeout (config `timeout`): it ends a questionnaire nobody has touched, and only
 * that. The first sign of a person (a key, a dialog answered) disarms it for good, so it never cuts
 * anyone off mid-deliberation, the complaint that made other tools turn their timeouts off.
 * Imports nothing; the clock and timers are Node's (tests use fake timers).
 */

/** What a running countdown reports. */
export interface CountdownHandlers {
	/** The time ran out with nobody there. Called at most once, never after `disarm`. */
	expire(): void;
	/** Once a second while armed, for a visible countdown. */
	tick?(): void;
}

/** A countdown of `ms` from its creation until `expire`, unless `disarm` comes first. */
export class Countdown {
	private readonly deadline: number;
	private expiry: ReturnType<typeof setTimeout> | undefined;
	private ticker: ReturnType<typeof setInterval> | undefined;
	private ran = false;

	constructor(ms: number, handlers: CountdownHandlers) {
		this.deadline = Date.now() + ms;
		this.expiry = setTimeout(() => {
			this.disarm();
			this.ran = true;
			handlers.expire();
		}, ms);
		const { tick } = handlers;
		if (tick) this.ticker = setInterval(tick, 1000);
	}

	/** True until it expired or was disarmed. */
	get armed(): boolean {
		return this.expiry !== undefined;
	}

	/** True once the time ran out (never after an earlier `disarm`). */
	get expired(): boolean {
		return this.ran;
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

	/** Stops it for good: a person is there. */
	disarm(): void {
		clearTimeout(this.expiry);
		clearInterval(this.ticker);
		this.expiry = undefined;
		this.ticker = undefined;
	}
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
export function timeoutMs(seconds: number | undefined): number | undefined {
	return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined;
}
