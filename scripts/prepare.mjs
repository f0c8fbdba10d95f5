/**
 * npm's `prepare` (npm ci, npm install in a checkout, git installs): builds dist/ when the build can run.
 * `pi install git:…` installs a checkout with `npm install --omit=dev`, so esbuild is missing (and the
 * system Node may be older than 22): then it builds nothing and exits 0, and extension.cts loads the
 * sources through Pi's jiti instead. Plain JavaScript, so any Node runs it.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const major = Number(process.versions.node.split(".")[0]);
let hasEsbuild = true;
try {
	createRequire(import.meta.url).resolve("esbuild");
} catch {
	hasEsbuild = false;
}
if (!hasEsbuild || major < 22) {
	console.log("pi-ask-user-question: dist/ not built (needs esbuild and Node 22); the sources load instead.");
} else {
	const build = spawnSync(process.execPath, ["scripts/build.ts"], { stdio: "inherit" });
	process.exitCode = build.status ?? 1;
}
