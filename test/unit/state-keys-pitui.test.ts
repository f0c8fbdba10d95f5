/**
 * The keymap against the real pi-tui: every default key is a KeyId pi-tui recognises, and a KeyInput
 * built the way the TUI adapter will build it (a KeybindingsManager over pi-tui's bindings plus
 * `ownKeybindingDefinitions()`, and `typedText` for the text a key types) routes legacy and Kitty CSI-u
 * sequences to the same actions.
 */
import { KeybindingsManager, type KeyId, matchesKey, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { BindingId, KeyInput } from "../../src/state/bindings.ts";
import { KEYMAP, ownKeybindingDefinitions } from "../../src/state/keymap.ts";
import { routeKey } from "../../src/state/route-key.ts";
import { typedText } from "../../src/tui/editor-input.ts";
import { contextOf, MULTI, run, SINGLE, start } from "./state-fixtures.ts";

/** A legacy (non-Kitty) byte sequence for each default key. */
const LEGACY: Record<string, string> = {
	up: "\x1b[A",
	down: "\x1b[B",
	right: "\x1b[C",
	left: "\x1b[D",
	"shift+up": "\x1b[1;2A",
	"shift+down": "\x1b[1;2B",
	pageUp: "\x1b[5~",
	pageDown: "\x1b[6~",
	enter: "\r",
	escape: "\x1b",
	"ctrl+c": "\x03",
	"ctrl+g": "\x07",
	"ctrl+]": "\x1d",
	"ctrl+l": "\x0c",
	tab: "\t",
	"shift+tab": "\x1b[Z",
	space: " ",
	j: "j",
	k: "k",
	n: "n",
	...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${i + 1}`, `${i + 1}`])),
};

const manager = new KeybindingsManager({ ...TUI_KEYBINDINGS, ...ownKeybindingDefinitions() } as ConstructorParameters<
	typeof KeybindingsManager
>[0]);

const piKeys: KeyInput = {
	matches: (data: string, binding: BindingId) =>
		manager.matches(data, binding as Parameters<typeof manager.matches>[1]),
	text: typedText,
};

describe("default keys", () => {
	it("are KeyIds pi-tui matches", () => {
		for (const binding of KEYMAP) {
			for (const key of binding.defaultKeys) {
				const data = LEGACY[key];
				expect(data, `${binding.id}: ${key}`).toBeDefined();
				expect(matchesKey(data ?? "", key as KeyId), `${binding.id}: ${key}`).toBe(true);
			}
		}
	});

	it("host defaults agree with pi-tui's own table", () => {
		for (const binding of KEYMAP) {
			if (!binding.id.startsWith("tui.")) continue;
			const def = TUI_KEYBINDINGS[binding.id as keyof typeof TUI_KEYBINDINGS].defaultKeys;
			expect([def].flat(), binding.id).toEqual([...binding.defaultKeys]);
		}
	});
});

describe("routing through pi-tui", () => {
	const ctx = contextOf(SINGLE, MULTI);
	const options = start(ctx);
	const editing = run(options, ctx, { type: "draft/opened" }).state;

	it.each([
		["legacy down", "\x1b[B", { type: "nav/focusMoved", direction: "down" }],
		["legacy 2", "2", { type: "answer/optionChosen", option: 1 }],
		["kitty 2", "\x1b[50u", { type: "answer/optionChosen", option: 1 }],
		["kitty n", "\x1b[110u", { type: "notes/opened" }],
		["legacy shift+tab", "\x1b[Z", { type: "tab/switched", direction: "prev" }],
		["kitty enter", "\x1b[13u", { type: "answer/optionChosen", option: 0 }],
		["kitty escape", "\x1b[27u", { type: "dialog/cancelRequested" }],
		["legacy ctrl+]", "\x1d", { type: "view/collapseToggled" }],
		["kitty ctrl+]", "\x1b[93;5u", { type: "view/collapseToggled" }],
		["kitty shift+down", "\x1b[1;2B", { type: "preview/scrolled", delta: 1 }],
	])("options: %s", (_name, data, expected) => {
		expect(routeKey(data, options, piKeys)).toEqual(expected);
	});

	it.each([
		["legacy enter", "\r", { type: "draft/confirmed" }],
		["kitty ctrl+g", "\x1b[103;5u", { type: "editor/externalRequested" }],
		["kitty j goes to the editor", "\x1b[106u", "editor"],
		["shift+enter goes to the editor", "\x1b[13;2u", "editor"],
	])("editing: %s", (_name, data, expected) => {
		expect(routeKey(data, editing, piKeys)).toEqual(expected);
	});
});
