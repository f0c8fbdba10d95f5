/**
 * Desktop notifications, terminal side: the plan (src/notify/method.ts) for this terminal, written through
 * Pi's terminal (or stdout). Used when a questionnaire opens in the TUI (run.ts) and by the reminder
 * (src/pi/remind.ts). Inside tmux the automatic choice asks tmux once per process whether
 * `allow-passthrough` is on (`tmux display -p '#{allow-passthrough}'`, at most a second); until it has
 * answered nothing is sent, and without passthrough it is the BEL. Never throws: a notification is a
 * courtesy, never a reason for a questionnaire to fail.
 */
import { execFile } from "node:child_process";
import { type Env, type NotifySetting, needsPassthroughProbe, planNotification } from "../notify/method.ts";
import { type NotificationText, notificationSequence } from "../notify/sequence.ts";

/** Where the bytes go: Pi's `tui.terminal`, or anything with `write`. */
export interface NotifyTerminal {
	write(data: string): void;
}

/** How to notify here. */
export interface NotifyOptions {
	/** The setting in force (see `notifySetting`). */
	setting: NotifySetting;
	/** Default `process.env`. */
	env?: Env;
	/** Whether stdout is a terminal; default `process.stdout.isTTY`. */
	isTTY?: boolean;
	/** Asks tmux whether passthrough is on (tests replace it); default: {@link tmuxPassthrough}. */
	passthrough?: (env: Env) => Promise<boolean>;
	/** Asked again after waiting for tmux: false when the moment has passed (the questionnaire closed). */
	stillWanted?: () => boolean;
}

/**
 * Sends `text` the way this terminal understands, if at all. Synchronous unless tmux must be asked first;
 * resolves with whether anything was written.
 */
export function sendNotification(
	terminal: NotifyTerminal | undefined,
	text: NotificationText,
	options: NotifyOptions,
): Promise<boolean> {
	const env = options.env ?? process.env;
	const isTTY = options.isTTY ?? process.stdout.isTTY === true;
	const send = (passthrough: boolean | undefined): boolean => {
		if (options.stillWanted?.() === false) return false;
		const plan = planNotification({ setting: options.setting, env, isTTY, passthrough });
		if (!plan || !terminal) return false;
		try {
			terminal.write(notificationSequence(plan, text));
			return true;
		} catch {
			// A terminal that cannot take this cannot take much else either; the questionnaire goes on.
			return false;
		}
	};
	if (!isTTY || !terminal || !needsPassthroughProbe(options.setting, env)) return Promise.resolve(send(undefined));
	return (options.passthrough ?? tmuxPassthrough)(env).then(send, () => send(false));
}

/** How long tmux may take to answer. */
const PROBE_TIMEOUT_MS = 1_000;

const probes = new Map<string, Promise<boolean>>();

/** Whether tmux passes escape sequences through from this pane (asked once per pane and process). */
function tmuxPassthrough(env: Env): Promise<boolean> {
	const pane = env.TMUX_PANE ?? "";
	const key = `${env.TMUX ?? ""}|${pane}`;
	let probe = probes.get(key);
	if (!probe) {
		probe = askTmux(pane);
		probes.set(key, probe);
	}
	return probe;
}

function askTmux(pane: string): Promise<boolean> {
	const target = pane === "" ? [] : ["-t", pane];
	return new Promise((resolve) => {
		try {
			execFile(
				"tmux",
				["display-message", "-p", ...target, "#{allow-passthrough}"],
				{ timeout: PROBE_TIMEOUT_MS, windowsHide: true },
				(error, stdout) => resolve(!error && passthroughOn(String(stdout))),
			);
		} catch {
			resolve(false);
		}
	});
}

/** tmux 3.3 prints a flag (1/0); 3.4 a choice (on/off/all). */
function passthroughOn(answer: string): boolean {
	const value = answer.trim();
	return value === "1" || value === "on" || value === "all";
}
