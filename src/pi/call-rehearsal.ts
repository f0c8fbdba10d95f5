/**
 * The tool call, rehearsed by the preload (pi/prewarm.ts) on the off-screen questionnaire (tui/warm-up.ts):
 * the sample runs through what a real call runs before its first frame — our repair of the arguments, the
 * transcript's call line, and `execute` from its checks through the answer race, the host's choice and the
 * screen's turn to the TUI. V8 compiles a function the first time it runs, and rehearsing only the TUI left
 * this part (about 1.5 ms) to the first real call: the call line while the arguments stream, `execute`
 * between Pi's check and the overlay. Nothing leaves it: the race listens on a bus of its own (Pi's bus never
 * hears of it), the questionnaire is recorded in a store of its own that writes nowhere (never the session's),
 * the UI is the rehearsal's, and it ends on its own signal.
 */
import { defaultMessages } from "../i18n/messages.ts";
import { PendingStore } from "../pending/store.ts";
import { DEFAULT_LIMITS } from "../protocol/budget.ts";
import { SAMPLE_ARGUMENTS } from "../protocol/sample-questionnaire.ts";
import type { EventBus } from "../tool/answer-events.ts";
import { prepareAskArguments } from "../tool/prepare-arguments.ts";
import { repairArguments } from "../tool/repair-arguments.ts";
import { plainHostTheme } from "../tui/plain-themes.ts";
import type { RehearsalAsk } from "../tui/warm-up.ts";
import { questionsOfArguments, sameJson } from "./call-questions.ts";
import { PI_THEMES } from "./host-ui.ts";
import { renderAskCall } from "./render-call.ts";

/** A transcript width for the call line: its code runs the same at any width. */
const COLUMNS = 120;

/** A bus nobody else listens on. */
const ownBus: EventBus = { emit() {}, on: () => () => {} };

/**
 * A pending store whose records go nowhere: the call records its questionnaire as a real one does, and
 * finds its questions in the call's arguments as a real one does (the session's check, pi/pending-session.ts),
 * so a real call's first moments after its frame do not compile that either.
 */
const nowhere = () =>
	new PendingStore({
		append() {},
		now: Date.now,
		later: () => () => {},
		randomId: () => "rehearsal",
		questionsInSession: (_callId, questionnaire) =>
			sameJson(questionsOfArguments(JSON.parse(JSON.stringify(SAMPLE_ARGUMENTS))), questionnaire),
	});

/** Asks the sample on the rehearsal's `ui` the way a tool call does, until `signal` ends it. */
export const rehearseCall: RehearsalAsk = async (ui, signal) => {
	// Pi's order: prepareArguments, then renderCall (as the arguments stream, and once more complete), then execute.
	const args = prepareAskArguments(SAMPLE_ARGUMENTS, DEFAULT_LIMITS);
	// Unstyled: Pi's theme is warm already, our code around it is what runs cold.
	renderAskCall(repairArguments(args), plainHostTheme, {}, defaultMessages).render(COLUMNS);
	const { executeAskUserQuestion } = await import("../ask/execute.ts");
	await executeAskUserQuestion(args, {
		hasUI: true,
		mode: "tui",
		// The overlay whatever the person's settings: that is what the rehearsal's UI shows.
		accessible: false,
		ui,
		themes: PI_THEMES,
		signal,
		callId: "rehearsal",
		events: ownBus,
		lifecycle: nowhere(),
	});
};
