/**
 * Loads the questionnaire UI (dist/tui.cjs, host/load-tui.ts) before the first call, in time Pi spends
 * waiting anyway, so the first questionnaire opens about as fast as Pi's own dialogs. Only in Pi's
 * terminal UI (no other mode shows it), never on the start-up path, and at the first of two moments:
 * - the session sits idle after start ({@link IDLE_DELAY_MS} after `session_start`): a person typing a prompt;
 * - Pi sends a model request ({@link REQUEST_DELAY_MS} after `before_provider_request`, so the request is on
 *   its way first): a prompt given on the command line reaches the model before the idle timer fires, and no
 *   model answers with a tool call within that delay (a network round-trip plus the arguments' tokens).
 * A load that fails is not kept: the call loads again and reports it (`not_shown`, host/load-tui.ts). The
 * rehearsal's sample goes through the tool's whole call path (pi/call-rehearsal.ts).
 * At the same moment, and once, Pi's check of the arguments is rehearsed (pi/argument-check-warm-up.ts).
 * PI_ASK_NO_PREWARM=1 turns it off (the benchmark's worst case: the load on the call).
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { prewarmTui } from "../host/load-tui.ts";
import type { HostTheme } from "../tui/host-ui.ts";
import { attempt } from "../util/records.ts";
import { type HostImport, warmUpArgumentCheck } from "./argument-check-warm-up.ts";
import { rehearseCall } from "./call-rehearsal.ts";

/** Long enough to stay clear of Pi's first paint, short enough to be done before a typed prompt is sent. */
const IDLE_DELAY_MS = 250;
/** Long enough for the request to leave, far shorter than any model takes to call a tool. */
const REQUEST_DELAY_MS = 20;

/** What {@link installTuiPrewarm} uses (injectable for tests). */
export interface PrewarmDeps {
	env?: Record<string, string | undefined>;
	/** Schedules the load after a delay for the session of `ctx`; returns a cancel. */
	prewarm?: (delayMs: number, ctx: ExtensionContext) => () => void;
	/** The entry's importer of host packages, for the argument check's rehearsal (none: no rehearsal). */
	importHost?: HostImport;
}

let argumentCheckWarmed = false;

/**
 * The UI's load and rehearsal (host/load-tui.ts): a tool call on the off-screen questionnaire, drawn in Pi's
 * theme; and beside it, once per process, the argument check's.
 */
function preload(importHost: HostImport | undefined): (delayMs: number, ctx: ExtensionContext) => () => void {
	return (delayMs, ctx) => {
		const cancelUi = prewarmTui(delayMs, { rehearsal: () => ({ ask: rehearseCall, theme: themeOf(ctx) }) });
		if (!importHost) return cancelUi;
		const timer = setTimeout(() => {
			if (argumentCheckWarmed) return;
			argumentCheckWarmed = true;
			void warmUpArgumentCheck(importHost).catch(() => {});
		}, delayMs);
		timer.unref?.();
		return () => {
			cancelUi();
			clearTimeout(timer);
		};
	};
}

/** Schedules the load at the first of the two moments, in TUI sessions only. */
export function installTuiPrewarm(pi: ExtensionAPI, deps: PrewarmDeps = {}): void {
	const env = deps.env ?? process.env;
	if (env.PI_ASK_NO_PREWARM === "1") return;
	const prewarm = deps.prewarm ?? preload(deps.importHost);
	const pending = new Set<() => void>();
	let requested = false;
	const schedule = (ctx: ExtensionContext, delayMs: number) => {
		if (ctx.mode === "tui") pending.add(prewarm(delayMs, ctx));
	};
	pi.on("session_start", (_event, ctx) => schedule(ctx, IDLE_DELAY_MS));
	// Once per process is enough: the load is kept (a failed one is retried by the call itself).
	const stopListening = pi.on("before_provider_request", (_event, ctx) => {
		if (requested) return;
		requested = true;
		schedule(ctx, REQUEST_DELAY_MS);
		if (typeof stopListening === "function") stopListening();
	});
	pi.on("session_shutdown", () => {
		for (const cancel of pending) cancel();
		pending.clear();
	});
}

/** Pi's theme in force; none once the session was replaced (a stale context throws), and the rehearsal goes unstyled. */
function themeOf(ctx: ExtensionContext): HostTheme | undefined {
	return attempt(() => ctx.ui.theme, undefined);
}
