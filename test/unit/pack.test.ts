/**
 * test/support/pack.ts and pi-install.ts, which the package and compat tests stand on: `npm pack --json`
 * read in npm 11's shape (an array) and npm 12's (an object keyed by package name, npm/cli#9247), with a
 * pack script's output before it; and a failed pack or a failed Pi install leaves nothing in the temp folder. A stand-in `npm` script plays npm.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeDir } from "../support/fake-model.ts";
import { PACKAGE_NAME, packPackage, readPackResult } from "../support/pack.ts";
import { installPi } from "../support/pi-install.ts";

const RESULT = {
	id: `${PACKAGE_NAME}@0.1.0`,
	name: PACKAGE_NAME,
	version: "0.1.0",
	filename: `${PACKAGE_NAME}-0.1.0.tgz`,
	files: [
		{ path: "LICENSE", size: 1075, mode: 420 },
		{ path: "README.md", size: 36024, mode: 420 },
		{ path: "dist/core.cjs", size: 149793, mode: 420 },
	],
};
const FILES = ["LICENSE", "README.md", "dist/core.cjs"];
/** What the prepack build prints to stdout before npm's JSON. */
const BUILD_OUTPUT = `\n> ${PACKAGE_NAME}@0.1.0 prepack\n> npm run build\n\nbuilt dist/core.cjs in 900 ms\n`;
const npm11 = (result: object = RESULT) => `${BUILD_OUTPUT}${JSON.stringify([result], null, 2)}\n`;
const npm12 = (result: object = RESULT) => `${BUILD_OUTPUT}${JSON.stringify({ [PACKAGE_NAME]: result }, null, 2)}\n`;

describe("readPackResult", () => {
	it("reads npm 11's array after the pack scripts' output", () => {
		expect(readPackResult(npm11(), PACKAGE_NAME)).toEqual({ filename: RESULT.filename, files: FILES });
	});

	it("reads npm 12's object keyed by package name", () => {
		expect(readPackResult(npm12(), PACKAGE_NAME)).toEqual({ filename: RESULT.filename, files: FILES });
	});

	it("picks this package among several, and is not misled by a bracketed line a script printed", () => {
		const other = { ...RESULT, name: "other", filename: "other-1.0.0.tgz" };
		const stdout = `[build] bundling\n{ not json\n${JSON.stringify({ other, [PACKAGE_NAME]: RESULT }, null, 2)}\n`;
		expect(readPackResult(stdout, PACKAGE_NAME).filename).toBe(RESULT.filename);
	});

	it("throws, quoting npm, when there is no JSON or no tarball in it", () => {
		expect(() => readPackResult("npm notice nothing here\n", PACKAGE_NAME)).toThrow(/printed no JSON:\nnpm notice/);
		expect(() => readPackResult("{}\n", PACKAGE_NAME)).toThrow(/named no tarball/);
		expect(() => readPackResult(npm12({ ...RESULT, files: [{ size: 1 }] }), PACKAGE_NAME)).toThrow(/without a path/);
	});
});

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-ask-pack-test-"));
	mkdirSync(join(root, "tmp"));
});
afterEach(() => removeDir(root));

/** A stand-in for npm: a shell script with `body`, run with npm's arguments ($1 …) in npm's cwd. */
function fakeNpm(body: string): string {
	const path = join(root, `npm-${readdirSync(root).length}`);
	writeFileSync(path, `#!/bin/sh\n${body}\n`);
	chmodSync(path, 0o755);
	return path;
}

/** What a step left in the temp folder. */
const leftInTmp = () => readdirSync(join(root, "tmp"));

describe("packPackage", () => {
	// The copy of the working tree takes a moment on a busy machine.
	const PACK_MS = 60_000;

	it(
		"returns the tarball npm 12 reports and its files",
		async () => {
			// `npm pack --json --pack-destination <dir>`: $4 is where the tarball goes.
			const json = JSON.stringify({ [PACKAGE_NAME]: RESULT });
			const npm = fakeNpm(`echo built; touch "$4/${RESULT.filename}"; cat <<'EOF'\n${json}\nEOF`);
			const packed = await packPackage({ npm, tmpRoot: join(root, "tmp") });
			expect(packed.files).toEqual(FILES);
			expect(packed.tarball).toBe(join(packed.dir, RESULT.filename));
			expect(leftInTmp()).toHaveLength(1);
			removeDir(packed.dir);
		},
		PACK_MS,
	);

	it(
		"removes its temp folder (the copy of the tree included) when npm pack fails",
		async () => {
			const npm = fakeNpm(`touch "$4/half.tgz"; echo "npm error code E500" >&2; exit 1`);
			await expect(packPackage({ npm, tmpRoot: join(root, "tmp") })).rejects.toThrow(
				/npm pack failed \(1\):\nnpm error code E500/,
			);
			expect(leftInTmp()).toEqual([]);
		},
		PACK_MS,
	);

	it(
		"removes its temp folder when npm's output names no tarball, or one that is not there",
		async () => {
			await expect(packPackage({ npm: fakeNpm("echo '[]'"), tmpRoot: join(root, "tmp") })).rejects.toThrow(
				/named no tarball/,
			);
			const missing = fakeNpm(`cat <<'EOF'\n${JSON.stringify([RESULT])}\nEOF`);
			await expect(packPackage({ npm: missing, tmpRoot: join(root, "tmp") })).rejects.toThrow(/which is not in/);
			expect(leftInTmp()).toEqual([]);
		},
		PACK_MS,
	);
});

describe("installPi", () => {
	it("removes the install folder, npm's cache in it included, when the install fails", async () => {
		const npm = fakeNpm(`mkdir -p node_modules/partial .npm-cache/_cacache; echo "npm error 404 $6" >&2; exit 1`);
		await expect(installPi("0.84.3", { npm, tmpRoot: join(root, "tmp") })).rejects.toThrow(
			/npm install @earendil-works\/pi-coding-agent@0.84.3 failed \(1\):\nnpm error 404/,
		);
		expect(leftInTmp()).toEqual([]);
	});

	it("keeps it when the install succeeds", async () => {
		const install = await installPi("0.84.3", { npm: fakeNpm("exit 0"), tmpRoot: join(root, "tmp") });
		expect(leftInTmp()).toEqual([install.home.slice(join(root, "tmp").length + 1)]);
	});
});
