/**
 * One fresh-process load measurement (spawned by load.ts; prints one JSON line). Loads extensions
 * through the real Pi bundle's `discoverAndLoadExtensions` — the loader the `pi` binary runs: the
 * same jiti build, options and virtual modules — with the compile cache enabled as `pi` enables it.
 * argv: <pi bundle index.js> <cwd> <agentDir> <"first"|"second"> <extension path>
 * "second": the empty extension loads first (jiti start-up paid), then ours is timed alone;
 * "first": ours is the first extension, so its time includes jiti's start-up.
 */
import { enableCompileCache } from "node:module";
import { fileURLToPath } from "node:url";

enableCompileCache();

interface LoadResult {
	extensions: unknown[];
	errors: { path: string; error: string }[];
}
type Discover = (paths: string[], cwd: string, agentDir: string) => Promise<LoadResult>;

const [bundleIndex, cwd, agentDir, order, extension] = process.argv.slice(2);
if (!bundleIndex || !cwd || !agentDir || !extension || (order !== "first" && order !== "second")) {
	throw new Error("usage: load-child.ts <bundle index.js> <cwd> <agentDir> <first|second> <extension>");
}
const pi = (await import(bundleIndex)) as { discoverAndLoadExtensions: Discover };
const empty = fileURLToPath(new URL("./fixtures/empty-extension.ts", import.meta.url));

async function timed(path: string): Promise<number> {
	const start = performance.now(); const h0 = process.hrtime.bigint();
	const result = await pi.discoverAndLoadExtensions([path], cwd as string, agentDir as string);
	const ms = performance.now() - start; if (path === extension) process.stderr.write(`WINDOW ${h0 / 1000n} ${process.hrtime.bigint() / 1000n}\n`);
	if (result.errors.length > 0 || result.extensions.length !== 1) {
		throw new Error(`loading ${path} failed: ${JSON.stringify(result.errors)}`);
	}
	return ms;
}

const out: { warmup?: number; ms: number } = { ms: 0 };
if (order === "second") out.warmup = await timed(empty);
out.ms = await timed(extension);
process.stdout.write(`${JSON.stringify(out)}\n`);
