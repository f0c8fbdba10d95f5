/**
 * One questionnaire, answerable from two places: the host (the person at the terminal or in the editor)
 * and other extensions on Pi's event bus (answer-channel.ts). The first answer wins: an answer from the
 * bus closes the host's questionnaire (through the abort signal it runs under) and comes back with host
 * `programmatic` and who answered; a host result ends the listening. An answer that does not fit the
 * questions is refused on the bus with its problems and changes nothing; one saying `later: true` puts it
 * aside instead (the host's dialog closes, the call returns `deferred` and it stays pending). Listeners
 * that throw cannot break the call. A call that leaves its questionnaire pending (put aside, or cut short) emits no
 * `closed`: it is still answerable (answer-pending.ts), and `closed` fires once it is settled.
 * Imports nothing from Pi or the terminal.
 */
import type { AnsweredBy } from "../protocol/answered-by.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { eitherSignal } from "../util/signals.ts";
import { busResult, parseAnswer, parseLater } from "./answer-channel.ts";
import { ANSWER_CHANNEL, ANSWER_CHANNEL_VERSION, answerId, type EventBus } from "./answer-events.ts";

/** How a call's bus listening fits the rest of the session. */
export interface AnywhereOptions {
	/** The ids whose call is asking now: `id` is in it while this call listens (answer-pending.ts skips them). */
	asking?: Set<string>;
	/** Makes the call's final result (timeout handling, pending id) before `closed` is decided. */
	finish?: (result: QuestionnaireResult) => QuestionnaireResult;
	/** The tool call asking, announced beside our id so a bridge can tell which call it answers. */
	callId?: string;
	/** A Pi below asked it (src/relay): announced too, so a bridge can say who asks, as the dialog does. */
	from?: Origin;
}

/**
 * Runs `open` (the host path, under a signal that also fires when the bus answers first) and resolves
 * with whichever answer came first, made final by `options.finish`. Emits `asked` before and `closed`
 * after, with the call's `id`, unless the final result leaves it pending.
 */
export async function answerFromAnywhere(
	id: string,
	questionnaire: Questionnaire,
	events: EventBus,
	signal: AbortSignal | undefined,
	open: (signal: AbortSignal) => Promise<QuestionnaireResult>,
	options: AnywhereOptions = {},
): Promise<QuestionnaireResult> {
	const answeredElsewhere = new AbortController();
	const hostSignal = eitherSignal(signal, answeredElsewhere.signal);
	let fromBus: QuestionnaireResult | undefined;
	let settled = false;
	let busAnswered: () => void = () => {};
	const busAnswer = new Promise<void>((resolve) => {
		busAnswered = resolve;
	});
	let laterBy: AnsweredBy | undefined;
	const stopListening = listen(events, ANSWER_CHANNEL.answer, (payload) => {
		if (settled || answerId(payload) !== id) return;
		const later = parseLater(payload);
		if (later?.ok === true) {
			// Put aside from elsewhere: the host's dialog closes as if the person chose Answer later there.
			settled = true;
			laterBy = later.by;
			busAnswered();
			answeredElsewhere.abort();
			return;
		}
		const parsed = later ?? parseAnswer(questionnaire, payload);
		if (!parsed.ok) {
			emit(events, ANSWER_CHANNEL.rejected, { id, problems: parsed.problems });
			return;
		}
		settled = true;
		fromBus = busResult(questionnaire, parsed.answer);
		busAnswered();
		answeredElsewhere.abort();
	});
	let result: QuestionnaireResult;
	options.asking?.add(id);
	try {
		// The questions are frozen (validation.ts), so listeners can read but not change them; the result is copied.
		const { callId, from } = options;
		emit(events, ANSWER_CHANNEL.asked, {
			version: ANSWER_CHANNEL_VERSION,
			id,
			...(callId === undefined ? {} : { callId }),
			questions: questionnaire.questions,
			...(from === undefined ? {} : { from }),
		});
		// Answered while being asked: nothing to show.
		if (fromBus) result = fromBus;
		else {
			// The host's answer settles it the moment it exists: a bus answer after it, even in the same tick, is late.
			const onHost = open(hostSignal).then((hostAnswer) => {
				settled = true;
				return hostAnswer;
			});
			const hostResult = await Promise.race([onHost, busAnswer.then(() => undefined)]);
			settled = true;
			// The host path ends promptly on its signal; waiting for it means its dialog is gone when the call returns.
			if (fromBus) await onHost.catch(() => undefined);
			result =
				fromBus ?? (laterBy === undefined ? (hostResult as QuestionnaireResult) : putAside(await onHost, laterBy));
		}
	} finally {
		settled = true;
		stopListening();
		options.asking?.delete(id);
	}
	const final = options.finish ? options.finish(result) : result;
	if (final.pendingId === undefined) emit(events, ANSWER_CHANNEL.closed, { id, result: structuredClone(final) });
	return final;
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

/** Emits, never throwing: another extension's listener must not break the call. */
function emit(events: EventBus, channel: string, data: unknown): void {
	try {
		events.emit(channel, data);
	} catch {
		// The questionnaire goes on; the listener's failure is its own.
	}
}

/** Subscribes; a bus that fails to subscribe just means nobody can answer from it. */
function listen(events: EventBus, channel: string, handler: (data: unknown) => void): () => void {
	try {
		return events.on(channel, handler);
	} catch {
		return () => {};
	}
}
