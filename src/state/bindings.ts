/**
 * The binding ids the keymap uses and how the terminal layer answers "is this key that binding?": the
 * vocabulary keymap.ts and the key actions share (apart from the table, so neither imports the other).
 * No Pi or terminal imports.
 */

/** Pi's host binding ids we reuse, so the user's keybindings.json applies to the questionnaire. */
export type HostBindingId =
	| "tui.select.up"
	| "tui.select.down"
	| "tui.select.pageUp"
	| "tui.select.pageDown"
	| "tui.select.confirm"
	| "tui.select.cancel"
	| "tui.input.submit";

/** The questionnaire's own binding ids. */
export type OwnBindingId =
	| "askUser.up"
	| "askUser.down"
	| "askUser.toggle"
	| "askUser.jump"
	| "askUser.tabNext"
	| "askUser.tabPrev"
	| "askUser.tabRight"
	| "askUser.tabLeft"
	| "askUser.notes"
	| "askUser.previewUp"
	| "askUser.previewDown"
	| "askUser.previewPageUp"
	| "askUser.previewPageDown"
	| "askUser.externalEditor"
	| "askUser.collapse"
	| "askUser.answerLater";

/** Any binding id the keymap uses. */
export type BindingId = HostBindingId | OwnBindingId;

/** How the terminal layer answers "is this key that binding?", injected so the core stays terminal-free. */
export interface KeyInput {
	/** True when `data` (one key sequence) is bound to `binding` (user bindings applied). */
	matches(data: string, binding: BindingId): boolean;
	/**
	 * The text `data` types ("1", "n", "N", " ", "é", an IME commit), in legacy and Kitty encodings;
	 * undefined for keys that type nothing (arrows, Enter, Tab, Esc, Ctrl+…).
	 */
	text(data: string): string | undefined;
}
