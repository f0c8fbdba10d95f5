/**
 * The one rule of what stays pending, for a tool call and for `/answer` alike: a questionnaire put aside,
 * or cut short by anything but the person (an agent interrupt, a session switch, Pi quitting, the overlay
 * disposed), stays pending, so `/answer` can reopen it. Not one that waited unseen for another extension
 * (no UI: nobody could have answered it here), nor one relayed to a Pi above (one put aside there is
 * pending there). Everything else ends it. Pure; imports nothing from Pi or the terminal.
 */
import type { QuestionnaireResult } from "../protocol/result.ts";

export function staysPending(result: Pick<QuestionnaireResult, "outcome" | "host">): boolean {
	const shownHere = result.host === "tui" || result.host === "rpc";
	return shownHere && (result.outcome === "deferred" || result.outcome === "interrupted");
}

/**
 * With config `onTimeout: "defer"`, a questionnaire whose answer time ran out is put aside instead of
 * closed: `deferred`, marked `timedOut` so whoever reads it (the model here, or a subagent's model below
 * for a relayed one) is told the time ran out, never that the person chose to answer later.
 */
export function deferredOnTimeout(
	result: QuestionnaireResult,
	onTimeout: "close" | "defer" | undefined,
): QuestionnaireResult {
	return result.outcome === "timed_out" && onTimeout === "defer"
		? { ...result, outcome: "deferred", cancelled: false, timedOut: true }
		: result;
}
