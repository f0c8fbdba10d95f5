/**
 * The one rule of how a questionnaire's ending counts (settleAsk below), for a tool call, `/answer` and a
 * Pi below's questionnaire alike. What stays pending: a questionnaire put aside,
 * or cut short by anything but the person (an agent interrupt, a session switch, Pi quitting, the overlay
 * disposed), stays pending, so `/answer` can reopen it. Not one that waited unseen for another extension
 * (no UI: nobody could have answered it here), nor one relayed to a Pi above (one put aside there is
 * pending there). Everything else ends it. Pure; imports nothing from Pi or the terminal.
 */
import type { QuestionnaireResult } from "../protocol/result.ts";

function staysPending(result: Pick<QuestionnaireResult, "outcome" | "host">): boolean {
	return shownHere(result) && (result.outcome === "deferred" || result.outcome === "interrupted");
}

function shownHere(result: Pick<QuestionnaireResult, "host">): boolean {
	return result.host === "tui" || result.host === "rpc";
}

/**
 * With config `onTimeout: "defer"`, a questionnaire whose answer time ran out is put aside instead of
 * closed: `deferred`, marked `timedOut` so whoever reads it (the model here, or a subagent's model below
 * for a relayed one) is told the time ran out, never that the person chose to answer later.
 */
function deferredOnTimeout(result: QuestionnaireResult, onTimeout: "close" | "defer" | undefined): QuestionnaireResult {
	return result.outcome === "timed_out" && onTimeout === "defer"
		? { ...result, outcome: "deferred", cancelled: false, timedOut: true }
		: result;
}

/** Where a questionnaire's life began: a tool call here, `/answer` reopening a pending one, a Pi below asking. */
export type AskOrigin = "call" | "answer" | "relayed";

/**
 * What a questionnaire's ending means for whoever asked it — the one decision for every origin: the answer
 * timeout's rule, only where it can stay pending (shown here: a call relayed up was timed above, under that
 * Pi's settings; one that waited unseen for an extension cannot be answered later here), then what stays
 * pending here, which carries `id` as `pendingId`. A Pi below's questionnaire stays pending here only when put aside (or
 * deferred by the timeout): cut short, its asker is gone or its Pi is ending, and nothing of it is kept.
 */
export function settleAsk(
	given: QuestionnaireResult,
	{ origin, onTimeout, id }: { origin: AskOrigin; onTimeout?: "close" | "defer"; id: string | undefined },
): QuestionnaireResult {
	const result = shownHere(given) ? deferredOnTimeout(given, onTimeout) : given;
	const pending = origin === "relayed" ? result.outcome === "deferred" : staysPending(result);
	return pending && id !== undefined ? { ...result, pendingId: id } : result;
}
