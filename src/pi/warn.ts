/**
 * One way to tell the person something went wrong outside a questionnaire: in the UI where there is
 * one, on stderr otherwise (so print-mode users still learn of it). Never throws: a stale context
 * (after a session switch) must not turn a warning into a failure.
 *
 * What a session start finds (config warnings, unreadable saved questionnaires) goes through
 * `warnOnceShown`. Pi's TUI shows a notification as a line appended to the chat. At start-up (also
 * `--continue` and `--session`) Pi runs `session_start`, and only then renders the restored conversation
 * below what the chat already holds; after `/tree` it clears the chat once `session_tree` returns. A
 * warning sent from those handlers therefore lands above the whole transcript, out of view (or is
 * cleared). Between the handlers returning and that rendering Pi awaits nothing but promises it has
 * already settled (Pi 1.6: `bindExtensions` → `renderInitialMessages`; `navigateTree` → clear and
 * render), so the warning waits for the next turn of the event loop and then appears below the
 * conversation, just above the editor, where the person looks. (`/reload`, `/resume`, `/new` and a fork
 * render the conversation before `session_start`: there the wait changes nothing.)
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { attempt } from "../util/records.ts";

type WarningType = "warning" | "error" | "info";

/** Shows `message`, prefixed with the tool's name, as a warning (or `type`). */
export function warn(ctx: ExtensionContext, message: string, type: WarningType = "warning"): void {
	try {
		if (ctx.hasUI) ctx.ui.notify(`ask_user_question: ${message}`, type);
		else process.stderr.write(`ask_user_question: ${message}\n`);
	} catch {
		// Nowhere left to tell it.
	}
}

/**
 * `warn`, from a `session_start` or `session_tree` handler: with a UI, once Pi has drawn the session's
 * conversation (the next turn of the event loop, see above); without one, on stderr at once.
 */
export function warnOnceShown(ctx: ExtensionContext, message: string, type: WarningType = "warning"): void {
	if (ctx.hasUI) setTimeout(() => warn(ctx, message, type), 0);
	else warn(ctx, message, type);
}

/** True in Pi's own terminal UI; false in other modes and for a context gone stale (the session changed). */
export function inPiTui(ctx: ExtensionContext): boolean {
	return attempt(() => ctx.hasUI && ctx.mode === "tui", false);
}
