/**
 * A rehearsal of the first questionnaire, off screen: the preload (src/pi/prewarm.ts) runs a small sample
 * through `runTuiQuestionnaire` on a stand-in of Pi's `ctx.ui` that shows it the way Pi does — an overlay
 * on a pi-tui screen, composited over a transcript and drawn — but on a terminal that discards what it is
 * given, while Pi waits for the model. V8 compiles a function the first time it runs, so without this the
 * first real questionnaire pays for compiling the session, the view, the text measures and pi-tui's overlay
 * compositing (which Pi's own dialogs never use, so nothing has compiled it yet: a few ms) between the tool
 * call and its first frame. The rehearsal's screen is its own: Pi's TUI, the real terminal and the process
 * are untouched, the notification is off, nothing is recorded, and a failure is the caller's to ignore.
 * The preload asks the sample through the tool's whole call path (pi/call-rehearsal.ts), so the code before
 * the overlay is compiled too; alone, this asks it straight through `runTuiQuestionnaire`.
 */

import { type Component, getKeybindings, type OverlayOptions, type TUI, TuiMainScreen } from "@earendil-works/pi-tui";
import { SAMPLE_ARGUMENTS } from "../protocol/sample-questionnaire.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import type { HostKeybindings, HostTheme, HostUi, OverlayControl, ShownFactory } from "./host-ui.ts";
import { plainHostTheme } from "./plain-themes.ts";
import { runTuiQuestionnaire } from "./run.ts";

/** What the rehearsal's `custom()` reads of its options: where the overlay goes, and who gets its handle. */
interface ShownOptions {
	overlayOptions?: OverlayOptions | (() => OverlayOptions);
	onHandle?: (handle: OverlayControl) => void;
}

/** A common terminal size, where there is no terminal to take it from (tests). */
const COLUMNS = 120;
const ROWS = 40;

/** The size of the terminal Pi draws on (its TUI is the size of stdout), so the sample is laid out as a real one. */
function terminalSize(): { columns: number; rows: number } {
	const { isTTY, columns, rows } = process.stdout;
	return isTTY && columns > 0 && rows > 0 ? { columns, rows } : { columns: COLUMNS, rows: ROWS };
}

/** A terminal that takes every write and shows nothing, at a fixed size. */
const nullTerminal = (columns: number, rows: number) => ({
	columns,
	rows,
	kittyProtocolActive: false,
	start() {},
	stop() {},
	drainInput: async () => {},
	write() {},
	moveBy() {},
	hideCursor() {},
	showCursor() {},
	clearLine() {},
	clearFromCursor() {},
	clearScreen() {},
	setTitle() {},
	setProgress() {},
	setProgramStatus() {},
});

/** Some transcript for the overlay to cover, as on Pi's screen when a call comes. */
const transcript = (rows: number): Component => ({
	render: () => Array.from({ length: rows }, (_, i) => `transcript line ${i + 1}`),
	invalidate() {},
});

/**
 * A pi-tui screen of its own on the null terminal, drawn once (so the questionnaire's frame is an update
 * with an overlay, as in Pi); never started, so it reads no input and installs no handler; stopped after. Undefined where
 * this pi-tui has no such class: the rehearsal then draws the component alone.
 */
function offScreen(terminal: ReturnType<typeof nullTerminal>): (TUI & { renderNow(): void }) | undefined {
	if (typeof TuiMainScreen !== "function") return undefined;
	const screen = new TuiMainScreen(terminal);
	screen.addChild(transcript(terminal.rows));
	screen.renderNow();
	return screen;
}

/**
 * How the rehearsal asks its sample on the off-screen `ui`; `signal` fires once the first frame is drawn,
 * which must end the questionnaire.
 */
export type RehearsalAsk = (ui: HostUi, signal: AbortSignal) => Promise<unknown>;

/** The sample straight through the TUI host path, without a notification. */
const askDirectly: RehearsalAsk = async (ui, signal) => {
	const validation = validateQuestionnaire(SAMPLE_ARGUMENTS);
	if (!validation.ok) throw new Error("the warm-up sample is invalid");
	return runTuiQuestionnaire(validation.questionnaire, ui, { signal, announce: false });
};

/** Down and back up (the terminal's plain arrow keys): where a person's eyes go first, the options. */
const READING_KEYS = ["\x1b[B", "\x1b[A"];

/**
 * Moves the focus down an option and back, each key drawn, as a person reading the options does: the view,
 * the key path and the compositing then run again with another focus, so V8 has compiled them past a first
 * run and the real first frame and first keys do not wait for it (in the first-frame benchmark, about 1 ms of
 * the frame, mostly pi-tui's text measures being optimized while the frame was drawn).
 */
function readOn(component: Component, draw: () => void): void {
	for (const key of READING_KEYS) {
		component.handleInput?.(key);
		draw();
	}
}

/** How the rehearsal runs. */
export interface WarmUpOptions {
	/** How the sample is asked on the rehearsal's UI; straight through the TUI host path without. */
	ask?: RehearsalAsk;
	/**
	 * Pi's theme, as custom() passes it: with it, and at the terminal's size, the rehearsal draws the very
	 * borders and key lines the first frame will, whose widths pi-tui then has measured. Unstyled without.
	 */
	theme?: HostTheme;
}

/** Runs the sample once and resolves when it has ended; rejects when nothing was drawn. */
export async function warmUpTui({ ask = askDirectly, theme = plainHostTheme }: WarmUpOptions = {}): Promise<void> {
	const ended = new AbortController();
	let rendered = false;
	const { columns, rows } = terminalSize();
	const terminal = nullTerminal(columns, rows);
	const screen = offScreen(terminal);
	const tui = screen ?? ({ terminal, requestRender() {} } as unknown as TUI);
	// Pi's own manager (the user's keybindings.json), as custom() passes; the session only reads it.
	const keybindings = getKeybindings() as unknown as HostKeybindings;
	const ui = {
		custom(factory: ShownFactory<unknown>, options?: ShownOptions) {
			return new Promise((resolve) => {
				const component = factory(tui, theme, keybindings, resolve) as Component & { dispose?(): void };
				try {
					if (screen) {
						const wanted = options?.overlayOptions;
						const overlay = screen.showOverlay(component, typeof wanted === "function" ? wanted() : wanted);
						// As Pi does; the questionnaire draws itself from there (tui/run.ts), else a frame is drawn here.
						if (options?.onHandle) options.onHandle(overlay);
						else screen.renderNow();
						readOn(component, () => screen.renderNow());
						overlay.hide();
					} else {
						component.render(columns);
						readOn(component, () => component.render(columns));
					}
					rendered = true;
				} finally {
					ended.abort();
					component.dispose?.();
				}
			});
		},
		onTerminalInput: () => () => {},
		setWidget() {},
		setStatus() {},
		notify() {},
	} as unknown as HostUi;
	try {
		await ask(ui, ended.signal);
	} finally {
		// Stopped, the screen draws nothing more (a render the session asked for stays undone).
		screen?.stop();
	}
	if (!rendered) throw new Error("the warm-up drew nothing");
}
