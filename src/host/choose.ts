/**
 * The one place that decides which host path runs a questionnaire (DESIGN.md §3). Nothing above
 * this layer knows which path ran: every path returns the same QuestionnaireResult.
 */

/** What the host can do, read from Pi's context. */
export interface HostCapabilities {
	/** `ctx.hasUI`: false in print and JSON modes. */
	hasUI: boolean;
	/** `ctx.mode` (Pi ≥ 0.78): "tui" | "rpc" | "json" | "print"; absent on older hosts. */
	mode: string | undefined;
}

/** tui: Pi's terminal UI; dialogs: select/input dialogs only (RPC, ACP bridges); none: no UI at all. */
export type HostPath = "tui" | "dialogs" | "none";

/** Picks the path. An unknown mode with a UI is treated as dialogs-only: they work everywhere a UI exists. */
export function chooseHostPath(host: HostCapabilities): HostPath {
	if (!host.hasUI) return "none";
	return host.mode === "tui" ? "tui" : "dialogs";
}
