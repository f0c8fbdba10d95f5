/**
 * The TUI host path: runs one questionnaire in Pi's `ctx.ui.custom()` overlay and returns its one
 * result. This module is imported lazily (src/host/load-tui.ts, through tui/entry.ts), so everything heavy
 * (pi-tui components, markdown, the view) loads only when the UI is preloaded or a questionnaire first shown.
 * With `accessible`, the dialog walker runs it as plain linear prompts instead (`accessible/prompt.ts`).
 * Once it is drawn, a desktop notification names what it asks (notify.ts; not when the person opened it
 * with /answer), and Pi's `blocked` status says the same while it is open.
 *
 * Outcomes: the user's `answered` / `partial` / `declined`; `interrupted` with the answers so far when
 * the abort signal fires (also before the overlay opens: then nothing is shown), when Pi disposes the
 * overlay without a result, or when the session fails internally (the error is also shown with
 * `ui.notify`). `undefined` means `custom()` is not supported here (RPC-like hosts): the caller falls
 * back to the dialog walker.
 */
import type { EditorTheme, TUI } from "@earendil-works/pi-tui";
import type { AskConfig } from "../config/schema.ts";
import { walkQuestionnaire } from "../dialogs/walker.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import { type Env, notifySetting } from "../notify/method.ts";
import { askedLine, notificationText } from "../notify/sequence.ts";
import { limitsFrom } from "../protocol/budget.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { cutShortResult, type QuestionnaireResult } from "../protocol/result.ts";
import type { ReduceContext } from "../state/index.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import type { Countdown } from "../util/countdown.ts";
import { eitherSignal } from "../util/signals.ts";
import { AccessiblePrompt, PLAIN_STYLE } from "./accessible/prompt.ts";
import type { HostKeybindings, HostTheme, HostThemes, HostUi } from "./host-ui.ts";
import { keyConflicts, keyOverridesFrom } from "./key-config.ts";
import { hostKeys, type OwnKeyOverrides } from "./keys.ts";
import { overlayOptions } from "./layout.ts";
import { type NotifyOptions, sendNotification } from "./notify.ts";
import { plainHostThemes } from "./plain-themes.ts";
import { type ExternalEditor, QuestionnaireSession } from "./session.ts";
import { spokenKeyName } from "./view/key-labels.ts";
import { viewThemeFrom } from "./view/theme.ts";

/** Options of {@link runTuiQuestionnaire}. */
export interface RunTuiOptions {
	/** The tool call's abort signal. */
	signal?: AbortSignal;
	/** The settings in force: `keys` (remapped own keys), `notify`/`bell` and `limits`; built-in defaults when absent. */
	config?: AskConfig;
	/** Overrides of our own `askUser.*` keys, applied over the config's `keys` (tests, embedders). */
	keys?: OwnKeyOverrides;
	/** Replaces the external editor (tests). */
	editExternally?: ExternalEditor;
	/** Whether stdout is a terminal, for the notification; defaults to `process.stdout.isTTY` (tests). */
	isTTY?: boolean;
	/** Where the terminal is detected from; defaults to `process.env` (tests). */
	env?: Env;
	/** False when the person opened it themselves (`/answer`): they are looking, so no notification. */
	announce?: boolean;
	/** Who asks, for a relayed questionnaire (sanitized, one line): the notification says it instead of "Pi asks". */
	askedBy?: string;
	/** Plain linear prompts instead of the overlay (the "accessible" host path, see host/choose.ts). */
	accessible?: boolean;
	/** The locale's words (execute resolves them once per call); else from `config.locale` and the environment. */
	messages?: Messages;
	/** What was given before (`/answer` on a pending questionnaire): the questionnaire opens with it. */
	progress?: Progress;
	/** Which questions apply (state/answers.ts); absent, every question does. */
	applies?: ReduceContext["applies"];
	/** Told what was given as it changes (the session records it). */
	onProgress?: (progress: Progress) => void;
	/** The answer timeout, started by the caller (tool/open-on-host.ts); the overlay shows it, the first key disarms it. */
	timeout?: Countdown;
	/** Pi's theme builders (the adapter's, src/pi/host-ui.ts); unstyled when absent (tests, the off-screen warm-up). */
	themes?: HostThemes;
}

/** Key conflict warnings already shown in this process: each is told once, not at every question. */
const toldConflicts = new Set<string>();

/**
 * Shows `questionnaire` as a full-width overlay at the bottom of Pi's TUI and resolves with its result,
 * or with `undefined` when this host's `custom()` shows nothing (no custom UI).
 */
