/**
 * One way to tell the person something went wrong outside a questionnaire: in the UI where there is
 * one, on stderr otherwise (so print-mode users still learn of it). Never throws: a stale context
 * (after a session switch) must not turn a warning into a failure.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

/** Shows `message`, prefixed with the tool's name, as a warning (or `type`). */
export function warn(ctx: ExtensionContext, message: string, type: "warning" | "error" | "info" = "warning"): void {
	try {
		if (ctx.hasUI) ctx.ui.notify(`ask_user_question: ${message}`, type);
		else process.stderr.write(`ask_user_question: ${message}\n`);
	} catch {
		// Nowhere left to tell it.
	}
}
