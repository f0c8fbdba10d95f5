/**
 * The attention bell: one BEL written through Pi's terminal when a questionnaire opens, so a person
 * working in another window or tab learns the agent is waiting (terminals flash, badge or beep,
 * as configured). Only on a real terminal: BEL in a pipe or a log is noise. Pi's `blocked` signal
 * (OSC "waiting for user") is the other half and is passed to `custom()` by the runners.
 */

/** The BEL control character. */
export const BEL = "\x07";

/** Where the bell is written: Pi's `tui.terminal`. */
export interface BellTerminal {
	write(data: string): void;
}

/** When to ring: the config's `bell`, and whether the output is a terminal. */
export interface BellOptions {
	/** The config's `bell` (default true). */
	enabled?: boolean;
	/** True when stdout is a TTY; defaults to `process.stdout.isTTY`. */
	isTTY?: boolean;
}

/** Rings once when enabled and on a TTY; returns whether it rang. Never throws. */
export function ringBell(terminal: BellTerminal | undefined, options: BellOptions = {}): boolean {
	const tty = options.isTTY ?? process.stdout.isTTY === true;
	if (options.enabled === false || !tty || !terminal) return false;
	try {
		terminal.write(BEL);
		return true;
	} catch {
		// A terminal that cannot take a BEL cannot take much else either; the questionnaire still opens.
		return false;
	}
}
