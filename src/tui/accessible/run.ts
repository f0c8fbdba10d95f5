/**
 * The accessible host path: the questionnaire as plain linear prompts inside Pi's terminal UI, for
 * screen-reader users (config `ui: "accessible"` or `PI_ASK_ACCESSIBLE=1`). It reuses the dialog
 * walker — one question at a time, numbered choices, typed answers, notes, the review — with an
 * `AccessiblePrompt` shown through `ctx.ui.custom()` inline (in place of Pi's editor, not an overlay)
 * as its DialogHost, so the result is the same `QuestionnaireResult` as every other path (host "tui").
 *
 * NO_COLOR (set and not empty) removes every SGR sequence from the prompt; without it, the title is
 * bold and the re-prompt uses the theme's error colour, each only repeating what the words say.
 * Outcomes: as the walker's; `interrupted` when the abort signal fires or Pi disposes the prompt;
 * `undefined` when this host's `custom()` shows nothing (the caller falls back to the dialogs).
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { Messages } from "../../i18n/messages.ts";
import type { NotificationText } from "../../notify/sequence.ts";
import type { Progress } from "../../protocol/progress.ts";
import type { Questionnaire } from "../../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../../protocol/result.ts";
import { walkQuestionnaire } from "../../rpc/walker.ts";
import { eitherSignal } from "../../util/signals.ts";
import { type NotifyOptions, sendNotification } from "../notify.ts";
import { AccessiblePrompt, PLAIN_STYLE, type PromptStyle } from "./prompt.ts";
import { accessibleStrings } from "./strings.ts";

/** Options of {@link runAccessibleQuestionnaire}. */
export interface AccessibleRunOptions {
	/** The tool call's abort signal. */
	signal?: AbortSignal;
	/** How to notify that it opened (default: not at all). */
	notify?: NotifyOptions;
	/** What the notification says (run.ts makes it: the title and what is asked, fitted). */
	notification?: NotificationText;
	/** The walker's wording (default English). */
	messages?: Messages;
	/** Where NO_COLOR is read (default `process.env`). */
	env?: Record<string, string | undefined>;
	/** The `blocked` message Pi shows while waiting. */
	blockedMessage: string;
	/** What a pending questionnaire had collected (`/answer`). */
	progress?: Progress;
	/** Told what was given as it changes (the session records it). */
	onProgress?: (progress: Progress) => void;
}

type Theme = Parameters<Parameters<ExtensionUIContext["custom"]>[0]>[1];

/** True when NO_COLOR asks for no colour: set and not empty (no-color.org). */
export function noColor(env: Record<string, string | undefined> = process.env): boolean {
	const value = env.NO_COLOR;
	return value !== undefined && value !== "";
}

/** Runs `questionnaire` as plain prompts; `undefined` when `custom()` shows nothing here. */
export async function runAccessibleQuestionnaire(
	questionnaire: Questionnaire,
	ui: ExtensionUIContext,
	options: AccessibleRunOptions,
): Promise<QuestionnaireResult | undefined> {
	const { signal } = options;
	const total = questionnaire.questions.length;
	if (signal?.aborted) return finishedResult("tui", total, "interrupted", { answers: [] });
	const stop = new AbortController();
	const walkSignal = eitherSignal(signal, stop.signal);
	const colourless = noColor(options.env);
	let open = true;
	const result = await ui.custom<QuestionnaireResult>(
		(tui, theme, keybindings, done) => {
			const prompt = new AccessiblePrompt({
				keys: keybindings,
				requestRender: () => tui.requestRender(),
				style: colourless ? PLAIN_STYLE : themedStyle(theme),
				onDispose: () => stop.abort(),
				...(options.messages ? { strings: accessibleStrings(options.messages) } : {}),
			});
			const { notify, notification } = options;
			if (notify && notification)
				void sendNotification(tui.terminal, notification, { ...notify, stillWanted: () => open });
			void walkQuestionnaire(questionnaire, prompt, {
				host: "tui",
				signal: walkSignal,
				messages: options.messages,
				progress: options.progress,
				onProgress: options.onProgress,
			}).then(done);
			return prompt;
		},
		{ blocked: { kind: "question", message: options.blockedMessage } },
	);
	open = false;
	return result ?? undefined;
}

function themedStyle(theme: Theme): PromptStyle {
	return { title: (text) => theme.bold(text), error: (text) => theme.fg("error", text) };
}
