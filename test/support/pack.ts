/**
 * The published package, made the way `npm publish` makes it: `npm pack` (running the package's own pack
 * scripts) on a copy of the working tree, so the build the pack scripts run never rewrites the output
 * other test files load from the repository at the same time.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./pi.ts";

/** Not copied for packing: dependencies, VCS, scratch, build output and earlier tarballs. */
const IGNORED = /^(node_modules|\.git|\.tmp|dist|coverage)(\/|$)|\.tgz$/;

/** A packed tarball in its own temp folder (`dir`, for the caller to remove), with the paths it holds. */
export interface Packed {
	dir: string;
	tarball: string;
	files: string[];
}

/** Packs the package; throws with npm's output when packing fails. */
export function packPackage(): Packed {
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-pack-"));
	const copy = join(dir, "source");
	cpSync(REPO_ROOT, copy, { recursive: true, filter: (path) => !IGNORED.test(relative(REPO_ROOT, path)) });
	symlinkSync(join(REPO_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
	// npm from node_modules/.bin's PATH (Node 22); the pack scripts run as on publish.
	const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", dir], {
		cwd: copy,
		encoding: "utf8",
		timeout: 120_000,
	});
	if (pack.status !== 0) throw new Error(`npm pack failed (${pack.status}):\n${pack.stderr}`);
	// Pack scripts may print before the JSON; it is the last top-level array on stdout.
	const json = pack.stdout.slice(pack.stdout.lastIndexOf("\n[") + 1);
	const result = (JSON.parse(json) as { filename: string; files: { path: string }[] }[])[0]!;
	return { dir, tarball: join(dir, result.filename), files: result.files.map((f) => f.path) };
}

/** The `pi install` source for a tarball: named, because Pi finds the install by the spec's package name. */
export function tarballSource(tarball: string): string {
	// A bare `npm:<file>.tgz` installs but never loads, silently.
	return `npm:pi-ask-user-question@file:${tarball}`;
}
