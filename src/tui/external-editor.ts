/**
 * Ctrl+G: edit a draft in the user's own editor (`$VISUAL`, then `$EDITOR`, then Pi's platform default).
 *
 * Owns parsing the editor command line with POSIX shell quoting (no shell is run, so no expansion or
 * operators), the temp file (private directory, mode 0600, `.md` suffix, always removed) and handing the
 * terminal over: like Pi's interactive mode, the TUI is stopped, the editor is spawned with inherited stdio
 * and the TUI is started again with a forced full redraw. The spawn is asynchronous as in Pi: synchronous
 * child calls can keep a console read pending on Windows, and async lets an abort signal end the editor.
 *
 * The returned text is raw user typing: callers sanitize it before it reaches the terminal.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TUI } from "@earendil-works/pi-tui";
import { sanitizeInline } from "../text/sanitize.ts";

/** The part of Pi's TUI handle the editor hand-over needs. */
type TerminalControl = Pick<TUI, "stop" | "start" | "requestRender">;

export interface EditExternallyOptions {
	/** Where `VISUAL` / `EDITOR` / `HOME` are read; defaults to `process.env`. */
	env?: NodeJS.ProcessEnv;
	/** Pi's TUI: stopped while the editor owns the terminal, restarted and fully redrawn afterwards. */
	terminal?: TerminalControl;
	/** Aborting ends the editor (SIGTERM) and returns `{ ok: false }`. */
	signal?: AbortSignal;
	/** Parent directory for the temp directory; defaults to the OS temp directory. */
	tmpDir?: string;
	/** The line printed while the editor owns the terminal (the locale's words); English by default. */
	notice?: string;
}

/**
 * What {@link editExternally} returns: the edited text, or a one-line reason the draft was kept. The reason
 * is bare (`$EDITOR "vim" not found`): the caller words the message around it, in the person's locale.
 */
export type EditResult = { ok: true; text: string } | { ok: false; error: string };

/** A parsed command line, or why it could not be parsed. */
type SplitResult = { ok: true; words: string[] } | { ok: false; error: string };

interface ResolvedEditor {
	command: string;
	args: string[];
	/** How the editor is named in messages, e.g. `$EDITOR "nano"`. */
	label: string;
}

const NOTICE = "Waiting for the external editor; Pi resumes when it exits.";
/** How long an aborted editor gets to exit on SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2000;
/**
 * One piece of a command line, in order: blanks; a single-quoted stretch; a double-quoted one; a backslash
 * and the character it escapes; a character that means something to a shell we do not run (refusing it
 * beats running the wrong thing); plain characters; a quote or backslash left unterminated.
 */