export async function runTuiQuestionnaire(
	questionnaire: Questionnaire,
	ui: HostUi,
	options: RunTuiOptions = {},
): Promise<QuestionnaireResult | undefined> {
	const { signal } = options;
	const messages = options.messages ?? messagesIn(options.config?.locale);
	const asked = askedLine(questionnaire);
	const title = options.askedBy ?? messages.tuiNotifyTitle(questionnaire.questions.length);
	const notification = notificationText(title, asked);
	const notify: NotifyOptions = {
		setting: options.announce === false ? "off" : notifySetting(options.config ?? {}),
		env: options.env,
		isTTY: options.isTTY,
	};
	if (signal?.aborted) return cutShortResult("tui", questionnaire.questions.length);
	const blocked = { kind: "question", message: messages.tuiBlocked(asked) } as const;
	let open = true;
	const announce = (tui: TUI) => {
		// Ended already (the preload's rehearsal, tui/warm-up.ts, or an instant abort): nobody to tell.
		if (open) void sendNotification(tui.terminal, notification, { ...notify, stillWanted: () => open });
	};
	if (options.accessible) {
		try {
			const shown = (tui: TUI, theme: HostTheme, keybindings: HostKeybindings, done: Done) => {
				announce(tui);
				return accessiblePrompt(questionnaire, { tui, theme, keybindings, done }, options, messages);
			};
			return (await ui.custom<QuestionnaireResult>(shown, { blocked })) ?? undefined;
		} finally {
			open = false;
		}
	}
	let session: QuestionnaireSession | undefined;
	let abortedEarly = false;
	const onAbort = () => {
		if (session) session.abort();
		else abortedEarly = true;
	};
	signal?.addEventListener("abort", onAbort, { once: true });
	const keys = { ...keyOverridesFrom(options.config?.keys), ...options.keys };
	const themes = options.themes ?? plainHostThemes;
	let shownOn: TUI | undefined;
	try {
		const result = await ui.custom<QuestionnaireResult>(
			(tui, theme, keybindings, done) => {
				shownOn = tui;
				session = new QuestionnaireSession({
					questionnaire,
					tui,
					theme: viewThemeFrom(theme, themes.markdown()),
					editorTheme: editorThemeFrom(theme, themes),
					keybindings,
					done,
					keys,
					rawInput: ui,
					widgets: ui,
					editExternally: options.editExternally,
					signal,
					onError: (error) => report(ui, error, messages),
					afterFirstFrame: () => {
						announce(tui);
						if (open) warnConflicts(ui, keyConflicts(keybindings, keys));
					},
					messages,
					timeout: options.timeout,
					onTimeout: options.config?.onTimeout,
					limits: limitsFrom(options.config?.limits),
					progress: options.progress,
					applies: options.applies,
					onProgress: options.onProgress,
				});
				if (abortedEarly) session.abort();
				return session;
			},
			{
				overlay: true,
				overlayOptions: overlayOptions(),
				onHandle: (handle) => {
					session?.setOverlay(handle);
					drawNow(shownOn);
				},
				blocked,
			},
		);
		return result ?? undefined;
	} finally {
		open = false;
		signal?.removeEventListener("abort", onAbort);
	}
}

type Done = (result: QuestionnaireResult) => void;

/**
 * The accessible prompt, driven by the dialog walker (so every rule and the result are the core's): plain
 * lines inline in place of Pi's editor, no answer timeout (WCAG 2.2.1). NO_COLOR (set, not empty) removes
 * every SGR; else the title is bold and a re-prompt in the error colour, each only repeating the words.
 */
function accessiblePrompt(
	questionnaire: Questionnaire,
	host: { tui: TUI; theme: HostTheme; keybindings: HostKeybindings; done: Done },
	options: RunTuiOptions,
	messages: Messages,
): AccessiblePrompt {
	const { tui, theme, keybindings } = host;
	const prompt = new AccessiblePrompt({
		keys: keybindings,
		cancelKey: spokenKeyName(hostKeys(keybindings, "tui.select.cancel")?.[0] ?? "escape"),
		requestRender: () => tui.requestRender(),
		style: (options.env ?? process.env).NO_COLOR
			? PLAIN_STYLE
			: { title: (text) => theme.bold(text), error: (text) => theme.fg("error", text) },
		messages,
	});
	const { progress, onProgress, applies } = options;
	const signal = eitherSignal(options.signal, prompt.disposed);
	const walk = { host: "tui", signal, messages, progress, onProgress, applies } as const;
	void walkQuestionnaire(questionnaire, prompt, walk).then(host.done);
	return prompt;
}

function editorThemeFrom(theme: HostTheme, themes: HostThemes): EditorTheme {
	return { borderColor: (text) => theme.fg("borderMuted", text), selectList: themes.selectList() };
}

/** Tells each key conflict once per process (a notification, never a reason not to ask). */
function warnConflicts(ui: HostUi, conflicts: readonly string[]): void {
	for (const conflict of conflicts) {
		if (toldConflicts.has(conflict)) continue;
		toldConflicts.add(conflict);
		try {
			ui.notify(`ask_user_question: ${conflict}`, "warning");
		} catch {
			// The questionnaire matters more than the warning.
		}
	}
}

/** Shows what went wrong; the session has already ended with the answers so far. */
function report(ui: HostUi, error: unknown, messages: Messages): void {
	const reason = sanitizeInline(error instanceof Error ? error.message : String(error));
	try {
		ui.notify(messages.tuiFailed(reason), "error");
	} catch {
		// Nowhere left to report to; the tool result still arrives.
	}
}

/**
 * Draws the overlay Pi just added at once, as pi-tui does for a key: its render requests wait out a 16 ms
 * throttle counted from the last frame (the transcript streaming the call), which put 2-3 ms between the
 * questionnaire being ready and being seen. One frame, once per questionnaire; a failure leaves it to the
 * throttled frame already requested.
 */
function drawNow(tui: TUI | undefined): void {
	try {
		tui?.renderNow?.();
	} catch {
		// The requested frame still comes.
	}
}
