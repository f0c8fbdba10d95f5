/**
 * Which notification each terminal gets (src/notify/method.ts) and its exact bytes (sequence.ts): one row
 * per environment as the terminal sets it (WezTerm, iTerm2, Ghostty, kitty, Windows Terminal, tmux with and
 * without passthrough, Terminal.app, Alacritty, xterm, VS Code, unknown, not a TTY), a method named in the
 * config, "off", and the older `bell` key.
 */
import { describe, expect, it } from "vitest";
import {
	type Env,
	type NotifySetting,
	needsPassthroughProbe,
	notifySetting,
	planNotification,
} from "../../src/notify/method.ts";
import { notificationSequence } from "../../src/notify/sequence.ts";

const TEXT = { title: "Pi asks you a question", body: "Where should the API client cache responses?" };
const ESC = "\x1b";
const BEL = "\x07";
const ST = `${ESC}\\`;
const OSC777 = `${ESC}]777;notify;${TEXT.title};${TEXT.body}${BEL}`;
const OSC9 = `${ESC}]9;${TEXT.title}: ${TEXT.body}${BEL}`;
const b64 = (text: string) => Buffer.from(text).toString("base64");
const OSC99 =
	`${ESC}]99;i=pi-ask-user-question:d=0:o=unfocused:e=1:p=title;${b64(TEXT.title)}${ST}` +
	`${ESC}]99;i=pi-ask-user-question:d=1:o=unfocused:e=1:p=body;${b64(TEXT.body)}${ST}`;
/** `bare` as tmux passes it on: in a DCS passthrough, every ESC doubled, ended by ST. */
const tmuxWrapped = (bare: string) => `${ESC}Ptmux;${bare.replaceAll(ESC, ESC + ESC)}${ST}`;
/** Every value of the `notify` setting; a NotifySetting missing here is a type error. */
const NOTIFY_SETTINGS = Object.keys({
	auto: true,
	osc777: true,
	osc9: true,
	osc99: true,
	bell: true,
	off: true,
} satisfies Record<NotifySetting, true>) as NotifySetting[];
const TMUX = { TMUX: "/tmp/tmux-1000/default,4242,0", TMUX_PANE: "%3", TERM: "tmux-256color", TERM_PROGRAM: "tmux" };

/** What a terminal with `env` receives for the automatic setting. */
function sent(env: Env, options: { isTTY?: boolean; passthrough?: boolean; setting?: NotifySetting } = {}) {
	const plan = planNotification({
		setting: options.setting ?? "auto",
		env,
		isTTY: options.isTTY ?? true,
		passthrough: options.passthrough,
	});
	return plan === undefined ? undefined : notificationSequence(plan, TEXT);
}

describe("the automatic choice, per terminal", () => {
	it.each<[string, Env, string | undefined]>([
		["WezTerm", { TERM_PROGRAM: "WezTerm", TERM: "xterm-256color" }, OSC777],
		["iTerm2", { TERM_PROGRAM: "iTerm.app", TERM: "xterm-256color" }, OSC9],
		["Ghostty", { TERM_PROGRAM: "ghostty", TERM: "xterm-ghostty" }, OSC777],
		["Ghostty over ssh (TERM only)", { TERM: "xterm-ghostty" }, OSC777],
		["kitty", { KITTY_WINDOW_ID: "1", TERM: "xterm-kitty" }, OSC99],
		["kitty over ssh (TERM only)", { TERM: "xterm-kitty" }, OSC99],
		["Windows Terminal", { WT_SESSION: "0b7f8c1e-1234", TERM: "xterm-256color" }, OSC9],
		["rxvt-unicode", { TERM: "rxvt-unicode-256color" }, OSC777],
		["foot", { TERM: "foot" }, OSC777],
		["Terminal.app", { TERM_PROGRAM: "Apple_Terminal", TERM: "xterm-256color" }, BEL],
		["VS Code", { TERM_PROGRAM: "vscode", TERM: "xterm-256color", WT_SESSION: "inherited" }, BEL],
		["Alacritty", { TERM: "alacritty", ALACRITTY_WINDOW_ID: "1" }, BEL],
		["xterm", { TERM: "xterm-256color", XTERM_VERSION: "XTerm(390)" }, BEL],
		["GNOME Terminal (VTE)", { TERM: "xterm-256color", VTE_VERSION: "7600" }, BEL],
		["unknown", { TERM: "xterm-256color" }, BEL],
		["nothing set at all", {}, BEL],
	])("%s", (_name, env, expected) => {
		expect(sent(env)).toBe(expected);
	});

	it("not a TTY: nothing, whatever the terminal and the setting", () => {
		for (const setting of NOTIFY_SETTINGS) {
			expect(sent({ TERM_PROGRAM: "WezTerm" }, { isTTY: false, setting })).toBeUndefined();
			expect(sent({}, { isTTY: false, setting })).toBeUndefined();
		}
	});

	it("TERM_PROGRAM names the terminal over variables inherited from another (WezTerm started from kitty)", () => {
		expect(sent({ TERM_PROGRAM: "WezTerm", KITTY_WINDOW_ID: "3" })).toBe(OSC777);
		expect(sent({ TERM_PROGRAM: "Apple_Terminal", ITERM_SESSION_ID: "w0t0p0" })).toBe(BEL);
	});
});

