/**
 * Configurable keys, from the file to the footer: key specs are checked by the loader (a typo is a
 * warning naming the file and the key, and the default stays; a key that types text is refused where
 * the binding works while typing), `keys.*` become the session's overrides ("off" and `digits: false`
 * unbind), conflicts are found, and the footer shows the keys actually bound.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeybindingsManager, matchesKey, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEY_PATTERN, KEY_SETTINGS, QUIET_KEY_PATTERN } from "../../src/config/key-spec.ts";
import { loadConfig } from "../../src/config/load.ts";
import { globalConfigPath } from "../../src/config/paths.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { OWN_KEY_DEFAULTS } from "../../src/state/bindings.ts";
import { KEYMAP } from "../../src/state/index.ts";
import { keyConflicts, keyOverridesFrom } from "../../src/tui/key-config.ts";
import { createSessionKeys } from "../../src/tui/keys.ts";

const host = () => new KeybindingsManager(TUI_KEYBINDINGS);
const keysWith = (keys: object) => ({ ...defaultConfig().keys, ...keys });

describe("key defaults", () => {
	it("one table: the keymap and the config defaults both read OWN_KEY_DEFAULTS", () => {
		for (const [id, keys] of Object.entries(OWN_KEY_DEFAULTS))
			expect(KEYMAP.find((b) => b.id === id)?.defaultKeys, id).toEqual(keys);
		const config = defaultConfig().keys;
		for (const [name, spec] of Object.entries(KEY_SETTINGS)) {
			const value = config[name as keyof typeof config];
			expect(typeof value === "string" ? [value] : value, name).toEqual(OWN_KEY_DEFAULTS[spec.binding]);
		}
		expect(config.digits).toBe(true);
	});

	it("every own binding except the digits has a setting, and every default passes its own check", () => {
		const remapped = new Set<string>(Object.values(KEY_SETTINGS).map((s) => s.binding));
		for (const id of Object.keys(OWN_KEY_DEFAULTS)) if (id !== "askUser.jump") expect(remapped, id).toContain(id);
		for (const spec of Object.values(KEY_SETTINGS)) {
			const pattern = new RegExp(spec.whileTyping ? QUIET_KEY_PATTERN : KEY_PATTERN);
			for (const key of OWN_KEY_DEFAULTS[spec.binding]) expect(key, spec.binding).toMatch(pattern);
		}
	});
});

describe("key specs in the config file", () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), "ask-keys-"));
		mkdirSync(join(root, "agent"));
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));
	const load = (keys: unknown) => {
		const file = globalConfigPath(join(root, "agent"));
		writeFileSync(file, JSON.stringify({ keys }));
		return { file, ...loadConfig({ agentDir: join(root, "agent"), cwd: root, projectTrusted: false }) };
	};

	it("applies valid remaps, lists and off", () => {
		const remaps = {
			notes: "ctrl+n",
			toggle: ["space", "x"],
			collapse: "off",
			externalEditor: "alt+e",
			tabNext: ["tab", "ctrl+pageDown"],
			digits: false,
		};
		const { config, warnings } = load(remaps);
		expect(warnings).toEqual([]);
		expect(config.keys).toEqual(keysWith(remaps));
	});

	it.each([
		["collapse", "ctrl+]]"],
		["externalEditor", "ctl+g"],
		["notes", ""],
		["notes", "Ctrl+N"],
		["collapse", "ctrl+ctrl+g"],
		["toggle", []],
		["toggle", ["space", "spcae"]],
		["toggle", ["off"]],
		["previewDown", 3],
		["collapse", "g"],
		["externalEditor", "shift+e"],
		["tabNext", "space"],
		["tabPrev", "backspace"],
		// Answer later works in the draft editor too: a key that types text would put it aside mid-word.
		["answerLater", "l"],
	])("refuses keys.%s = %j with a warning naming the file and the key; the default stays", (name, value) => {
		const { config, warnings, file } = load({ [name]: value });
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(file);
		expect(warnings[0]).toMatch(new RegExp(`keys\\.${name}: expected `));
		expect(config.keys).toEqual(defaultConfig().keys);
	});

	it("the warning says what is expected", () => {
		expect(load({ collapse: "g" }).warnings[0]).toContain("a key id that does not type text");
		expect(load({ notes: "ctl+n" }).warnings[0]).toContain('a pi-tui key id (lowercase, like "n"');
		expect(load({ digits: "no" }).warnings[0]).toContain("keys.digits: expected true or false");
	});
});

describe("the key patterns (property)", () => {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789".split("");
	const symbols = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?".split("");
	const named = ["escape", "esc", "enter", "return", "tab", "space", "backspace", "delete", "insert", "clear"].concat(
		["home", "end", "pageUp", "pageDown", "up", "down", "left", "right"],
		Array.from({ length: 12 }, (_, i) => `f${i + 1}`),
	);
	const base = fc.constantFrom(...letters, ...symbols, ...named);
	const mods = fc.shuffledSubarray(["ctrl", "shift", "alt", "super"]);
	const keyId = fc.tuple(mods, base).map(([m, b]) => [...m, b].join("+"));

	it("accepts every key id of pi-tui's KeyId grammar", () => {
		fc.assert(fc.property(keyId, (id) => new RegExp(KEY_PATTERN).test(id)));
	});

	it("a key accepted for a binding active while typing never matches a key that types text", () => {
		const typing = [...letters, ...symbols, ...letters.map((c) => c.toUpperCase()), " "];
		const quiet = new RegExp(QUIET_KEY_PATTERN);
		fc.assert(
			fc.property(fc.oneof(keyId, fc.string({ maxLength: 12 })), (id) => {
				if (!quiet.test(id)) return;
				for (const ch of typing) expect(matchesKey(ch, id as never), `${id} ← ${JSON.stringify(ch)}`).toBe(false);
			}),
		);
	});

	it("refuses arbitrary text that is not a key id", () => {
		const pattern = new RegExp(KEY_PATTERN);
		fc.assert(
			fc.property(fc.string({ minLength: 2, maxLength: 10 }), (text) => {
				fc.pre(!/^[a-z]+$/.test(text) && !text.includes("+"));
				expect(pattern.test(text)).toBe(named.includes(text));
			}),
		);
	});
});

describe("keyOverridesFrom", () => {
	it("maps settings to bindings; off and digits: false unbind; absent settings keep the default", () => {
		expect(keyOverridesFrom(undefined)).toEqual({});
		expect(keyOverridesFrom({ notes: "ctrl+n", collapse: "off", toggle: ["space", "x"], digits: false })).toEqual({
			"askUser.notes": ["ctrl+n"],
			"askUser.collapse": [],
			"askUser.toggle": ["space", "x"],
			"askUser.jump": [],
		});
		expect(keyOverridesFrom({ digits: true })).toEqual({});
	});

	it("a conflict names each binding by where it is remapped: keys.* for ours, the binding id for Pi's", () => {
		expect(keyConflicts(host(), keyOverridesFrom({ collapse: "2" }))).toEqual([
			'Key "2" is bound to keys.digits and keys.collapse; where both apply it does what keys.digits says.',
		]);
		expect(keyConflicts(host(), keyOverridesFrom({ collapse: "enter" }))).toEqual([
			'Key "enter" is bound to tui.select.confirm and tui.input.submit and keys.collapse; where both apply it does what tui.select.confirm says.',
		]);
	});
});

describe("createSessionKeys with overrides", () => {
	it("matches the remapped key, not the default, and labels it", () => {
		const keys = createSessionKeys(host(), keyOverridesFrom({ notes: "ctrl+n", externalEditor: ["alt+e", "ctrl+g"] }));
		expect(keys.input.matches("\x0e", "askUser.notes")).toBe(true);
		expect(keys.input.matches("n", "askUser.notes")).toBe(false);
		expect(keys.label("askUser.notes")).toBe("Ctrl+N");
		expect(keys.label("askUser.externalEditor")).toBe("Alt+E");
		expect(keys.input.matches("\x07", "askUser.externalEditor")).toBe(true);
	});

	it("an unbound key matches nothing and has no label", () => {
		const keys = createSessionKeys(host(), keyOverridesFrom({ collapse: "off", digits: false }));
		expect(keys.isCollapse("\x1d")).toBe(false);
		expect(keys.input.matches("\x1d", "askUser.collapse")).toBe(false);
		expect(keys.label("askUser.collapse")).toBe("");
		expect(keys.input.matches("2", "askUser.jump")).toBe(false);
	});

	it("host bindings follow the user's Pi keybindings; unbound ones have no label", () => {
		const manager = new KeybindingsManager(TUI_KEYBINDINGS, { "tui.select.confirm": "ctrl+o", "tui.select.up": [] });
		const keys = createSessionKeys(manager);
		expect(keys.label("tui.select.confirm")).toBe("Ctrl+O");
		expect(keys.label("tui.select.up")).toBe("");
	});
});

describe("keyConflicts", () => {
	it("finds none with the defaults", () => {
		expect(keyConflicts(host())).toEqual([]);
	});

	it("reports a key shared by two of our bindings, naming both settings", () => {
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "space" }))).toEqual([
			'Key "space" is bound to keys.toggle and keys.notes; where both apply it does what keys.toggle says.',
		]);
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "3" }))).toEqual([
			'Key "3" is bound to keys.digits and keys.notes; where both apply it does what keys.digits says.',
		]);
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "3", digits: false }))).toEqual([]);
	});

	it("reports a key shared with the host's select keys, also when the user remapped Pi's", () => {
		expect(keyConflicts(host(), keyOverridesFrom({ collapse: "escape" }))).toEqual([
			'Key "escape" is bound to tui.select.cancel and keys.collapse; where both apply it does what tui.select.cancel says.',
		]);
		const remapped = new KeybindingsManager(TUI_KEYBINDINGS, { "tui.select.confirm": "space" });
		expect(keyConflicts(remapped)).toEqual([
			'Key "space" is bound to tui.select.confirm and keys.toggle; where both apply it does what tui.select.confirm says.',
		]);
	});

	it("keys that do the same thing are no conflict; spellings of one key are one key", () => {
		expect(keyConflicts(host(), keyOverridesFrom({ down: ["j", "down"], tabRight: ["right", "tab"] }))).toEqual([]);
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "esc" }))).toHaveLength(1);
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "shift+ctrl+p", toggle: "ctrl+shift+p" }))).toHaveLength(1);
		// Named by one spelling: modifiers in a fixed order, aliases resolved, a "+" key kept whole.
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "shift+ctrl++", toggle: "ctrl+shift++" }))).toEqual([
			'Key "ctrl+shift++" is bound to keys.toggle and keys.notes; where both apply it does what keys.toggle says.',
		]);
		expect(keyConflicts(host(), keyOverridesFrom({ notes: "return" }))).toEqual([
			'Key "enter" is bound to tui.select.confirm and tui.input.submit and keys.notes; where both apply it does what tui.select.confirm says.',
		]);
	});

	it("the preview's page keys and the row jumps take turns on PgUp / PgDn; elsewhere a shared key is one", () => {
		// The defaults share PgUp / PgDn: the keymap enables one or the other, never both.
		expect(keyConflicts(host(), keyOverridesFrom({ previewPageUp: "pageDown", previewPageDown: "pageUp" }))).toEqual(
			[],
		);
		// Two of the preview's own keys on one key do clash, as does a page key on the multi-select toggle.
		expect(keyConflicts(host(), keyOverridesFrom({ previewPageDown: "shift+down" }))).toEqual([
			'Key "shift+down" is bound to keys.previewDown and keys.previewPageDown; where both apply it does what keys.previewDown says.',
		]);
		expect(keyConflicts(host(), keyOverridesFrom({ previewPageDown: "space" }))).toHaveLength(1);
	});
});
