/**
 * package.json `allowScripts` against package-lock.json (test/support/install-scripts.ts): npm 12 runs
 * no dependency install script that is not allowed (a fresh clone then has no Node 22 and no esbuild
 * binary, and `npm start` / `npm test` crash), and npm 11 warns about every one not decided. Also checks
 * that this checkout's install ran the two scripts the project needs.
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	allowScriptsProblems,
	decisionFor,
	type Lock,
	type Manifest,
	scriptedPackages,
} from "../support/install-scripts.ts";
import { REPO_ROOT } from "../support/pi.ts";

const readJson = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, file), "utf8")) as unknown;
const manifest = readJson("package.json") as Manifest;
const lock = readJson("package-lock.json") as Lock;

describe("allowScripts in package.json", () => {
	it("decides every locked package with an install script, allows ours, and allows nothing else", () => {
		expect(allowScriptsProblems(manifest, lock)).toEqual([]);
	});

	it("allows node (fetches Node 22) and esbuild (installs its binary), the scripts npm start and npm test need", () => {
		const direct = scriptedPackages(manifest, lock).filter((pkg) => pkg.direct);
		expect(direct.map((pkg) => pkg.name).sort()).toEqual(["esbuild", "node"]);
		for (const pkg of direct) expect(decisionFor(manifest.allowScripts ?? {}, pkg), pkg.name).toBe(true);
	});

	it("fails when a dependency of ours that needs its install script is not allowed", () => {
		for (const name of ["esbuild", "node"]) {
			const { [name]: _dropped, ...rest } = manifest.allowScripts ?? {};
			expect(allowScriptsProblems({ ...manifest, allowScripts: rest }, lock).join("\n")).toMatch(
				new RegExp(`^${name}@[^:]+: a dependency of ours with an install script is not allowed`),
			);
			const denied = { ...manifest, allowScripts: { ...rest, [name]: false } };
			expect(allowScriptsProblems(denied, lock)).toHaveLength(1);
		}
	});

	it("fails when a new package with an install script arrives undecided, and on an entry for nothing", () => {
		const grown: Lock = {
			packages: {
				...lock.packages,
				"node_modules/a/node_modules/sharp": { version: "0.34.0", hasInstallScript: true },
			},
		};
		expect(allowScriptsProblems(manifest, grown)).toEqual(["sharp@0.34.0: has an install script and no decision"]);
		const stale = { ...manifest, allowScripts: { ...manifest.allowScripts, "left-pad": true } };
		expect(allowScriptsProblems(stale, lock)).toEqual([
			"left-pad: no locked package of that name has an install script",
		]);
		const { esbuild: _byName, ...others } = manifest.allowScripts ?? {};
		const pinnedElsewhere = { ...manifest, allowScripts: { ...others, "esbuild@0.1.0": true } };
		expect(allowScriptsProblems(pinnedElsewhere, lock)).toEqual([
			`esbuild@${lock.packages["node_modules/esbuild"]?.version}: a dependency of ours with an install script is not allowed`,
			"esbuild@0.1.0: no locked package of that name has an install script",
		]);
	});
});

describe("this checkout's install ran them", () => {
	const bin = (name: string) => join(REPO_ROOT, "node_modules", ".bin", name);
	const locked = (name: string) => lock.packages[`node_modules/${name}`]?.version;

	it("node_modules/.bin/node is the Node of the node devDependency", () => {
		const version = spawnSync(bin("node"), ["--version"], { encoding: "utf8" });
		expect(version.stdout.trim()).toBe(`v${locked("node")}`);
	});

	it("esbuild's postinstall put its native binary in place of the JavaScript launcher", () => {
		const launcher = join(REPO_ROOT, "node_modules", "esbuild", "bin", "esbuild");
		const head = Buffer.alloc(2);
		const fd = openSync(launcher, "r");
		readSync(fd, head, 0, 2, 0);
		closeSync(fd);
		expect(head.toString("latin1")).not.toBe("#!");
		expect(spawnSync(bin("esbuild"), ["--version"], { encoding: "utf8" }).stdout.trim()).toBe(locked("esbuild"));
	});
});
