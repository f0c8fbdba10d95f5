/**
 * From the config's `keys` section to the session's key overrides, and the conflicts worth a warning.
 * The loader has already refused malformed specs (see `config/key-spec.ts`), so every string here is a
 * valid pi-tui key id; "off" and `digits: false` unbind. A conflict is a key that one of our bindings
 * shares with another binding (ours, or one of Pi's `tui.select.*` / `tui.input.submit` in the user's
 * keybindings): the keymap's order decides which one the key reaches, so the other silently loses it —
 * hence the warning. Pairs that do the same thing (j and ↓ both moving down), or that are never enabled
 * together (PgDn pages a preview over an option with one, and jumps to the last row elsewhere), are not.
 */

import { KEY_OFF, KEY_SETTINGS, type KeySettingName } from "../config/key-spec.ts";
import type { AskConfig } from "../config/schema.ts";
import { HOST_BINDINGS, OWN_KEY_DEFAULTS } from "../state/bindings.ts";
import { type BindingId, KEYMAP, type OwnBindingId } from "../state/index.ts";
import type { HostKeybindings } from "./host-ui.ts";
import { hostKeys, type OwnKeyOverrides } from "./keys.ts";
import { splitKeyId } from "./view/key-labels.ts";

/** Bindings that do the same thing: sharing a key is harmless. */
const SAME_ACTION: readonly (readonly [BindingId, BindingId])[] = [
	["askUser.up", "tui.select.up"],
	["askUser.down", "tui.select.down"],
	["askUser.tabNext", "askUser.tabRight"],
	["askUser.tabPrev", "askUser.tabLeft"],
	["tui.select.confirm", "tui.input.submit"],
];

/**
 * Groups of bindings never enabled in the same state as the other group's (the keymap's predicates
 * exclude each other): they take turns on a key. The preview's keys work over an option with a preview,
 * the row jumps everywhere else.
 */
const TAKE_TURNS: readonly (readonly [readonly BindingId[], readonly BindingId[]])[] = [
	[
		["askUser.previewUp", "askUser.previewDown", "askUser.previewPageUp", "askUser.previewPageDown"],
		["tui.select.pageUp", "tui.select.pageDown"],
	],
];

/** The session's overrides for a loaded `keys` section (absent settings keep their defaults). */
export function keyOverridesFrom(keys: AskConfig["keys"] | undefined): OwnKeyOverrides {
	const overrides: OwnKeyOverrides = {};
	if (!keys) return overrides;
	for (const name of Object.keys(KEY_SETTINGS) as KeySettingName[]) {
		const value = keys[name];
		if (value === undefined) continue;
		overrides[KEY_SETTINGS[name].binding] = value === KEY_OFF ? [] : typeof value === "string" ? [value] : [...value];
	}
	if (keys.digits === false) overrides["askUser.jump"] = [];
	return overrides;
}

/** Where a binding is remapped, as the user would look for it: `keys.notes`, or Pi's binding id. */
function settingOf(binding: BindingId): string {
	if (binding === "askUser.jump") return "keys.digits";
	const entry = Object.entries(KEY_SETTINGS).find(([, spec]) => spec.binding === binding);
	return entry ? `keys.${entry[0]}` : binding;
}

/**
 * One sentence per key that one of our bindings shares with a binding that does something else, e.g.
 * `Key "n" is bound to keys.notes and keys.toggle; where both apply it does what keys.toggle says.`
 */
export function keyConflicts(host: HostKeybindings, overrides: OwnKeyOverrides = {}): string[] {
	const byKey = new Map<string, BindingId[]>();
	const add = (binding: BindingId, keys: readonly string[]) => {
		for (const key of new Set(keys.map(canonicalKey))) byKey.set(key, [...(byKey.get(key) ?? []), binding]);
	};
	for (const binding of Object.keys(OWN_KEY_DEFAULTS) as OwnBindingId[])
		add(binding, asList(overrides[binding] ?? OWN_KEY_DEFAULTS[binding]));
	for (const binding of HOST_BINDINGS) add(binding, hostKeys(host, binding) ?? []);
	const warnings: string[] = [];
	for (const [key, bindings] of byKey) {
		const clashing = bindings.filter((a) => bindings.some((b) => a !== b && !harmless(a, b)));
		if (!clashing.some((b) => b.startsWith("askUser."))) continue;
		const ordered = [...new Set(clashing)].sort((a, b) => keymapIndex(a) - keymapIndex(b));
		const names = ordered.map(settingOf);
		const winner = names[0] ?? "";
		warnings.push(`Key "${key}" is bound to ${names.join(" and ")}; where both apply it does what ${winner} says.`);
	}
	return warnings;
}

/** One spelling per key: aliases resolved, modifiers in a fixed order ("shift+ctrl+p" → "ctrl+shift+p"). */
function canonicalKey(keyId: string): string {
	const [parts, base] = splitKeyId(keyId);
	const order = ["ctrl", "shift", "alt", "super"];
	const mods = [...new Set(parts)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
	const alias: Record<string, string> = { esc: "escape", return: "enter" };
	return [...mods, alias[base] ?? base].join("+");
}

function asList(keys: string | readonly string[]): readonly string[] {
	return typeof keys === "string" ? [keys] : keys;
}

/** True when `a` and `b` may share a key: they do the same thing, or never apply at once. */
function harmless(a: BindingId, b: BindingId): boolean {
	const pair = ([x, y]: readonly [BindingId, BindingId]) => (x === a && y === b) || (x === b && y === a);
	const turns = ([x, y]: readonly [readonly BindingId[], readonly BindingId[]]) =>
		(x.includes(a) && y.includes(b)) || (x.includes(b) && y.includes(a));
	return SAME_ACTION.some(pair) || TAKE_TURNS.some(turns);
}

function keymapIndex(binding: BindingId): number {
	return KEYMAP.findIndex((b) => b.id === binding);
}
