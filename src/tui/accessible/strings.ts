/**
 * The words of the accessible prompts (the instructions under each question and the re-prompt after a
 * wrong reply), taken from the locale's messages table (`accessible*` keys).
 */
import { en } from "../../i18n/en.ts";
import type { Messages } from "../../i18n/messages.ts";
import type { CancelMeaning } from "../../rpc/dialogs.ts";

/** The strings the accessible prompt needs. */
export interface AccessibleStrings {
	/** Under a choice: how to answer. `cancel` is what the cancel key does there (`cancelHint`). */
	chooseHint(count: number, cancel: string): string;
	/** What the cancel key (`key`, its name) does on a choice, in words that say what the agent is told. */
	cancelHint(meaning: CancelMeaning, key: string): string;
	/** Under a text question: how to answer. */
	inputHint(cancel: string): string;
	/** The input's suggestion or current value, shown as text above it. */
	placeholder(text: string): string;
	/** After a reply that is not one of the numbers. */
	notAChoice(typed: string, count: number): string;
	/** Before the text being typed. */
	prompt: string;
}

/** The accessible prompts' strings in the locale of `messages`. */
export function accessibleStrings(messages: Messages): AccessibleStrings {
	return {
		chooseHint: messages.accessibleChooseHint,
		cancelHint: (meaning, key) => CANCEL_HINTS[meaning](messages)(key),
		inputHint: messages.accessibleInputHint,
		placeholder: messages.accessiblePlaceholder,
		notAChoice: messages.accessibleNotAChoice,
		prompt: messages.accessiblePrompt,
	};
}

const CANCEL_HINTS: Readonly<Record<CancelMeaning, (m: Messages) => (key: string) => string>> = {
	decline: (m) => m.accessibleCancelDeclines,
	ask: (m) => m.accessibleCancelAsks,
	later: (m) => m.accessibleCancelLater,
	back: (m) => m.accessibleCancelBack,
};

/** The English strings (the prompt's default). */
export const accessibleEn: AccessibleStrings = accessibleStrings(en);
