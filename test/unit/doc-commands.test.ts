/**
 * Every command in README.md and docs/ runs as written (issue 29): each one a reader is told to type is
 * checked against the code, and the cheap, safe ones are run. npm scripts exist in package.json, and the
 * flags given after `--` are ones the script reads; `pi-ask` subcommands and flags are in its usage or its
 * source, and its commands run against an empty agent dir without a usage error; `pi` subcommands and flags
 * are in the real `pi --help`; Node flags are run; files and folders named exist; environment variables
 * named are read somewhere in the code; config keys and example config files are valid under the schema;
 * Pi keybinding ids exist. Also what a reader of the rendered pages relies on: every relative link and
 * `#anchor` leads somewhere, each page has one title and no skipped heading level, the README stays a
 * starting page, and CI runs the README's test command. An unknown command fails: add it here knowingly.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFieldDocs } from "../../scripts/config-schema/jsdoc.ts";
import { listSettings } from "../../scripts/config-schema/json-schema.ts";
import { readLayer } from "../../src/config/layer.ts";
import { configSchema } from "../../src/config/schema.ts";
import { main as piAsk } from "../../src/relay/cli.ts";
import { commandsOf, type DocCommand, docFiles, readDoc, unquote } from "../support/doc-commands.ts";
import { removeDir } from "../support/fake-model.ts";
import { anchorsOf, isExternal, linkTargets, outsideFences } from "../support/markdown-links.ts";
import { PACKAGE_NAME } from "../support/pack.ts";
import { REPO_ROOT, runPiRaw } from "../support/pi.ts";

/** npm's own subcommands the docs use, and the arguments they may take. */
const NPM_BUILTINS: Record<string, readonly string[]> = {
	install: ["-g", '"$PWD"'],
	ci: [],
	pack: [],
	link: [],
};

/** Other programs the docs name, by what they are for; their syntax is theirs to check. */
// mkdir, mount and umount: the small tmpfs of the Pi storage reproduction (docs/upstream-pi-storage.md).
const EXTERNAL = new Set(["tmux", "tail", "mkdir", "mount", "umount"]);

/** Where a named path may be: this repository, or Pi's package (its examples). */
const PATH_ROOTS = [REPO_ROOT, join(REPO_ROOT, "node_modules", "@earendil-works", "pi-coding-agent")];

/** A path into the repository: what the docs name by its folder. */
const REPO_PATH = /(?<![\w./@-])(?:src|test|scripts|bench|examples|schema|docs|\.ci)\/[\w./-]*[\w-]/g;

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
const files = docFiles();
const docs = new Map(files.map((file) => [file, readDoc(file)]));
const commands = files.flatMap((file) => commandsOf(file, docs.get(file) ?? ""));
const settings = listSettings(
	configSchema(),
	readFieldDocs(readFileSync(join(REPO_ROOT, "src/config/schema.ts"), "utf8")),
);
const settingPaths = new Set(settings.map((s) => s.path));
const topKeys = new Set(settings.map((s) => s.path.split(".")[0]));

/** The code the docs describe (not the docs, nor this test), to look for names in. */
const code = ["src", "test", "scripts", "bench", "examples"]
	.flatMap((dir) => walk(join(REPO_ROOT, dir)))
	.filter((path) => /\.(ts|cts|mts|mjs|cjs|js|json)$/.test(path) && !path.endsWith("doc-commands.test.ts"))
	.map((path) => readFileSync(path, "utf8"))
	.join("\n");

let piHelp = "";
let piAskUsage = "";
const scratch = mkdtempSync(join(tmpdir(), "pi-ask-doc-commands-"));

beforeAll(async () => {
	const help = await runPiRaw(["--help"], { agentDir: scratch, cwd: scratch, timeoutMs: 30_000 });
	piHelp = help.stdout;
	let usage = "";
	await piAsk(["--help"], { write: (text: string) => (usage += text) });
	piAskUsage = usage;
}, 60_000);
afterAll(() => removeDir(scratch));

/** True when the code names `name` whole (PI_ASK_RELAY is not PI_ASK_RELAY_SOCKET). */
const readByCode = (name: string) => new RegExp(`\\b${name}\\b`).test(code);
const where = (c: DocCommand) => `${c.file}:${c.line} \`${c.text}\``;
const literal = (source: string, name: string) => source.includes(`"${name}"`) || source.includes(`"--${name}`);

