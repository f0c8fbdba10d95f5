/**
 * Runs the real pi TUI in a pseudo-terminal without native modules. Preferred: a private tmux
 * server (one socket per session, no user config) hosts pi; tests type with `send-keys` and read
 * the screen with `capture-pane -p`. Without tmux (or with PI_ASK_TTY=script) it falls back to
 * util-linux `script` + @xterm/headless (tty-script.ts). Both take tmux key names.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PiOptions, piArgs, piCommand, piEnv } from "./pi.ts";
import { paneDead, startPiPane, tmuxServer } from "./tmux.ts";
import { startScriptTerminal } from "./tty-script.ts";

/** True when a tmux binary can be run. */
export function tmuxAvailable(): boolean {
	const probe = spawnSync("tmux", ["-V"], { encoding: "utf8" });
	return probe.status === 0;
}

/** A pi TUI running in a detached tmux session. */
export interface TuiSession {
	/** Which pseudo-terminal runs pi. */
	backend: "tmux" | "script";
	/** The visible screen, one line per row, trailing spaces trimmed. */
	screen(): Promise<string>;
	/** tmux key names: "Enter", "Escape", "Down", "Up", "Space", "Tab", "BTab", "C-c", ... */
	keys(...names: string[]): void;
	/** Types text literally (no key-name interpretation). */
	type(text: string): void;
	/** Pastes `text` as a terminal does with bracketed paste on (tmux paste-buffer -p). */
	paste(text: string): void;
	/** Resizes the terminal, as dragging a window's corner would (pi gets SIGWINCH). */
	resize(cols: number, rows: number): void;
	/** Polls the screen until `match` is found; returns the screen. Times out with the screen in the message. */
	waitForScreen(
		match: string | RegExp | ((screen: string) => boolean),
		what?: string,
		timeoutMs?: number,
	): Promise<string>;
	/**
	 * Polls until pi has exited (tmux: the pane is dead). Times out with the screen in the message. What a
	 * test waits for after `/quit`: Pi's goodbye line may never reach the screen of a loaded machine,
	 * while a dead pane always says Pi is gone.
	 */
	waitForExit(what?: string, timeoutMs?: number): Promise<void>;
	/** Pi's process id (tmux: the pane's process), to end it as a crash would; undefined where unknown. */
	piPid(): number | undefined;
	/** Kills the tmux server (and pi with it): to pi, the terminal is gone (SIGHUP, then EIO). */
	close(): void;
	/** tmux only: runs one tmux command against the session's server (options, `pipe-pane`); returns its stdout. */
	tmux?: (...args: string[]) => string;
}

/** Options for {@link startTui}. */
export interface TuiOptions extends PiOptions {
	cols?: number;
	rows?: number;
	/**
	 * Variables set for pi itself, over what the terminal sets (tmux sets TERM_PROGRAM=tmux in its panes:
	 * this is how a test makes pi believe it runs in another terminal).
	 */
	paneEnv?: Record<string, string>;
}

/** Starts pi interactively (hermetic arguments, plus `extraArgs`, e.g. an initial prompt). */
export function startTui(options: TuiOptions): TuiSession {
	const wanted = process.env.PI_ASK_TTY;
	const useTmux = wanted === "tmux" || (wanted !== "script" && tmuxAvailable());
	return useTmux ? startTmux(options) : startScript(options);
}

function tuiEnv(options: TuiOptions): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...piEnv(options.agentDir, options.env), TERM: "xterm-256color" };
	delete env.NO_COLOR;
	delete env.TMUX;
	return env;
}

async function pollScreen(
	screen: () => Promise<string>,
	match: string | RegExp | ((screen: string) => boolean),
	what: string | undefined,
	timeoutMs: number,
): Promise<string> {
	const test =
		typeof match === "function"
			? match
			: typeof match === "string"
				? (s: string) => s.includes(match)
				: (s: string) => match.test(s);
	const deadline = Date.now() + timeoutMs;
	let last = "";
	while (Date.now() < deadline) {
		last = await screen();
		if (test(last)) return last;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`timed out after ${timeoutMs} ms waiting for ${what ?? String(match)}; screen:\n${last}`);
}

/** Polls `exited` until it says the program has exited. */
async function pollExit(
	exited: () => boolean,
	screen: () => Promise<string>,
	what: string,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exited()) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (pi still running); screen:\n${await screen()}`);
}

function startScript(options: TuiOptions): TuiSession {
	const { command, args } = piCommand(options.piHome);
	const term = startScriptTerminal(command, [...args, ...piArgs(options)], {
		cwd: options.cwd,
		env: { ...tuiEnv(options), ...options.paneEnv },
		cols: options.cols ?? 120,
		rows: options.rows ?? 40,
	});
	const screen = async () => (await term.screen()).replace(/[ \t]+$/gm, "");
	return {
		backend: "script",
		screen,
		keys: (...names) => {
			for (const name of names) term.send(name);
		},
		type: (text) => term.write(text),
		resize: (cols, rows) => term.resize(cols, rows),
		paste: (text) => term.write(`\x1b[200~${text}\x1b[201~`),
		waitForScreen: (match, what, timeoutMs = options.timeoutMs ?? 20_000) => pollScreen(screen, match, what, timeoutMs),
		waitForExit: (what = "pi to exit", timeoutMs = options.timeoutMs ?? 20_000) =>
			pollExit(() => term.exited() !== undefined, screen, what, timeoutMs),
		piPid: () => undefined,
		close: () => term.close(),
	};
}

function startTmux(options: TuiOptions): TuiSession {
	const server = tmuxServer("pi-ask", tuiEnv(options));
	const tmux = server.run;
	const { command, args } = piCommand(options.piHome);
	// `env` execs pi in place, so the pane's process is still pi's.
	const paneEnv = Object.entries(options.paneEnv ?? {}).map(([key, value]) => `${key}=${value}`);
	startPiPane(server, {
		cols: options.cols ?? 120,
		rows: options.rows ?? 40,
		cwd: options.cwd,
		argv: [...(paneEnv.length > 0 ? ["env", ...paneEnv] : []), command, ...args, ...piArgs(options)],
		remainOnExit: true,
	});
	let closed = false;
	const screen = async () => tmux("capture-pane", "-p", "-t", "pi").replace(/[ \t]+$/gm, "");
	return {
		backend: "tmux",
		screen,
		keys: (...names) => {
			for (const name of names) tmux("send-keys", "-t", "pi", name);
		},
		type: (text) => {
			tmux("send-keys", "-t", "pi", "-l", text);
		},
		resize: (cols, rows) => {
			tmux("resize-window", "-t", "pi", "-x", String(cols), "-y", String(rows));
		},
		paste: (text) => {
			const dir = mkdtempSync(join(tmpdir(), "pi-ask-paste-"));
			try {
				const file = join(dir, "paste.txt");
				writeFileSync(file, text);
				tmux("load-buffer", "-b", "paste", file);
				tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "pi");
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
		waitForScreen: (match, what, timeoutMs = options.timeoutMs ?? 20_000) => pollScreen(screen, match, what, timeoutMs),
		waitForExit: (what = "pi to exit", timeoutMs = options.timeoutMs ?? 20_000) =>
			pollExit(() => paneDead(server), screen, what, timeoutMs),
		piPid: () => {
			const pid = Number(tmux("display-message", "-p", "-t", "pi", "#{pane_pid}").trim());
			return Number.isInteger(pid) && pid > 0 ? pid : undefined;
		},
		close() {
			if (closed) return;
			closed = true;
			server.kill();
		},
		tmux,
	};
}
