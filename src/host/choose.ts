/**
 * The one place that decides which host path runs a questionnaire (DESIGN.md §3). Nothing above
 * this layer knows which path ran: every path returns the same QuestionnaireResult.
 */

/** What the host can do, read from Pi's context, and what the person asked for. */
export interface HostCapabilities {
	/** `ctx.hasUI`: false in print and JSON modes. */
	hasUI: boolean;
	/** `ctx.mode` (Pi ≥ 0.78): "tui" | "rpc" | "json" | "print"; absent on older hosts. */
	mode: string | undefined;
	/** Plain linear prompts were asked for (see {@link wantsAccessible}); only Pi's terminal UI shows them. */
	accessible?: boolean;
}

/**
 * tui: the full questionnaire overlay in Pi's terminal UI; accessible: plain linear prompts in Pi's
 * terminal UI (screen readers); dialogs: select/input dialogs only (RPC, ACP bridges); none: no UI.
 */
export type HostPath = "tui" | "accessible" | "dialogs" | "none";

/** Picks the path. An unknown mode with a UI is treated as dialogs-only: they work everywhere a UI exists. */
export function chooseHostPath(host: HostCapabilities): HostPath {
	if (!host.hasUI) return "none";
	if (host.mode !== "tui") return "dialogs";
	return host.accessible === true ? "accessible" : "tui";
}

/** True when the config says `ui: "accessible"` or the environment sets PI_ASK_ACCESSIBLE (1, true, yes, on). */
export function wantsAccessible(ui: string | undefined, env: Record<string, string | undefined>): boolean {
	if (ui === "accessible") return true;
	const flag = env.PI_ASK_ACCESSIBLE?.trim().toLowerCase();
	return flag === "1" || flag === "true" || flag === "yes" || flag === "on";
}