const PIECE = /([ \t\n]+)|'([^']*)'|"((?:[^"\\]|\\.)*)"|\\(.)|([$`|&;<>()])|([^ \t\n'"\\$`|&;<>()]+)|(.)/gsy;
/** Inside double quotes a backslash escapes only these (POSIX); before anything else it stays literal. */
const DOUBLE_QUOTE_ESCAPE = /\\([$`"\\\n])/g;
const UNTERMINATED: Record<string, string> = {
	"'": "unterminated single quote",
	'"': "unterminated double quote",
	"\\": "trailing backslash",
};

/**
 * Splits a command line into words with POSIX shell quoting: blanks separate words; single quotes keep
 * everything literally; double quotes keep everything but `\"`, `\\`, `\$`, `` \` `` and line continuations;
 * an unquoted backslash escapes the next character; `''` is an empty word; a leading unquoted `~` or `~/`
 * becomes `home`. Unquoted shell syntax (`$ | & ; < > ( )` and backquotes) is an error, as are an
 * unterminated quote and a trailing backslash.
 */
function splitCommandLine(line: string, home?: string): SplitResult {
	const words: string[] = [];
	let word: string | undefined;
	for (const piece of line.matchAll(PIECE)) {
		const [, blank, single, double, escaped, syntax, plain, unterminated] = piece;
		if (blank !== undefined) {
			if (word !== undefined) words.push(word);
			word = undefined;
		} else if (syntax !== undefined) {
			return { ok: false, error: `shell syntax "${syntax}" is not supported (no shell is run)` };
		} else if (unterminated !== undefined) {
			return { ok: false, error: UNTERMINATED[unterminated] ?? "" };
		} else if (escaped !== "\n") {
			// A backslash-newline (skipped here) is a line continuation: it joins, it adds nothing.
			const unquoted = double?.replace(DOUBLE_QUOTE_ESCAPE, (_, ch: string) => (ch === "\n" ? "" : ch));
			let text = single ?? unquoted ?? escaped ?? plain ?? "";
			const tilde = text === "~" ? /^[ \t\n]?$/.test(line.charAt(piece.index + 1)) : text.startsWith("~/");
			if (word === undefined && home !== undefined && plain !== undefined && tilde) text = home + text.slice(1);
			word = (word ?? "") + text;
		}
	}
	if (word !== undefined) words.push(word);
	return { ok: true, words };
}

function resolveEditor(env: NodeJS.ProcessEnv): ResolvedEditor | { error: string } {
	const [name, line] = pickEditorLine(env);
	const shown = `${name} "${sanitizeInline(line.trim())}"`;
	const split = splitCommandLine(line, env.HOME || undefined);
	if (!split.ok) return { error: `${shown} cannot be parsed: ${split.error}` };
	const [command, ...args] = split.words;
	if (command === undefined || command === "") return { error: `${shown} names no command` };
	return { command, args, label: `${name} "${sanitizeInline(command)}"` };
}

function pickEditorLine(env: NodeJS.ProcessEnv): [string, string] {
	for (const name of ["VISUAL", "EDITOR"] as const) {
		const value = env[name];
		if (value !== undefined && value.trim() !== "") return [`$${name}`, value];
	}
	// The platform default Pi itself falls back to when neither variable is set.
	return ["default editor", process.platform === "win32" ? "notepad" : "nano"];
}

/**
 * Opens `text` in the user's editor and returns what they saved. The temp file is always removed.
 * On any failure (unparsable command, editor not found, non-zero exit, killed, abort, unreadable file)
 * the result is `{ ok: false, error }` with a one-line message and the caller keeps its draft.
 * One trailing newline (which editors add on save) and a UTF-8 BOM are stripped.
 */
export async function editExternally(text: string, options: EditExternallyOptions = {}): Promise<EditResult> {
	const resolved = resolveEditor(options.env ?? process.env);
	if ("error" in resolved) return { ok: false, error: resolved.error };
	if (options.signal?.aborted) return { ok: false, error: "cancelled" };
	let directory: string | undefined;
	try {
		directory = await mkdtemp(join(options.tmpDir ?? tmpdir(), "pi-ask-"));
		const file = join(directory, "answer.md");
		await writeFile(file, text, { encoding: "utf8", mode: 0o600 });
		const notice = `${sanitizeInline(options.notice ?? NOTICE)}\n`;
		const failure = await withTerminalReleased(options.terminal, notice, () => runEditor(resolved, file, options));
		if (failure !== undefined) return { ok: false, error: failure };
		const edited = await readFile(file, "utf8");
		return { ok: true, text: edited.replace(/^\uFEFF/, "").replace(/\r?\n$/, "") };
	} catch (error) {
		return { ok: false, error: sanitizeInline(errorMessage(error)) };
	} finally {
		if (directory !== undefined) await rm(directory, { recursive: true, force: true }).catch(() => undefined);
	}
}

async function withTerminalReleased<T>(
	terminal: TerminalControl | undefined,
	notice: string,
	run: () => Promise<T>,
): Promise<T> {
	if (terminal === undefined) return run();
	terminal.stop();
	// A GUI editor (`code --wait`) leaves the terminal blank: say why Pi is waiting.
	process.stdout.write(notice);
	try {
		return await run();
	} finally {
		terminal.start();
		terminal.requestRender(true);
	}
}

/** Runs the editor to completion; undefined on a clean exit, else the message for the user. */
function runEditor(editor: ResolvedEditor, file: string, options: EditExternallyOptions): Promise<string | undefined> {
	return new Promise((resolve) => {
		const signal = options.signal;
		let aborted = false;
		let escalation: NodeJS.Timeout | undefined;
		const child = spawn(editor.command, [...editor.args, file], {
			stdio: "inherit",
			env: options.env ?? process.env,
		});
		const onAbort = (): void => {
			aborted = true;
			child.kill("SIGTERM");
			// An editor that ignores SIGTERM must not keep the terminal (and the tool call) forever.
			escalation = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
			escalation.unref();
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		const settle = (message: string | undefined): void => {
			signal?.removeEventListener("abort", onAbort);
			clearTimeout(escalation);
			resolve(message);
		};
		child.once("error", (error: NodeJS.ErrnoException) => settle(spawnErrorMessage(editor, error)));
		child.once("close", (code, killedBy) => {
			if (aborted) settle("cancelled");
			else if (killedBy !== null) settle(`${editor.label} was killed by ${killedBy}`);
			else if (code !== 0) settle(`${editor.label} exited with code ${code}`);
			else settle(undefined);
		});
	});
}

function spawnErrorMessage(editor: ResolvedEditor, error: NodeJS.ErrnoException): string {
	if (error.code === "ENOENT") return `${editor.label} not found`;
	if (error.code === "EACCES") return `${editor.label} is not executable`;
	return `${editor.label} could not be started: ${sanitizeInline(errorMessage(error))}`;
}

function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
