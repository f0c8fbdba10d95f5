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
import { cutShortResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import { openRelayLink, type RelayLink } from "./client.ts";
import type { RelayEndpoint } from "./env.ts";
import type { ServerMessage } from "./protocol.ts";
import { resultOfReply, unavailable } from "./reply.ts";

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
	const interrupted = () => cutShortResult("relay", count);
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
	if (message.type === "result") return resultOfReply({ ok: true, result: message.result }, questionnaire);
	if (message.type !== "error") return undefined;
	const { type: _, id: __, ...error } = message;
	return resultOfReply({ ok: false, ...error }, questionnaire);
}

function reason(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
