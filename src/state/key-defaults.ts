/**
 * The default keys of the questionnaire's own bindings (`askUser.*`), as pi-tui key ids. One table
 * read by the keymap (what the keys do) and by the config schema (the documented defaults of
 * `keys.*`); the keymap's one-line j/k entries spell theirs out, and a test keeps them equal.
 * Imports nothing.
 */

/** Default keys by own binding id. Host bindings (`tui.*`) take their defaults from Pi. */
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
