/**
 * How pi-tui key ids read on screen ("enter" → "Enter", "up" → "↑"). Not part of the locale tables on
 * purpose: key names are what is printed on the keys and what Pi's own hints show, so they stay the same
 * in every locale (a translated "Enter" would send the user looking for a key that does not exist).
 */

/** Key and modifier names by pi-tui key id; ids not listed are shown as written. */
export const KEY_NAMES: Readonly<Record<string, string>> = {
	up: "↑",
	down: "↓",
	left: "←",
	right: "→",
	enter: "Enter",
	escape: "Esc",
	tab: "Tab",
	space: "Space",
	pageUp: "PgUp",
	pageDown: "PgDn",
	home: "Home",
	end: "End",
	backspace: "Backspace",
	delete: "Del",
	shift: "Shift",
	ctrl: "Ctrl",
	alt: "Alt",
	super: "Super",
};

/** The names a screen reader should say whole (the accessible prompts): "Escape", never "Esc" or "↑". */
export const SPOKEN_KEY_NAMES: Readonly<Record<string, string>> = {
	...KEY_NAMES,
	up: "Up",
	down: "Down",
	left: "Left",
	right: "Right",
	escape: "Escape",
	pageUp: "Page Up",
	pageDown: "Page Down",
	delete: "Delete",
};
