/**
 * The `remind` setting in a Pi session: while questionnaires are pending (put aside, or cut short), a desktop
 * notification with how many wait and what the oldest asks ("2 questionnaires waiting · /answer" over "Cache ·
 * Platforms"), sent the way `notify` says (tui/notify.ts), only in Pi's terminal UI, only while Pi is idle and
 * no dialog is open (src/notify/remind.ts decides when). Idle: between `agent_start` and `agent_end` /
 * `agent_settled` Pi is busy, and `ctx.isIdle()` must agree. Dialogs: Pi's `ui_prompt_start`/`ui_prompt_end`
 * (every extension dialog, ours included) and `/answer` having one open.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { notifyWaiting } from "../host/composing.ts";
import { messagesIn } from "../i18n/messages.ts";
import { Reminder, remindIntervalMs } from "../notify/remind.ts";
import { askedSubject } from "../notify/sequence.ts";
import type { PendingStore } from "../pending/store.ts";
import { attempt } from "../util/records.ts";
import { inPiTui } from "./warn.ts";

/** What the reminder reads. */
export interface ReminderDeps {
	store: PendingStore;
	config: () => AskConfig;
	/** True while `/answer` has a questionnaire open. */
	answering: () => boolean;
	/** Writes the notification (tests); default: stdout, the way `notify` says. */
	send?: (title: string, body: string, config: AskConfig) => void;
}

/** Installs the reminder; returns it (tests poke and stop it). */
export function installReminder(pi: ExtensionAPI, deps: ReminderDeps): Reminder {
	let ctx: ExtensionContext | undefined;
	let running = false;
	let dialogs = 0;
	const send = deps.send ?? ((title, body, config) => void notifyWaiting(config, title, body));
	const reminder = new Reminder({
		intervalMs: () => remindIntervalMs(deps.config().remind),
		pending: () => deps.store.list().length > 0,
		// Only Pi's own terminal UI: in RPC mode stdout is the protocol, and one stray byte would break it.
		quiet: () => ctx !== undefined && inPiTui(ctx) && !running && dialogs === 0 && !deps.answering() && idle(ctx),
		remind: () => {
			const list = deps.store.list();
			const oldest = list[0];
			if (!oldest) return;
			const config = deps.config();
			const messages = messagesIn(config.locale);
			send(messages.pendingStatus(list.length), askedSubject(oldest.questionnaire), config);
		},
		later: (task, ms) => {
			const timer = setTimeout(task, ms);
			// A reminder must never keep Pi from exiting.
			timer.unref();
			return () => clearTimeout(timer);
		},
	});
	const poke = () => reminder.poke();
	deps.store.subscribe(poke);
	pi.on("session_start", (_event, current) => {
		ctx = current;
		running = false;
		dialogs = 0;
		poke();
	});
	pi.on("session_shutdown", () => {
		ctx = undefined;
		reminder.stop();
	});
	pi.on("agent_start", () => {
		running = true;
		poke();
	});
	const settled = () => {
		running = false;
		poke();
	};
	pi.on("agent_end", settled);
	pi.on("agent_settled", settled);
	pi.on("ui_prompt_start", () => {
		dialogs++;
		poke();
	});
	pi.on("ui_prompt_end", () => {
		dialogs = Math.max(0, dialogs - 1);
		poke();
	});
	return reminder;
}

function idle(ctx: ExtensionContext): boolean {
	return attempt(() => typeof ctx.isIdle !== "function" || ctx.isIdle(), false);
}
