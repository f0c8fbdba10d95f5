/**
 * Pi's `ctx.ui` and theme builders handed to the host paths through their port (src/tui/host-ui.ts),
 * the one place they cross from Pi into our code. `piHost` is typed so that Pi's `ExtensionUIContext`
 * must satisfy `HostUi`: when Pi changes a method the hosts use, `tsc` fails here, not at run time.
 */
import { type ExtensionUIContext, getMarkdownTheme, getSelectListTheme } from "@earendil-works/pi-coding-agent";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";

/** Pi's own builders: previews and the editor's list in the colours of the theme in force when shown. */
export const PI_THEMES: HostThemes = { markdown: getMarkdownTheme, selectList: getSelectListTheme };

/** What the host paths are given of this session's `ctx.ui`: the UI itself and Pi's theme builders. */
export function piHost(ui: ExtensionUIContext): { ui: HostUi; themes: HostThemes } {
	return { ui, themes: PI_THEMES };
}
