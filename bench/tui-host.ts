/**
 * The TUI stand-in the in-process benchmarks open questionnaires on: the real `runTuiQuestionnaire`
 * against a `ctx.ui.custom()` that builds its component with a real pi-tui `TUI` (on a terminal that
 * discards output), Pi's real dark theme and Pi's keybindings — what Pi hands the factory.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import { type Component, type OverlayHandle, type Terminal, type TUI, TuiMainScreen } from "@earendil-works/pi-tui";
import type { Progress } from "../src/protocol/progress.ts";
import type { QuestionnaireResult } from "../src/protocol/result.ts";
import { validateQuestionnaire } from "../src/protocol/validation.ts";

export const WIDTH = 200;
const ROWS = 50;
export const RUN_TS = fileURLToPath(new URL("../src/tui/run.ts", import.meta.url));

/** Whether the TUI has landed (the benchmarks report "n/a" rows without it). */
export const tuiLanded = existsSync(RUN_TS);

/** A terminal that accepts everything and shows nothing. */
class NullTerminal implements Terminal {
	written = 0;
	start(): void {}
	stop(): void {}
	async drainInput(): Promise<void> {}
	write(data: string): void {
		this.written += data.length;
	}
	get columns(): number {
		return WIDTH;
	}
	get rows(): number {
		return ROWS;
	}
	get kittyProtocolActive(): boolean {
		return false;
	}
	moveBy(): void {}
	hideCursor(): void {}
	showCursor(): void {}
	clearLine(): void {}
	clearFromCursor(): void {}
	clearScreen(): void {}
	setTitle(): void {}
	setProgress(): void {}
	setProgramStatus(): void {}
}

export const KEY = {
	up: "\x1b[A",
	down: "\x1b[B",
	right: "\x1b[C",
	left: "\x1b[D",
	tab: "\t",
	shiftTab: "\x1b[Z",
	pageDown: "\x1b[6~",
	pageUp: "\x1b[5~",
	shiftDown: "\x1b[1;2B",
	shiftUp: "\x1b[1;2A",
	space: " ",
};

/** One tab's worth of browsing: every option (so every preview), preview scrolling, then the next tab. */
export const TOUR = [
	...Array<string>(4).fill(KEY.down),
	...Array<string>(4).fill(KEY.up),
	KEY.down,
	...Array<string>(8).fill(KEY.shiftDown),
	KEY.pageDown,
	...Array<string>(4).fill(KEY.shiftUp),
	KEY.pageUp,
	KEY.down,
	KEY.up,
	KEY.tab,
];

// Pi's theme instance and keybindings class, which custom() passes, are not exported by the package root.
const piDist = dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent")));
const piModule = async <T>(relative: string) => (await import(pathToFileURL(join(piDist, relative)).href)) as T;
const themeModule = await piModule<{ initTheme(name?: string, watch?: boolean): void; theme: Theme }>(
	"modes/interactive/theme/theme.js",
);
const { KeybindingsManager: Keybindings } = await piModule<{ KeybindingsManager: new () => KeybindingsManager }>(
	"core/keybindings.js",
);
themeModule.initTheme("dark", false);

export interface Open {
	component: Component;
	tui: TUI;
	finished(): boolean;
	close(): void;
}

type RunTui = (
	questionnaire: unknown,
	ui: ExtensionUIContext,
	options?: { signal?: AbortSignal; onProgress?: (progress: Progress) => void },
) => Promise<QuestionnaireResult | undefined>;

let runTui: RunTui | undefined;

/**
 * Opens a questionnaire through runTuiQuestionnaire; the component is what custom() would show. `onProgress`
 * hears what was given as it changes, as the session's recorder does in Pi.
 */
export async function open(params: unknown, onProgress?: (progress: Progress) => void): Promise<Open> {
	runTui ??= ((await import(pathToFileURL(RUN_TS).href)) as { runTuiQuestionnaire: RunTui }).runTuiQuestionnaire;
	const validation = validateQuestionnaire(params);
	if (!validation.ok) throw new Error(`invalid workload: ${JSON.stringify(validation.problems)}`);
	const terminal = new NullTerminal();
	// Pi's default ("regular") TUI mode.
	const tui: TUI = new TuiMainScreen(terminal);
	const keybindings = new Keybindings();
	let component: Component | undefined;
	let finished = false;
	const abort = new AbortController();
	const handle: OverlayHandle = {
		hide() {},
		setHidden() {},
		isHidden: () => false,
		focus() {},
		unfocus() {},
		isFocused: () => true,
		getBounds: () => undefined,
	} as OverlayHandle;
	const ui = {
		custom(factory: Parameters<ExtensionUIContext["custom"]>[0], options?: { onHandle?: (h: OverlayHandle) => void }) {
			return new Promise((resolve) => {
				const built = factory(tui, themeModule.theme, keybindings, resolve);
				if (built instanceof Promise) throw new Error("expected a synchronous factory");
				component = built;
				tui.showOverlay(built, { width: "100%", anchor: "bottom-center" });
				options?.onHandle?.(handle);
			});
		},
		notify() {},
		onTerminalInput: () => () => {},
	} as unknown as ExtensionUIContext;
	void runTui(validation.questionnaire, ui, { signal: abort.signal, onProgress }).then(() => {
		finished = true;
	});
	await Promise.resolve();
	if (!component) throw new Error("runTuiQuestionnaire did not call custom()");
	const shown = component;
	if ("focused" in shown) (shown as { focused: boolean }).focused = true;
	return {
		component: shown,
		tui,
		finished: () => finished,
		close: () => abort.abort(),
	};
}
