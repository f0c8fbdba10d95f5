/**
 * A pseudo-terminal for timing what a program draws: util-linux `script` allocates the pty and its
 * raw output is read as it arrives, each chunk timestamped on arrival, so a frame is dated to the
 * moment its bytes reached the terminal (screen polling would add its own interval). @xterm/headless
 * is fed the same bytes only to answer the program's terminal queries, as a real terminal would.
 */
import { startScriptPty } from "../test/support/script-pty.ts";

/** CSI, OSC, DCS/APC/PM/SOS strings and two-byte escapes: what is not text on the screen. */
const ESCAPES =
	/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[P_^X][^\x1b]*\x1b\\|\x1b[@-Z\\-_]|\x1b[ -/][0-~]/g;

/** Removes terminal escape sequences from `raw`. */
export function stripEscapes(raw: string): string {
	return raw.replace(ESCAPES, "");
}

/** A program in a pty whose output is watched for text. */
export interface WatchedTerminal {
	/**
	 * Resolves with the arrival time (performance.now()) of the chunk that completed a match of `pattern`,
	 * looking only at what arrived after `from` (a {@link WatchedTerminal.mark}) when given.
	 */
	waitForText(pattern: RegExp, timeoutMs: number, from?: number): Promise<number>;
	/** Where the output stands now: what arrives from here on can be waited for alone. */
	mark(): number;
	/** Everything written so far, escapes removed (for error messages). */
	text(): string;
	/** Sends `data` to the program as typed keys. */
	type(data: string): void;
	close(): void;
}

/** A window large enough for any marker plus the escapes that may sit between its characters. */
const TAIL = 64 * 1024;

/** Starts `command args` in a cols×rows pty. */
export function startWatchedTerminal(
	command: string,
	args: readonly string[],
	options: { cwd: string; env: NodeJS.ProcessEnv; cols: number; rows: number },
): WatchedTerminal {
	const { child, term, close } = startScriptPty(command, args, options);
	let raw = "";
	const watchers = new Set<(at: number) => void>();
	child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
		const at = performance.now();
		raw += chunk;
		for (const watcher of [...watchers]) watcher(at);
		term.write(chunk);
	});
	return {
		waitForText(pattern, timeoutMs, from = 0) {
			const seen = () => {
				const fresh = from === 0 ? raw : raw.slice(from);
				return pattern.test(fresh) || pattern.test(stripEscapes(fresh.slice(-TAIL)));
			};
			if (seen()) return Promise.resolve(performance.now());
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					watchers.delete(watcher);
					reject(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern}`));
				}, timeoutMs);
				const watcher = (at: number) => {
					if (!seen()) return;
					clearTimeout(timer);
					watchers.delete(watcher);
					resolve(at);
				};
				watchers.add(watcher);
			});
		},
		mark: () => raw.length,
		text: () => stripEscapes(raw),
		type: (data) => {
			if (!child.stdin.destroyed) child.stdin.write(data);
		},
		close,
	};
}
