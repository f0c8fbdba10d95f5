/** loadConfig on real temp dirs: layering, trust, replace-not-merge, and every broken-file case. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { Static } from "typebox";
import { Value } from "typebox/value";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { buildConfig } from "../../src/config/layer.ts";
import { loadConfig } from "../../src/config/load.ts";
import { globalConfigPath, projectConfigPath } from "../../src/config/paths.ts";
import { type AskConfig, configSchema, defaultConfig } from "../../src/config/schema.ts";

/** Problems listed per file before the rest are counted (as docs/answer-channel.md says of answers: "at most 20 problems are listed"). */
const MAX_LISTED = 20;

let root: string;
let agentDir: string;
let cwd: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "ask-config-"));
	agentDir = join(root, "agent");
	cwd = join(root, "project");
	mkdirSync(agentDir);
	mkdirSync(join(cwd, ".pi"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const globalFile = () => globalConfigPath(agentDir);
const projectFile = () => projectConfigPath(cwd);
function write(path: string, content: unknown): void {
	writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
}
const load = (projectTrusted = true) => loadConfig({ agentDir, cwd, projectTrusted });

/** The caps every loaded config carries when no file sets them (see protocol/budget.ts). */
const LIMITS = { previewEcho: 2000, customAnswer: 4000, note: 2000, totalText: 16000 };
/** The key, ui and bell settings every loaded config carries when no file sets them. */
const UI_DEFAULTS = {
	keys: {
		up: "k",
		down: "j",
		toggle: "space",
		tabNext: "tab",
		tabPrev: "shift+tab",
		tabRight: "right",
		tabLeft: "left",
		notes: "n",
		previewUp: "shift+up",
		previewDown: "shift+down",
		previewPageUp: "pageUp",
		previewPageDown: "pageDown",
		externalEditor: "ctrl+g",
		collapse: "ctrl+]",
		answerLater: "ctrl+l",
		digits: true,
	},
	ui: "standard",
	bell: true,
	remind: "off",
	onTimeout: "close",
} as const;
const EMPTY: AskConfig = { guidance: {}, limits: LIMITS, ...UI_DEFAULTS };

describe("AskConfig", () => {
	it("is exactly the schema's static type with every section present", () => {
		// Top-level leaves without a default (`$schema`, `notify`, `locale`, `timeout`) stay optional; sections are always present.
		type File = Static<ReturnType<typeof configSchema>>;
		type Loaded<T> = { [K in keyof T]: T[K] };
		type Optional = "$schema" | "notify" | "locale" | "timeout";
		expectTypeOf<AskConfig>().toEqualTypeOf<Loaded<Required<Omit<File, Optional>> & Pick<File, Optional>>>();
	});
});

describe("loadConfig: layering", () => {
	it("returns the defaults (no guidance overrides) and reads nothing when there are no files", () => {
		expect(load()).toEqual({ config: EMPTY, warnings: [], files: [] });
		expect(defaultConfig()).toEqual(EMPTY);
	});

	it("spells out exactly the defaults the schema's leaves declare (the no-file path skips the schema)", () => {
		expect(defaultConfig()).toEqual(buildConfig(configSchema(), []));
		// Fresh objects each time: a caller changing its copy changes no one else's.
		const first = defaultConfig();
		first.keys.up = "x";
		first.limits.note = 1;
		expect(defaultConfig()).toEqual(EMPTY);
	});

	it("gives the defaults when the only file is broken, with its warning", () => {
		write(globalFile(), "{ not json");
		const result = load();
		expect(result.config).toEqual(EMPTY);
		expect(result.warnings).toHaveLength(1);
		expect(result.files).toEqual([]);
	});

	it("applies the global file alone", () => {
		write(globalFile(), { guidance: { description: "Global description", promptGuidelines: ["G1"] } });
		expect(load()).toEqual({
			config: {
				guidance: { description: "Global description", promptGuidelines: ["G1"] },
				limits: LIMITS,
				...UI_DEFAULTS,
			},
			warnings: [],
			files: [globalFile()],
		});
	});

	it("applies the project file when the project is trusted", () => {
		write(projectFile(), { guidance: { promptSnippet: "Project snippet" } });
		expect(load(true)).toEqual({
			config: { guidance: { promptSnippet: "Project snippet" }, limits: LIMITS, ...UI_DEFAULTS },
			warnings: [],
			files: [projectFile()],
		});
	});

	it("does not look at the project file at all when the project is untrusted, even a broken one", () => {
		write(globalFile(), { guidance: { description: "G" } });
		write(projectFile(), "{ broken");
		expect(load(false)).toEqual({
			config: { guidance: { description: "G" }, limits: LIMITS, ...UI_DEFAULTS },
			warnings: [],
			files: [globalFile()],
		});
	});

	it("lets the project win per key, keeping global keys the project does not set", () => {
		write(globalFile(), { guidance: { description: "G desc", promptSnippet: "G snippet", promptGuidelines: ["G"] } });
		write(projectFile(), { guidance: { promptSnippet: "P snippet" } });
		expect(load()).toEqual({
			config: {
				guidance: { description: "G desc", promptSnippet: "P snippet", promptGuidelines: ["G"] },
				limits: LIMITS,
				...UI_DEFAULTS,
			},
			warnings: [],
			files: [globalFile(), projectFile()],
		});
	});

	it("replaces promptGuidelines wholesale: never merged with the global list or the defaults", () => {
		write(globalFile(), { guidance: { promptGuidelines: ["G1", "G2", "G3"] } });
		write(projectFile(), { guidance: { promptGuidelines: ["P1"] } });
		expect(load().config.guidance.promptGuidelines).toEqual(["P1"]);
	});

	it("falls back to the global value when the project's value for that key is invalid", () => {
		write(globalFile(), { guidance: { description: "G desc" } });
		write(projectFile(), { guidance: { description: 7, promptSnippet: "P" } });
		const result = load();
		expect(result.config).toEqual({
			guidance: { description: "G desc", promptSnippet: "P" },
			limits: LIMITS,
			...UI_DEFAULTS,
		});
		expect(result.warnings).toEqual([
			`Ignored settings in ${projectFile()}: guidance.description: expected a non-blank string.`,
		]);
	});

	it("reads a file once when the agent dir is the project's .pi dir", () => {
		const shared = join(cwd, ".pi");
		write(globalConfigPath(shared), { guidance: { nope: 1 } });
		const result = loadConfig({ agentDir: shared, cwd, projectTrusted: true });
		expect(result.files).toEqual([projectFile()]);
		expect(result.warnings).toHaveLength(1);
	});
});

describe("loadConfig: broken files give one warning naming the file, and defaults", () => {
	it.each([
		[
			"bad JSON",
			'{\n  "guidance": {\n}',
			"invalid JSON at line 3, column 2 (expected ',' or '}' after property value)",
		],
		["a non-object top level", '["a"]', 'the top level must be a JSON object like {"guidance": {...}}, not an array'],
		["null", "null", 'the top level must be a JSON object like {"guidance": {...}}, not null'],
		["invalid UTF-8", Buffer.from([0x7b, 0xff, 0x7d]), "it is not valid UTF-8 text"],
	])("%s", (_name, content, reason) => {
		writeFileSync(globalFile(), content);
		expect(load()).toEqual({ config: EMPTY, warnings: [`Ignored config file ${globalFile()}: ${reason}.`], files: [] });
	});

	it("a directory instead of a file", () => {
		mkdirSync(projectFile());
		write(globalFile(), { guidance: { description: "G" } });
		expect(load()).toEqual({
			config: { guidance: { description: "G" }, limits: LIMITS, ...UI_DEFAULTS },
			warnings: [`Ignored config file ${projectFile()}: it is a directory, not a file.`],
			files: [globalFile()],
		});
	});

	it.skipIf(process.getuid?.() === 0)("an unreadable file (EACCES; root reads anything, so skipped as root)", () => {
		write(globalFile(), { guidance: { description: "G" } });
		chmodSync(globalFile(), 0o000);
		expect(load()).toEqual({
			config: EMPTY,
			warnings: [`Ignored config file ${globalFile()}: it cannot be read: permission denied (EACCES).`],
			files: [],
		});
	});

	it("a missing project dir or a .pi that is a file is silent", () => {
		rmSync(join(cwd, ".pi"), { recursive: true });
		expect(load()).toEqual({ config: EMPTY, warnings: [], files: [] });
		writeFileSync(join(cwd, ".pi"), "not a dir");
		expect(load()).toEqual({ config: EMPTY, warnings: [], files: [] });
	});

	it("warns about each broken file separately, global first", () => {
		write(globalFile(), "{");
		write(projectFile(), "3");
		expect(load().warnings).toEqual([
			`Ignored config file ${globalFile()}: invalid JSON at line 1, column 2 (expected property name or '}').`,
			`Ignored config file ${projectFile()}: the top level must be a JSON object like {"guidance": {...}}, not a number.`,
		]);
	});
});

describe("loadConfig: bad settings give one warning per file listing each bad key, and the rest applies", () => {
	it("wrong types and unknown keys, nested and top level", () => {
		write(globalFile(), {
			guidance: { description: "Kept", promptSnippet: ["not", "a", "string"], promptGuidelines: "one string", foo: 1 },
			language: "de",
		});
		expect(load()).toEqual({
			config: { guidance: { description: "Kept" }, limits: LIMITS, ...UI_DEFAULTS },
			warnings: [
				`Ignored settings in ${globalFile()}: guidance.promptSnippet: expected a non-blank string; ` +
					"guidance.promptGuidelines: expected a non-empty array of non-blank strings; " +
					"guidance.foo: unknown key; language: unknown key.",
			],
			files: [globalFile()],
		});
	});

	it("a guidance section that is not an object", () => {
		write(globalFile(), { guidance: "be brief" });
		expect(load()).toEqual({
			config: EMPTY,
			warnings: [`Ignored settings in ${globalFile()}: guidance: expected an object.`],
			files: [globalFile()],
		});
	});

	it("empty and blank texts, empty lists and lists with a blank or non-string item are refused (default applies)", () => {
		const bad = [
			{ description: "" },
			{ promptSnippet: " \n\t" },
			{ promptGuidelines: [] },
			{ promptGuidelines: ["ok", ""] },
			{ promptGuidelines: ["ok", 3] },
			{ promptGuidelines: ["ok", null] },
		];
		for (const guidance of bad) {
			write(globalFile(), { guidance });
			const result = load();
			expect(result.config).toEqual(EMPTY);
			expect(result.warnings).toHaveLength(1);
			expect(result.warnings[0]).toMatch(/^Ignored settings in .*: guidance\.\w+: expected a non-(blank|empty) /);
		}
	});

	it("lists at most MAX_LISTED problems, then counts the rest", () => {
		const keys = Object.fromEntries(Array.from({ length: MAX_LISTED + 5 }, (_, i) => [`k${i}`, i]));
		write(globalFile(), keys);
		const [warning] = load().warnings;
		expect(warning).toContain(`k${MAX_LISTED - 1}: unknown key; and 5 more.`);
		expect(warning).not.toContain(`k${MAX_LISTED}:`);
	});

	it("makes file names and key names safe to print", () => {
		const odd = join(root, "odd\u001b[2Jdir");
		mkdirSync(odd);
		write(globalConfigPath(odd), '{"\\u001b]0;title\\u0007": 1}');
		expect(loadConfig({ agentDir: odd, cwd, projectTrusted: false }).warnings).toEqual([
			`Ignored settings in ${join(root, "odd␛[2Jdir")}/ask-user-question.json: "\\u001b]0;title\\u0007": unknown key.`,
		]);
	});
});

describe("loadConfig: any JSON never throws and always yields well-typed settings (property)", () => {
	const text = fc.oneof(fc.string(), fc.constantFrom("", " ", "ok", "\n"));
	const guidanceLike = fc.record(
		{
			description: fc.oneof(text, fc.jsonValue()),
			promptSnippet: fc.oneof(text, fc.jsonValue()),
			promptGuidelines: fc.oneof(fc.array(fc.oneof(text, fc.jsonValue()), { maxLength: 4 }), fc.jsonValue()),
			extra: fc.jsonValue(),
		},
		{ requiredKeys: [] },
	);
	const fileValue = fc.oneof(
		fc.jsonValue(),
		fc.record({ guidance: fc.oneof(guidanceLike, fc.jsonValue()) }, { requiredKeys: [] }),
		fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
	);

	it("holds for every pair of global and project files", () => {
		fc.assert(
			fc.property(fileValue, fileValue, (globalValue, projectValue) => {
				write(globalFile(), JSON.stringify(globalValue));
				write(projectFile(), JSON.stringify(projectValue));
				const { config, warnings, files } = load();
				const g = config.guidance;
				expect(Object.keys(config)).toEqual(["guidance", "limits", "keys", "ui", "bell", "remind", "onTimeout"]);
				expect(config.limits).toEqual(LIMITS);
				expect(config.keys).toEqual(UI_DEFAULTS.keys);
				if (g.description !== undefined) expect(g.description).toMatch(/\S/);
				if (g.promptSnippet !== undefined) expect(g.promptSnippet).toMatch(/\S/);
				if (g.promptGuidelines !== undefined) {
					expect(g.promptGuidelines.length).toBeGreaterThan(0);
					for (const line of g.promptGuidelines) expect(line).toMatch(/\S/);
				}
				for (const key of Object.keys(g)) expect(["description", "promptSnippet", "promptGuidelines"]).toContain(key);
				expect(warnings.length).toBeLessThanOrEqual(2);
				for (const warning of warnings) expect(warning).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
				expect(files.length).toBeLessThanOrEqual(2);
				// loadConfig trusts its merge (it does not re-check the result); this is where that trust is earned.
				expect(Value.Check(configSchema(), config)).toBe(true);
			}),
			{ numRuns: 300 },
		);
	});

	it("merges any mix of valid and invalid settings into a config the schema accepts", () => {
		const keyValue = fc.oneof(
			fc.constantFrom("off", "ctrl+g", "tab", "j", "shift+tab", "Ctrl+G", "", "ctrl+ctrl+g"),
			fc.array(fc.constantFrom("ctrl+x", "alt+y", "k", "nope key"), { maxLength: 3 }),
			fc.jsonValue(),
		);
		const keyNames = Object.keys(UI_DEFAULTS.keys);
		const settings = fc.record(
			{
				limits: fc.dictionary(fc.constantFrom(...Object.keys(LIMITS)), fc.oneof(fc.integer(), fc.jsonValue())),
				keys: fc.dictionary(fc.constantFrom(...keyNames), keyValue),
				ui: fc.oneof(fc.constantFrom("standard", "accessible", "loud"), fc.jsonValue()),
				bell: fc.oneof(fc.boolean(), fc.jsonValue()),
				locale: fc.oneof(fc.constantFrom("en", "zh_CN.UTF-8", "ja-JP", "fr", "C"), fc.jsonValue()),
			},
			{ requiredKeys: [] },
		);
		fc.assert(
			fc.property(settings, settings, (globalValue, projectValue) => {
				write(globalFile(), JSON.stringify(globalValue));
				write(projectFile(), JSON.stringify(projectValue));
				expect(Value.Check(configSchema(), load().config)).toBe(true);
			}),
			{ numRuns: 300 },
		);
	});

	it("holds for arbitrary bytes", () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
				writeFileSync(globalFile(), bytes);
				const { config, warnings } = load(false);
				expect(config.guidance).toBeTypeOf("object");
				expect(warnings.length).toBeLessThanOrEqual(1);
			}),
			{ numRuns: 200 },
		);
	});
});
