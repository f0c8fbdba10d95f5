/**
 * scripts/pack-manifest.mjs, which prepack and postpack run: `hide` writes package.json without its
 * `scripts` for the tarball (each names a file the tarball does not ship, and npm counts a `prepare` of a
 * file or git source as an install script and warns about it), `restore` gives the file back byte for
 * byte. Root cause of dropping them all: the published manifest kept `start`, `test`, `bench`… that
 * named scripts/, bench/ and test/ files it does not hold.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
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
const manifest = () => JSON.parse(text()) as Record<string, unknown>;

describe("pack-manifest", () => {
	it("hide leaves no scripts and everything else as it was; restore gives back the very same file", () => {
		const original = text();
		const { scripts, ...rest } = JSON.parse(original) as Record<string, unknown>;
		expect(scripts).toBeDefined();
		expect(run("hide").status).toBe(0);
		expect(manifest()).toEqual(rest);
		expect(run("restore").status).toBe(0);
		expect(text()).toBe(original);
		expect(existsSync(join(dir, ".package.json.unpacked"))).toBe(false);
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

	it("restore without the kept file, on a manifest without scripts, says so instead of passing", () => {
		run("hide");
		removeDir(join(dir, ".package.json.unpacked"));
		const restore = run("restore");
		expect(restore.status).not.toBe(0);
		expect(restore.stderr).toContain("restore it from git");
	});

	it("the kept file is not packed", () => {
		const { files } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { files: string[] };
		expect(files.some((entry) => ".package.json.unpacked".startsWith(entry))).toBe(false);
	});

	it("is wired to prepack and postpack", () => {
		const own = (
			JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
		).scripts;
		expect(own.prepack).toMatch(/npm run build && node scripts\/pack-manifest\.mjs hide$/);
		expect(own.postpack).toBe("node scripts/pack-manifest.mjs restore");
	});
});
