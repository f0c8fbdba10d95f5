/**
 * routeKey, table-driven over a fake KeyInput (key data = pi-tui KeyId): the same key means different
 * actions per mode and focused row; editors get every key but the few we keep ("editor"); disabled bindings
 * never match.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../src/state/actions.ts";
import { KEYMAP, ownKeybindingDefinitions } from "../../src/state/keymap.ts";
import { editorChanged, editorTarget, routeKey } from "../../src/state/route-key.ts";
import type { QuestionnaireState } from "../../src/state/types.ts";
import { contextOf, fakeKeys, MULTI, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

const three = contextOf(SINGLE, MULTI, YESNO);
const at = (...actions: Action[]) => run(start(three), three, ...actions).state;

const states: Record<string, QuestionnaireState> = {
	single: at(),
	singleType: at({ type: "nav/focusMoved", direction: "last" }),
	singleNoPreview: at({ type: "nav/focusMoved", direction: "down" }),
	multi: at({ type: "tab/switched", direction: "next" }),
	multiNext: at({ type: "tab/switched", direction: "next" }, { type: "nav/focusMoved", direction: "last" }),
	editing: at({ type: "draft/opened" }),
	notes: at({ type: "notes/opened" }),
	submit: at({ type: "tab/switched", direction: "prev" }),
	submitLater: at({ type: "tab/switched", direction: "prev" }, { type: "nav/focusMoved", direction: "down" }),
	submitCancel: at({ type: "tab/switched", direction: "prev" }, { type: "nav/focusMoved", direction: "last" }),
	leave: at({ type: "answer/optionChosen", option: 0 }, { type: "dialog/cancelRequested" }),
	leaveDecline: at(
		{ type: "answer/optionChosen", option: 0 },
		{ type: "dialog/cancelRequested" },
		{ type: "nav/focusMoved", direction: "last" },
	),
	collapsed: at({ type: "view/collapseToggled" }),
	one: run(start(contextOf(YESNO)), contextOf(YESNO)).state,
	done: run(start(contextOf(YESNO)), contextOf(YESNO), { type: "answer/optionChosen", option: 0 }).state,
};

const cases: [state: string, key: string, expected: Action | "editor" | undefined][] = [
	["single", "up", { type: "nav/focusMoved", direction: "up" }],
	["single", "k", { type: "nav/focusMoved", direction: "up" }],
	["single", "j", { type: "nav/focusMoved", direction: "down" }],
	// Over an option with a preview PgUp / PgDn page it; elsewhere they jump to the first / last row.
	["single", "pageDown", { type: "preview/paged", direction: "down" }],
	["single", "pageUp", { type: "preview/paged", direction: "up" }],
	["singleType", "pageDown", { type: "nav/focusMoved", direction: "last" }],
	["singleType", "pageUp", { type: "nav/focusMoved", direction: "first" }],
	["singleNoPreview", "pageDown", { type: "nav/focusMoved", direction: "last" }],
	["singleNoPreview", "shift+down", undefined],
	["multi", "pageDown", { type: "nav/focusMoved", direction: "last" }],
	["submit", "pageDown", undefined],
	["editing", "pageDown", "editor"],
	["single", "enter", { type: "answer/optionChosen", option: 0 }],
	["single", "2", { type: "answer/optionChosen", option: 1 }],
	["single", "4", undefined],
	["single", "space", undefined],
	["single", "tab", { type: "tab/switched", direction: "next" }],
	["single", "shift+tab", { type: "tab/switched", direction: "prev" }],
	["single", "right", { type: "tab/switched", direction: "next" }],
	["single", "left", { type: "tab/switched", direction: "prev" }],
	["single", "n", { type: "notes/opened" }],
	["single", "shift+down", { type: "preview/scrolled", delta: 1 }],
	["single", "escape", { type: "dialog/cancelRequested" }],
	["single", "ctrl+c", { type: "dialog/cancelRequested" }],
	["single", "ctrl+]", { type: "view/collapseToggled" }],
	["single", "ctrl+g", undefined],
	["single", "x", undefined],
	["singleType", "enter", { type: "draft/opened" }],
	// On the "Type something." row every key that types text is text: no digit, j/k, n or Space command.
	["singleType", "x", { type: "draft/typedOnRow", text: "x" }],
	["singleType", "2", { type: "draft/typedOnRow", text: "2" }],
	["singleType", "n", { type: "draft/typedOnRow", text: "n" }],
	["singleType", "j", { type: "draft/typedOnRow", text: "j" }],
	["singleType", "k", { type: "draft/typedOnRow", text: "k" }],
	["singleType", "space", { type: "draft/typedOnRow", text: " " }],
	["singleType", "up", { type: "nav/focusMoved", direction: "up" }],
	["singleType", "tab", { type: "tab/switched", direction: "next" }],
	["singleType", "escape", { type: "dialog/cancelRequested" }],
	["singleType", "shift+down", undefined],
	["multi", "enter", { type: "multi/optionToggled", option: 0 }],
	["multi", "space", { type: "multi/optionToggled", option: 0 }],
	["multi", "3", { type: "multi/optionToggled", option: 2 }],
	["multiNext", "enter", { type: "multi/committed" }],
	["multiNext", "space", undefined],
	["editing", "enter", { type: "draft/confirmed" }],
	["editing", "escape", { type: "draft/closed" }],
	["editing", "ctrl+g", { type: "editor/externalRequested" }],
	["editing", "tab", { type: "tab/switched", direction: "next" }],
	["editing", "ctrl+]", { type: "view/collapseToggled" }],
	["editing", "j", "editor"],
	["editing", "1", "editor"],
	["editing", "left", "editor"],
	["editing", "up", "editor"],
	["editing", "shift+enter", "editor"],
	["notes", "enter", { type: "notes/closed" }],
	["notes", "escape", { type: "notes/closed" }],
	["notes", "n", "editor"],
	["submit", "enter", { type: "dialog/submitRequested" }],
	["submit", "down", { type: "nav/focusMoved", direction: "down" }],
	// The Submit tab's choices are a row: ←/→ move along it and never leave the tab (Tab does).
	["submit", "right", { type: "nav/focusMoved", direction: "down" }],
	["submit", "left", { type: "nav/focusMoved", direction: "up" }],
	["submit", "tab", { type: "tab/switched", direction: "next" }],
	["submit", "n", { type: "notes/opened" }],
	["submit", "1", undefined],
	["submitCancel", "enter", { type: "dialog/cancelRequested" }],
	["submitLater", "enter", { type: "dialog/deferRequested" }],
	["single", "ctrl+l", { type: "dialog/deferRequested" }],
	["submit", "ctrl+l", { type: "dialog/deferRequested" }],
	["leave", "ctrl+l", { type: "dialog/deferRequested" }],
	// Ctrl+L from the draft editor puts the questionnaire aside too (the reducer keeps the draft).
	["editing", "ctrl+l", { type: "dialog/deferRequested" }],
	// "Stop answering?": Enter takes the highlighted choice (Keep answering first), the cancel keys ask to
	// leave again (which puts it aside, never declines), arrows move, any other key goes back.
	["leave", "enter", { type: "dialog/leaveChosen", choice: "keep" }],
	["leaveDecline", "enter", { type: "dialog/leaveChosen", choice: "decline" }],
	["leave", "escape", { type: "dialog/cancelRequested" }],
	["leave", "ctrl+c", { type: "dialog/cancelRequested" }],
	["leaveDecline", "escape", { type: "dialog/cancelRequested" }],
	["leave", "down", { type: "nav/focusMoved", direction: "down" }],
	["leave", "x", { type: "dialog/leaveChosen", choice: "keep" }],
	["leave", "ctrl+]", { type: "dialog/leaveChosen", choice: "keep" }],
	["leave", "tab", { type: "dialog/leaveChosen", choice: "keep" }],
	["single", "ctrl+c", { type: "dialog/cancelRequested" }],
	["editing", "ctrl+c", { type: "draft/closed" }],
	["collapsed", "ctrl+]", { type: "view/collapseToggled" }],
	["collapsed", "enter", undefined],
	["one", "tab", undefined],
	["one", "right", undefined],
	["done", "escape", undefined],
];

describe("routeKey", () => {
	it.each(cases)("%s: %s", (name, key, expected) => {
		const state = states[name];
		if (!state) throw new Error(name);
		expect(routeKey(key, state, fakeKeys)).toEqual(expected);
	});
});

describe("keymap table", () => {
	it("has unique ids and namespaced own ids", () => {
		const ids = KEYMAP.map((b) => b.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const id of ids) expect(id).toMatch(/^(tui\.(select|input)\.|askUser\.)[a-zA-Z]+$/);
	});

	it("no two bindings enabled in the same sampled state share a default key", () => {
		for (const [name, state] of Object.entries(states)) {
			const keys = KEYMAP.filter((b) => b.enabled(state)).flatMap((b) => b.defaultKeys);
			expect(new Set(keys).size, name).toBe(keys.length);
		}
	});

	it("exports our own bindings in pi-tui's definitions shape", () => {
		const defs = ownKeybindingDefinitions();
		expect(defs["askUser.collapse"]).toEqual({
			defaultKeys: ["ctrl+]"],
			description: "Hide or show the questionnaire",
		});
		expect(Object.keys(defs).every((id) => id.startsWith("askUser."))).toBe(true);
		expect(Object.keys(defs)).toHaveLength(KEYMAP.filter((b) => b.id.startsWith("askUser.")).length);
	});
});

describe("editor reports", () => {
	it("map text changes to the open editor's action", () => {
		expect(editorTarget(states.editing!)).toBe("draft");
		expect(editorChanged(states.editing!, "a")).toEqual({ type: "draft/edited", text: "a" });
		expect(editorChanged(states.notes!, "b")).toEqual({ type: "notes/edited", text: "b" });
		expect(editorChanged(states.single!, "c")).toBeUndefined();
	});
});
