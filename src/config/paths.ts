/**
 * Where the extension's config files live: `<agent dir>/ask-user-question.json` (global) and
 * `<cwd>/.pi/ask-user-question.json` (project). The agent dir follows Pi's own `getAgentDir()` rule,
 * reimplemented here because importing Pi would make loading the extension expensive; a unit test
 * compares the two. Imports only node built-ins and util/records.ts.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { attempt } from "../util/records.ts";

/** The config file's name, in the agent dir and in the project's `.pi` dir. */
const CONFIG_FILE_NAME = "ask-user-question.json";

/** Pi's per-project config dir name (Pi's `CONFIG_DIR_NAME`). */
const PROJECT_DIR_NAME = ".pi";

/** The environment variable Pi reads its agent dir from. */
const AGENT_DIR_ENV = "PI_CODING_AGENT_DIR";

/**
 * Pi's agent dir: `PI_CODING_AGENT_DIR` when set and non-empty (with a leading `~` expanded and a
 * `file://` URL turned into a path, as Pi does), else `~/.pi/agent`.
 */
export function resolveAgentDir(env: NodeJS.ProcessEnv = process.env): string {
	const fromEnv = env[AGENT_DIR_ENV];
	if (fromEnv) return expandPath(fromEnv);
	return join(homedir(), PROJECT_DIR_NAME, "agent");
}

/** The global config file inside `agentDir`. */
export function globalConfigPath(agentDir: string): string {
	return join(agentDir, CONFIG_FILE_NAME);
}

/** The project config file for the project rooted at `cwd`. */
export function projectConfigPath(cwd: string): string {
	return join(cwd, PROJECT_DIR_NAME, CONFIG_FILE_NAME);
}

/** Pi's `normalizePath` with its defaults (no trimming): shell drive paths on Windows, `~`, `file://`. */
function expandPath(input: string): string {
	const windows = process.platform === "win32";
	const path = windows ? windowsShellPath(input) : input;
	if (path === "~") return homedir();
	if (path.startsWith("~/") || (windows && path.startsWith("~\\"))) return join(homedir(), path.slice(2));
	// A URL Node rejects (a remote host on POSIX) makes Pi itself fail; we must not throw.
	if (path.startsWith("file://")) return attempt(() => fileURLToPath(path), path);
	return path;
}

/** Git Bash, MSYS, Cygwin and WSL drive paths (`/c/x`, `/mnt/c/x`) as native Windows paths (`C:\x`). */
function windowsShellPath(path: string): string {
	if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return path;
	const match = /^\/(?:mnt\/|cygdrive\/)?([a-z])(?:\/(.*))?$/i.exec(path);
	if (!match?.[1]) return path;
	return `${match[1].toUpperCase()}:\\${match[2]?.replaceAll("/", "\\") ?? ""}`;
}
