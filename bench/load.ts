/**
 * Load cost: what loading the extension adds to Pi's start-up, measured in fresh Node 22 processes
 * through the real Pi bundle's loader (load-child.ts). "Cold" gives every process an empty jiti
 * transpile cache (jiti keeps it under os.tmpdir(), so each run gets a fresh TMPDIR); "warm" reuses
 * one primed cache. Node's own compile cache (which `pi` enables) is shared and primed first, as on
 * any machine that has run Pi before; only our transpile cache is cold.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeDir } from "../test/support/fake-model.ts";
import { piEnv, REPO_ROOT } from "../test/support/pi.ts";
import type { Figure } from "./stats.ts";

const CHILD = fileURLToPath(new URL("./load-child.ts", import.meta.url));

/** The Pi bundle entry whose loader the `pi` binary uses (dist/bundle, `isBundledNode`). */
export function piBundleIndex(): string {
	const cli = fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"));
	// The package's main is dist/index.js; the binary runs the bundle next to it.
	return join(dirname(cli), "bundle", "index.js");
}

interface ChildOutput {
	ms: number;
}

const EMPTY = fileURLToPath(new URL("./fixtures/empty-extension.ts", import.meta.url));
/** Another empty extension, so its transpile is not served by the first one's cache entry. */
const EMPTY_B = fileURLToPath(new URL("./fixtures/empty-extension-b.ts", import.meta.url));

interface Dirs {
	cwd: string;
	agentDir: string;
	/** TMPDIR of the child: jiti's transpile cache lives in it. */
	tmp: string;
	compileCache: string;
}

function runChild(dirs: Dirs, order: "first" | "second", extension = REPO_ROOT): Promise<ChildOutput> {
	const env = { ...piEnv(dirs.agentDir), TMPDIR: dirs.tmp, NODE_COMPILE_CACHE: dirs.compileCache };
	const args = [CHILD, piBundleIndex(), dirs.cwd, dirs.agentDir, order, extension];
	return new Promise((resolve, reject) => {
		execFile(process.execPath, args, { env, cwd: dirs.cwd, timeout: 60_000 }, (error, stdout, stderr) => {
			if (error) reject(new Error(`load child failed: ${error.message}\n${stderr}`));
			else resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildOutput);
		});
	});
}

/** A config file touching every section, as a user with settings has. */
const SAMPLE_CONFIG = {
	guidance: { promptSnippet: "Ask the user when a decision is theirs" },
	limits: { note: 1000 },
	keys: { notes: "ctrl+n", digits: false },
	locale: "en",
	bell: false,
};

/** Measures `runs` cold and `runs` warm loads (plus a few loads as the first extension). */
export async function loadFigures(runs = 10): Promise<Figure[]> {
	const root = mkdtempSync(join(tmpdir(), "pi-ask-bench-load-"));
	const dir = (name: string) => {
		const path = join(root, name);
		mkdirSync(path, { recursive: true });
		return path;
	};
	const base = { cwd: dir("cwd"), agentDir: dir("agent"), compileCache: dir("node-compile-cache") };
	try {
		// Primes Node's compile cache for Pi itself; its numbers are discarded.
		await runChild({ ...base, tmp: dir("prime") }, "second");
		const cold: number[] = [];
		for (let i = 0; i < runs; i++) cold.push((await runChild({ ...base, tmp: dir(`cold-${i}`) }, "second")).ms);
		const warmTmp = dir("warm");
		await runChild({ ...base, tmp: warmTmp }, "second");
		const warm: number[] = [];
		for (let i = 0; i < runs; i++) warm.push((await runChild({ ...base, tmp: warmTmp }, "second")).ms);
		const extra = Math.ceil(runs / 2);
		// A user with a config file: the config schema is built and each setting checked.
		const configured = { ...base, agentDir: dir("agent-configured"), tmp: warmTmp };
		writeFileSync(join(configured.agentDir, "ask-user-question.json"), JSON.stringify(SAMPLE_CONFIG));
		const withConfig: number[] = [];
		for (let i = 0; i < extra; i++) withConfig.push((await runChild(configured, "second")).ms);
		const floor: number[] = [];
		for (let i = 0; i < extra; i++) floor.push((await runChild({ ...base, tmp: warmTmp }, "second", EMPTY)).ms);
		const floorCold: number[] = [];
		for (let i = 0; i < extra; i++) {
			floorCold.push((await runChild({ ...base, tmp: dir(`floor-cold-${i}`) }, "second", EMPTY_B)).ms);
		}
		const first: number[] = [];
		for (let i = 0; i < extra; i++) first.push((await runChild({ ...base, tmp: warmTmp }, "first")).ms);
		return [
			{
				name: "extension load, warm cache",
				unit: "ms",
				samples: warm,
				target: { stat: "median", max: 15 },
				note: "every Pi start after the first (jiti keeps its transpile cache); fresh process each run, Pi bundle's discoverAndLoadExtensions after another extension",
			},
			{
				name: "  (info) same, with a config file",
				unit: "ms",
				samples: withConfig,
				note: "warm, with an ask-user-question.json setting guidance, limits, keys and locale (the schema is built only then)",
			},
			{
				name: "  (info) extension load, cold cache",
				unit: "ms",
				samples: cold,
				note: "the first start after an install or update (empty jiti cache): Pi's babel pass over the entry; compare the empty extension, cold",
			},
			{
				name: "  (info) empty .ts extension, cold",
				unit: "ms",
				samples: floorCold,
				note: "the loader's floor on an empty jiti cache (its transpile of a one-line file); ours cold minus this is our own share",
			},
			{
				name: "  (info) empty .ts extension, warm",
				unit: "ms",
				samples: floor,
				note: "the loader's floor for any extension (same position); ours minus this is our own share",
			},
			{
				name: "  (info) ours as first extension, warm",
				unit: "ms",
				samples: first,
				note: "includes jiti's one-time start-up, which Pi pays for whichever extension loads first",
			},
		];
	} finally {
		removeDir(root);
	}
}
