// The package entry (package.json pi.extensions) and the only file Pi's jiti transpiles, so it stays one
// plain line. The built bundle, loaded natively, imports the host packages through jiti's own importer
// (`jitiImport`, in scope in every module jiti evaluates), so they resolve to Pi's copies. See scripts/build.ts.
module.exports = require("node:module").createRequire(__filename)("./dist/core.cjs").default(typeof jitiImport === "function" ? jitiImport : require);
