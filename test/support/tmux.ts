/**
 * A private tmux server running pi, shared by the TUI tests (tty.ts) and the screenshots in docs/images
 * (scripts/screenshots/capture.ts): one socket per session and no user config, so nothing on the
 * machine leaks in, and pi started in a pane of the requested size with the options both need.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

/** A tmux server on its own socket. */
export interface TmuxServer {
	/** Runs one tmux command against the server; returns its stdout, throws on failure. */
	run(...args: string[]): string;
	/** Kills the server and everything running in it. */
	kill(): void;
}

/** A tmux server on a fresh socket named `prefix`-pid-random, every command run with `env`. */
export function tmuxServer(prefix: string, env: NodeJS.ProcessEnv): TmuxServer {
	const socket = `${prefix}-${process.pid}-${randomBytes(4).toString("hex")}`;
	return {
		run(...args) {
			const result = spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8", env });
			if (result.error) throw result.error;
			if (result.status !== 0) throw new Error(`tmux ${args.join(" ")} failed: ${result.stderr}`);
			return result.stdout;
		},
		kill() {
			spawnSync("tmux", ["-L", socket, "kill-server"], { env });
		},
	};
}

/** Where and how {@link startPiPane} runs pi. */
export interface PiPaneOptions {
	cols: number;
	rows: number;
	cwd: string;
	/** The program and all its arguments. */
	argv: readonly string[];
	/** Keep the pane after pi exits, so a failure can still show the last screen. */
	remainOnExit?: boolean;
}

/** Starts `argv` in a detached session named "pi" on `server`. */
export function startPiPane(server: TmuxServer, options: PiPaneOptions): void {
	server.run(
		"new-session",
		"-d",
		"-s",
		"pi",
		"-x",
		String(options.cols),
		"-y",
		String(options.rows),
		"-c",
		options.cwd,
		"--",
		...options.argv,
		";",
		// Deliver a lone Escape at once (tmux otherwise waits 500 ms for a sequence).
		"set-option",
		"-s",
		"escape-time",
		"0",
		";",
		...(options.remainOnExit ? ["set-option", "-g", "remain-on-exit", "on", ";"] : []),
		// Pi warns without it, and modified keys (Shift+Enter) need it.
		"set-option",
		"-s",
		"extended-keys",
		"on",
	);
}

/**
 * True once the pane's program has exited: tmux saw its terminal close (the pane is kept, marked dead, by
 * `remainOnExit`). Its exit status is not read: tmux learns it from SIGCHLD, which may come late or never
 * (a server started where SIGCHLD is blocked), and until then it shows a made-up "status 0".
 */
export function paneDead(server: TmuxServer, target = "pi"): boolean {
	return server.run("display-message", "-p", "-t", target, "#{pane_dead}").trim() === "1";
}
