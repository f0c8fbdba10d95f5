/**
 * The Pi versions the tests run besides the devDependency. Those `npm test` runs come with `npm install`,
 * as npm aliases in devDependencies (`"pi-0.84.3": "npm:@earendil-works/pi-coding-agent@0.84.3"`), so the
 * suite needs no network once installed: `aliasedPi` finds them. The long tail `npm run compat` smokes
 * (scripts/compat.ts) is a scratch install: `npm install @earendil-works/pi-coding-agent@<version>` into a
 * fresh temp folder outside the repository, with npm's cache inside that folder too, so nothing outside
 * the clone is reused or left behind. A failed install removes its folder (a Pi install with its cache is
 * about 240 MB).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeDir } from "./fake-model.ts";
import { REPO_ROOT } from "./pi.ts";

/** The devDependency alias that brings Pi `version` (package.json), e.g. `pi-0.84.3`. */
export const piAlias = (version: string): string => `pi-${version}`;

/**
 * The folder of Pi `version` as `npm install` brought it (the alias `pi-<version>` in node_modules), to
 * pass as `piHome`; undefined when it is not there or is another version.
 */
export function aliasedPi(version: string, root = REPO_ROOT): string | undefined {
	const dir = join(root, "node_modules", piAlias(version));
	const manifest = join(dir, "package.json");
	if (!existsSync(manifest)) return undefined;
	const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
	return pkg.name === "@earendil-works/pi-coding-agent" && pkg.version === version ? dir : undefined;
}

/** `aliasedPi`, or an error that says which devDependency is missing (nothing is downloaded in its place). */
export function requireAliasedPi(version: string, root = REPO_ROOT): string {
	const dir = aliasedPi(version, root);
	if (dir === undefined) {
		throw new Error(
			`Pi ${version} is not in node_modules: package.json's devDependency "${piAlias(version)}" ` +
				`("npm:@earendil-works/pi-coding-agent@${version}") brings it; run npm install`,
		);
	}
	return dir;
}

/** The folder to pass as `piHome` (remove it with removeDir when done), and how long the install took. */
export interface PiInstall {
	home: string;
	version: string;
	ms: number;
}

/** What tests change: the npm command to run, and the folder the temp folder goes in. */
export interface InstallOptions {
	npm?: string;
	tmpRoot?: string;
}

/** Installs Pi `version`; rejects with npm's output when it fails. Installs may run side by side. */
export async function installPi(version: string, options: InstallOptions = {}): Promise<PiInstall> {
	const started = Date.now();
	const home = await scratchInstall(`@earendil-works/pi-coding-agent@${version}`, `pi-ask-compat-${version}-`, options);
	return { home, version, ms: Date.now() - started };
}

/**
 * `npm install <spec>` into a fresh temp folder named `prefix…`, npm's cache inside it; resolves with the
 * folder (remove it with removeDir), or removes it and rejects with npm's output.
 */
async function scratchInstall(spec: string, prefix: string, options: InstallOptions = {}): Promise<string> {
	const home = mkdtempSync(join(options.tmpRoot ?? tmpdir(), prefix));
	try {
		mkdirSync(join(home, ".npm-cache"));
		writeFileSync(join(home, "package.json"), `${JSON.stringify({ private: true })}\n`);
		const args = ["install", "--no-audit", "--no-fund", "--no-package-lock", "--cache", join(home, ".npm-cache")];
		const child = spawn(options.npm ?? "npm", [...args, spec], {
			cwd: home,
			timeout: 180_000,
		});
		let output = "";
		for (const stream of [child.stdout, child.stderr])
			stream.setEncoding("utf8").on("data", (d: string) => (output += d));
		const status = await new Promise<number | null>((resolve, reject) => {
			child.on("error", reject);
			child.on("close", resolve);
		});
		if (status !== 0) throw new Error(`npm install ${spec} failed (${status}):\n${output}`);
		return home;
	} catch (error) {
		removeDir(home);
		throw error;
	}
}
