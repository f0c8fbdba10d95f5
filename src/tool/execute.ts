/**
 * `execute` for ask_user_question: business validation, host choice, and one tool result whatever
 * happens. Pi-free: the Pi adapter passes the capabilities and dialogs in.
 */
import type { AskConfig } from "../config/schema.ts";
import { chooseHostPath, type HostCapabilities, wantsAccessible } from "../host/choose.ts";
import { settleAsk } from "../pending/policy.ts";
import type { PendingStore } from "../pending/store.ts";
import { capDetails, limitsFrom } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { answerCountdown } from "../util/countdown.ts";
import { answerFromAnywhere } from "./answer-anywhere.ts";
import type { EventBus } from "./answer-events.ts";
import { type OpenEnv, openOnHost } from "./open-on-host.ts";

/** The tool result handed back to Pi: text for the model, the structured result for everything else. */
export interface AskToolResult {
	content: { type: "text"; text: string }[];
	details: QuestionnaireResult;
	isError?: boolean;
}

/** What execute needs from the host. */
export interface ExecuteEnv extends HostCapabilities, OpenEnv {
	signal?: AbortSignal;
	/** The settings in force (limits, and whatever the host paths read); built-in defaults when absent. */
	config?: AskConfig;
	/** Pi's event bus: other extensions may answer the questionnaire there (tool/answer-channel.ts). */
	events?: EventBus;
	/** Whether an extension announced it answers questionnaires: then a session without a UI waits for it. */
	answerers?: { readonly present: boolean };
	/** The tool call's id: the late answer names the call by it. */
	callId?: string;
	/** The ids of the questionnaires asking now (shared by every call of the session; the answer channel reads it). */
	asking?: Set<string>;
	/**
	 * The session's questionnaires: gives each its id, and records it from the moment it is shown, what the
	 * person gives as they give it, and how it ended or that it stays pending. Without it, nothing outlives
	 * the call and the call id names the questionnaire.
	 */
	lifecycle?: Pick<PendingStore, "newId" | "asked" | "progressed" | "returned">;
	/**
	 * Without a UI: asks the nearest Pi above that can show the questions (src/relay), which answers as the
	 * person does there (host `relay`). Other extensions on the bus may still answer first.
	 */
	relay?: (questionnaire: Questionnaire, signal: AbortSignal | undefined) => Promise<QuestionnaireResult>;
}

/** One call's questionnaire: our id for it, and when it was asked. */
interface Asking {
	id: string | undefined;
	askedAt: number;
	questionnaire: Questionnaire;
}

/** Runs one call end to end. Never throws: every failure becomes a result the model can act on. */
export async function executeAskUserQuestion(params: unknown, env: ExecuteEnv): Promise<AskToolResult> {
	const validation = validateQuestionnaire(params);
	if (!validation.ok) {
		const message = "The questionnaire arguments are invalid.";
		return toToolResult(notShownResult("programmatic", "invalid_questions", message, validation.problems), [], env);
	}
	const questionnaire = validation.questionnaire;
	const questions = questionnaire.questions.map((q) => q.question);
	const asking: Asking = { id: env.lifecycle?.newId() ?? env.callId, askedAt: Date.now(), questionnaire };
	let result: QuestionnaireResult;
	try {
		const ending = { origin: "call" as const, onTimeout: env.config?.onTimeout, id: asking.id };
		result = await runOnHost(asking, env, (r) => settleAsk(r, ending));
	} catch (error) {
		const message = `The questionnaire failed to run: ${error instanceof Error ? error.message : String(error)}`;
		result = notShownResult("programmatic", "session_load_failed", message);
	}
	if (asking.id !== undefined) {
		const pending = result.pendingId !== undefined;
		env.lifecycle?.returned(asking.id, pending ? { pending } : { pending, outcome: result.outcome });
	}
	return toToolResult(result, questions, env);
}

/** Shows the questionnaire where it can be answered; `finish` makes the call's final result of the answer. */
async function runOnHost(
	asking: Asking,
	env: ExecuteEnv,
	finish: (result: QuestionnaireResult) => QuestionnaireResult,
): Promise<QuestionnaireResult> {
	const { id, questionnaire } = asking;
	// Accessible prompts when the config or the environment asks for them (decided in host/choose.ts).
	const accessible = env.accessible ?? wantsAccessible(env.config?.ui, process.env);
	const path = chooseHostPath({ ...env, accessible });
	const { events, lifecycle } = env;
	const anywhere = { asking: env.asking, finish, callId: env.callId };
	if (path === "none") {
		// Nobody at a UI here, but a Pi above can show it: the person answers there.
		const { relay } = env;
		if (relay !== undefined) {
			const ask = (signal: AbortSignal | undefined) => relay(questionnaire, signal);
			return events && id !== undefined
				? answerFromAnywhere(id, questionnaire, events, env.signal, ask, anywhere)
				: finish(await ask(env.signal));
		}
		// Nobody at a UI, but an extension answers: nothing is shown, the call waits for its answer.
		if (events && id !== undefined && env.answerers?.present) {
			const waiting = waitForTheBus(questionnaire, env);
			return answerFromAnywhere(id, questionnaire, events, env.signal, waiting, anywhere);
		}
		return notShownResult("programmatic", "no_ui", "This Pi session has no interactive UI (print or JSON mode).");
	}
	// Recorded as it opens (written as soon as its first frame is out): whatever ends Pi from then on, it comes back pending.
	if (id !== undefined) lifecycle?.asked({ id, callId: env.callId, askedAt: asking.askedAt, questionnaire });
	const onProgress = id === undefined || !lifecycle ? undefined : (p: Progress) => lifecycle.progressed(id, p);
	const open = (signal: AbortSignal | undefined) => openOnHost(path, questionnaire, env, { signal, onProgress });
	return events && id !== undefined
		? answerFromAnywhere(id, questionnaire, events, env.signal, open, anywhere)
		: finish(await open(env.signal));
}

/**
 * The host path with no host: resolves when `signal` fires (the tool's abort: interrupted; the bus
 * answered: ignored) or when the config's `timeout` runs out (timed out). Shows nothing.
 */
function waitForTheBus(questionnaire: Questionnaire, env: ExecuteEnv) {
	const count = questionnaire.questions.length;
	return (signal: AbortSignal): Promise<QuestionnaireResult> =>
		new Promise((resolve) => {
			const countdown = answerCountdown(env.config?.timeout);
			const end = (ending: "interrupted" | "timed_out") => {
				countdown?.disarm();
				countdown?.signal.removeEventListener("abort", onTimeout);
				signal.removeEventListener("abort", onAbort);
				resolve(finishedResult("programmatic", count, ending, { answers: [] }));
			};
			const onAbort = () => end("interrupted");
			const onTimeout = () => end("timed_out");
			if (signal.aborted) return end("interrupted");
			signal.addEventListener("abort", onAbort, { once: true });
			countdown?.signal.addEventListener("abort", onTimeout, { once: true });
		});
}

/** The model reads a budgeted text; `details` keep every string in full up to the hard cap. */
function toToolResult(result: QuestionnaireResult, questions: readonly string[], env: ExecuteEnv): AskToolResult {
	const text = resultText(result, questions, limitsFrom(env.config?.limits));
	const toolResult: AskToolResult = { content: [{ type: "text", text }], details: capDetails(result) };
	if (result.outcome === "not_shown") toolResult.isError = true;
	return toolResult;
}
