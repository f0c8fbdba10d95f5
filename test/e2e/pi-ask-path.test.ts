/**
 * The README's line that puts `pi-ask` on PATH works as written (issue 29: after every documented install
 * `which pi-ask` failed). The line is read from the README, not copied here, and run into a scratch global
 * prefix: the README's arguments plus `--prefix` (not the machine's global folder), `--offline` (it needs
 * nothing from the registry) and `--ignore-scripts` (the link's `prepare` would rebuild dist/ under the
 * tests running meanwhile; `npm test` built it already). Then `pi-ask` is found on that PATH and runs.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir } from "../support/fake-model.ts";
import { REPO_ROOT } from "../support/pi.ts";

/** The README's `npm install -g …` line, as words, with `"$PWD"` the checkout it runs in. */
function documentedLine(): string[] {
	const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
	const line = readme.split("\n").find((l) => /^npm install -g\b/.test(l));
	if (line === undefined) throw new Error("README.md has no `npm install -g` line");
	const command = line.replace(/\s+#.*$/, "").trim();
	return command.split(/\s+/).map((word) => (word === '"$PWD"' ? REPO_ROOT : word));
}

const prefix = mkdtempSync(join(tmpdir(), "pi-ask-path-"));
afterAll(() => removeDir(prefix));

describe("pi-ask on PATH, as the README puts it there", () => {
	it("installs from the checkout into a scratch prefix, and pi-ask --help runs from its bin", () => {
		const [npm = "", ...args] = documentedLine();
		expect(npm).toBe("npm");
		expect(args.slice(0, 2)).toEqual(["install", "-g"]);
		const install = spawnSync(
			npm,
			[...args, "--prefix", prefix, "--offline", "--ignore-scripts", "--no-audit", "--no-fund"],
			{ cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 },
		);
		expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);

		const path = `${join(prefix, "bin")}:${process.env.PATH ?? ""}`;
		const which = spawnSync("sh", ["-c", "command -v pi-ask"], {
			encoding: "utf8",
			env: { ...process.env, PATH: path },
		});
		expect(which.stdout.trim()).toBe(join(prefix, "bin", "pi-ask"));

		const help = spawnSync(join(prefix, "bin", "pi-ask"), ["--help"], { encoding: "utf8", timeout: 30_000 });
		expect(help.status, help.stderr).toBe(0);
		expect(help.stdout).toMatch(/^usage: pi-ask /);
		expect(help.stdout).toContain("pi-ask list");
	});
});
