/**
 * Shows a questionnaire on the host path the lifecycle chose for it (ask.ts) until it ends or the signal
 * fires: the TUI overlay or the accessible prompts (loaded on first use), else the dialog walker, with the
 * progress a reopened questionnaire had collected so it opens where the person left it. Only the lifecycle
 * calls it. Pi-free: the adapter passes Pi's `ctx.ui` in (src/pi/host-ui.ts).
 */
import type { AskConfig } from "../config/schema.ts";
import { walkQuestionnaire } from "../dialogs/walker.ts";
import { afterComposing, notifyWaiting } from "../host/composing.ts";
import { loadTui, type TuiLoad } from "../host/load-tui.ts";
import { notice } from "../host/notice.ts";
import { SCREEN } from "../host/screen.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import { askedLine } from "../notify/sequence.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { cutShortResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import { answerCountdown } from "../util/countdown.ts";
import { untilAborted } from "../util/until-aborted.ts";

/** What showing a questionnaire needs from the host. */
export interface OpenEnv {
	/** Pi's `ctx.ui`: custom() for the TUI, select/input for the dialog walker. */
	ui: HostUi;
	/** Pi's theme builders for the TUI (the adapter's, src/pi/host-ui.ts); unstyled when absent (tests). */
	themes?: HostThemes;
	/** The settings in force; built-in defaults when absent. */
	config?: AskConfig;
	/** Loads the TUI module graph (injectable for tests). */
	loadTui?: () => Promise<TuiLoad>;
}

/** How this opening differs from a first one. */
export interface OpenOptions {
	signal?: AbortSignal;
	/** What was given before (`/answer`): restored. */
	progress?: Progress;
	/** Told what was given as it changes, and as it ends (the session records it). */
	onProgress?: (progress: Progress) => void;
	/**
	 * A Pi below asked it (relayed, src/relay): shown with a line naming where it comes from, and it waits
	 * behind this Pi's own questionnaires for the screen.
	 */
	from?: Origin;
	/** It sends its desktop notification as it shows (false: the person asked for it, or was told already). */
	announce: boolean;
	/** The answer timeout runs while it is shown (the lifecycle's rule, ask.ts). */
	timed: boolean;
	/** Told once its turn came and it is being shown (it may have waited behind others). */
	onShown?: () => void;
}

/**
 * Shows `questionnaire` on `path` until it ends or `options.signal` fires, once the screen is free: one
 * questionnaire at a time (host/screen.ts). A signal that fires while it waits for its turn ends it as
 * interrupted with nothing shown.
 */
export async function openOnHost(
	path: "tui" | "accessible" | "dialogs",
	questionnaire: Questionnaire,
	env: OpenEnv,
	options: OpenOptions,
): Promise<QuestionnaireResult> {
	const shown = await SCREEN.take(options.from === undefined ? "own" : "relayed", options.signal, () =>
		show(path, questionnaire, env, options),
	);
	return shown ?? cutShortResult(hostOf(path), questionnaire.questions.length);
}

/** The host a result from `path` names. */
export function hostOf(path: "tui" | "accessible" | "dialogs"): "tui" | "rpc" {
	return path === "dialogs" ? "rpc" : "tui";
}

/**
 * Waits while the person writes in Pi's editor (host/composing.ts), telling them once what waits, on
 * screen and as the desktop notification; true when it did (the questionnaire then shows unannounced).
 */
export async function afterEditor(
	composing: () => boolean,
	ui: Pick<HostUi, "notify">,
	questionnaire: Questionnaire,
	config: AskConfig,
	{ from, signal }: { from?: Origin; signal: AbortSignal | undefined },
): Promise<boolean> {
	let told = false;
	await afterComposing(composing, signal, async () => {
		const m = messagesIn(config.locale);
		const asked = askedLine(questionnaire);
		const label = from === undefined ? undefined : await originLabelIn(from, m);
		notice(ui, label === undefined ? m.tuiWaitsForEditor(asked) : m.relayWaitsForEditor(label));
		// Whoever left a draft and walked away still learns that a question waits; not again as it shows.
		void notifyWaiting(config, label ?? m.tuiNotifyTitle(questionnaire.questions.length), asked);
		told = true;
	});
	return told;
}

/** Where a relayed questionnaire comes from, in the person's words (loaded only for relayed ones). */
async function originLabelIn(from: Origin, messages: Messages): Promise<string> {
	const { originLabel } = await import("../host/labelled-ui.ts");
	return originLabel(from, messages);
}

async function show(
	path: "tui" | "accessible" | "dialogs",
	questionnaire: Questionnaire,
	openEnv: OpenEnv,
	options: OpenOptions,
): Promise<QuestionnaireResult> {
	options.onShown?.();
	// The person reads the questionnaire in their locale; the model's text (envelope.ts) stays English.
	const messages = messagesIn(openEnv.config?.locale);
	const asker = options.from === undefined ? undefined : await labelled(openEnv, options.from, messages);
	const env = asker?.env ?? openEnv;
	const { signal, progress } = options;
	const onProgress = options.onProgress && quietly(options.onProgress);
	// The answer timeout runs from here until the showing ends.
	const timeout = options.timed ? answerCountdown(env.config?.timeout) : undefined;
	const walk = () =>
		walkQuestionnaire(questionnaire, env.ui, { host: "rpc", signal, messages, timeout, progress, onProgress });
	try {
		if (path === "dialogs") return await walk();
		// An abort ends the call even while the module loads (an import that never settles included).
		const load = await untilAborted((env.loadTui ?? loadTui)(), signal, () => undefined);
		if (load === undefined) return cutShortResult("tui", questionnaire.questions.length);
		if (!load.ok) return notShownResult("tui", load.code, load.message);
		const result = await load.run(questionnaire, env.ui, {
			signal,
			config: env.config,
			messages,
			accessible: path === "accessible",
			progress,
			onProgress,
			timeout,
			announce: options.announce,
			askedBy: asker?.label,
			themes: env.themes,
		});
		// custom() answered undefined: this host has dialogs but no custom UI after all.
		return result ?? (await walk());
	} finally {
		timeout?.disarm();
	}
}

/** `env` whose UI names where the questionnaire comes from, and that name (loaded only for relayed ones). */
async function labelled(env: OpenEnv, from: Origin, messages: Messages): Promise<{ env: OpenEnv; label: string }> {
	const { labelledUi } = await import("../host/labelled-ui.ts");
	const label = await originLabelIn(from, messages);
	return { env: { ...env, ui: labelledUi(env.ui, label) }, label };
}

/** Recording is the lifecycle's: a failure there must not cost the person the questionnaire. */
function quietly(record: (progress: Progress) => void): (progress: Progress) => void {
	return (progress) => {
		try {
			record(progress);
		} catch {
			// The questionnaire goes on; what it ends with still reaches the model.
		}
	};
}
