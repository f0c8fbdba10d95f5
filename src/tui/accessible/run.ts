/**
 * The accessible host path, for screen-reader users (config `ui: "accessible"`, `PI_ASK_ACCESSIBLE=1`): the
 * dialog walker over an `AccessiblePrompt`, shown inline through `ctx.ui.custom()` (in place of Pi's editor),
 * so the rules and the result are every other path's (host "tui"). No answer timeout (WCAG 2.2.1). NO_COLOR
 * (set, not empty) removes every SGR; else the title is bold and the re-prompt in the error colour, each only
 * repeating what the words say. `undefined` when this host's `custom()` shows nothing.
 */

import { type WalkOptions, walkQuestionnaire } from "../../dialogs/walker.ts";
import type { NotificationText } from "../../notify/sequence.ts";
import type { Questionnaire } from "../../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../../protocol/result.ts";
import { eitherSignal } from "../../util/signals.ts";
import type { HostUi } from "../host-ui.ts";
import { type NotifyOptions, sendNotification } from "../notify.ts";
import { AccessiblePrompt, PLAIN_STYLE } from "./prompt.ts";

export interface AccessibleRunOptions extends Omit<WalkOptions, "host" | "timeout"> {
	/** How to notify that it opened (default: not at all), and what it says. */
	notify?: NotifyOptions;
	notification?: NotificationText;
	/** Where NO_COLOR is read (default `process.env`). */
	env?: Record<string, string | undefined>;
	/** The `blocked` message Pi shows while waiting. */
	blockedMessage: string;
}

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
				style: (options.env ?? process.env).NO_COLOR // no-color.org: set and not empty
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
