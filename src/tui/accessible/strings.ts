/**
 * The words of the accessible prompts (the instructions under each question and the re-prompt after a
 * wrong reply), taken from the locale's messages table (`accessible*` keys).
 */
import { en } from "../../i18n/en.ts";
import type { Messages } from "../../i18n/messages.ts";

/** The strings the accessible prompt needs. */
export interface AccessibleStrings {
	/** Under a choice: how to answer. `cancel` names the cancel key. */
	chooseHint(count: number, cancel: string): string;
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
		inputHint: messages.accessibleInputHint,
		placeholder: messages.accessiblePlaceholder,
		notAChoice: messages.accessibleNotAChoice,
		prompt: messages.accessiblePrompt,
	};
}

/** The English strings (the prompt's default). */
export const accessibleEn: AccessibleStrings = accessibleStrings(en);
