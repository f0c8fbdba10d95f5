/**
 * Brings a collapsed (hidden) questionnaire back. While the overlay is hidden Pi's TUI sends it no keys,
 * so a raw terminal input listener (`ctx.ui.onTerminalInput`) watches for the collapse key instead.
 *
 * One press toggles once. With the Kitty keyboard protocol a held key also sends repeat events and every
 * key sends a release event; those are swallowed while collapsed but never toggle. That matters right
 * after collapsing: the overlay handled the press, and the release of that same press arrives here.
 *
 * Which sequences count as the key is the caller's `matches` (pi-tui's `matchesKey(data, "ctrl+]")`
 * accepts legacy `\x1d`, Kitty CSI-u `\x1b[93;5u` with or without `:1`/`:2`/`:3` event types, lock-key
 * modifier bits (`\x1b[93;69u`) and a base-layout key (`\x1b[1093::93;5u`), and xterm modifyOtherKeys
 * `\x1b[27;5;93~`; it rejects `]`, Alt+] and Ctrl+Shift+]).
 */
import { isKeyRelease, isKeyRepeat } from "@earendil-works/pi-tui";
import { attempt } from "../util/records.ts";
import type { RawInput } from "./host-ui.ts";

/** What the listener needs from the session. */
export interface CollapseListenerOptions {
	/** True for the collapse key (any encoding, any event type). */
	matches(data: string): boolean;
	/** Expands the questionnaire; called once per key press while collapsed. */
	onToggle(): void;
	isCollapsed(): boolean;
}

/** The installed listener. `available` false: the host cannot deliver raw input, so never fully hide. */
export interface CollapseListener {
	dispose(): void;
	available: boolean;
}

/**
 * Listens for the collapse key while the questionnaire is collapsed. Matching input is consumed then
 * (press toggles, repeat and release do not); everything else, and everything while expanded, passes
 * through untouched. Without a working `onTerminalInput` the result has `available: false` and the
 * session should shrink to a one-line bar rather than hide, or the user could never get back.
 */
export function installCollapseListener(
	input: RawInput | undefined,
	options: CollapseListenerOptions,
): CollapseListener {
	const unavailable = { available: false, dispose() {} };
	if (typeof input?.onTerminalInput !== "function") return unavailable;
	const handler = (data: string): { consume?: boolean; data?: string } | undefined => {
		// Inside Pi's input loop a throw would take the whole app down: a failure is dropped (the session
		// reports its own), and a throwing matcher is "not our key".
		if (!options.isCollapsed() || !attempt(() => options.matches(data), false)) return undefined;
		if (!isKeyRelease(data) && !isKeyRepeat(data)) attempt(options.onToggle, undefined);
		return { consume: true };
	};
	let unsubscribe: (() => void) | undefined;
	try {
		unsubscribe = input.onTerminalInput(handler);
	} catch {
		return unavailable;
	}
	return {
		available: true,
		dispose() {
			// A host shutting down may have dropped the listener already, or never given a way to remove it.
			if (typeof unsubscribe === "function") attempt(unsubscribe, undefined);
			unsubscribe = undefined;
		},
	};
}
