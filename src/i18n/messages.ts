/**
 * The shape every messages table has (see `en.ts`), and the tables by locale. A locale is a complete
 * `Messages` object; there is no merging, so a missing string is a type error, not a blank row.
 */
import type { LeaveChoice } from "../state/leave.ts";
import { en, type Messages } from "./en.ts";
import { ja } from "./ja.ts";
import { type LocaleId, resolveLocale } from "./locale.ts";
import { zhCN } from "./zh-CN.ts";

/** Every user-visible string: the dialog walker, the TUI view and session, the transcript renderers. */
export type { Messages } from "./en.ts";

/** The table used when the caller passes none. */
export const defaultMessages: Messages = en;

/** Every locale's table (the others are built when first read). */
const MESSAGES: Readonly<Record<LocaleId, Messages>> = {
	en,
	get "zh-CN"() {
		return zhCN();
	},
	get ja() {
		return ja();
	},
};

/** The words of "Stop answering?"'s choices, the same on every host (TUI, dialog walker, accessible). */
export function leaveChoiceWords(m: Messages): Readonly<Record<LeaveChoice, string>> {
	return { keep: m.keepAnswering, later: m.answerLater, chat: m.answeredInChat, decline: m.decline };
}

/** The person's words: the config's `locale`, else the environment's (LC_ALL, LC_MESSAGES, LANG), else English. */
export function messagesIn(configured: string | undefined): Messages {
	return MESSAGES[resolveLocale(configured, process.env)];
}
