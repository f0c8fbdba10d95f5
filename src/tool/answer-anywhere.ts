/**
 * One questionnaire, answerable from two places: the host (the person at the terminal or in the editor)
 * and other extensions on Pi's event bus (answer-channel.ts). The first answer wins: an answer from the
 * bus closes the host's questionnaire (through the abort signal it runs under) and comes back with host
 * `programmatic` and who answered; a host result ends the listening. An answer that does not fit the
 * questions is refused on the bus with its problems and changes nothing. Listeners that throw cannot
 * break the call. Imports nothing from Pi or the terminal.
 */
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import { collect } from "../rpc/picks.ts";
import { eitherSignal } from "../util/signals.ts";
import { answerId, type ParsedAnswer, parseAnswer } from "./answer-channel.ts";
import { ANSWER_CHANNEL, ANSWER_CHANNEL_VERSION, type EventBus } from "./answer-events.ts";

/**
 * Runs `open` (the host path, under a signal that also fires when the bus answers first) and resolves
 * with whichever answer came first. Emits `asked` before and `closed` after, with the call's `id`.
 */
export async function answerFromAnywhere(
	id: string,
	questionnaire: Questionnaire,
	events: EventBus,
	signal: AbortSignal | undefined,
	open: (signal: AbortSignal) => Promise<QuestionnaireResult>,
): Promise<QuestionnaireResult> {
	const answeredElsewhere = new AbortController();
	const hostSignal = eitherSignal(signal, answeredElsewhere.signal);
	let fromBus: QuestionnaireResult | undefined;
	let settled = false;
	let busAnswered: () => void = () => {};
	const busAnswer = new Promise<void>((resolve) => {
		busAnswered = resolve;
	});
	const stopListening = listen(events, ANSWER_CHANNEL.answer, (payload) => {
		if (settled || answerId(payload) !== id) return;
		const parsed = parseAnswer(questionnaire, payload);
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
	try {
		// The questions are frozen (validation.ts), so listeners can read but not change them; the result is copied.
		emit(events, ANSWER_CHANNEL.asked, { version: ANSWER_CHANNEL_VERSION, id, questions: questionnaire.questions });
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
			result = fromBus ?? (hostResult as QuestionnaireResult);
		}
	} finally {
		settled = true;
		stopListening();
	}
	emit(events, ANSWER_CHANNEL.closed, { id, result: structuredClone(result) });
	return result;
}

/** The result of an answer from the bus: host `programmatic`, and who answered. */
function busResult(questionnaire: Questionnaire, answer: ParsedAnswer): QuestionnaireResult {
	const collected = collect(questionnaire, answer.picks);
	if (answer.globalNote !== undefined) collected.globalNote = answer.globalNote;
	const ended = answer.decline ? "declined" : "submitted";
	const result = finishedResult("programmatic", questionnaire.questions.length, ended, collected);
	if (answer.by !== undefined) result.answeredBy = answer.by;
	return result;
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
