/**
 * A Pi-like host for one process: pi-tui's real main-screen TUI (Pi's default "regular" mode) on a
 * RecordingTerminal, Pi's dark theme and keybindings, and a `ctx.ui` whose `custom()` follows Pi 1.6's
 * InteractiveMode overlay path (showOverlay, onHandle, close → hide + dispose, a host reset that disposes
 * the overlay without a result). Lighter than InteractiveMode (no agent, no model), so hardening tests can
 * open thousands of questionnaires, yet the keys travel through pi-tui's input handling and the frames
 * through its differential renderer, exactly as in Pi.
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ExtensionUIContext, Theme } from "@earendil-works/pi-coding-agent";
import {
	type Component,
	type KeybindingsManager,
	type OverlayHandle,
	type OverlayOptions,
	TuiMainScreen,
} from "@earendil-works/pi-tui";
import type { Questionnaire } from "../../../src/protocol/questions.ts";
import type { QuestionnaireResult } from "../../../src/protocol/result.ts";
import { runTuiQuestionnaire } from "../../../src/tui/run.ts";
import type { ExternalEditor } from "../../../src/tui/session-options.ts";
import { RecordingTerminal } from "./recording-terminal.ts";

type Factory = Parameters<ExtensionUIContext["custom"]>[0];
type CustomOptions = NonNullable<Parameters<ExtensionUIContext["custom"]>[1]>;

interface PiInternals {
	theme: Theme;
	Keybindings: new () => KeybindingsManager;
}

let internals: Promise<PiInternals> | undefined;

/** Pi's theme instance and keybindings class (what custom() passes), which the package root does not export. */
export function piInternals(): Promise<PiInternals> {
	internals ??= (async () => {
		const dist = dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent")));
		const load = async <T>(relative: string) => (await import(pathToFileURL(join(dist, relative)).href)) as T;
		const themes = await load<{ initTheme(name?: string, watch?: boolean): void; theme: Theme }>(
			"modes/interactive/theme/theme.js",
		);
		const keys = await load<{ KeybindingsManager: new () => KeybindingsManager }>("core/keybindings.js");
		themes.initTheme("dark", false);
		return { theme: themes.theme, Keybindings: keys.KeybindingsManager };
	})();
	return internals;
}

/** One questionnaire opened on the host. */
export interface Opened {
	/** Settles with runTuiQuestionnaire's result. */
	result: Promise<QuestionnaireResult | undefined>;
	/** How many times the questionnaire called `done` (must end at 1). */
	doneCalls(): number;
	component(): Component | undefined;
}

/** Options of {@link PiLikeHost}. */
export interface PiLikeHostOptions {
	cols?: number;
	rows?: number;
	/** Record every line the questionnaire hands to pi-tui (costly for thousands of frames). */
	recordLines?: boolean;
	/** Feed the stream to the xterm emulator (default true); false keeps only the raw stream. */
	emulate?: boolean;
}

/** The host. Call `start()` before opening, `stop()` when done. */
export class PiLikeHost {
	readonly terminal: RecordingTerminal;
	readonly tui: TuiMainScreen;
	/** Messages passed to `ui.notify`. */
	readonly notices: string[] = [];
	/** Every line the questionnaire component returned to pi-tui, when recording. */
	readonly lines: string[] = [];
	private readonly internals: PiInternals;
	private readonly keybindings: KeybindingsManager;
	private readonly record: boolean;
	private readonly overlays = new Map<OverlayHandle, () => void>();
	private current: Component | undefined;
	/** Calls of `done` by every questionnaire shown on this host (each must call it exactly once). */
	doneTotal = 0;
	/** Calls of `custom()` (questionnaires shown or about to be). */
	customCalls = 0;

	private constructor(internals: PiInternals, options: PiLikeHostOptions) {
		this.internals = internals;
		this.keybindings = new internals.Keybindings();
		this.terminal = new RecordingTerminal(options.cols ?? 100, options.rows ?? 30, options.emulate ?? true);
		this.tui = new TuiMainScreen(this.terminal);
		this.record = options.recordLines ?? false;
	}

	/** Builds a host (loads Pi's theme once per process). */
	static async create(options: PiLikeHostOptions = {}): Promise<PiLikeHost> {
		return new PiLikeHost(await piInternals(), options);
	}

