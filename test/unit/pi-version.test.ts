/** The supported-Pi check: one warning on an older Pi, none on a supported or unknown one. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isOlderVersion, OLDEST_SUPPORTED_PI, piVersionWarning } from "../../src/pi/pi-version.ts";

describe("piVersionWarning", () => {
	it.each(["0.74.0", "0.79.10", "0.84.2"])("warns on Pi %s, naming it and the oldest supported", (version) => {
		expect(piVersionWarning(version)).toBe(
			`this is Pi ${version}; the extension is tested on Pi ${OLDEST_SUPPORTED_PI} and later, and some of it may not ` +
				"work here. Update Pi (npm install -g @earendil-works/pi-coding-agent) to be sure.",
		);
	});

	it.each(["0.84.3", "0.99.1", "1.0.3", "1.6.0", "2.0.0-beta.1", "10.0.0"])("is silent on Pi %s", (version) => {
		expect(piVersionWarning(version)).toBeUndefined();
	});

	it.each([undefined, null, 3, "", "dev", "v1"])("is silent when the version is unknown (%p)", (version) => {
		expect(piVersionWarning(version)).toBeUndefined();
	});

	it("compares numerically, not as text", () => {
		expect(isOlderVersion("0.9.0", "0.84.3")).toBe(true);
		expect(isOlderVersion("0.100.0", "0.84.3")).toBe(false);
		expect(isOlderVersion("1.6.0", "1.6.0")).toBe(false);
	});

	it("package.json's peerDependencies declare the same oldest Pi", () => {
		const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as {
			peerDependencies: Record<string, string>;
		};
		// Every @earendil-works peer (the ones the shipped code imports; test/e2e/package.test.ts).
		const pi = Object.keys(manifest.peerDependencies).filter((name) => name.startsWith("@earendil-works/"));
		expect(pi.sort()).toEqual(["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui"]);
		for (const name of pi) expect(manifest.peerDependencies[name], name).toBe(`>=${OLDEST_SUPPORTED_PI}`);
	});
});
