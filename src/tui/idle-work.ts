/**
 * Work done while the person reads (laying out the previews the next keys may show): after a quiet spell
 * with no key, runs `step` once per timer turn until it reports nothing left, so a key arriving meanwhile
 * waits for one step at most. A key stops it; the next frame schedules it again. A step is a courtesy:
 * one that throws ends the run quietly. Its timers never keep Pi's process alive.
 */
export class IdleWork {
	private readonly step: () => boolean;
	private readonly quietMs: number;
	private timer: ReturnType<typeof setTimeout> | undefined;

	/** `step` does one bounded piece of work and returns true while more is left. */
	constructor(step: () => boolean, quietMs: number) {
		this.step = step;
		this.quietMs = quietMs;
	}

	/** Starts the quiet spell, unless a run is already waiting or going. */
	schedule(): void {
		if (this.timer === undefined) this.after(this.quietMs);
	}

	/** Stops the run (a key came, or the questionnaire closed). */
	stop(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
	}

	private after(ms: number): void {
		this.timer = setTimeout(() => {
			this.timer = undefined;
			let more = false;
			try {
				more = this.step();
			} catch {
				// Only a head start is lost: the frame that needs the work does it itself.
			}
			if (more) this.after(0);
		}, ms);
		this.timer.unref?.();
	}
}
