/**
 * `prepack` / `postpack`: the packed package.json carries no `scripts`. Every one of them names a file
 * the tarball does not ship (scripts/, bench/, test/) or a tool only a checkout installs (vitest, tsc,
 * biome), so in an installed package each would only fail. One more reason for `prepare`: it builds
 * dist/ in a checkout, but npm 11 and 12 count a `prepare` of a package installed from a file or git
 * source as an install script, and `pi install npm:pi-ask-user-question@file:…` would print npm's
 * "install scripts not covered by allowScripts" warning about us.
 *
 * `hide` keeps package.json as it is in KEPT (beside it, not packed: `files` does not list it) and writes
 * it without `scripts`; `restore` moves the kept file back, so package.json is byte for byte what it was.
 * Each step run twice does nothing more (a pack that stopped before postpack, then packed again).
 * Plain JavaScript, so any Node runs it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const FILE = "package.json";
const KEPT = ".package.json.unpacked";

if (process.argv[2] === "restore") {
	if (existsSync(KEPT)) renameSync(KEPT, FILE);
	else if (JSON.parse(readFileSync(FILE, "utf8")).scripts === undefined)
		throw new Error(`${FILE} has no scripts and ${KEPT} is gone: restore it from git`);
} else if (!existsSync(KEPT)) {
	const text = readFileSync(FILE, "utf8");
	const { scripts: _packedWithout, ...manifest } = JSON.parse(text);
	writeFileSync(KEPT, text);
	writeFileSync(FILE, `${JSON.stringify(manifest, null, "\t")}\n`);
}
