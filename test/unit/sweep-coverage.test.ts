/**
 * A test that samples its sweep in `npm test` (test/support/sweep.ts) must run in full somewhere: every
 * test file that imports the sweep helpers is one `npm run hardening` runs with HARDENING_FULL=1.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/pi.ts";

function testFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return testFiles(path);
		return entry.name.endsWith(".test.ts") ? [path] : [];
	});
}

describe("npm run hardening", () => {
	const script: string = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts.hardening;
	const filters = script.split(/\s+/).filter((word) => word.startsWith("test/"));

	it("sets HARDENING_FULL=1", () => {
		expect(script).toMatch(/^HARDENING_FULL=1 vitest run /);
	});

	it("runs every test file that samples with test/support/sweep.ts", () => {
		const sampling = testFiles(join(REPO_ROOT, "test"))
			.filter((file) => /from "[./]*support\/sweep\.ts"/.test(readFileSync(file, "utf8")))
			.map((file) => relative(REPO_ROOT, file));
		expect(sampling.length).toBeGreaterThan(0);
		const missed = sampling.filter((file) => !filters.some((filter) => file.startsWith(filter)));
		expect(missed, `add them to the "hardening" script in package.json`).toEqual([]);
	});
});
