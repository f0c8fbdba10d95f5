/**
 * No export without a non-test user: every name a src/ file exports is imported by production code — src/
 * itself, the package's entry points (extension.cts, entry.cjs, the bundles' entries in scripts/build.ts),
 * scripts/ or bench/. A name only tests import is made internal (the test goes through the real entry
 * point, or states the documented value it checks) or deleted when nothing uses it; a test fixture lives in
 * test/, not in src/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unusedExports } from "../support/unused-exports.ts";

const ROOT = join(import.meta.dirname, "../..");

describe("exports", () => {
	it("has a production user for every export of src/", () => {
		expect(unusedExports(ROOT)).toEqual([]);
	});
});

describe("the unused-export check (self-test on a planted project)", () => {
	const dir = mkdtempSync(join(tmpdir(), "exports-check-"));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	const files: Record<string, string> = {
		"package.json": JSON.stringify({ name: "planted", type: "module" }),
		"knip.json": JSON.stringify({ entry: ["src/index.ts!"], project: ["src/**/*.ts!", "test/**/*.ts"] }),
		"src/index.ts":
			'import { used, type UsedShape } from "./lib.ts";\nexport const main = (s: UsedShape) => used(s);\n',
		"src/lib.ts": [
			"export type UsedShape = { a: number };",
			"export type TestOnlyShape = { b: number };",
			"export const used = (s: UsedShape) => s.a;",
			"export function onlyTestsUseMe(): number { return 1; }",
			"export const neverUsed = 2;",
		].join("\n"),
		"src/orphan.ts": "export const lonely = 3;\n",
		"test/lib.test.ts":
			'import { onlyTestsUseMe, type TestOnlyShape } from "../src/lib.ts";\nimport { lonely } from "../src/orphan.ts";\nconst s: TestOnlyShape = { b: lonely };\nonlyTestsUseMe(); void s;\n',
	};
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), text);
	}

	it("names each export that only a test imports, type exports and unreached files included", () => {
		expect(unusedExports(dir).sort()).toEqual([
			"src/lib.ts: TestOnlyShape",
			"src/lib.ts: neverUsed",
			"src/lib.ts: onlyTestsUseMe",
			"src/orphan.ts: (file)",
		]);
	});
});
