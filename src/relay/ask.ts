/**
 * The asking side: a Pi without a UI (print or JSON mode, a subagent) shows its questionnaire through the
 * relay of the nearest Pi above that can (env.ts says where) and waits for the person's answer there.
 * Every end is defined and none hangs: the answer (read back against these questions, reply.ts); the
 * tool call aborted (the child killed or stopped: the connection closes and the dialog above closes at
 * once); the Pi above gone (quit, crash: `relay_closed`); the relay unreachable or refusing
 * (`relay_unavailable`). Each becomes a QuestionnaireResult with host `relay`. No Pi imports.
 */
import type { Origin } from "../protocol/origin.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import { openRelayLink, type RelayLink } from "./client.ts";
import type { RelayEndpoint } from "./env.ts";
import type { ServerMessage } from "./protocol.ts";
import { readRelayedResult } from "./reply.ts";

/** The one ask id a connection uses: each ask has a connection of its own, so closing it cancels it. */
const ASK_ID = "ask";

/** Asks `questionnaire` through the relay at `endpoint`, as `from`; resolves with its result, never rejects. */
export async function askThroughRelay(
	endpoint: Pick<RelayEndpoint, "socket" | "token">,
	questionnaire: Questionnaire,
	from: Origin,
	signal: AbortSignal | undefined,
): Promise<QuestionnaireResult> {
	const count = questionnaire.questions.length;
	const interrupted = () => finishedResult("relay", count, "interrupted", { answers: [] });
	if (signal?.aborted) return interrupted();
	let link: RelayLink;
	try {
		link = await openRelayLink(endpoint.socket, endpoint.token, { client: "pi-ask-user-question" });
	} catch (error) {
		return unavailable(`the Pi session that started this one could not be reached (${reason(error)})`);
	}
	if (signal?.aborted) {
		link.close();
		return interrupted();
	}
	return new Promise<QuestionnaireResult>((resolve) => {
		let settled = false;
		const settle = (result: QuestionnaireResult) => {
			if (settled) return;
			settled = true;
			signal?.removeEventListener("abort", onAbort);
			stop();
			link.close();
			resolve(result);
		};
		// Aborted here: the closed connection cancels the ask above, whose dialog closes at once.
		const onAbort = () => settle(interrupted());
		const stop = link.onMessage((message) => {
			const result = resultOf(message, questionnaire);
			if (result !== undefined) settle(result);
		});
		void link.closed.then(() =>
			settle(
				notShownResult(
					"relay",
					"relay_closed",
					"The Pi session that started this one ended (or dropped the connection) before the questions were answered.",
				),
			),
		);
		signal?.addEventListener("abort", onAbort, { once: true });
		link.send({ type: "ask", id: ASK_ID, questions: questionnaire.questions, from });
	});
}

/** The call's result for a server message about our ask, or undefined for one that ends nothing. */
function resultOf(message: ServerMessage, questionnaire: Questionnaire): QuestionnaireResult | undefined {
	if (!("id" in message) || message.id !== ASK_ID) return undefined;
	switch (message.type) {
		case "result":
			return relayedResult(message.result, questionnaire);
		case "error":
			return message.code === "invalid_questions"
				? notShownResult("relay", "invalid_questions", message.message, message.problems)
				: unavailable(
						`the Pi session that started this one refused the questions (${message.code}: ${message.message})`,
					);
		default:
			return undefined;
	}
}

function relayedResult(value: unknown, questionnaire: Questionnaire): QuestionnaireResult {
	const read = readRelayedResult(questionnaire, value);
	if (read !== undefined) return read;
	const shownError = notShownReason(value);
	return shownError === undefined
		? unavailable("the Pi session that started this one sent an answer that does not fit the questions")
		: unavailable(`the Pi session that started this one could not show the questions (${shownError})`);
}

/** The reason of a `not_shown` result from above, when that is what it is. */
function notShownReason(value: unknown): string | undefined {
	if (typeof value !== "object" || value === null) return undefined;
	const { outcome, error } = value as { outcome?: unknown; error?: { message?: unknown } };
	if (outcome !== "not_shown") return undefined;
	return typeof error?.message === "string" ? error.message.slice(0, 500) : "no reason given";
}

function unavailable(message: string): QuestionnaireResult {
	return notShownResult("relay", "relay_unavailable", `The questions were not relayed: ${message}.`);
}

function reason(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
