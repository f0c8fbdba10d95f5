/**
 * pi-ask-user-question: registers the ask_user_question tool and keeps it visible only where a
 * human can answer. Kept tiny: no UI module is imported here, so loading costs Pi next to nothing.
 */
import { type ExtensionAPI, VERSION } from "@earendil-works/pi-coding-agent";
import { loadConfig } from "./config/load.ts";
import { resolveAgentDir } from "./config/paths.ts";
import { registerAnswerCommand } from "./pi/answer-command.ts";
import type { HostImport } from "./pi/argument-check-warm-up.ts";
import { installLateAnswers, relayedTraces } from "./pi/late-answer.ts";
import { installPendingQuestionnaires } from "./pi/pending-session.ts";
import { piVersionWarning } from "./pi/pi-version.ts";
import { installTuiPrewarm } from "./pi/prewarm.ts";
import { installRelay } from "./pi/relay.ts";
import { installReminder } from "./pi/remind.ts";
import { defineAskTool, drawBeforeRegistered, type ToolBus } from "./pi/tool-definition.ts";
import { installVisibilityReconciler } from "./pi/visibility.ts";
import { warnOnceShown } from "./pi/warn.ts";
import { Answerers } from "./tool/answer-events.ts";
import { servePendingOnTheBus } from "./tool/answer-pending.ts";
import { otherProvider, stepAsideNotice } from "./tool/coexist.ts";
import { DEFAULT_GUIDANCE, TOOL_NAME } from "./tool/guidance.ts";
import { attempt } from "./util/records.ts";

/** The extension factory Pi calls on load; the entry adds its importer of host packages (src/bundle-entry.ts). */
export default function askUserQuestion(pi: ExtensionAPI, importHost?: HostImport): void {
	const agentDir = resolveAgentDir();
	// Project config needs the trust decision, known only at session_start; start from the global file.
	let config = loadConfig({ agentDir, cwd: process.cwd(), projectTrusted: false }).config;
	const currentConfig = () => config;
	// Extensions that answer questionnaires announce themselves on Pi's event bus (tool/answer-events.ts).
	const answerers = new Answerers(pi.events);
	// Without a UI, `relay` asks the nearest Pi above that can show the questions (pi/relay.ts).
	const bus: ToolBus = { events: pi.events, answerers, relay: () => relay.ask() };

	const reported = new Set<string>();
	const report = (ctx: Parameters<typeof warnOnceShown>[0], warning: string) => {
		if (reported.has(warning)) return;
		reported.add(warning);
		// Shown below the restored conversation, not above it (pi/warn.ts).
		warnOnceShown(ctx, warning);
	};
	// An older Pi than the compat smoke covers: still registered, with one warning saying so.
	const versionWarning = piVersionWarning(VERSION);
	// The tool is registered here, at session start, not while Pi loads extensions: Pi exits when two
	// extensions register one tool name while loading, and another package may provide ask_user_question
	// (rpiv-ask-user-question, gentle-pi). All of them have loaded by now: if one did, ours steps aside
	// and one line says which package provides it and how to make it ours (tool/coexist.ts).
	let registered = false;
	/** The guidance the tool was registered with, as JSON: a config reload that changes it registers it again. */
	let registeredGuidance: string | undefined;
	pi.on("session_start", (_event, ctx) => {
		// An older Pi (0.74) has no project trust: the project file is then never trusted.
		const projectTrusted = typeof ctx.isProjectTrusted === "function" && ctx.isProjectTrusted();
		const load = loadConfig({ agentDir, cwd: ctx.cwd, projectTrusted });
		for (const warning of versionWarning ? [versionWarning, ...load.warnings] : load.warnings) report(ctx, warning);
		config = load.config;
		const other = registered ? undefined : otherProvider(pi.getAllTools(), TOOL_NAME);
		if (other !== undefined) return report(ctx, stepAsideNotice(other));
		// Each text set in the config replaces the built-in one.
		const guidance = { ...DEFAULT_GUIDANCE, ...config.guidance };
		if (JSON.stringify(guidance) !== registeredGuidance) {
			registeredGuidance = JSON.stringify(guidance);
			pi.registerTool(defineAskTool(guidance, currentConfig, bus, pending));
			registered = true;
		}
	});
	// Questionnaires that outlive their call: recorded in the session, restored at its start (after the
	// config above, so the footer speaks the project's locale), reopened with /answer.
	const pending = installPendingQuestionnaires(pi, currentConfig, agentDir);
	// Their answers (or a decline) reach the agent as a message once they are given (pi/late-answer.ts).
	// Another extension may answer them over the bus; `closed` fires once each is settled, here or there.
	const channel = servePendingOnTheBus({
		events: pi.events,
		store: pending,
		deliver: installLateAnswers(pi, currentConfig),
	});
	const answer = registerAnswerCommand(pi, {
		store: pending,
		config: currentConfig,
		events: pi.events,
		deliver: channel.settled,
	});
	// Pis started below this one ask through it; without a UI, this one asks the nearest Pi above (pi/relay.ts).
	const relay = installRelay(pi, {
		config: currentConfig,
		store: pending,
		events: pi.events,
		agentDir,
		trace: relayedTraces(pi, currentConfig),
	});
	// With `remind` set: a desktop notification while questionnaires wait and Pi is idle (pi/remind.ts).
	installReminder(pi, { store: pending, config: currentConfig, answering: answer.answering });
	// Calls drawn before that registration (the conversation of /reload, /resume, /new, a fork) look the same.
	drawBeforeRegistered(pi, currentConfig, () => !registered && providedElsewhere(pi));
	// The questionnaire UI loads while Pi waits (idle after start, or for the model), never on the start-up path.
	installTuiPrewarm(pi, { importHost });
	// Installed after the handler that registers the tool, so a registration never undoes the no-UI
	// removal; it leaves alone a tool of that name that is another package's.
	installVisibilityReconciler(
		pi,
		TOOL_NAME,
		() => answerers.present || relay.reachable(),
		() => registered,
	);
}

/** True when another extension has registered ask_user_question (asked before ours registers). */
function providedElsewhere(pi: ExtensionAPI): boolean {
	// Asked while Pi loads extensions (action methods throw then): nothing is drawn yet either.
	return attempt(() => otherProvider(pi.getAllTools(), TOOL_NAME) !== undefined, false);
}
