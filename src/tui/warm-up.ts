/**
 * A rehearsal of the first questionnaire, off screen: the preload (src/pi/prewarm.ts) runs a small sample
 * through `runTuiQuestionnaire` on stand-ins of Pi's `ctx.ui`, TUI and theme, draws it once and ends it,
 * while Pi waits for the model. V8 compiles a function the first time it runs, so without this the first
 * real questionnaire pays for compiling the session, the view and the text measures (a few ms) between
 * the tool call and its first frame. Nothing reaches the terminal, the notification is off, nothing is
 * recorded; the stand-ins offer only what a questionnaire uses, and a failure is the caller's to ignore.
 */
import { type Component, getKeybindings, type TUI } from "@earendil-works/pi-tui";
import { validateQuestionnaire } from "../protocol/validation.ts";
import type { HostKeybindings, HostTheme, HostUi, ShownFactory } from "./host-ui.ts";
import { runTuiQuestionnaire } from "./run.ts";

/** A common terminal size: the first frame lays the sample out as it would a real one. */
const COLUMNS = 120;
const ROWS = 40;

/** Like the questionnaires models send: a question with a header and described options. */
const SAMPLE = {
	questions: [
		{
			question: "Which cache should the service use?",
			header: "Cache",
			options: [
				{ label: "Memory", description: "Fast; lost on restart." },
				{ label: "Disk", description: "Survives restarts." },
				{ label: "Redis", description: "Shared across instances." },
			],
		},
	],
};

const plain = (...args: unknown[]): string => String(args[args.length - 1] ?? "");

/** Runs the sample once and resolves when it has ended; rejects when something it needs is missing. */
export async function warmUpTui(): Promise<void> {
	const validation = validateQuestionnaire(SAMPLE);
	if (!validation.ok) throw new Error("the warm-up sample is invalid");
	const ended = new AbortController();
	let rendered = false;
	const tui = { terminal: { columns: COLUMNS, rows: ROWS, write() {} }, requestRender() {} } as unknown as TUI;
	// Pi's own manager (the user's keybindings.json), as custom() passes; the session only reads it.
	const keybindings = getKeybindings() as unknown as HostKeybindings;
	const theme = { fg: plain, bg: plain, bold: plain, italic: plain, underline: plain } as unknown as HostTheme;
	const ui = {
		custom(factory: ShownFactory<unknown>) {
			return new Promise((resolve) => {
				const component = factory(tui, theme, keybindings, resolve) as Component & { dispose?(): void };
				component.render(COLUMNS);
				rendered = true;
				ended.abort();
				component.dispose?.();
			});
		},
		onTerminalInput: () => () => {},
		setWidget() {},
		setStatus() {},
		notify() {},
	} as unknown as HostUi;
	await runTuiQuestionnaire(validation.questionnaire, ui, { signal: ended.signal, announce: false });
	if (!rendered) throw new Error("the warm-up drew nothing");
}
