/**
 * Loads the extension's config: the global file `<agent dir>/ask-user-question.json`, then, when the
 * project is trusted, `<cwd>/.pi/ask-user-question.json`, which wins per setting. Synchronous and cheap
 * (it runs in the extension factory and at every session_start): without a file it touches no schema at
 * all; with one, no schema compilation, since TypeBox's `Value` checks interpret the schema directly and
 * these files are tiny.
 *
 * Never throws. A broken file gives one warning and contributes nothing; a file with some bad settings
 * gives one warning listing each bad key path, and its good settings still apply. Warnings are plain
 * sentences naming the file, safe to print (the path is sanitized), without the extension's name.
 *
 * Warning formats (exact):
 * - `Ignored config file <path>: <reason>.` (reasons in `read.ts`)
 * - `Ignored settings in <path>: <problem>; <problem>.` in file order, each problem one of
 *   `<key path>: unknown key`, `<key path>: expected <the leaf's "expected">`, `<section>: expected an
 *   object` (`layer.ts`); past `MAX_LISTED` problems, `; and N more` ends the list
 * - `Could not load the config: <message>.` (a bug, never expected; defaults apply)
 */
import { resolve } from "node:path";
import { sanitizeInline } from "../text/sanitize.ts";
import { buildConfig, type Layer, readLayer } from "./layer.ts";
import { globalConfigPath, projectConfigPath } from "./paths.ts";
import { readConfigFile } from "./read.ts";
import { type AskConfig, configSchema, defaultConfig } from "./schema.ts";

/** What `loadConfig` found. */
export interface ConfigLoad {
	/** The settings: defaults, overridden by the global file, overridden by the project file. */
	config: AskConfig;
	/** One sentence per problem file, in reading order (global first). Empty when all is well. */
	warnings: string[];
	/** The files whose settings were used, fully or partly (missing and wholly broken files are not listed). */
	files: string[];
}

/** Where to look for config files. */
export interface ConfigLocation {
	/** Pi's agent dir (`resolveAgentDir()`). */
	agentDir: string;
	/** The project root (`ctx.cwd`). */
	cwd: string;
	/** `ctx.isProjectTrusted()`: an untrusted project's file is not even looked at. */
	projectTrusted: boolean;
}

/** Problems listed per file before the rest are counted instead (a runaway file stays one readable line). */
const MAX_LISTED = 20;

/** Loads and merges the config files. Synchronous; never throws. */
export function loadConfig(options: ConfigLocation): ConfigLoad {
	try {
		return load(options);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return { config: defaultConfig(), warnings: [`Could not load the config: ${sanitizeInline(message)}.`], files: [] };
	}
}

function load({ agentDir, cwd, projectTrusted }: ConfigLocation): ConfigLoad {
	const paths = [globalConfigPath(agentDir)];
	const project = projectConfigPath(cwd);
	// An agent dir set to `<cwd>/.pi` makes both the same file: read it once.
	if (projectTrusted && !paths.some((path) => resolve(path) === resolve(project))) paths.push(project);

	const layers: Layer[] = [];
	const warnings: string[] = [];
	const files: string[] = [];
	for (const path of paths) {
		const file = readConfigFile(path);
		if (file.kind === "missing") continue;
		if (file.kind === "broken") {
			warnings.push(`Ignored config file ${sanitizeInline(path)}: ${file.reason}.`);
			continue;
		}
		const { values, problems } = readLayer(configSchema(), file.data);
		if (problems.length > 0) warnings.push(`Ignored settings in ${sanitizeInline(path)}: ${listed(problems)}.`);
		layers.push(values);
		files.push(path);
	}
	// No usable file (most users): the defaults, without building the schema.
	if (layers.length === 0) return { config: defaultConfig(), warnings, files };
	// Every value passed its leaf's schema, so the merge matches the whole schema (a property test holds
	// this; checking it again here would cost Pi's start-up milliseconds for every user with a file).
	const config = buildConfig(configSchema(), layers) as unknown as AskConfig;
	return { config, warnings, files };
}

function listed(problems: readonly string[]): string {
	const shown = problems.slice(0, MAX_LISTED).map(sanitizeInline).join("; ");
	const rest = problems.length - MAX_LISTED;
	return rest > 0 ? `${shown}; and ${rest} more` : shown;
}
