/**
 * The reminder while questionnaires are pending (config `remind`): `interval` after the last thing that
 * happened (the pending set changing, the agent starting or settling, a dialog opening or closing) it
 * reminds, if Pi is quiet then (idle, no dialog open), and again after each further `interval`. A person
 * busy with Pi is never reminded; one who walked away is, at the pace they chose.
 * Pure: the facts and the timer come in as functions.
 */

/** Shortest and longest interval accepted, in seconds (Node's timers cannot wait past ~24.8 days). */
export const REMIND_MIN_SECONDS = 10;
export const REMIND_MAX_SECONDS = 86_400;

/** The config's `remind`: "off", seconds, or a duration such as "90s", "10m", "1h". */
export type RemindSetting = "off" | number | string;

/**
 * The `remind` strings the config accepts: 10–86400 seconds, 1–1440 minutes or 1–24 hours, each a whole
 * number with its unit. (Kept to the range in the pattern itself, so a wrong value is refused with a
 * warning when the file is read, never silently bent.)
 */
export const REMIND_PATTERN =
	"^(?:(?:[1-9]\\d{1,3}|[1-7]\\d{4}|8[0-5]\\d{3}|86[0-3]\\d{2}|86400)s|(?:[1-9]\\d{0,2}|1[0-3]\\d{2}|14[0-3]\\d|1440)m|(?:[1-9]|1\\d|2[0-4])h)$";

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

/** The interval in milliseconds, or undefined when off (or a value outside what the config accepts). */
export function remindIntervalMs(setting: RemindSetting | undefined): number | undefined {
	if (setting === undefined || setting === "off") return undefined;
	let seconds: number;
	if (typeof setting === "number") seconds = setting;
	else {
		const match = /^(\d+)([smh])$/.exec(setting);
		if (!match) return undefined;
		seconds = Number(match[1]) * (UNIT_SECONDS[match[2] ?? "s"] ?? 1);
	}
	if (!Number.isFinite(seconds) || seconds < REMIND_MIN_SECONDS || seconds > REMIND_MAX_SECONDS) return undefined;
	return Math.round(seconds * 1000);
}

/** What the reminder reads and does. */
export interface ReminderHost {
	/** The interval now (the config may change at a session start); undefined: off. */
	intervalMs(): number | undefined;
	/** True while any questionnaire is pending. */
	pending(): boolean;
	/** True when the person is not busy with Pi: idle, no dialog open. */
	quiet(): boolean;
	/** Sends the reminder. */
	remind(): void;
	/** Runs `task` once after `ms`; returns what cancels it. */
	later(task: () => void, ms: number): () => void;
}

/**
 * Waits and reminds; {@link poke} on every change of the facts. While something is pending the timer always
 * runs, so a change nobody pokes about (a dialog on a Pi without dialog events) only costs one skipped turn.
 */
export class Reminder {
	private cancel: (() => void) | undefined;
	private readonly host: ReminderHost;

	constructor(host: ReminderHost) {
		this.host = host;
	}

	/** Something happened: the wait starts again, if anything is pending. */
	poke(): void {
		this.stop();
		const interval = this.host.intervalMs();
		if (interval === undefined || !this.host.pending()) return;
		this.cancel = this.host.later(() => this.fire(), interval);
	}

	/** No more reminders until the next poke. */
	stop(): void {
		this.cancel?.();
		this.cancel = undefined;
	}

	private fire(): void {
		this.cancel = undefined;
		if (this.host.pending() && this.host.quiet()) {
			try {
				this.host.remind();
			} catch {
				// A reminder that fails is only a missed courtesy; the next one may get through.
			}
		}
		this.poke();
	}
}
