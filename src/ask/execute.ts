/**
 * `execute` for ask_user_question: the call's arguments checked, the questionnaire asked (ask.ts), and one
 * tool result whatever happens. Pi-free: the Pi adapter passes the capabilities and dialogs in.
 */
import { type AskConfig, defaultConfig } from "../config/schema.ts";
import type { HostCapabilities } from "../host/choose.ts";
import { editorHoldsText } from "../host/composing.ts";
import { capDetails, limitsFrom } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { invalidCallResult } from "../tool/prepare-arguments.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import { type AskEnv, type AskStore, ask, noUiResult } from "./ask.ts";

/** The tool result handed back to Pi: text for the model, the structured result for everything else. */
export interface AskToolResult {
	content: { type: "text"; text: string }[];
	details: QuestionnaireResult;
	isError?: boolean;
}

/** What execute needs from the host: Pi's `ctx` and what asking needs besides (ask.ts). */
export interface ExecuteEnv
	extends HostCapabilities,
		Pick<AskEnv, "signal" | "events" | "answerers" | "relay" | "loadTui"> {
	/** Pi's `ctx.ui`: custom() for the TUI, select/input for the dialog walker. */
	ui: HostUi;
	/** Pi's theme builders for the TUI (the adapter's, src/pi/host-ui.ts); unstyled when absent (tests). */
	themes?: HostThemes;
	/** The settings in force (limits, and whatever the host paths read); built-in defaults when absent. */
	config?: AskConfig;
	/** The tool call's id: the late answer names the call by it. */
	callId?: string;
	/** The session's questionnaires (ask.ts); without it nothing outlives the call and the call id names it. */
	lifecycle?: AskStore;
}

/** Runs one call end to end. Never throws: every failure becomes a result the model can act on. */
export async function executeAskUserQuestion(params: unknown, env: ExecuteEnv): Promise<AskToolResult> {
	const config = env.config ?? defaultConfig();
	const validation = validateQuestionnaire(params);
	if (!validation.ok) return toToolResult(invalidCallResult(validation.problems), [], config);
	const { questionnaire } = validation;
	const { ui, themes, hasUI, mode } = env;
	const host = () => ({ ui, themes, hasUI, mode, composing: () => editorHoldsText(ui) });
	const asked = await ask(
		questionnaire,
		{ origin: "call", ...(env.callId === undefined ? {} : { callId: env.callId }) },
		{ ...env, host, config, store: env.lifecycle },
	);
	// A call is always asked: without a UI it ends at once, as not shown.
	const result = asked.asked ? asked.ending.result : noUiResult();
	return toToolResult(
		result,
		questionnaire.questions.map((q) => q.question),
		config,
	);
}

/** The model reads a budgeted text; `details` keep every string in full up to the hard cap. */
function toToolResult(result: QuestionnaireResult, questions: readonly string[], config: AskConfig): AskToolResult {
	const text = resultText(result, questions, limitsFrom(config.limits));
	const toolResult: AskToolResult = { content: [{ type: "text", text }], details: capDetails(result) };
	if (result.outcome === "not_shown") toolResult.isError = true;
	return toolResult;
}
