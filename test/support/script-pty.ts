/**
 * The util-linux `script` plumbing shared by the TUI tests' fallback terminal (tty-script.ts) and the
 * first-frame bench (bench/pty.ts): `script` allocates a cols×rows pty for a program, and an
 * @xterm/headless terminal answers the program's terminal queries (device attributes, cursor
 * position) through the pty, as a real terminal would. Callers feed the emulator from `child.stdout`
 * themselves, since one reads the screen and the other timestamps raw chunks.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { Terminal as XtermTerminal } from "@xterm/headless";

const require = createRequire(import.meta.url);

/** Where and at what size {@link startScriptPty} runs a program. */
export interface ScriptPtyOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	cols: number;
	rows: number;
}

/** A program running under `script`, with the emulator that answers its queries. */
export interface ScriptPty {
	child: ChildProcessWithoutNullStreams;
	term: XtermTerminal;
	/** Kills `script` and the program under it, and disposes of the emulator; later calls do nothing. */
	close(): void;
}

function shellQuote(arg: string): string {
	return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Starts `command args` under `script` in a cols×rows pty, its own process group. */
export function startScriptPty(command: string, args: readonly string[], options: ScriptPtyOptions): ScriptPty {
	const { Terminal } = require("@xterm/headless") as { Terminal: typeof XtermTerminal };
	const term = new Terminal({ cols: options.cols, rows: options.rows, allowProposedApi: true });
	const inner = `stty cols ${options.cols} rows ${options.rows} 2>/dev/null; exec ${[command, ...args].map(shellQuote).join(" ")}`;
	const child = spawn("script", ["-qfec", inner, "/dev/null"], {
		cwd: options.cwd,
		env: options.env,
		stdio: ["pipe", "pipe", "pipe"],
		detached: true,
	});
	child.stdin.on("error", () => {});
	// The emulator answers queries (DA1, DSR) on the program's behalf, as a real terminal would.
	term.onData((data) => {
		if (!child.stdin.destroyed) child.stdin.write(data);
	});
	let closed = false;
	return {
		child,
		term,
		close() {
			if (closed) return;
			closed = true;
			// Kill the whole group (script and the program); only the group we started.
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				// Already gone.
			}
			term.dispose();
		},
	};
}
