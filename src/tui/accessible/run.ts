/**
 * The accessible host path: the questionnaire as plain linear prompts inside Pi's terminal UI, for
 * screen-reader users (config `ui: "accessible"` or `PI_ASK_ACCESSIBLE=1`): the dialog walker with an
 * `AccessiblePrompt` as its DialogHost, shown through `ctx.ui.custom()` inline (in place of Pi's editor,
 * not an overlay), so the rules and the result are every other path's (host "tui"). No answer timeout
 * here (WCAG 2.2.1: a screen-reader user must not be timed out; README, config `timeout`).
 * NO_COLOR (set and not empty) removes every SGR sequence; without it, the title is bold and the re-prompt
 * uses the theme's error colour, each only repeating what the words say. Outcomes: the walker's;
 * `interrupted` when the abort signal fires or Pi disposes the prompt; `undefined` when this host's
 * `custom()` shows nothing (the caller falls back to the dialogs).
 */

import { type WalkOptions, walkQuestionnaire } from "../../dialogs/walker.ts";
import type { NotificationText } from "../../notify/sequence.ts";
import type { Questionnaire } from "../../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../../protocol/result.ts";
import { eitherSignal } from "../../util/signals.ts";
import type { HostUi } from "../host-ui.ts";
import { type NotifyOptions, sendNotification } from "../notify.ts";
import { AccessiblePrompt, PLAIN_STYLE } from "./prompt.ts";

/** Options of {@link runAccessibleQuestionnaire}: the walk's (abort signal, wording, progress) and the screen's. */
export interface AccessibleRunOptions extends Omit<WalkOptions, "host" | "timeout"> {
	/** How to notify that it opened (default: not at all), and what the notification says. */
	notify?: NotifyOptions;
	notification?: NotificationText;
	/** Where NO_COLOR is read (default `process.env`). */
	env?: Record<string, string | undefined>;
	/** The `blocked` message Pi shows while waiting. */
	blockedMessage: string;
}

/** True when NO_COLOR asks for no colour: set and not empty (no-color.org). */
function noColor(env: Record<string, string | undefined> = process.env): boolean {
	return (env.NO_COLOR ?? "") !== "";
}

/** Runs `questionnaire` as plain prompts; `undefined` when `custom()` shows nothing here. */
export async function runAccessibleQuestionnaire(
	questionnaire: Questionnaire,
	ui: HostUi,
	options: AccessibleRunOptions,
): Promise<QuestionnaireResult | undefined> {
	const { signal, notify, notification } = options;
	if (signal?.aborted) return finishedResult("tui", questionnaire.questions.length, "interrupted", { answers: [] });
	const disposed = new AbortController();
	let open = true;
	const result = await ui.custom<QuestionnaireResult>(
		(tui, theme, keybindings, done) => {
			const prompt = new AccessiblePrompt({
				keys: keybindings,
				requestRender: () => tui.requestRender(),
				style: noColor(options.env)
					? PLAIN_STYLE
					: { title: (text) => theme.bold(text), error: (text) => theme.fg("error", text) },
				onDispose: () => disposed.abort(),
				messages: options.messages,
			});
			if (notify && notification)
				void sendNotification(tui.terminal, notification, { ...notify, stillWanted: () => open });
			const walk = { ...options, host: "tui" as const, signal: eitherSignal(signal, disposed.signal) };
			void walkQuestionnaire(questionnaire, prompt, walk).then(done);
			return prompt;
		},
		{ blocked: { kind: "question", message: options.blockedMessage } },
	);
	open = false;
	return result ?? undefined;
}
