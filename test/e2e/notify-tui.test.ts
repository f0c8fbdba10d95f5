/**
 * The desktop notification in the real `pi` TUI, read from the raw bytes Pi writes to its terminal (tmux
 * `pipe-pane` on Pi's pane), with `TERM_PROGRAM=WezTerm` set for Pi itself (tmux sets its own in panes).
 * The pane is inside tmux, so the notification is the passthrough-wrapped OSC 777 when tmux's
 * `allow-passthrough` is on, and a bare BEL (which tmux passes on) when it is off, as by default:
 * - exactly one notification naming the question when the questionnaire opens, none when `/answer`
 *   reopens it (the person is looking);
 * - `"notify": "off"`: none, not even a BEL.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { perTest } from "../support/lifecycle.ts";
import { pendingScript } from "../support/pending.ts";
import { CACHE_QUESTION } from "../support/questions.ts";
import { tmuxAvailable } from "../support/tty.ts";

const ESC = "\x1b";
const TITLE = "Pi asks you a question";
/** OSC 777 for WezTerm, wrapped for tmux: ESC P tmux; <sequence with ESC doubled> ESC \ */
const WRAPPED = `${ESC}Ptmux;${ESC}${ESC}]777;notify;${TITLE};${CACHE_QUESTION.question}\x07${ESC}\\`;
const WAITING = "1 questionnaire waiting · /answer";

/** Desktop notifications of any kind in raw terminal output (OSC 9 progress `9;4;…` is not one). */
function notifications(raw: string): string[] {
	return raw.match(/\x1b\]777;notify;[^\x07]*\x07|\x1b\]9;(?!\d)[^\x07]*\x07|\x1b\]99;[^\x1b]*\x1b\\/g) ?? [];
}

/** BELs that are not the end of an OSC or inside a passthrough (pi-tui closes a link on every line with one). */
function bells(raw: string): number {
	const withoutSequences = raw
		.replace(/\x1bPtmux;(?:\x1b\x1b|[^\x1b])*\x1b\\/g, "")
		.replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, "");
	return withoutSequences.split("\x07").length - 1;
}

const pi = perTest({ cols: 110, rows: 34 });

/** Pi in WezTerm inside tmux, its raw output recorded from the start; the prompt typed once it is ready. */
async function start(config: object, passthrough: boolean) {
	const h = await pi.harness(pendingScript(CACHE_QUESTION), {
		extraFiles: { "ask-user-question.json": JSON.stringify(config) },
	});
	const file = join(pi.tempDir("pi-ask-notify-"), "raw.bin");
	const session = pi.tui({ paneEnv: { TERM_PROGRAM: "WezTerm", TERM_PROGRAM_VERSION: "20240203" } });
	const tmux = session.tmux;
	if (!tmux) throw new Error("needs the tmux backend");
	tmux("set-option", "-g", "allow-passthrough", passthrough ? "on" : "off");
	tmux("pipe-pane", "-o", "-t", "pi", `cat >> '${file}'`);
	await session.waitForScreen("fake-1", "Pi ready");
	const raw = () => (existsSync(file) ? readFileSync(file, "latin1") : "");
	return { h, session, raw };
}

/** Waits until `check` holds for the raw output, or throws with what was seen. */
async function rawUntil(raw: () => string, check: (text: string) => boolean, what: string): Promise<string> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		const text = raw();
		if (check(text)) return text;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`timed out waiting for ${what}; notifications: ${JSON.stringify(notifications(raw()))}`);
}

/** Enough for a notification that was coming to have been written (it follows the first frame). */
const settle = () => new Promise((r) => setTimeout(r, 1_500));

describe.skipIf(!tmuxAvailable())("desktop notification in the real pi TUI (WezTerm in tmux)", () => {
	it("one notification naming the question when it opens; none when /answer reopens it", async () => {
		const { session, raw } = await start({}, true);
		session.type("Ask me.");
		session.keys("Enter");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		await rawUntil(raw, (text) => text.includes(WRAPPED), "the wrapped OSC 777");
		await settle();
		const opened = raw();
		expect(notifications(opened)).toEqual([`${ESC}]777;notify;${TITLE};${CACHE_QUESTION.question}\x07`]);
		expect(opened.split(WRAPPED)).toHaveLength(2);
		expect(bells(opened)).toBe(0);

		session.keys("C-l");
		await session.waitForScreen((s) => s.includes("Carrying on meanwhile.") && s.includes(WAITING), "put aside");
		const before = raw().length;
		session.type("/answer");
		session.keys("Enter");
		await session.waitForScreen(CACHE_QUESTION.question, "reopened with /answer");
		await settle();
		const reopened = raw().slice(before);
		expect(reopened).toContain(CACHE_QUESTION.header);
		expect(notifications(reopened)).toEqual([]);
		expect(bells(reopened)).toBe(0);
	});

	it("without tmux's allow-passthrough (its default): one BEL instead, no OSC tmux would drop", async () => {
		const { session, raw } = await start({}, false);
		session.type("Ask me.");
		session.keys("Enter");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		await rawUntil(raw, (text) => bells(text) > 0, "the BEL");
		await settle();
		expect(notifications(raw())).toEqual([]);
		expect(bells(raw())).toBe(1);
	});

	it('"notify": "off": nothing at all', async () => {
		const { session, raw } = await start({ notify: "off" }, true);
		session.type("Ask me.");
		session.keys("Enter");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		await settle();
		expect(raw()).toContain(CACHE_QUESTION.header);
		expect(notifications(raw())).toEqual([]);
		expect(bells(raw())).toBe(0);
	});
});