describe("inside tmux", () => {
	it("tmux in WezTerm with allow-passthrough on: OSC 777 wrapped for passthrough", () => {
		const env = { ...TMUX, WEZTERM_PANE: "0" };
		expect(sent(env, { passthrough: true })).toBe(`${ESC}Ptmux;${OSC777.replaceAll(ESC, ESC + ESC)}${ST}`);
		// TERM_PROGRAM set for the pane on purpose (as the end-to-end test does) is read the same way.
		expect(sent({ ...TMUX, TERM_PROGRAM: "WezTerm" }, { passthrough: true })).toBe(tmuxWrapped(OSC777));
	});

	it.each<[string, Env, string]>([
		["kitty", { ...TMUX, KITTY_WINDOW_ID: "2" }, OSC99],
		["iTerm2", { ...TMUX, LC_TERMINAL: "iTerm2" }, OSC9],
		["Ghostty", { ...TMUX, GHOSTTY_RESOURCES_DIR: "/usr/share/ghostty" }, OSC777],
		["Windows Terminal", { ...TMUX, WT_SESSION: "x" }, OSC9],
	])("tmux in %s with passthrough: wrapped", (_name, env, bare) => {
		expect(sent(env, { passthrough: true })).toBe(tmuxWrapped(bare));
	});

	it("without passthrough, or before tmux answered: BEL, which tmux passes on itself", () => {
		const env = { ...TMUX, WEZTERM_PANE: "0" };
		expect(sent(env, { passthrough: false })).toBe(BEL);
		expect(sent(env)).toBe(BEL);
	});

	it("an unknown terminal around tmux: BEL, and tmux is not asked", () => {
		expect(sent(TMUX, { passthrough: true })).toBe(BEL);
		expect(needsPassthroughProbe("auto", TMUX)).toBe(false);
		expect(needsPassthroughProbe("auto", { ...TMUX, WEZTERM_PANE: "0" })).toBe(true);
		expect(needsPassthroughProbe("osc777", { ...TMUX, WEZTERM_PANE: "0" })).toBe(false);
		expect(needsPassthroughProbe("auto", { TERM_PROGRAM: "WezTerm" })).toBe(false);
	});

	it("a method named in the config is sent wrapped, passthrough or not (the person chose it)", () => {
		expect(sent(TMUX, { setting: "osc9" })).toBe(tmuxWrapped(OSC9));
		expect(sent(TMUX, { setting: "osc99", passthrough: false })).toBe(tmuxWrapped(OSC99));
		expect(sent(TMUX, { setting: "bell" })).toBe(BEL);
	});

	it("wrapping doubles every ESC and ends with ST", () => {
		expect(sent(TMUX, { setting: "osc9" })).toBe(
			`${ESC}Ptmux;${ESC}${ESC}]9;${TEXT.title}: ${TEXT.body}${BEL}${ESC}\\`,
		);
	});

	it("GNU screen: BEL for the automatic choice", () => {
		expect(sent({ STY: "1234.pts-0.host", TERM: "screen", WEZTERM_PANE: "0" })).toBe(BEL);
	});
});

describe("the setting", () => {
	it("a named method is used as named, anywhere", () => {
		expect(sent({}, { setting: "osc777" })).toBe(OSC777);
		expect(sent({ TERM_PROGRAM: "WezTerm" }, { setting: "osc9" })).toBe(OSC9);
		expect(sent({ TERM_PROGRAM: "WezTerm" }, { setting: "osc99" })).toBe(OSC99);
		expect(sent({ TERM_PROGRAM: "WezTerm" }, { setting: "bell" })).toBe(BEL);
	});

	it('"off" sends nothing', () => {
		expect(sent({ TERM_PROGRAM: "WezTerm" }, { setting: "off" })).toBeUndefined();
	});

	it("notify wins over bell; bell: false alone means off; unset means auto", () => {
		expect(notifySetting({})).toBe("auto");
		expect(notifySetting({ bell: true })).toBe("auto");
		expect(notifySetting({ bell: false })).toBe("off");
		expect(notifySetting({ bell: false, notify: "auto" })).toBe("auto");
		expect(notifySetting({ bell: false, notify: "osc9" })).toBe("osc9");
		expect(notifySetting({ bell: true, notify: "off" })).toBe("off");
	});
});
