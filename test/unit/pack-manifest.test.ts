/**
 * scripts/pack-manifest.mjs, which prepack and postpack run: `hide` renames package.json's `prepare`
 * script to `_prepare` for the tarball (npm counts a `prepare` of a file or git source as an install
 * script and warns about it), `restore` renames it back, leaving the file byte for byte as it was.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeDir } from "../support/fake-model.ts";
import { REPO_ROOT } from "../support/pi.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "pi-ask-pack-manifest-"));
	copyFileSync(join(REPO_ROOT, "package.json"), join(dir, "package.json"));
});
afterEach(() => removeDir(dir));

const run = (step: string) =>
	spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "pack-manifest.mjs"), step], { cwd: dir, encoding: "utf8" });
const text = () => readFileSync(join(dir, "package.json"), "utf8");
const scripts = () => (JSON.parse(text()) as { scripts: Record<string, string> }).scripts;

describe("pack-manifest", () => {
	it("hide leaves no prepare script; restore gives back the very same file", () => {
		const original = text();
		expect(run("hide").status).toBe(0);
		expect(scripts().prepare).toBeUndefined();
		expect(scripts()._prepare).toBe("node scripts/prepare.mjs");
		expect(run("restore").status).toBe(0);
		expect(text()).toBe(original);
	});

	it("each step run twice changes nothing more (a pack that stopped before postpack)", () => {
		const original = text();
		run("hide");
		const hidden = text();
		expect(run("hide").status).toBe(0);
		expect(text()).toBe(hidden);
		run("restore");
		expect(run("restore").status).toBe(0);
		expect(text()).toBe(original);
	});

	it("is wired to prepack and postpack", () => {
		const own = (
			JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
		).scripts;
		expect(own.prepack).toMatch(/npm run build && node scripts\/pack-manifest\.mjs hide$/);
		expect(own.postpack).toBe("node scripts/pack-manifest.mjs restore");
	});
});
