/**
 * Key names for the footer and the hints: how a pi-tui key id ("shift+tab", "ctrl+]") reads on screen,
 * the default label of a binding (its first default key in the keymap), and the compact label of a
 * footer item that several bindings share ("↑/↓", "Shift+↑/↓"). The session may pass the keys the user
 * actually bound instead of the defaults. Must not import components.
 */
import { KEY_NAMES, SPOKEN_KEY_NAMES } from "../../i18n/key-names.ts";
import { type BindingId, KEYMAP } from "../../state/index.ts";

/** Turns a binding id into the key name shown for it. */
export type KeyLabel = (binding: BindingId) => string;

/** How a pi-tui key id reads: "shift+tab" → "Shift+Tab", "ctrl+g" → "Ctrl+G", "up" → "↑". */
export function keyName(keyId: string, names = KEY_NAMES): string {
	const [parts, key] = splitKeyId(keyId);
	const mods = parts.map((m) => names[m] ?? m);
	const base = names[key] ?? (mods.length > 0 && key.length === 1 ? key.toUpperCase() : key);
	return [...mods, base].join("+");
}

/** A key id's modifiers and its key: "ctrl+shift+p" → ["ctrl", "shift"] and "p"; "ctrl++" → ["ctrl"] and "+". */
export function splitKeyId(keyId: string): [string[], string] {
	if (keyId === "+") return [[], "+"];
	const parts = keyId.endsWith("++") ? [...keyId.slice(0, -2).split("+"), "+"] : keyId.split("+");
	return [parts.slice(0, -1), parts.at(-1) ?? ""];
}

/** How a key id is said in words: "escape" → "Escape", "ctrl+q" → "Ctrl+Q", "up" → "Up". */
export const spokenKeyName = (keyId: string): string => keyName(keyId, SPOKEN_KEY_NAMES);

/** The default label of a binding: the name of its first default key. */
export const defaultKeyLabel: KeyLabel = (binding) => {
	const entry = KEYMAP.find((b) => b.id === binding);
	const first = entry?.defaultKeys[0];
	return first === undefined ? "" : keyName(first);
};

/**
 * The key label of a footer item: the distinct names of its bindings, at most two, joined by "/". Two
 * names with the same modifier share it ("Shift+↑/↓").
 */
export function hintKeys(bindings: readonly BindingId[], keyLabel: KeyLabel): string {
	const names = [...new Set(bindings.map(keyLabel).filter((n) => n !== ""))].slice(0, 2);
	const [a, b] = names;
	if (a === undefined) return "";
	if (b === undefined) return a;
	const cut = a.lastIndexOf("+");
	if (cut > 0 && b.startsWith(a.slice(0, cut + 1))) return `${a}/${b.slice(cut + 1)}`;
	return `${a}/${b}`;
}
