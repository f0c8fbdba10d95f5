/**
 * An in-process terminal for Pi's TUI: implements pi-tui's `Terminal` on top of @xterm/headless, so
 * `new InteractiveMode(runtime, { terminal })` draws into an emulated screen that tests read as text.
 * Keys are fed with `send` (one sequence per call, as pi-tui's stdin buffer would deliver them).
 * Mirrors Pi's own test helper (packages/tui/test/virtual-terminal.ts).
 */
import { createRequire } from "node:module";
import type { ProgramStatus, Terminal } from "@earendil-works/pi-tui";
import type { Terminal as XtermTerminal } from "@xterm/headless";

const require = createRequire(import.meta.url);

/** A pi-tui Terminal backed by an xterm emulator. */
export class VirtualTerminal implements Terminal {
	private readonly xterm: XtermTerminal;
	private cols: number;
	private rowCount: number;
	private inputHandler: ((data: string) => void) | undefined;
	private resizeHandler: (() => void) | undefined;
	/** Every program status Pi reported (OSC 7501), newest last. */
	readonly statuses: ProgramStatus[] = [];
	/** True while the TUI has the terminal (between start and stop). */
	running = false;

	constructor(cols = 100, rows = 30) {
		const { Terminal } = require("@xterm/headless") as { Terminal: typeof XtermTerminal };
		this.cols = cols;
		this.rowCount = rows;
		this.xterm = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		this.inputHandler = onInput;
		this.resizeHandler = onResize;
		this.running = true;
	}

	stop(): void {
		this.inputHandler = undefined;
		this.resizeHandler = undefined;
		this.running = false;
	}

	async drainInput(): Promise<void> {}

	write(data: string): void {
		this.xterm.write(data);
	}

	get columns(): number {
		return this.cols;
	}

	get rows(): number {
		return this.rowCount;
	}

	get kittyProtocolActive(): boolean {
		return false;
	}

	moveBy(lines: number): void {
		if (lines > 0) this.xterm.write(`\x1b[${lines}B`);
		else if (lines < 0) this.xterm.write(`\x1b[${-lines}A`);
	}

	hideCursor(): void {
		this.xterm.write("\x1b[?25l");
	}

	showCursor(): void {
		this.xterm.write("\x1b[?25h");
	}

	clearLine(): void {
		this.xterm.write("\x1b[K");
	}

	clearFromCursor(): void {
		this.xterm.write("\x1b[J");
	}

	clearScreen(): void {
		this.xterm.write("\x1b[2J\x1b[H");
	}

	setTitle(): void {}

	setProgress(): void {}

	setProgramStatus(status: ProgramStatus): void {
		this.statuses.push(status);
	}

	/** Types one key sequence (e.g. "\r", "\x1b", "\x1b[B", "1"). */
	send(data: string): void {
		if (!this.inputHandler) throw new Error("the terminal is not started (or was stopped)");
		this.inputHandler(data);
	}

	/** Changes the size and tells the TUI, as a real terminal's SIGWINCH would. */
	resize(cols: number, rows: number): void {
		this.cols = cols;
		this.rowCount = rows;
		this.xterm.resize(cols, rows);
		this.resizeHandler?.();
	}

	/** The visible screen as text, one line per row (trailing blanks trimmed), after pending writes land. */
	async screen(): Promise<string> {
		await new Promise<void>((resolve) => this.xterm.write("", resolve));
		const buffer = this.xterm.buffer.active;
		return Array.from(
			{ length: this.rowCount },
			(_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "",
		).join("\n");
	}
}
