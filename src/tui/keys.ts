/**
 * Keys for the TUI session: the state core's `KeyInput` over pi-tui. Host bindings (`tui.select.*`,
 * `tui.input.submit`) are read from the keybindings manager Pi hands to `custom()`, so the user's
 * keybindings.json applies; our own `askUser.*` bindings come from a manager built over
 * `ownKeybindingDefinitions()` plus the overrides from the config's `keys` section (`key-config.ts`),
 * where an empty list unbinds. Also gives the view the names of the keys actually bound ("" for none).
 */
import { type KeybindingsConfig, KeybindingsManager, type KeyId } from "@earendil-works/pi-tui";
import {
	type BindingId,
	type HostBindingId,
	type KeyInput,
	type OwnBindingId,
	ownKeybindingDefinitions,
} from "../state/index.ts";
import { typedText } from "./editor-input.ts";
import type { HostKeybindings } from "./host-ui.ts";
import { defaultKeyLabel, keyName } from "./view/key-labels.ts";

declare module "@earendil-works/pi-tui" {
	/** Our own binding ids, so a KeybindingsManager over them type-checks (pi-tui's documented extension point). */
	interface Keybindings extends Record<OwnBindingId, true> {}
}

/** User overrides of our own bindings: binding id → key or keys (pi-tui KeyId strings). */
export type OwnKeyOverrides = Partial<Record<OwnBindingId, string | readonly string[]>>;

/** Everything the session needs to know about keys. */
export interface SessionKeys {
	/** What `routeKey` consults. */
	input: KeyInput;
	/**
	 * The key name shown for a binding: the first key bound to it, "" when it is unbound ("off"), or the
	 * default when the host cannot say.
	 */
	label(binding: BindingId): string;
	/** True for the collapse key in any encoding (legacy, Kitty CSI-u, modifyOtherKeys). */
	isCollapse(data: string): boolean;
}

const isOwn = (binding: BindingId): binding is OwnBindingId => binding.startsWith("askUser.");

/** Builds the session's keys from Pi's manager (host ids) and our defaults with `overrides` applied. */
export function createSessionKeys(host: HostKeybindings, overrides: OwnKeyOverrides = {}): SessionKeys {
	const own = new KeybindingsManager(ownKeybindingDefinitions() as Record<OwnBindingId, { defaultKeys: KeyId[] }>, {
		...(overrides as KeybindingsConfig),
	});
	const matches = (data: string, binding: BindingId): boolean =>
		isOwn(binding) ? own.matches(data, binding) : host.matches(data, binding);
	// undefined: the host cannot list its keys (an older Pi, a stub), so the default is the best guess.
	const keysOf = (binding: BindingId): readonly string[] | undefined =>
		isOwn(binding) ? own.getKeys(binding) : hostKeys(host, binding);
	return {
		input: { matches, text: typedText },
		label: (binding) => {
			const keys = keysOf(binding);
			if (keys === undefined) return defaultKeyLabel(binding);
			const first = keys[0];
			return first === undefined ? "" : keyName(first);
		},
		isCollapse: (data) => own.matches(data, "askUser.collapse"),
	};
}

/** The keys of a host binding, or undefined when the manager cannot list them (an older Pi, a stub). */
export function hostKeys(host: HostKeybindings, binding: HostBindingId): readonly string[] | undefined {
	try {
		return typeof host.getKeys === "function" ? host.getKeys(binding) : undefined;
	} catch {
		return undefined;
	}
}
