/**
 * The fallback pseudo-terminal for the TUI tests when tmux is missing: util-linux `script` (in
 * every Debian/Ubuntu base image) allocates the pty, and @xterm/headless emulates the screen from
 * pi's output. The emulator's replies to terminal queries (device attributes, cursor position) go
 * back to pi through the pty, as a real terminal's would.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { Terminal as XtermTerminal } from "@xterm/headless";

const require = createRequire(import.meta.url);

/** tmux key names → the bytes a terminal sends for them. */
const KEYS: Readonly<Record<string, string>> = {
	Enter: "\r",
	Escape: "\x1b",
	Up: "\x1b[A",
	Down: "\x1b[B",
	Right: "\x1b[C",
	Left: "\x1b[D",
	Space: " ",
	Tab: "\t",
	BTab: "\x1b[Z",
	BSpace: "\x7f",
	"C-c": "\x03",
	"C-d": "\x04",
	"C-]": "\x1d",
	"C-g": "\x07",
};

/** A process in a pty with an emulated screen. */
export interface ScriptTerminal {
	screen(): Promise<string>;
	send(keyName: string): void;
	write(text: string): void;
	close(): void;
}

function shellQuote(arg: string): string {
	return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Starts `command args` under `script` at cols×rows. */
export function startScriptTerminal(
	command: string,
	args: readonly string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; cols: number; rows: number },
): ScriptTerminal {
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
	child.stdout.on("data", (chunk: Buffer) => term.write(chunk));
	// The emulator answers queries (DA1, DSR) on pi's behalf of a real terminal.
	term.onData((data) => {
		if (!child.stdin.destroyed) child.stdin.write(data);
	});
	let closed = false;
	return {
		async screen() {
			await new Promise<void>((resolve) => term.write("", resolve));
			const buffer = term.buffer.active;
			return Array.from(
				{ length: options.rows },
				(_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "",
			).join("\n");
		},
		send(keyName) {
			const bytes = KEYS[keyName];
			if (bytes === undefined) throw new Error(`unknown key name ${keyName}`);
			child.stdin.write(bytes);
		},
		write(text) {
			child.stdin.write(text);
		},
		close() {
			if (closed) return;
			closed = true;
			// Kill the whole group (script and pi); only the group we started.
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				// Already gone.
			}
			term.dispose();
		},
	};
}
