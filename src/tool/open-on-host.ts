/**
 * Shows a questionnaire on the host path chosen for it (host/choose.ts) until it ends or the signal
 * fires: the TUI overlay or the accessible prompts (loaded on first use), else the dialog walker. Used
 * by a tool call and by `/answer`, which passes the progress a pending questionnaire had collected so it
 * reopens where the person left it. Pi-free: the adapter passes Pi's `ctx.ui` in (src/pi/host-ui.ts).
 */
import type { AskConfig } from "../config/schema.ts";
import { walkQuestionnaire } from "../dialogs/walker.ts";
import { afterComposing, editorHoldsText, notifyWaiting } from "../host/composing.ts";
import { loadTui, type TuiLoad } from "../host/load-tui.ts";
import { SCREEN } from "../host/screen.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import { askedLine } from "../notify/sequence.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import { answerCountdown, type Countdown } from "../util/countdown.ts";
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
	/** What was given before (`/answer`): restored, and no answer timeout (the person just asked for it). */
	progress?: Progress;
	/** Told what was given as it changes, and as it ends (the session records it). */
	onProgress?: (progress: Progress) => void;
	/** The person opened it themselves (`/answer`): they are looking, so no desktop notification. */
	byPerson?: boolean;
	/**
	 * A Pi below asked it (relayed, src/relay): shown with a line naming where it comes from, and it waits
	 * behind this Pi's own questionnaires for the screen.
	 */
	from?: Origin;
	/** Its desktop notification went out already (it waited for the editor): none as it shows. */
	announced?: boolean;
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
	options: OpenOptions = {},
): Promise<QuestionnaireResult> {
	// Unbidden, it waits while the person writes in the editor (host/composing.ts); a relayed one has waited
	// already (relay/present.ts), and one opened with /answer was asked for.
	let announce = options.byPerson !== true && options.announced !== true;
	if (path !== "dialogs" && options.from === undefined && announce) {
		const m = messagesIn(env.config?.locale);
		const asked = askedLine(questionnaire);
		const tell = () => {
			notice(env.ui, m.tuiWaitsForEditor(asked));
			// Whoever left a draft and walked away still learns that a question waits; not again as it shows.
			void notifyWaiting(env.config ?? {}, m.tuiNotifyTitle(questionnaire.questions.length), asked);
			announce = false;
		};
		await afterComposing(() => editorHoldsText(env.ui), options.signal, tell);
	}
	const shown = await SCREEN.take(options.from === undefined ? "own" : "relayed", options.signal, () =>
		show(path, questionnaire, env, { ...options, announce }),
	);
	const host = path === "dialogs" ? "rpc" : "tui";
	return shown ?? finishedResult(host, questionnaire.questions.length, "interrupted", { answers: [] });
}

async function show(
	path: "tui" | "accessible" | "dialogs",
	questionnaire: Questionnaire,
	openEnv: OpenEnv,
	options: OpenOptions & { announce: boolean },
): Promise<QuestionnaireResult> {
	options.onShown?.();
	// The person reads the questionnaire in their locale; the model's text (envelope.ts) stays English.
	const messages = messagesIn(openEnv.config?.locale);
	const asker = options.from === undefined ? undefined : await labelled(openEnv, options.from, messages);
	const env = asker?.env ?? openEnv;
	// The answer timeout runs from here until the showing ends, on every host but the accessible prompts
	// (WCAG 2.2.1: a screen-reader user is never timed out), and never for a reopened questionnaire.
	const timeout =
		path === "accessible" ? undefined : answerCountdown(env.config?.timeout, options.progress !== undefined);
	const onProgress = options.onProgress && quietly(options.onProgress);
	try {
		return await showOn(path, questionnaire, env, { ...options, timeout, onProgress }, messages, asker?.label);
	} finally {
		timeout?.disarm();
	}
}

async function showOn(
	path: "tui" | "accessible" | "dialogs",
	questionnaire: Questionnaire,
	env: OpenEnv,
	options: OpenOptions & { announce: boolean; timeout: Countdown | undefined },
	messages: Messages,
	askedBy: string | undefined,
): Promise<QuestionnaireResult> {
	const { signal, progress, onProgress, timeout } = options;
	const walk = () =>
		walkQuestionnaire(questionnaire, env.ui, { host: "rpc", signal, messages, timeout, progress, onProgress });
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
		progress,
		onProgress,
		timeout,
		announce: options.announce,
		askedBy,
		themes: env.themes,
	});
	// custom() answered undefined: this host has dialogs but no custom UI after all.
	return result ?? walk();
}

/** `env` whose UI names where the questionnaire comes from, and that name (loaded only for relayed ones). */
async function labelled(env: OpenEnv, from: Origin, messages: Messages): Promise<{ env: OpenEnv; label: string }> {
	const { labelledUi, originLabel } = await import("../host/labelled-ui.ts");
	const label = originLabel(from, messages);
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

/** A notice to the person; one that cannot be shown costs nothing else. */
export function notice(ui: Pick<HostUi, "notify">, text: string): void {
	try {
		ui.notify(text, "info");
	} catch {
		// The questionnaire matters more than the notice.
	}
}