	start(): void {
		this.tui.start();
	}

	stop(): void {
		this.tui.stop();
	}

	/** Input listeners registered on the TUI (the collapse listener's raw input). */
	inputListenerCount(): number {
		return (this.tui as unknown as { inputListeners: Set<unknown> }).inputListeners.size;
	}

	/** Overlays on the TUI's stack. */
	overlayCount(): number {
		return (this.tui as unknown as { overlayStack: unknown[] }).overlayStack.length;
	}

	/** Pi's `ctx.ui`, as far as the questionnaire uses it. */
	readonly ui = {
		custom: (factory: Factory, options?: CustomOptions) => this.custom(factory, options),
		notify: (message: string) => {
			this.notices.push(message);
		},
		onTerminalInput: (handler: (data: string) => { consume?: boolean; data?: string } | undefined) =>
			this.tui.addInputListener(handler),
	} as unknown as ExtensionUIContext;

	/** The component most recently put on screen. */
	shown(): Component | undefined {
		return this.current;
	}

	/** Opens `questionnaire` through runTuiQuestionnaire and waits until its component is on screen. */
	async open(
		questionnaire: Questionnaire,
		options: { signal?: AbortSignal; editExternally?: ExternalEditor } = {},
	): Promise<Opened> {
		let done = 0;
		const ui = this.ui;
		const counting = {
			...ui,
			custom: (factory: Factory, opts?: CustomOptions) =>
				ui.custom(
					(tui, theme, keys, finish) =>
						factory(tui, theme, keys, (r: unknown) => {
							done++;
							finish(r as never);
						}),
					opts,
				),
		} as ExtensionUIContext;
		this.current = undefined;
		const result = runTuiQuestionnaire(questionnaire, counting, options);
		for (let i = 0; i < 50 && !this.current; i++) await new Promise((r) => setImmediate(r));
		const component = this.current;
		return { result, doneCalls: () => done, component: () => component };
	}

	/** Types key sequences through pi-tui's input path (listeners, then the focused component). */
	press(...keys: string[]): void {
		for (const key of keys) this.terminal.send(key);
	}

	/** Draws a frame now, as pi-tui's render timer would. */
	frame(): void {
		this.tui.renderNow();
	}

	/** Pi's resetExtensionUI (e.g. a session switch): every overlay goes away without a result. */
	resetExtensionUI(): void {
		for (const remove of [...this.overlays.values()]) remove();
	}

	/** Follows InteractiveMode.showExtensionCustom for `overlay: true`. */
	private custom(factory: Factory, options?: CustomOptions): Promise<unknown> {
		this.customCalls++;
		return new Promise((resolve, reject) => {
			let component: Component | undefined;
			let handle: OverlayHandle | undefined;
			let closed = false;
			const removeOverlay = () => {
				if (!handle || !this.overlays.delete(handle)) return;
				handle.hide();
				try {
					(component as { dispose?: () => void } | undefined)?.dispose?.();
				} catch {
					// Pi ignores dispose errors.
				}
			};
			const close = (result: unknown) => {
				if (closed) return;
				closed = true;
				removeOverlay();
				resolve(result);
			};
			const done = (result: unknown) => {
				this.doneTotal++;
				close(result);
			};
			Promise.resolve(factory(this.tui, this.internals.theme, this.keybindings as never, done as never))
				.then((c) => {
					if (closed) return;
					component = this.record ? this.recording(c) : c;
					const opts = options?.overlayOptions;
					const overlayOptions = (typeof opts === "function" ? opts() : opts) as OverlayOptions | undefined;
					handle = this.tui.showOverlay(component, overlayOptions);
					this.overlays.set(handle, removeOverlay);
					this.current = component;
					options?.onHandle?.(handle);
				})
				.catch((error: unknown) => {
					if (!closed) reject(error);
				});
		});
	}

	/** Wraps the component's render so every line it hands to pi-tui is kept. */
	private recording(component: Component): Component {
		const render = component.render.bind(component);
		component.render = (width: number) => {
			const out = render(width);
			this.lines.push(...out);
			return out;
		};
		return component;
	}
}
