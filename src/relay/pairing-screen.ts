/**
 * What the person sees of a pairing, on Pi's own screen only: the code to type into the client that asked
 * (also as the desktop notification, for a person looking at another window), and, once typed, that the
 * client is paired. While a questionnaire covers the chat (where the notice lands) the code is also a line
 * across the top of the screen (host/top-line.ts) until it is typed, runs out, or the questionnaire goes.
 * Nothing of it reaches the model. Pi-free: the adapter passes the host in.
 */
import type { AskConfig } from "../config/schema.ts";
import { notifyWaiting } from "../host/composing.ts";
import { showOnTop } from "../host/top-line.ts";
import { messagesIn } from "../i18n/messages.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import type { HostUi } from "../tui/host-ui.ts";
import { PAIRING, spacedCode } from "./pairing.ts";

/** Closes the code's top line, if one shows (one pairing at a time: peer-pairing.ts). */
let closeCodeLine = () => {};

/**
 * Shows the code for the client `name`; false when no UI can show it now. `covered()`: a questionnaire
 * covers Pi's chat now.
 */
export function showPairingCode(
	ui: HostUi | undefined,
	config: AskConfig,
	name: string,
	code: string,
	covered: () => boolean = () => false,
): boolean {
	if (ui === undefined) return false;
	const m = messagesIn(config.locale);
	const text = m.relayPairingCode(sanitizeInline(name), spacedCode(code));
	ui.notify(text, "warning");
	closeCodeLine();
	if (covered()) {
		const until = Date.now() + PAIRING.codeMs;
		closeCodeLine = showOnTop(ui, text, { showing: () => covered() && Date.now() < until });
	}
	void notifyWaiting(config, m.relayPairingTitle, spacedCode(code));
	return true;
}

/** Says the client `name` is paired. */
export function showPaired(ui: HostUi | undefined, config: AskConfig, name: string): void {
	closeCodeLine();
	try {
		ui?.notify(messagesIn(config.locale).relayPaired(sanitizeInline(name)), "info");
	} catch {
		// The pairing holds; the notice is a courtesy.
	}
}
