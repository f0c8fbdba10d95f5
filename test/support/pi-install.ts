/**
 * A scratch install of one Pi version, for the compat smoke (test/e2e/compat.test.ts, scripts/compat.ts):
 * `npm install @earendil-works/pi-coding-agent@<version>` into a fresh temp folder outside the repository,
 * with npm's cache inside that folder too, so nothing outside the clone is reused or left behind.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The folder to pass as `piHome` (remove it with removeDir when done), and how long the install took. */
export interface PiInstall {
	home: string;
	version: string;
	ms: number;
}

/** Installs Pi `version`; throws with npm's output when it fails. */
export function installPi(version: string): PiInstall {
	const home = mkdtempSync(join(tmpdir(), `pi-ask-compat-${version}-`));
	mkdirSync(join(home, ".npm-cache"));
	writeFileSync(join(home, "package.json"), `${JSON.stringify({ private: true })}\n`);
	const started = Date.now();
	const install = spawnSync(
		"npm",
		[
			"install",
			"--no-audit",
			"--no-fund",
			"--no-package-lock",
			"--cache",
			join(home, ".npm-cache"),
			`@earendil-works/pi-coding-agent@${version}`,
		],
		{ cwd: home, encoding: "utf8", timeout: 180_000 },
	);
	if (install.status !== 0) {
		throw new Error(`npm install of Pi ${version} failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
	}
	return { home, version, ms: Date.now() - started };
}
