/**
 * The English words of the accessible prompts (the instructions under each question and the
 * re-prompt after a wrong reply). Kept beside the prompt until the locale tables take them over;
 * the shape is flat, like the locale tables, so moving them is a copy.
 */

/** The accessible prompts' strings. */
export const accessibleEn = {
	/** Under a choice: how to answer. `cancel` names the cancel key. */
	chooseHint: (count: number, cancel: string): string =>
		`Type a number from 1 to ${count}, then press Enter. ${cancel} cancels.`,
	/** Under a text question: how to answer. */
	inputHint: (cancel: string): string => `Type your text, then press Enter. ${cancel} cancels.`,
	/** The input's suggestion or current value, shown as text above it. */
	placeholder: (text: string): string => `(${text})`,
	/** After a reply that is not one of the numbers. */
	notAChoice: (typed: string, count: number): string =>
		typed === ""
			? `Nothing typed. Type a number from 1 to ${count}.`
			: `"${typed}" is not a choice. Type a number from 1 to ${count}.`,
	/** Before the text being typed. */
	prompt: "> ",
} as const;

/** The strings the accessible prompt needs (another locale is one more object of this shape). */
export type AccessibleStrings = typeof accessibleEn;
