/**
 * Every Pi version `npm test` runs comes with `npm install`: the oldest supported one and the older one
 * that is warned about are npm aliases in devDependencies (`pi-<version>`), and the tests find them in
 * node_modules (test/support/pi-install.ts) instead of downloading them while the suite runs, so the suite
 * passes with the network cut once installed. Root cause of the change: test/e2e/compat.test.ts used to
 * `npm install` both versions into temp folders at test time.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OLDER_PI_WARNED, OLDEST_SUPPORTED_PI } from "../../scripts/compat-versions.ts";
import { removeDir } from "../support/fake-model.ts";
import { piVersion, REPO_ROOT } from "../support/pi.ts";
import { aliasedPi, piAlias, requireAliasedPi } from "../support/pi-install.ts";

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
	devDependencies: Record<string, string>;
};

describe("the Pi versions npm test runs", () => {
	it.each([OLDEST_SUPPORTED_PI, OLDER_PI_WARNED])("Pi %s is an exact npm alias in devDependencies", (version) => {
		expect(manifest.devDependencies[piAlias(version)]).toBe(`npm:@earendil-works/pi-coding-agent@${version}`);
	});

	it.each([OLDEST_SUPPORTED_PI, OLDER_PI_WARNED])("Pi %s is installed, and is what the tests run", (version) => {
		const home = requireAliasedPi(version);
		expect(home).toBe(join(REPO_ROOT, "node_modules", piAlias(version)));
		expect(piVersion(home)).toBe(version);
	});
});

describe("aliasedPi", () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), "pi-ask-aliases-"));
	});
	afterEach(() => removeDir(root));

	const place = (alias: string, pkg: object) => {
		mkdirSync(join(root, "node_modules", alias), { recursive: true });
		writeFileSync(join(root, "node_modules", alias, "package.json"), JSON.stringify(pkg));
	};

	it("finds the alias folder only when it holds that very Pi", () => {
		place("pi-1.2.3", { name: "@earendil-works/pi-coding-agent", version: "1.2.3" });
		place("pi-2.0.0", { name: "@earendil-works/pi-coding-agent", version: "2.0.1" });
		place("pi-3.0.0", { name: "something-else", version: "3.0.0" });
		expect(aliasedPi("1.2.3", root)).toBe(join(root, "node_modules", "pi-1.2.3"));
		expect(aliasedPi("2.0.0", root)).toBeUndefined();
		expect(aliasedPi("3.0.0", root)).toBeUndefined();
		expect(aliasedPi("4.0.0", root)).toBeUndefined();
	});

	it("a missing one is an error naming the devDependency to install, never a download", () => {
		expect(() => requireAliasedPi("4.0.0", root)).toThrow(
			'Pi 4.0.0 is not in node_modules: package.json\'s devDependency "pi-4.0.0" ("npm:@earendil-works/pi-coding-agent@4.0.0") brings it; run npm install',
		);
	});
});
