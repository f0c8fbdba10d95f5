/**
 * The binding ids the keymap uses, our own bindings' default keys, and how the terminal layer answers "is
 * this key that binding?": the vocabulary keymap.ts and the key actions share (apart from the table, so
 * neither imports the other). Imports nothing.
 */

/** Pi's host binding ids we reuse, so the user's keybindings.json applies to the questionnaire. */
export const HOST_BINDINGS = [
	"tui.select.up",
	"tui.select.down",
	"tui.select.pageUp",
	"tui.select.pageDown",
	"tui.select.confirm",
	"tui.select.cancel",
	"tui.input.submit",
] as const;

export type HostBindingId = (typeof HOST_BINDINGS)[number];

/**
 * The questionnaire's own bindings and their default keys, as pi-tui key ids: read by the keymap (what the
 * keys do) and by the config schema (the documented defaults of `keys.*`). Host bindings take Pi's.
 */
export const OWN_KEY_DEFAULTS = {
	"askUser.up": ["k"],
	"askUser.down": ["j"],
	"askUser.toggle": ["space"],
	"askUser.jump": ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
	"askUser.tabNext": ["tab"],
	"askUser.tabPrev": ["shift+tab"],
	"askUser.tabRight": ["right"],
	"askUser.tabLeft": ["left"],
	"askUser.notes": ["n"],
	"askUser.previewUp": ["shift+up"],
	"askUser.previewDown": ["shift+down"],
	"askUser.previewPageUp": ["pageUp"],
	"askUser.previewPageDown": ["pageDown"],
	"askUser.externalEditor": ["ctrl+g"],
	"askUser.collapse": ["ctrl+]"],
	"askUser.answerLater": ["ctrl+l"],
} as const satisfies Record<string, readonly string[]>;

/** The questionnaire's own binding ids. */
export type OwnBindingId = keyof typeof OWN_KEY_DEFAULTS;

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
