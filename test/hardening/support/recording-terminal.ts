/**
 * A VirtualTerminal that also keeps every byte pi-tui writes, so hardening tests can inspect the raw
 * stream the terminal receives (not just the emulated screen), and `assertStreamSafe`, the check that
 * such a stream holds nothing but printable text, our SGR styling and the control sequences pi-tui
 * itself writes to draw frames.
 */

import { assertTerminalSafe } from "../../support/hostile-strings.ts";
import { VirtualTerminal } from "../../support/virtual-terminal.ts";

/** A virtual terminal that records its input stream. */
export class RecordingTerminal extends VirtualTerminal {
	private chunks: string[] = [];
	private readonly emulate: boolean;

	/** `emulate` false: keep the stream only (no screen), for tests that write megabytes of frames. */
	constructor(cols = 100, rows = 30, emulate = true) {
		super(cols, rows);
		this.emulate = emulate;
	}

	override write(data: string): void {
		this.chunks.push(data);
		if (this.emulate) super.write(data);
	}

	/** Everything written so far, in order. */
	written(): string {
		return this.chunks.join("");
	}

	/** Forgets what was written (the emulated screen is kept). */
	clearWritten(): void {
		this.chunks = [];
	}
}

/**
 * The sequences pi-tui writes on its own (tui-main-screen.js, tui-alt-screen.js, terminal.ts): SGR,
 * cursor moves (CUU/CUD/CUF/CUB/CHA/CUP), erase in line/display, DEC private modes it toggles
 * (cursor visibility 25, synchronized output 2026, bracketed paste 2004, alternate screen 1049, mouse
 * 1000/1002/1003/1006), Kitty keyboard push/pop/query (`CSI > u`, `CSI < u`, `CSI ? u`), the OSC 8 close
 * that ends every line, and the line endings CR/LF. Anything else with ESC, a C1 control or another C0
 * control fails: that includes OSC 0/2/52, OSC 8 with a URL, DCS, APC, PM, SOS, 8-bit CSI and BEL.
 */
const PI_TUI_SEQUENCE =
	/\x1b\[[0-9;:]*m|\x1b\[\d*[ABCDGJK]|\x1b\[\d+(?:;\d+)?H|\x1b\[H|\x1b\[\?(?:25|2026|2004|1049|1000|1002|1003|1006)[hl]|\x1b\[[<>?]\d*u|\x1b\]8;;(?:\x07|\x1b\\)|\r|\x1b\[\d*[ST]/g;

/**
 * Throws unless `stream` (what a terminal received) carries only printable, terminal-safe text plus
 * the sequences pi-tui writes itself. A sequence smuggled in by untrusted text that has the same shape
 * as one of pi-tui's (a cursor move, a screen clear) cannot be told apart here; the rendered lines
 * handed to pi-tui are checked separately with `assertTerminalSafe`, which allows nothing but SGR.
 */
export function assertStreamSafe(stream: string): void {
	assertTerminalSafe(stream.replace(PI_TUI_SEQUENCE, ""), false, true);
}
