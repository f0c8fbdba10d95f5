/**
 * The port to Pi's `ctx.ui` and theme: exactly what the host paths (the TUI overlay, the accessible
 * prompts, the dialog walker, the relay's labelled UI) use of them, as our own structural types, so
 * nothing below the Pi adapter imports Pi's agent package. Pi's `ExtensionUIContext` satisfies `HostUi`;
 * src/pi/host-ui.ts checks that at compile time, so a drift in Pi's types fails `tsc` there.
 * Lives in the lowest layer that needs it (src/tui). Types only.
 */
import type { Component, MarkdownTheme, OverlayOptions, SelectListTheme, TUI } from "@earendil-works/pi-tui";
import type { DialogHost } from "../dialogs/host.ts";
import type { HostBindingId } from "../state/index.ts";

/** The part of Pi's keybindings manager the session reads: matching and the keys of host bindings. */
export interface HostKeybindings {
	matches(data: string, binding: HostBindingId): boolean;
	getKeys(binding: HostBindingId): readonly string[];
}

/** The host's raw terminal input hook: `ctx.ui.onTerminalInput` in Pi's interactive mode. */
export interface RawInput {
	onTerminalInput(handler: (data: string) => { consume?: boolean; data?: string } | undefined): () => void;
}

/** Pi's widget slots (`ctx.ui.setWidget`, the component factory form). */
export interface WidgetHost {
	setWidget(key: string, content: (() => Component) | undefined): void;
}

/** The overlay controls the session uses (Pi's `OverlayHandle`, given to `custom()`'s `onHandle`). */
export interface OverlayControl {
	setHidden(hidden: boolean): void;
}

/** The colours of Pi's theme we draw with (`Theme.fg`). */
type HostColor = "accent" | "muted" | "dim" | "warning" | "error" | "success" | "border" | "borderMuted" | "text";

/** The part of Pi's theme (`custom()`'s second argument) we style with. */
export interface HostTheme {
	fg(color: HostColor, text: string): string;
	bg(color: "selectedBg", text: string): string;
	bold(text: string): string;
}

/** What `custom()` shows: a pi-tui component, disposed when it ends. */
export type Shown = Component & { dispose?(): void };

/** Builds the shown component from Pi's TUI, theme and keybindings; `done` ends it with its result. */
export type ShownFactory<T> = (
	tui: TUI,
	theme: HostTheme,
	keybindings: HostKeybindings,
	done: (result: T) => void,
) => Shown | Promise<Shown>;

/** How `custom()` shows it: as an overlay (where, with a handle to hide it), and what Pi says while it waits. */
interface CustomOptions {
	overlay?: boolean;
	overlayOptions?: OverlayOptions;
	onHandle?: (handle: OverlayControl) => void;
	blocked?: { kind: "question"; message: string };
}

/**
 * Pi's `ctx.ui` as the host paths use it: `custom()` for the overlay and the accessible prompts,
 * `select`/`input` for the dialog walker, `notify` for warnings, raw input and widgets for collapsing.
 */
export interface HostUi extends DialogHost, RawInput, WidgetHost {
	custom<T>(factory: ShownFactory<T>, options?: CustomOptions): Promise<T>;
	notify(message: string, type?: "info" | "warning" | "error"): void;
	/** What Pi's editor holds ("" over RPC); absent on stand-ins. */
	getEditorText?(): string;
}

/**
 * Pi's builders of the pi-tui themes for the current Pi theme (`getMarkdownTheme`, `getSelectListTheme`):
 * option previews and the note editor's autocomplete list. Given by the adapter (src/pi/host-ui.ts).
 */
export interface HostThemes {
	markdown(): MarkdownTheme;
	selectList(): SelectListTheme;
}
