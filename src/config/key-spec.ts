/**
 * What a key setting (`keys.*` in the config file) may hold, and which binding each one remaps. A key
 * spec is a pi-tui key id, written as in Pi's keybindings.json: lowercase modifiers `ctrl`, `shift`,
 * `alt`, `super` (each at most once) joined by `+` to one base key (a letter, a digit, a symbol, or a
 * named key such as `tab`, `pageUp`, `f2`). The check is a JSON Schema `pattern`, so the loader and
 * editors (through the published schema) refuse the same strings.
 *
 * Decision: a binding that works while the person types (a draft or a note is open, or the overlay is
 * hidden and Pi's own editor has the keys) only takes a key that neither types nor edits text: one
 * with ctrl, alt or super, or a named key like tab, escape, pageUp or f1–f12. "j" or "shift+a" there
 * would swallow letters; a typo is refused, never bound as a bare key.
 * Decision: pi-tui would also accept "Ctrl+G" (it lowercases); refusing it keeps one spelling, and the
 * warning says what is expected. Imports only the default-keys table.
 */
import { OWN_KEY_DEFAULTS } from "../state/bindings.ts";

const MODIFIER = "(?:ctrl|shift|alt|super)\\+";
/** Each modifier at most once (pi-tui's parser refuses "ctrl+ctrl+g": it would never match). */
const NO_REPEATED_MODIFIER = ["ctrl", "shift", "alt", "super"].map((m) => `(?!.*\\b${m}\\+.*\\b${m}\\+)`).join("");
/** Named keys that neither type nor edit text. */
const QUIET_KEY = "(?:escape|esc|tab|insert|clear|pageUp|pageDown|f(?:1[0-2]|[1-9]))";
/** Named keys that type or edit text (or move its cursor). */
const EDITING_KEY = "(?:space|backspace|delete|enter|return|up|down|left|right|home|end)";
/** A letter, a digit or one of pi-tui's symbol keys. */
const CHARACTER_KEY = "(?:[a-z0-9]|[-`=[\\]\\\\;',./!@#$%^&*()_+|~{}:<>?])";
const ANY_KEY = `(?:${QUIET_KEY}|${EDITING_KEY}|${CHARACTER_KEY})`;

/** Any valid pi-tui key id. */
export const KEY_PATTERN = `^${NO_REPEATED_MODIFIER}(?:${MODIFIER})*${ANY_KEY}$`;

/** A key id that does not type or edit text: with ctrl, alt or super, or a quiet named key. */
export const QUIET_KEY_PATTERN = `^${NO_REPEATED_MODIFIER}(?:(?:${MODIFIER})*(?:ctrl|alt|super)\\+(?:${MODIFIER})*${ANY_KEY}|(?:${MODIFIER})*${QUIET_KEY})$`;

/** The word that unbinds a key setting. */
export const KEY_OFF = "off";

/** A key setting's value: one key id, several, or "off". */
export type KeySetting = string | string[];

/** One remappable key setting: the binding it remaps and whether it works while the person types. */
export interface KeySettingSpec {
	binding: keyof typeof OWN_KEY_DEFAULTS;
	/** True when the binding is active while text is typed: only quiet keys are accepted. */
	whileTyping: boolean;
}

/** The `keys.*` settings holding key ids, by setting name (`keys.digits` is a boolean, not listed here). */
export const KEY_SETTINGS = {
	up: { binding: "askUser.up", whileTyping: false },
	down: { binding: "askUser.down", whileTyping: false },
	toggle: { binding: "askUser.toggle", whileTyping: false },
	tabNext: { binding: "askUser.tabNext", whileTyping: true },
	tabPrev: { binding: "askUser.tabPrev", whileTyping: true },
	tabRight: { binding: "askUser.tabRight", whileTyping: false },
	tabLeft: { binding: "askUser.tabLeft", whileTyping: false },
	notes: { binding: "askUser.notes", whileTyping: false },
	previewUp: { binding: "askUser.previewUp", whileTyping: false },
	previewDown: { binding: "askUser.previewDown", whileTyping: false },
	previewPageUp: { binding: "askUser.previewPageUp", whileTyping: false },
	previewPageDown: { binding: "askUser.previewPageDown", whileTyping: false },
	externalEditor: { binding: "askUser.externalEditor", whileTyping: true },
	collapse: { binding: "askUser.collapse", whileTyping: true },
	answerLater: { binding: "askUser.answerLater", whileTyping: true },
} as const satisfies Record<string, KeySettingSpec>;

/** The name of a key setting. */
export type KeySettingName = keyof typeof KEY_SETTINGS;

/** A setting's default as written in a file: the one key, or the list when there are several. */
export function keySettingDefault(name: KeySettingName): KeySetting {
	const keys = OWN_KEY_DEFAULTS[KEY_SETTINGS[name].binding];
	return keys.length === 1 ? (keys[0] as string) : [...keys];
}
