// The package entry (package.json pi.extensions) and the only file Pi's jiti transpiles, so it stays one
// plain statement: entry.cjs does the rest natively. It passes on jiti's own importer (`jitiImport`, in
// scope in every module jiti evaluates), so host packages resolve to Pi's copies. See scripts/build.ts.
module.exports = require("./entry.cjs")(typeof jitiImport === "function" ? jitiImport : undefined);