/** What is wrong with one command (nothing, when it matches the code). */
function problems(c: DocCommand): string[] {
	const [command = "", ...args] = c.words;
	const out: string[] = [];
	for (const assignment of c.env) {
		const name = assignment.split("=")[0] ?? "";
		if (!readByCode(name)) out.push(`${name} is read nowhere in the code`);
	}
	for (const word of args) {
		for (const path of unquote(word).match(REPO_PATH) ?? [])
			if (!PATH_ROOTS.some((root) => existsSync(join(root, path)))) out.push(`no such file: ${path}`);
	}
	if (command === "npm") out.push(...npmProblems(args));
	else if (command === "npx") {
		if (!existsSync(join(REPO_ROOT, "node_modules", ".bin", args[0] ?? ""))) out.push(`npx ${args[0]}: not installed`);
	} else if (command === "node") {
		const flags = args.filter((a) => a.startsWith("-"));
		if (flags.length === args.length && flags.length > 0) {
			const run = spawnSync(process.execPath, [...flags, "-e", "0"], { encoding: "utf8" });
			if (run.status !== 0) out.push(`node ${flags.join(" ")} fails: ${run.stderr.trim()}`);
		}
	} else if (command === "pi") out.push(...piProblems(args));
	else if (command === "pi-ask") out.push(...piAskProblems(args));
	else if (command === "cd") {
		if (args.length !== 1 || unquote(args[0] ?? "") !== PACKAGE_NAME) out.push("cd: only into the checkout");
	} else if (!EXTERNAL.has(command)) out.push(`unknown command ${command}`);
	return out.map((p) => `${where(c)}: ${p}`);
}

function npmProblems([sub = "", ...args]: string[]): string[] {
	if (sub === "test" || sub === "start") return pkg.scripts[sub] ? [] : [`no npm script ${sub}`];
	if (sub === "run") {
		const [name = "", ...rest] = args;
		const script = pkg.scripts[name];
		if (script === undefined) return [`no npm script ${name}`];
		const given = rest[0] === "--" ? rest.slice(1) : rest;
		const entry = /\bnode (?:--\S+ )*(\S+\.(?:ts|mjs|js))/.exec(script)?.[1];
		const source = entry ? readFileSync(join(REPO_ROOT, entry), "utf8") : "";
		return given.flatMap((arg) => {
			if (!arg.startsWith("--")) return [];
			if (!entry) return [`npm run ${name}: cannot check ${arg}`];
			const [flag = "", value] = arg.slice(2).split("=", 2);
			const unknown = value?.split(",").filter((v) => !literal(source, v)) ?? [];
			if (!literal(source, flag)) return [`${entry} reads no ${arg}`];
			return unknown.map((v) => `${entry} knows no ${flag} value ${v}`);
		});
	}
	const allowed = NPM_BUILTINS[sub];
	if (allowed === undefined) return [`npm ${sub}: not a command the docs are known to use`];
	return args.filter((a) => !allowed.includes(a)).map((a) => `npm ${sub}: unexpected ${a}`);
}

function piProblems(args: string[]): string[] {
	const out: string[] = [];
	const sub = args[0];
	if (sub !== undefined && !sub.startsWith("-")) {
		if (!new RegExp(`^\\s+pi ${sub}\\b`, "m").test(piHelp)) out.push(`pi has no command ${sub}`);
		const source = unquote(args[1] ?? "");
		const ours = source === "$PWD" || source.startsWith("git:") || source.startsWith(`npm:${PACKAGE_NAME}@file:`);
		if (sub === "install" && args[1] !== undefined && !ours) out.push(`pi install ${source}: not how it installs`);
	}
	for (const flag of args.filter((a) => /^--?[a-z]/.test(a)))
		if (!new RegExp(`(^|[\\s,])${flag}\\b`, "m").test(piHelp)) out.push(`pi --help has no ${flag}`);
	return out;
}

function piAskProblems(args: string[]): string[] {
	const sub = args[0];
	const source = readFileSync(join(REPO_ROOT, "src/relay/cli.ts"), "utf8");
	if (sub !== undefined && !sub.startsWith("-")) {
		if (!piAskUsage.includes(`pi-ask ${sub}`)) return [`pi-ask --help has no ${sub}`];
	}
	return args
		.filter((a) => a.startsWith("--"))
		.filter((a) => !piAskUsage.includes(a) && !literal(source, a.slice(2)))
		.map((a) => `pi-ask reads no ${a}`);
}

describe("the commands in README.md and docs/", () => {
	it("are found (the check would pass vacuously otherwise)", () => {
		const texts = commands.map((c) => c.words.join(" "));
		expect(texts).toEqual(expect.arrayContaining(["npm test", "npm start", 'pi install "$PWD"', "pi-ask list"]));
	});

	it.each(files)("%s: every command matches the code", (file) => {
		expect(commands.filter((c) => c.file === file).flatMap(problems)).toEqual([]);
	});

	it("pi-ask commands run against an empty agent dir without a usage error", async () => {
		const previous = process.env.PI_CODING_AGENT_DIR;
		process.env.PI_CODING_AGENT_DIR = scratch;
		try {
			const runs = commands.filter((c) => c.words[0] === "pi-ask" && c.words.length > 1);
			for (const c of runs) {
				let said = "";
				const sink = { write: (text: string) => (said += text) };
				const terminal = { input: Readable.from([]), output: new PassThrough() };
				// As at a terminal of the person's own, unpaired: refused (4) is an answer, a usage error (2) is not.
				const surroundings = {
					env: { PI_CODING_AGENT_DIR: scratch, XDG_CONFIG_HOME: scratch },
					ancestors: [],
					terminal: true,
				};
				const code = await piAsk(c.words.slice(1).map(unquote), sink, sink, terminal, surroundings);
				expect([0, 1, 4], `${where(c)}:\n${said}`).toContain(code);
				expect(said, where(c)).not.toMatch(/\n\s+at /);
				// A usage text only when asked for; else it is a command pi-ask did not understand.
				expect(/^usage:/.test(said), where(c)).toBe(c.words.includes("--help"));
			}
		} finally {
			if (previous === undefined) delete process.env.PI_CODING_AGENT_DIR;
			else process.env.PI_CODING_AGENT_DIR = previous;
		}
	});

	it("CI runs the README's test command", () => {
		const readme = docs.get("README.md") ?? "";
		const section = readme.slice(readme.indexOf("## Test it"));
		const block = commands.find((c) => c.file === "README.md" && c.from === "block" && section.includes(c.text));
		expect(block?.text).toBe("npm test");
		const ci = readFileSync(join(REPO_ROOT, ".ci/run"), "utf8").trim().split("\n");
		expect(ci.at(-1)).toBe(block?.text);
	});
});

