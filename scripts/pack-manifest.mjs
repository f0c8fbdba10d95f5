/**
 * `prepack` / `postpack`: the packed package.json carries no `prepare` script. It builds dist/ in a checkout,
 * but a tarball has dist/ and not the script it runs, and npm 11 and 12 count a `prepare` of a package
 * installed from a file or git source as an install script: `pi install npm:pi-ask-user-question@file:…`
 * would print npm's "install scripts not covered by allowScripts" warning about us. `hide` renames the key
 * to `_prepare` (no lifecycle runs that), `restore` renames it back; the same textual edit both ways, so
 * the file is left byte for byte as it was. Plain JavaScript, so any Node runs it.
 */
import { readFileSync, writeFileSync } from "node:fs";

const FILE = "package.json";
const [from, to] = process.argv[2] === "restore" ? ["_prepare", "prepare"] : ["prepare", "_prepare"];
const text = readFileSync(FILE, "utf8");
const key = new RegExp(`^(\\s*)"${from}":`, "m");
const scripts = JSON.parse(text).scripts ?? {};
if (scripts[to] !== undefined) {
	// Already in the wanted state (a pack that stopped before postpack ran `restore`, then `hide` again).
} else if (scripts[from] === undefined || !key.test(text)) {
	throw new Error(`${FILE} has no "${from}" script to rename`);
} else {
	writeFileSync(FILE, text.replace(key, `$1"${to}":`));
}
