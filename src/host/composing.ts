/**
 * A questionnaire comes unbidden, often while the person is writing a message in Pi's editor: shown then,
 * their next keys (Enter among them) would answer it for them, and their message would be lost under it
 * (users of other agents report exactly this: claude-code#45374, oh-my-pi#5717). So it waits until they
 * send or clear what they are typing, and says once that it waits. Pi has no editor-change event: it looks
 * again every {@link POLL_MS}.
 */
import type { NotifySetting } from "../notify/method.ts";
import { attempt } from "../util/records.ts";
import { untilAborted } from "../util/until-aborted.ts";

const POLL_MS = 200;

/** Resolves once `composing()` is false or `signal` fired; `tell` runs once, first, if it has to wait. */
export async function afterComposing(
	composing: () => boolean,
	signal: AbortSignal | undefined,
	tell: () => void | Promise<void>,
): Promise<void> {
	if (signal?.aborted || !composing()) return;
	await tell();
	const pause = () => new Promise<void>((resolve) => setTimeout(resolve, POLL_MS));
	while (!signal?.aborted && composing()) await untilAborted(pause(), signal, () => undefined);
}

/**
 * A desktop notification (tui/notify.ts) the way the config says, loaded when first sent; never throws. A
 * questionnaire sends the one it would send as it shows when it begins to wait instead: whoever left a
 * draft in the editor and walked away still learns that a question waits. The reminder sends its own.
 */
export async function notifyWaiting(config: { notify?: NotifySetting; bell?: boolean }, title: string, body: string) {
	try {
		// Loaded when first needed: the relay reads `editorHoldsText` at Pi's start-up, and this is not for then.
		const [{ sendNotification }, { notificationText }, { notifySetting }] = await Promise.all([
			import("../tui/notify.ts"),
			import("../notify/sequence.ts"),
			import("../notify/method.ts"),
		]);
		await sendNotification(process.stdout, notificationText(title, body), { setting: notifySetting(config) });
	} catch {
		// A notification is a courtesy.
	}
}

/** Whether Pi's editor holds text now; false where it cannot say (RPC answers "", an older Pi, a stale context). */
export function editorHoldsText(ui: { getEditorText?(): string }): boolean {
	return attempt(() => (ui.getEditorText?.() ?? "").length > 0, false);
}
