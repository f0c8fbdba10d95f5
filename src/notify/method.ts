/**
 * Which desktop notification the terminal understands (DESIGN.md §11), decided from the environment alone:
 * `TERM_PROGRAM` first (each terminal sets it in its own shells), then the variables terminals leave behind
 * that survive tmux (`KITTY_WINDOW_ID`, `WT_SESSION`, `WEZTERM_PANE`, `ITERM_SESSION_ID`, …), then `TERM`.
 *
 * - OSC 777 `notify;title;body`: WezTerm, Ghostty, rxvt-unicode, foot (title and body).
 * - OSC 9: iTerm2, Windows Terminal (one text).
 * - OSC 99: kitty (title and body, only while its window is unfocused).
 * - BEL everywhere else: Terminal.app, Alacritty, xterm, VS Code, Warp, GNOME Terminal and other VTE
 *   terminals, unknown ones. (Upstream VTE ignores OSC 777; only Fedora's patched one shows it, so VTE
 *   gets it only when asked for by name.) Not a TTY: nothing at all.
 *
 * Inside tmux a notification must be wrapped for passthrough, and tmux drops it unless `allow-passthrough`
 * is on; the automatic choice therefore falls back to BEL (which tmux passes on itself) unless passthrough
 * is known to be on. A method named in the config is sent as named, wrapped inside tmux. Inside GNU screen
 * the automatic choice is BEL.
 * Pure: the environment, the TTY flag and what tmux said come in as arguments.
 */

/** A way to tell the terminal. */
type NotifyMethod = "osc777" | "osc9" | "osc99" | "bell";

/** The config's `notify`: automatic, one method by name, or nothing. */
export type NotifySetting = "auto" | NotifyMethod | "off";

/** The environment variables read (a plain record, so tests pass their own). */
export type Env = Readonly<Record<string, string | undefined>>;

/** The notification to send: the method, and whether to wrap it for tmux passthrough. */
export interface NotificationPlan {
	method: NotifyMethod;
	tmux: boolean;
}

/**
 * The setting in force: `notify` when the config sets it; otherwise `bell: false` (the older key) turns
 * everything off, and anything else is automatic.
 */
export function notifySetting(config: { notify?: NotifySetting; bell?: boolean }): NotifySetting {
	return config.notify ?? (config.bell === false ? "off" : "auto");
}

/** `TERM_PROGRAM` values that name the terminal outright. */
const BY_PROGRAM: Readonly<Record<string, NotifyMethod>> = {
	WezTerm: "osc777",
	ghostty: "osc777",
	"iTerm.app": "osc9",
	Apple_Terminal: "bell",
	vscode: "bell",
	WarpTerminal: "bell",
};

/** The method the terminal `env` describes understands best. */
function detectMethod(env: Env): NotifyMethod {
	const program = env.TERM_PROGRAM;
	if (program !== undefined && Object.hasOwn(BY_PROGRAM, program)) return BY_PROGRAM[program] as NotifyMethod;
	const term = env.TERM ?? "";
	if (set(env.KITTY_WINDOW_ID) || term === "xterm-kitty") return "osc99";
	if (set(env.WT_SESSION)) return "osc9";
	if (term === "xterm-ghostty" || set(env.GHOSTTY_RESOURCES_DIR)) return "osc777";
	if (set(env.WEZTERM_PANE) || set(env.WEZTERM_EXECUTABLE)) return "osc777";
	if (set(env.ITERM_SESSION_ID) || env.LC_TERMINAL === "iTerm2") return "osc9";
	if (term.startsWith("rxvt-unicode") || term.startsWith("foot")) return "osc777";
	return "bell";
}

/** True inside tmux (its panes set `TMUX`). */
function insideTmux(env: Env): boolean {
	return set(env.TMUX);
}

/** True when the automatic choice inside tmux needs to know whether passthrough is on. */
export function needsPassthroughProbe(setting: NotifySetting, env: Env): boolean {
	return setting === "auto" && insideTmux(env) && detectMethod(env) !== "bell";
}

/** What the plan is made from. */
export interface PlanInput {
	setting: NotifySetting;
	env: Env;
	/** Whether stdout is a terminal. */
	isTTY: boolean;
	/** Inside tmux: whether `allow-passthrough` is on; undefined when unknown (treated as off). */
	passthrough?: boolean;
}

/** The notification to send, or undefined for none. */
export function planNotification(input: PlanInput): NotificationPlan | undefined {
	const { setting, env } = input;
	if (!input.isTTY || setting === "off") return undefined;
	const method = setting === "auto" ? detectMethod(env) : setting;
	if (method === "bell") return { method, tmux: false };
	if (insideTmux(env)) {
		if (setting === "auto" && input.passthrough !== true) return { method: "bell", tmux: false };
		return { method, tmux: true };
	}
	if (setting === "auto" && set(env.STY)) return { method: "bell", tmux: false };
	return { method, tmux: false };
}

function set(value: string | undefined): boolean {
	return value !== undefined && value !== "";
}
