/**
 * Remapped keys in a running session (legacy and Kitty encodings): the new key works, the old one no
 * longer does, and the footer hint line names the key actually bound — or leaves the hint out when the
 * key is "off".
 */
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { keyOverridesFrom } from "../../src/tui/key-config.ts";
import { CACHE, KEYS, LAYOUT, PLATFORMS, startSession, typed } from "./session-harness.ts";

/** The hint line: the last line with a " · " separator (the dialog's bottom border follows it). */
const footer = (screen: string) =>
	screen
		.split("\n")
		.filter((line) => line.includes(" · "))
		.at(-1) ?? "";

describe.each(["legacy", "kitty"] as const)("remapped keys (%s)", (encoding) => {
	const k = KEYS[encoding];

	it("notes on Ctrl+N: n types nothing, Ctrl+N opens the note, the footer says Ctrl+N", () => {
		const s = startSession([CACHE, PLATFORMS], { keys: keyOverridesFrom({ notes: "ctrl+n" }) });
		expect(footer(s.screen())).toContain("Ctrl+N");
		expect(footer(s.screen())).not.toMatch(/(^|· )n /);
		s.press(typed("n", encoding));
		expect(s.session.getState().mode).toBe("options");
		s.press(k.ctrlN);
		expect(s.session.getState().mode).toBe("notes");
	});

	it("collapse off: Ctrl+] does nothing and no hint advertises it", () => {
		const on = startSession([CACHE], {});
		expect(footer(on.screen())).toContain("Ctrl+]");
		const s = startSession([CACHE], { keys: keyOverridesFrom({ collapse: "off" }) });
		expect(footer(s.screen())).not.toContain("Ctrl+]");
		s.press(k.ctrlBracket);
		expect(s.session.getState().collapsed).toBe(false);
	});

	it("digits off: 2 does not choose; Enter still does", () => {
		const s = startSession([CACHE], { keys: keyOverridesFrom({ digits: false }) });
		s.press(typed("2", encoding));
		expect(s.results).toEqual([]);
		s.press(k.down, k.enter);
		expect(s.result().answers[0]).toMatchObject({ kind: "option", answer: "SQLite file" });
	});

	it("toggle on x: the multi-select footer shows x, Space no longer toggles", () => {
		const s = startSession([PLATFORMS], { keys: keyOverridesFrom({ toggle: "x" }) });
		expect(footer(s.screen())).toContain("Enter/x toggle");
		s.press(k.space);
		s.press(typed("x", encoding));
		expect(s.session.getState().checked[0]).toEqual([true, false, false]);
	});

	it("preview scroll on Ctrl+Down: the preview's position hint names it", () => {
		const s = startSession([LAYOUT], {
			columns: 120,
			rows: 30,
			keys: keyOverridesFrom({ previewDown: "ctrl+down", previewUp: "ctrl+up" }),
		});
		expect(s.screen()).toContain("Ctrl+↓");
		s.press(k.shiftDown);
		expect(s.session.getState().previewScroll[0] ?? 0).toBe(0);
		s.press("\x1b[1;5B"); // Ctrl+Down is the same in both encodings
		expect(s.session.getState().previewScroll[0]).toBe(1);
	});

	it("the host's remapped confirm key is the one the footer names", () => {
		const s = startSession([CACHE], {
			hostKeys: new KeybindingsManager(TUI_KEYBINDINGS, { "tui.select.confirm": ["ctrl+o", "enter"] }),
		});
		expect(footer(s.screen())).toContain("Ctrl+O");
		s.press("\x0f");
		expect(s.result().answers[0]).toMatchObject({ answer: "In-memory LRU" });
	});
});
