// The package entry (package.json pi.extensions) and the only file Pi's jiti transpiles, so it stays one
// plain statement. The built bundle, loaded natively, imports the host packages through jiti's own importer
// (`jitiImport`, in scope in every module jiti evaluates), so they resolve to Pi's copies. See scripts/build.ts.
// Without dist/ (a git checkout installed without dev tools), the sources load through jiti instead.
module.exports = require("node:fs").existsSync(`${__dirname}/dist/core.cjs`)
	? require("node:module").createRequire(__filename)("./dist/core.cjs").default(typeof jitiImport === "function" ? jitiImport : require)
	: (pi) => jitiImport("./src/index.ts").then((m) => m.default(pi));
