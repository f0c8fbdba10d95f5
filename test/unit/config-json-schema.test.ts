/**
 * The published JSON Schema and configuration reference: the committed files are exactly what
 * `npm run config-schema` makes (so they never drift from src/config/schema.ts), the JSON Schema
 * accepts exactly the files the loader reads without a warning, every setting is documented, and the
 * reference's example file is valid. `$schema` in a config file warns of nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { readFieldDocs } from "../../scripts/config-schema/jsdoc.ts";
import { DRAFT, listSettings } from "../../scripts/config-schema/json-schema.ts";
import { exampleConfig, exampleValue, SCHEMA_URL, typeOf } from "../../scripts/config-schema/reference.ts";
import { generatedConfigFiles } from "../../scripts/config-schema.ts";
import { readLayer } from "../../src/config/layer.ts";
import { loadConfig } from "../../src/config/load.ts";
import { configSchema } from "../../src/config/schema.ts";
import { REPO_ROOT } from "../support/pi.ts";

const docs = readFieldDocs(readFileSync(join(REPO_ROOT, "src", "config", "schema.ts"), "utf8"));
const settings = listSettings(configSchema(), docs);
const published = JSON.parse(
	readFileSync(join(REPO_ROOT, "schema", "ask-user-question.schema.json"), "utf8"),
) as Record<string, unknown>;

describe("generated files", () => {
	it("are committed up to date (run `npm run config-schema` after changing src/config/schema.ts)", () => {
		for (const [relative, content] of Object.entries(generatedConfigFiles())) {
			expect(readFileSync(join(REPO_ROOT, relative), "utf8"), relative).toBe(content);
		}
	});

	it("the JSON Schema is draft-07 and keeps none of the loader's private annotations", () => {
		expect(published.$schema).toBe(DRAFT);
		expect(JSON.stringify(published)).not.toContain('"expected"');
	});

	it("the package ships the schema file", () => {
		const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { files?: string[] };
		expect(pkg.files).toContain("schema");
	});
});

describe("settings", () => {
	it("lists every leaf, each with a description and a type phrase", () => {
		expect(settings.map((s) => s.path)).toEqual(
			expect.arrayContaining(["$schema", "limits.note", "guidance.description"]),
		);
		for (const setting of settings) {
			expect(setting.description, setting.path).not.toBe("");
			expect(setting.expected ?? typeOf(setting.schema), setting.path).not.toBe("any");
		}
	});

	it("each example is valid for its setting, and the example file loads without a warning", () => {
		for (const setting of settings) expect(Value.Check(setting.schema, exampleValue(setting)), setting.path).toBe(true);
		const example = exampleConfig(settings);
		expect(Value.Check(published, example)).toBe(true);
		const dir = mkdtempSync(join(tmpdir(), "ask-example-"));
		try {
			writeFileSync(join(dir, "ask-user-question.json"), JSON.stringify(example));
			const loaded = loadConfig({ agentDir: dir, cwd: dir, projectTrusted: false });
			expect(loaded.warnings).toEqual([]);
			expect(loaded.files).toHaveLength(1);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("the JSON Schema agrees with the loader", () => {
	/** Each setting: its example, or any JSON value (mostly wrong). */
	const fileArb = fc
		.record(
			Object.fromEntries(
				settings.map((s) => [
					s.path,
					fc.oneof(
						fc.constant(exampleValue(s)),
						fc.constantFrom(" ", 0, 1.5, [], [" "], "", null),
						fc.jsonValue({ maxDepth: 2 }),
					),
				]),
			),
			{ requiredKeys: [] },
		)
		.chain((flat) =>
			fc
				.record({ extra: fc.option(fc.constantFrom("colour", "limits.notes", "guidance.descripton")) })
				.map(({ extra }) => {
					const file: Record<string, unknown> = {};
					const entries = Object.entries(flat);
					if (extra) entries.push([extra, 1]);
					for (const [path, value] of entries) {
						const parts = path.split(".");
						let node = file;
						for (const part of parts.slice(0, -1)) {
							node[part] ??= {};
							node = node[part] as Record<string, unknown>;
						}
						node[parts.at(-1) ?? ""] = value;
					}
					return file;
				}),
		);

	it("a file is valid for the JSON Schema exactly when the loader finds no problem in it", () => {
		fc.assert(
			fc.property(fileArb, (file) => {
				const clean = readLayer(configSchema(), file).problems.length === 0;
				expect(Value.Check(published, file)).toBe(clean);
			}),
			{ numRuns: 300 },
		);
	});
});

describe("$schema in a config file", () => {
	it("is accepted without a warning; a non-string value is reported", () => {
		const dir = mkdtempSync(join(tmpdir(), "ask-schema-key-"));
		try {
			writeFileSync(join(dir, "ask-user-question.json"), JSON.stringify({ $schema: SCHEMA_URL, limits: { note: 10 } }));
			const ok = loadConfig({ agentDir: dir, cwd: dir, projectTrusted: false });
			expect(ok.warnings).toEqual([]);
			expect(ok.config.limits.note).toBe(10);
			writeFileSync(join(dir, "ask-user-question.json"), JSON.stringify({ $schema: 3 }));
			const bad = loadConfig({ agentDir: dir, cwd: dir, projectTrusted: false });
			expect(bad.warnings).toHaveLength(1);
			expect(bad.warnings[0]).toContain("$schema: expected a string");
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("readFieldDocs", () => {
	it("reads one-line and multi-line comments, nested sections, and skips undocumented fields", () => {
		const source = [
			"export interface Other {",
			"\t/** not this */",
			"\tx: number;",
			"}",
			"export interface AskConfig {",
			"\t/** The top. */",
			"\ttop?: string;",
			"\t/**",
			"\t * A section,",
			"\t * on two lines.",
			"\t */",
			"\tsection: {",
			"\t\t/** Inner leaf. */",
			"\t\tinner?: number;",
			"\t\tbare?: boolean;",
			"\t};",
			"\t/** After the section. */",
			"\tafter?: boolean;",
			"}",
			"/** Outside. */",
			"export const y = 1;",
		].join("\n");
		expect([...readFieldDocs(source)]).toEqual([
			["top", "The top."],
			["section", "A section, on two lines."],
			["section.inner", "Inner leaf."],
			["after", "After the section."],
		]);
	});

	it("throws when the interface is missing", () => {
		expect(() => readFieldDocs("export interface Nope {}")).toThrow(/AskConfig/);
	});
});
