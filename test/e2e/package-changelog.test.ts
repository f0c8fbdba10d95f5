/**
 * CHANGELOG.md in Pi's format: Pi's own changelog parser (the one that shows an extension's changes
 * after `pi update`) finds an entry for the package's current version, first in the file, and no
 * `## ` heading that it would skip. The file ships with the package.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/pi.ts";

interface ChangelogEntry {
	major: number;
	minor: number;
	patch: number;
	content: string;
}

const CHANGELOG = join(REPO_ROOT, "CHANGELOG.md");
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string; files: string[] };

async function piParse(path: string): Promise<ChangelogEntry[]> {
	// Not in the package's exports: loaded by path, as the installed Pi 1.6.0 has it.
	const url = pathToFileURL(
		join(REPO_ROOT, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "utils", "changelog.js"),
	).href;
	const mod = (await import(url)) as { parseChangelog(path: string): ChangelogEntry[] };
	return mod.parseChangelog(path);
}

describe("CHANGELOG.md", () => {
	it("Pi's parser reads the current version first, with content", async () => {
		const entries = await piParse(CHANGELOG);
		expect(entries.length).toBeGreaterThan(0);
		const first = entries[0]!;
		expect(`${first.major}.${first.minor}.${first.patch}`).toBe(pkg.version);
		expect(first.content).toMatch(/^## \[\d+\.\d+\.\d+\]/);
		expect(first.content).toContain("### Added");
	});

	it("has only version headings at level 2, in descending order", async () => {
		const headings = readFileSync(CHANGELOG, "utf8")
			.split("\n")
			.filter((line) => line.startsWith("## "));
		for (const heading of headings) expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\]( - \d{4}-\d{2}-\d{2})?$/);
		const entries = await piParse(CHANGELOG);
		expect(entries).toHaveLength(headings.length);
		const versions = entries.map((e) => e.major * 1e6 + e.minor * 1e3 + e.patch);
		expect(versions).toEqual([...versions].sort((a, b) => b - a));
	});

	it("ships with the package", () => {
		expect(pkg.files).toContain("CHANGELOG.md");
	});
});
