/**
 * The fallback pseudo-terminal for the TUI tests when tmux is missing: util-linux `script` (in
 * every Debian/Ubuntu base image) allocates the pty, and @xterm/headless emulates the screen from
 * pi's output. The emulator's replies to terminal queries (device attributes, cursor position) go
 * back to pi through the pty, as a real terminal's would.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { type ScriptPtyOptions, startScriptPty } from "./script-pty.ts";

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
	/** How the program (through `script -e`) ended: its exit status, null when a signal ended it, undefined while it runs. */
	exited(): number | null | undefined;
	/** Resizes the pty (the program gets SIGWINCH) and the emulated screen. */
	resize(cols: number, rows: number): void;
	close(): void;
}

/** Starts `command args` under `script` at cols×rows. */
export function startScriptTerminal(
	command: string,
	args: readonly string[],
	options: ScriptPtyOptions,
): ScriptTerminal {
	const { child, term, close } = startScriptPty(command, args, options);
	child.stdout.on("data", (chunk: Buffer) => term.write(chunk));
	let exit: number | null | undefined;
	child.on("exit", (code) => {
		exit = code;
	});
	let rows = options.rows;
	return {
		async screen() {
			await new Promise<void>((resolve) => term.write("", resolve));
			const buffer = term.buffer.active;
			return Array.from(
				{ length: rows },
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
		exited: () => exit,
		resize(newCols, newRows) {
			// `script` holds only the master side; the program under it (its one child) has the slave as stdin.
			const program = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(" ")[0];
			const slave = readlinkSync(`/proc/${program}/fd/0`);
			const stty = spawnSync("stty", ["-F", slave, "cols", String(newCols), "rows", String(newRows)]);
			if (stty.status !== 0) throw new Error(`stty on ${slave} failed: ${stty.stderr}`);
			rows = newRows;
			term.resize(newCols, newRows);
		},
		close,
	};
}
