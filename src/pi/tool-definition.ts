/**
 * Builds the ask_user_question ToolDefinition for Pi from the guidance in force. The Pi-facing
 * shell only: validation, host choice and results live in ask/execute.ts.
 */
import type { ExtensionAPI, ExtensionContext, ToolDefinition, ToolRenderers } from "@earendil-works/pi-coding-agent";
import type { AskStore, RelayAsk } from "../ask/ask.ts";
import type { AskConfig } from "../config/schema.ts";
import { messagesIn } from "../i18n/messages.ts";
import { limitsFrom } from "../protocol/budget.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import type { Answerers, EventBus } from "../tool/answer-events.ts";
import { type GuidanceTexts, TOOL_LABEL, TOOL_NAME } from "../tool/guidance.ts";
import { prepareAskArguments } from "../tool/prepare-arguments.ts";
import { repairArguments } from "../tool/repair-arguments.ts";
import { QuestionnaireParams, type QuestionnaireParamsInput } from "../tool/schema.ts";
import { piHost } from "./host-ui.ts";
import { renderAskCall } from "./render-call.ts";
import { renderAskResult } from "./render-result.ts";

/** Where else a call can be answered: other extensions on Pi's bus, and the relay to a Pi above. */
export interface ToolBus {
	events: EventBus;
	answerers?: Answerers;
	/** How to ask through the relay to the nearest Pi above (pi/relay.ts); undefined where there is none. */
	relay?: () => RelayAsk | undefined;
}

/**
 * The tool as registered with Pi; `config` returns the settings in force when a call runs; on `bus.events`
 * (Pi's shared bus) other extensions may answer a call's questionnaire (tool/answer-channel.ts),
 * and `bus.answerers` says whether one announced it always does; `lifecycle` (the session's store) holds what
 * is asked now and records each questionnaire from the moment it is shown, for `/answer`.
 */
export function defineAskTool(
	guidance: GuidanceTexts,
	config: () => AskConfig,
	bus?: ToolBus,
	lifecycle?: AskStore,
): ToolDefinition<typeof QuestionnaireParams, QuestionnaireResult> {
	return {
		name: TOOL_NAME,
		label: TOOL_LABEL,
		description: guidance.description,
		promptSnippet: guidance.promptSnippet,
		promptGuidelines: [...guidance.promptGuidelines],
		parameters: QuestionnaireParams,
		// Two calls in one assistant turn must never open two dialogs at once.
		executionMode: "sequential",
		// Declared to the model, never callable from other tools or codemode scripts.
		exposure: "model-only",
		// Repairs what real models send, and refuses what cannot be shown, before Pi checks the schema.
		// Typed as the schema's shape: Pi checks the schema right after, so what is not is refused there.
		prepareArguments: (args) => prepareAskArguments(args, limitsFrom(config().limits)) as QuestionnaireParamsInput,
		...askRenderers(config),
		async execute(toolCallId, params, signal, _onUpdate, ctx: ExtensionContext) {
			// Imported on the first call, not at load: validation, the RPC walker and the result envelope
			// are code Pi's start-up need not initialize (in dist/core.cjs the import stays in the bundle).
			const { executeAskUserQuestion } = await import("../ask/execute.ts");
			return executeAskUserQuestion(params, {
				hasUI: ctx.hasUI,
				mode: ctx.mode,
				...piHost(ctx.ui),
				signal,
				config: config(),
				events: bus?.events,
				answerers: bus?.answerers,
				callId: toolCallId,
				lifecycle,
				relay: bus?.relay?.(),
			});
		},
	};
}

/** How the transcript draws a call and its result, in the person's locale (`config` read per render). */
function askRenderers(config: () => AskConfig) {
	// Like the dialog; resolved per render, so a config reload applies.
	const messages = () => messagesIn(config().locale);
	return {
		// The transcript shows the call as repaired (Pi passes what the model sent).
		renderCall: (args, theme, context) => renderAskCall(repairArguments(args), theme, context, messages()),
		renderResult: (result, options, theme, context) => renderAskResult(result, options, theme, context, messages()),
	} satisfies ToolRenderers;
}

/**
 * Draws past ask_user_question calls with our renderers while no tool of that name is registered. Ours
 * registers at session start (tool/coexist.ts), and Pi draws the conversation of `/reload`, `/resume`,
 * `/new` and a fork before that: without this, those calls would show as raw arguments (`config` picks
 * the locale). A registered tool's own renderers always win, and when another package provides the tool
 * (`providedElsewhere`) its calls are never drawn as ours. A Pi without renderer resolvers (before 1.x)
 * draws them plainly there.
 */
export function drawBeforeRegistered(
	pi: ExtensionAPI,
	config: () => AskConfig,
	providedElsewhere: () => boolean,
): void {
	if (typeof pi.registerToolRenderer !== "function") return;
	pi.registerToolRenderer((toolName, next) => {
		const registered = next();
		if (toolName !== TOOL_NAME || registered !== undefined || providedElsewhere()) return registered;
		return askRenderers(config);
	});
}
