/**
 * `execute` for ask_user_question: business validation, host choice, and one tool result whatever
 * happens. Pi-free: the Pi adapter passes the capabilities and dialogs in.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { chooseHostPath, type HostCapabilities, wantsAccessible } from "../host/choose.ts";
import { signalShown } from "../host/code-cache-signal.ts";
import { loadTui, type TuiLoad } from "../host/load-tui.ts";
import { untilAborted } from "../host/until-aborted.ts";
import { resolveLocale } from "../i18n/locale.ts";
import { messagesFor } from "../i18n/messages.ts";
import { capDetails, limitsFrom } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import { walkQuestionnaire } from "../rpc/walker.ts";
import { Countdown, timeoutMs } from "../util/countdown.ts";
import { answerFromAnywhere } from "./answer-anywhere.ts";
import type { EventBus } from "./answer-events.ts";
import { validateQuestionnaire } from "./validation.ts";

/** The tool result handed back to Pi: text for the model, the structured result for everything else. */
export interface AskToolResult {
	content: { type: "text"; text: string }[];
	details: QuestionnaireResult;
	isError?: boolean;
}

/** What execute needs from the host. */
export interface ExecuteEnv extends HostCapabilities {
	/** Pi's `ctx.ui`: custom() for the TUI, select/input for the dialog walker. */
	ui: ExtensionUIContext;
	signal?: AbortSignal;
	/** The settings in force (limits, and whatever the host paths read); built-in defaults when absent. */
	config?: AskConfig;
	/** Loads the TUI module graph (injectable for tests). */
	loadTui?: () => Promise<TuiLoad>;
	/** Pi's event bus: other extensions may answer the questionnaire there (tool/answer-channel.ts). */
	events?: EventBus;
	/** Whether an extension announced it answers questionnaires: then a session without a UI waits for it. */
	answerers?: { readonly present: boolean };
	/** The tool call's id: names the questionnaire on the event bus. */
	callId?: string;
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
	try {
		return toToolResult(settleTimeout(await runOnHost(questionnaire, env), env), questions, env);
	} catch (error) {
		const message = `The questionnaire failed to run: ${error instanceof Error ? error.message : String(error)}`;
		return toToolResult(notShownResult("programmatic", "session_load_failed", message), questions, env);
	}
}

async function runOnHost(questionnaire: Questionnaire, env: ExecuteEnv): Promise<QuestionnaireResult> {
	// Accessible prompts when the config or the environment asks for them (decided in host/choose.ts).
	const accessible = env.accessible ?? wantsAccessible(env.config?.ui, process.env);
	const path = chooseHostPath({ ...env, accessible });
	const { events, callId } = env;
	if (path === "none") {
		// Nobody at a UI, but an extension answers: nothing is shown, the call waits for its answer.
		if (events && callId !== undefined && env.answerers?.present)
			return answerFromAnywhere(callId, questionnaire, events, env.signal, waitForTheBus(questionnaire, env));
		return notShownResult("programmatic", "no_ui", "This Pi session has no interactive UI (print or JSON mode).");
	}
	// A questionnaire opens: the bundles' code cache can be written after it.
	signalShown();
	const open = (signal: AbortSignal | undefined) => openOnHost(path, questionnaire, env, signal);
	return events && callId !== undefined
		? answerFromAnywhere(callId, questionnaire, events, env.signal, open)
		: open(env.signal);
}

/**
 * The host path with no host: resolves when `signal` fires (the tool's abort: interrupted; the bus
 * answered: ignored) or when the config's `timeout` runs out (timed out). Shows nothing.
 */
function waitForTheBus(questionnaire: Questionnaire, env: ExecuteEnv) {
	const count = questionnaire.questions.length;
	const ms = timeoutMs(env.config?.timeout);
	return (signal: AbortSignal): Promise<QuestionnaireResult> =>
		new Promise((resolve) => {
			const end = (ending: "interrupted" | "timed_out") => {
				countdown?.disarm();
				signal.removeEventListener("abort", onAbort);
				resolve(finishedResult("programmatic", count, ending, { answers: [] }));
			};
			const onAbort = () => end("interrupted");
			const countdown = ms === undefined ? undefined : new Countdown(ms, { expire: () => end("timed_out") });
			if (signal.aborted) end("interrupted");
			else signal.addEventListener("abort", onAbort, { once: true });
		});
}

/** Shows the questionnaire on `path` until it ends or `signal` fires. */
async function openOnHost(
	path: "tui" | "accessible" | "dialogs",
	questionnaire: Questionnaire,
	env: ExecuteEnv,
	signal: AbortSignal | undefined,
): Promise<QuestionnaireResult> {
	// The person reads the questionnaire in their locale; the model's text (envelope.ts) stays English.
	const messages = messagesFor(resolveLocale(env.config?.locale, process.env));
	const walk = () =>
		walkQuestionnaire(questionnaire, env.ui, {
			host: "rpc",
			signal,
			messages,
			timeoutMs: timeoutMs(env.config?.timeout),
		});
	if (path === "dialogs") return walk();
	// An abort ends the call even while the module loads (an import that never settles included).
	const load = await untilAborted((env.loadTui ?? loadTui)(), signal, () => undefined);
	if (load === undefined) return finishedResult("tui", questionnaire.questions.length, "interrupted", { answers: [] });
	if (!load.ok) return notShownResult("tui", load.code, load.message);
	const result = await load.run(questionnaire, env.ui, {
		signal,
		config: env.config,
		messages,
		accessible: path === "accessible",
	});
	// custom() answered undefined: this host has dialogs but no custom UI after all.
	return result ?? walk();
}

/**
 * With `onTimeout: "defer"` an untouched questionnaire whose time ran out is put aside instead of
 * closed; a deferred questionnaire carries its id (the tool call's), under which it stays answerable.
 */
function settleTimeout(result: QuestionnaireResult, env: ExecuteEnv): QuestionnaireResult {
	const deferred =
		result.outcome === "timed_out" && env.config?.onTimeout === "defer"
			? { ...result, outcome: "deferred" as const, cancelled: false }
			: result;
	return deferred.outcome === "deferred" && env.callId !== undefined
		? { ...deferred, pendingId: env.callId }
		: deferred;
}

/** The model reads a budgeted text; `details` keep every string in full up to the hard cap. */
function toToolResult(result: QuestionnaireResult, questions: readonly string[], env: ExecuteEnv): AskToolResult {
	const text = resultText(result, questions, limitsFrom(env.config?.limits));
	const toolResult: AskToolResult = { content: [{ type: "text", text }], details: capDetails(result) };
	if (result.outcome === "not_shown") toolResult.isError = true;
	return toolResult;
}
