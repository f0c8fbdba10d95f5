/**
 * What a questionnaire's ending means — the one decision for every way a questionnaire is asked (a tool
 * call here, `/answer` reopening a pending one, a Pi below asking through the relay), made by `endingOf`
 * and carried out by the lifecycle (src/ask/ask.ts), which decides nothing itself.
 *
 * - The answer timeout's rule first, only where the questionnaire can stay pending (shown here): with
 *   `onTimeout: "defer"` one whose time ran out is put aside, marked `timedOut` so whoever reads it is told
 *   the time ran out, never that the person chose to answer later. A call relayed up was timed above,
 *   under that Pi's settings; one that waited unseen for an extension cannot be answered later here.
 * - What stays pending: put aside, or cut short by anything but the person (an agent interrupt, a session
 *   switch, Pi quitting), so `/answer` can reopen it — for a questionnaire shown here. A Pi below's
 *   stays pending only when put aside: cut short, its asker is gone or its Pi is ending.
 * - One `/answer` could not show stays as it was.
 * Pure; imports nothing from Pi or the terminal.
 */
import type { QuestionnaireResult } from "../protocol/result.ts";

/** Where a questionnaire's life began: a tool call here, `/answer` reopening a pending one, a Pi below asking. */
export type AskOrigin = "call" | "answer" | "relayed";

/**
 * What becomes of the questionnaire: `pending` (kept in the session, reopened by `/answer`, its answers a
 * late answer), `settled` (its ending recorded; `closed` on the bus), `gone` (a Pi below's, never recorded
 * here: its result goes back to its asker, and `closed` on the bus).
 */
type Fate = "pending" | "settled" | "gone";

export interface Ending {
	/** What the asker reads: a tool call's model, the Pi below, or the agent here as a late answer. */
	result: QuestionnaireResult;
	fate: Fate;
	/** The result reaches this Pi's agent as a late answer (`/answer` settling one). */
	late: boolean;
	/** A Pi below's questionnaire answered here leaves a trace in this Pi's transcript. */
	traced: boolean;
}

/** Outcomes of a Pi below's questionnaire worth a trace here (one cut short gets a notice instead). */
const TRACED: ReadonlySet<string> = new Set(["answered", "partial", "declined", "timed_out"]);

/** The decision for `given` (what the host path or the bus answered); `id` is the questionnaire's. */
export function endingOf(
	given: QuestionnaireResult,
	{ origin, onTimeout, id }: { origin: AskOrigin; onTimeout?: "close" | "defer"; id: string },
): Ending {
	const here = given.host === "tui" || given.host === "rpc";
	const result =
		here && given.outcome === "timed_out" && onTimeout === "defer"
			? { ...given, outcome: "deferred" as const, cancelled: false, timedOut: true as const }
			: given;
	const putAside = result.outcome === "deferred";
	const cutShort = result.outcome === "interrupted";
	const pending =
		origin === "relayed"
			? putAside && here
			: (here && (putAside || cutShort)) || (origin === "answer" && result.outcome === "not_shown");
	if (pending) return { result: { ...result, pendingId: id }, fate: "pending", late: false, traced: false };
	if (origin === "relayed") return { result, fate: "gone", late: false, traced: TRACED.has(result.outcome) };
	return { result, fate: "settled", late: origin === "answer", traced: false };
}