describe("the names in README.md and docs/", () => {
	it.each(files)("%s: files and folders named exist", (file) => {
		const named = [...outsideFences(docs.get(file) ?? "").matchAll(REPO_PATH)].map((m) => m[0]);
		expect(named.filter((path) => !PATH_ROOTS.some((root) => existsSync(join(root, path))))).toEqual([]);
	});

	it.each(files)("%s: environment variables named are read by the code", (file) => {
		const names = new Set((docs.get(file) ?? "").match(/\b(?:PI_ASK_[A-Z0-9_]+|FC_SEED|FC_NUM_RUNS)\b/g) ?? []);
		expect([...names].filter((name) => !readByCode(name))).toEqual([]);
	});

	it.each(files)("%s: config keys and Pi keybinding ids exist", (file) => {
		const text = docs.get(file) ?? "";
		const keys = [...text.matchAll(/`((?:keys|limits|guidance)\.[A-Za-z]+)`/g)].map((m) => m[1] ?? "");
		expect(keys.filter((key) => !settingPaths.has(key))).toEqual([]);
		const ids = [...text.matchAll(/`(tui\.[a-z]+\.[A-Za-z]+)`/g)].map((m) => m[1] ?? "");
		expect(ids.filter((id) => !Object.hasOwn(TUI_KEYBINDINGS, id))).toEqual([]);
	});

	it.each(files)("%s: example config files and settings are valid", (file) => {
		const text = docs.get(file) ?? "";
		const bad: string[] = [];
		for (const block of text.matchAll(/```json\n([\s\S]*?)```/g)) {
			const data = parseJson(block[1] ?? "");
			if (!isObject(data) || !Object.keys(data).some((k) => topKeys.has(k))) continue;
			bad.push(...readLayer(configSchema(), data).problems);
		}
		// Inline settings (`"onTimeout": "defer"`) on the pages about the config file.
		if (!/arguments|results|relay-protocol|answer-channel/.test(file)) {
			for (const span of outsideFences(text).matchAll(/`"([\w$]+)": ([^`]+)`/g)) {
				const [key = "", value = ""] = [span[1], span[2]];
				const parsed = parseJson(value);
				if (parsed === undefined) bad.push(...(topKeys.has(key) ? [] : [`${key}: not a setting`]));
				else bad.push(...readLayer(configSchema(), { [key]: parsed }).problems);
			}
		}
		expect(bad).toEqual([]);
	});
});

describe("README.md and docs/ as rendered", () => {
	it.each(files)("%s: every relative link and #anchor leads somewhere", (file) => {
		const broken: string[] = [];
		for (const target of linkTargets(docs.get(file) ?? "")) {
			if (isExternal(target)) continue;
			const [path = "", anchor] = target.split("#", 2);
			const resolved = path === "" ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(path)));
			if (!existsSync(join(REPO_ROOT, resolved))) broken.push(`${target}: no such file`);
			else if (anchor !== undefined && !anchorsOf(readFileSync(join(REPO_ROOT, resolved), "utf8")).has(anchor))
				broken.push(`${target}: no such heading`);
		}
		expect(broken).toEqual([]);
	});

	it.each(files)("%s: one title, then no heading level skipped", (file) => {
		const levels = [...outsideFences(docs.get(file) ?? "").matchAll(/^(#{1,6})\s/gm)].map((m) => m[1]?.length ?? 0);
		expect(levels[0]).toBe(1);
		expect(levels.filter((l) => l === 1)).toHaveLength(1);
		const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 0) + 1);
		expect(skips).toEqual([]);
	});

	it("the README is a starting page: at most 250 lines, install before anything else", () => {
		const readme = docs.get("README.md") ?? "";
		expect(readme.split("\n").length).toBeLessThanOrEqual(250);
		expect(readme.match(/^## .+/m)?.[0]).toBe("## Install");
	});
});

function walk(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		return statSync(path).isDirectory() ? walk(path) : [path];
	});
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
