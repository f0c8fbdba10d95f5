/**
 * What the person sees of a pairing, on Pi's own screen only: the code to type into the client that asked
 * (also as the desktop notification, for a person looking at another window), and, once typed, that the
 * client is paired. Nothing of it reaches the model. Pi-free: the adapter passes the host in.
 */
import type { AskConfig } from "../config/schema.ts";
import { notifyWaiting } from "../host/composing.ts";
import { messagesIn } from "../i18n/messages.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import type { HostUi } from "../tui/host-ui.ts";
import { spacedCode } from "./pairing.ts";

/** Shows the code for the client `name`; false when no UI can show it now. */
export function showPairingCode(ui: HostUi | undefined, config: AskConfig, name: string, code: string): boolean {
	if (ui === undefined) return false;
	const m = messagesIn(config.locale);
	ui.notify(m.relayPairingCode(sanitizeInline(name), spacedCode(code)), "warning");
	void notifyWaiting(config, m.relayPairingTitle, spacedCode(code));
	return true;
}

/** Says the client `name` is paired. */
export function showPaired(ui: HostUi | undefined, config: AskConfig, name: string): void {
	try {
		ui?.notify(messagesIn(config.locale).relayPaired(sanitizeInline(name)), "info");
	} catch {
		// The pairing holds; the notice is a courtesy.
	}
}
