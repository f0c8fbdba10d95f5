/**
 * One questionnaire, answerable from two places: the host (the person at the terminal or in the editor)
 * and other extensions on Pi's event bus (tool/answer-channel.ts), the person's paired clients among them.
 * The first answer wins: one from the bus closes the host's questionnaire (through the abort signal it
 * runs under) and comes back with host `programmatic` and who answered; a host result ends the listening.
 * An answer that does not fit is refused on the bus with its problems; one saying `later: true` puts the
 * questionnaire aside (as the TUI's Answer later). `closed` is the lifecycle's to say (ask.ts), which alone
 * runs the race. Imports nothing from Pi or the terminal.
 */
import type { AnsweredBy } from "../protocol/answered-by.ts";
import type { LateAnswerSource } from "../protocol/late-answer.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { busResult, parseAnswer, parseLater } from "../tool/answer-channel.ts";
import {
	ANSWER_CHANNEL,
	answerId,
	askedPayload,
	type EventBus,
	emitQuietly,
	listenQuietly,
} from "../tool/answer-events.ts";
import { eitherSignal } from "../util/signals.ts";

/** How one race is run. */
export interface Race {
	events: EventBus;
	/** The asker's abort. */
	signal: AbortSignal | undefined;
	/** The host path, under a signal that also fires when the bus answers first. */
	open: (signal: AbortSignal) => Promise<QuestionnaireResult>;
	/** Reopened by `/answer`: announced as pending (its call returned). */
	reopened: boolean;
}

/** Runs `race.open` after announcing `item` (`asked`) and resolves with whichever answer came first. */
export async function raceTheBus(item: LateAnswerSource, race: Race): Promise<QuestionnaireResult> {
	const { events, signal, open } = race;
	const { id, questionnaire } = item;
	const answeredElsewhere = new AbortController();
	const hostSignal = eitherSignal(signal, answeredElsewhere.signal);
	let fromBus: QuestionnaireResult | undefined;
	let laterBy: AnsweredBy | undefined;
	let settled = false;
	const busAnswer = new Promise<undefined>((resolve) =>
		answeredElsewhere.signal.addEventListener("abort", () => resolve(undefined)),
	);
	const stopListening = listenQuietly(events, ANSWER_CHANNEL.answer, (payload) => {
		if (settled || answerId(payload) !== id) return;
		const parsed = parseLater(payload) ?? parseAnswer(questionnaire, payload);
		if (!parsed.ok) return emitQuietly(events, ANSWER_CHANNEL.rejected, { id, problems: parsed.problems });
		settled = true;
		// Put aside from elsewhere (`later`): the host's dialog closes as if the person chose Answer later there.
		if ("answer" in parsed) fromBus = busResult(questionnaire, parsed.answer);
		else laterBy = parsed.by;
		answeredElsewhere.abort();
	});
	try {
		emitQuietly(events, ANSWER_CHANNEL.asked, askedPayload(item, race.reopened));
		// Answered while being announced: nothing to show.
		if (fromBus) return fromBus;
		// The host's answer settles it the moment it exists: a bus answer after it, even in the same tick, is late.
		const onHost = open(hostSignal).then((hostAnswer) => {
			settled = true;
			return hostAnswer;
		});
		const hostResult = await Promise.race([onHost, busAnswer]);
		settled = true;
		// The host path ends promptly on its signal; waiting for it means its dialog is gone when the call returns.
		if (fromBus) await onHost.catch(() => undefined);
		if (fromBus) return fromBus;
		return laterBy === undefined ? (hostResult as QuestionnaireResult) : putAside(await onHost, laterBy);
	} finally {
		settled = true;
		stopListening();
	}
}

/**
 * The host's ending once someone elsewhere put the questionnaire aside: cut short in a UI of ours, it
 * becomes `deferred` by them (what was typed kept, so it stays pending as the TUI's Answer later leaves
 * it). An answer the host had already taken stands, and so does a cut short call that nobody saw here
 * (no UI: nothing could answer it later, so the model must not be told it will be).
 */
function putAside(given: QuestionnaireResult, by: AnsweredBy): QuestionnaireResult {
	const shown = given.host === "tui" || given.host === "rpc";
	return shown && given.outcome === "interrupted"
		? { ...given, outcome: "deferred", cancelled: false, answeredBy: by }
		: given;
}
