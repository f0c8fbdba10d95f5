/** The `limits` config keys: defaults from DEFAULT_LIMITS, per-key validation, and limitsFrom over a loaded config. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.ts";
import { globalConfigPath, projectConfigPath } from "../../src/config/paths.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { DEFAULT_LIMITS, limitsFrom } from "../../src/protocol/budget.ts";

let root: string;
let agentDir: string;
let cwd: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "ask-limits-"));
	agentDir = join(root, "agent");
	cwd = join(root, "project");
	mkdirSync(agentDir);
	mkdirSync(join(cwd, ".pi"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const load = () => loadConfig({ agentDir, cwd, projectTrusted: true });

describe("limits config", () => {
	it("defaults to DEFAULT_LIMITS, every key present", () => {
		expect(defaultConfig().limits).toEqual(DEFAULT_LIMITS);
		expect(limitsFrom(defaultConfig().limits)).toEqual(DEFAULT_LIMITS);
	});

	it("takes whole numbers ≥ 1 per key, the project file winning per key", () => {
		writeFileSync(globalConfigPath(agentDir), JSON.stringify({ limits: { note: 50, totalText: 9000 } }));
		writeFileSync(projectConfigPath(cwd), JSON.stringify({ limits: { totalText: 1 } }));
		const { config, warnings } = load();
		expect(warnings).toEqual([]);
		expect(config.limits).toEqual({ ...DEFAULT_LIMITS, note: 50, totalText: 1 });
		expect(limitsFrom(config.limits)).toEqual({ ...DEFAULT_LIMITS, note: 50, totalText: 1 });
	});

	it("refuses zero, negatives, fractions, strings and unknown keys with one warning; defaults apply", () => {
		const limits = { previewEcho: 0, customAnswer: -5, note: 1.5, totalText: "16k", words: 3 };
		writeFileSync(globalConfigPath(agentDir), JSON.stringify({ limits }));
		const { config, warnings } = load();
		expect(config.limits).toEqual(DEFAULT_LIMITS);
		expect(warnings).toEqual([
			`Ignored settings in ${globalConfigPath(agentDir)}: limits.previewEcho: expected a whole number ≥ 1; ` +
				"limits.customAnswer: expected a whole number ≥ 1; limits.note: expected a whole number ≥ 1; " +
				"limits.totalText: expected a whole number ≥ 1; limits.words: unknown key.",
		]);
	});

	it("reports a limits value that is not an object", () => {
		writeFileSync(globalConfigPath(agentDir), JSON.stringify({ limits: 4000 }));
		const { config, warnings } = load();
		expect(config.limits).toEqual(DEFAULT_LIMITS);
		expect(warnings).toEqual([`Ignored settings in ${globalConfigPath(agentDir)}: limits: expected an object.`]);
	});
});
