/**
 * The marks the questionnaire and its transcript lines draw (✔ answered, ✘ not, ☐ a box), measured once
 * while the person reads. pi-tui measures a character of U+2600–U+27BF through its emoji regex, and V8 compiles that
 * regex (every emoji sequence there is) on its first two runs: 130–200 ms of Pi's main thread, paid by the
 * key that answered the first question of the process, or by the result line drawn as the call returned,
 * just before the model's next call. Measured once, pi-tui keeps the width of each.
 */
import { visibleWidth } from "@earendil-works/pi-tui";

/** Every mark of U+2600–U+27BF we draw: `viewAnsweredMark` (all locales), pi/render-result.ts, pi/render-call.ts. */
const MARKS = ["✔", "✘", "☐"];

let measured = 0;

/** True once every mark has been measured in this process. */
export function marksMeasured(): boolean {
	return measured >= MARKS.length;
}

/** Measures the next mark; true while marks are left (one a call: each may cost a regex compile). */
export function measureNextMark(): boolean {
	const mark = MARKS[measured];
	if (mark === undefined) return false;
	measured++;
	visibleWidth(mark);
	return !marksMeasured();
}
