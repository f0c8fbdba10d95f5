// Loaded by extension.cts (through jiti's require, which hands a .cjs file to Node untouched). Plain
// CommonJS so that Pi's jiti transpiles nothing but the one-line extension.cts: babel's cost grows with
// every construct it meets, and on a cold transpile cache that is paid at Pi's start-up.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

// Pi re-evaluates extension.cts on /reload, and that must load what is on disk now.
delete require.cache[__filename];

/**
 * Returns the extension factory. `importHost` is jiti's importer of the entry, so host packages resolve
 * to the copies Pi runs; outside jiti it is undefined and Node's require stands in (a dev checkout).
 */
module.exports = function entry(importHost) {
	const core = join(__dirname, "dist", "core.cjs");
	if (existsSync(core)) return require(core).default(importHost ?? require);
	// A git checkout installed without dev tools has no dist/: jiti loads the TypeScript sources instead.
	if (importHost === undefined) throw new Error("pi-ask-user-question: dist/ is not built; run npm run build");
	return (pi) => importHost("./src/index.ts").then((m) => m.default(pi, importHost));
};
