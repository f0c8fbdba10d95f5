/**
 * Loads the built bundles (dist/*.cjs) with a V8 code cache that holds every function a questionnaire
 * ran, not only the top level. Node's own compile cache (which Pi enables) stores a script's code as
 * compiled before it runs, so each process compiles again every function it calls; for the first frame
 * that is most of the work. Here the cache is written a moment after a questionnaire opens
 * (`markQuestionnaireShown`, reached through code-cache-signal.ts), or at exit if that comes first, from
 * `vm.Script#createCachedData`, which includes every function run by then: the first frame's among them.
 *
 * Trust: the files sit beside Node's own compile cache, with the same owner-only permissions; whoever can
 * write there can already change what Node runs from its cache.
 *
 * The files live in Node's compile-cache directory (`module.getCompileCacheDir()`), under
 * `pi-ask-user-question/`, named by bundle and a hash of its source, Node's version and the CPU; V8 also
 * checks the source and its own flags and refuses a stale file, which is then replaced. Without Node's
 * compile cache (disabled, or no such API) bundles load with a plain `require`. Nothing here throws for a
 * cache problem: an unreadable, corrupt or unwritable file only means compiling as usual.
 * Imports only Node built-ins.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { Script } from "node:vm";

export { SHOWN_KEY } from "./code-cache-signal.ts";

/** Our folder inside Node's compile-cache directory (which Node divides per version). */
export const CACHE_FOLDER = "pi-ask-user-question";

/** How long after a questionnaire opens the cache is written: its first frame and keys have run by then. */
const WRITE_DELAY_MS = 1_000;

/** A CommonJS `require` as a bundle sees it. */
type Require = NodeJS.Require;

interface Loaded {
	script: Script;
	file: string;
	/** True when the file is missing or was refused: it is written once a questionnaire has been shown. */
	stale: boolean;
}

/** Loads bundles through a code cache in `cacheDir`; see the module comment. */
export class BundleLoader {
	private readonly folder: string | undefined;
	private readonly loaded: Loaded[] = [];
	private shown = false;

	/** `cacheDir`: Node's compile-cache directory, or undefined to load with plain `require`. */
	constructor(cacheDir: string | undefined) {
		this.folder = cacheDir === undefined ? undefined : join(cacheDir, CACHE_FOLDER);
	}

	/**
	 * Loads the CommonJS file at `path` and returns its `module.exports`; its `require` of a sibling `.cjs`
	 * file comes back here, so both bundles are cached.
	 */
	load(path: string): unknown {
		const filename = resolve(path);
		if (this.folder === undefined) return createRequire(filename)(filename);
		const source = readFileSync(filename, "utf8");
		const file = join(this.folder, `${basename(filename, ".cjs")}-${fingerprint(source)}.bin`);
		const cachedData = readOptional(file);
		const script = new Script(Module.wrap(source), { filename, cachedData });
		this.loaded.push({ script, file, stale: cachedData === undefined || script.cachedDataRejected === true });
		const module = { exports: {} as unknown, filename, loaded: false };
		const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
		wrapper.call(module.exports, module.exports, this.requireFor(filename), module, filename, dirname(filename));
		module.loaded = true;
		return module.exports;
	}

	/**
	 * Called when a questionnaire opens: the cache of each bundle loaded without a usable one (the TUI
	 * bundle may still be loading) is written a moment later, or at exit if the process ends first.
	 */
	markQuestionnaireShown(): void {
		if (this.shown || this.folder === undefined) return;
		this.shown = true;
		const write = () => this.write();
		setTimeout(write, WRITE_DELAY_MS).unref();
		process.once("exit", write);
	}

	/**
	 * Writes the stale caches now, once a questionnaire was shown (before that they would lack the code
	 * that matters). Atomic; older versions of the same bundle are removed.
	 */
	write(): void {
		const folder = this.folder;
		if (folder === undefined || !this.shown) return;
		for (const entry of this.loaded) {
			if (!entry.stale) continue;
			entry.stale = false;
			try {
				// Private like Node's own cache files: compiled code is only as trustworthy as who can write it.
				mkdirSync(folder, { recursive: true, mode: 0o700 });
				const temp = `${entry.file}.${process.pid}.tmp`;
				writeFileSync(temp, entry.script.createCachedData(), { mode: 0o600 });
				renameSync(temp, entry.file);
				removeOlder(folder, entry.file);
			} catch {
				// A cache that cannot be written only means compiling as usual next time.
			}
		}
	}

	/** A `require` for the bundle at `filename`: sibling `.cjs` bundles load through this loader too. */
	private requireFor(filename: string): Require {
		const real = createRequire(filename);
		const ours = dirname(filename);
		const require = ((id: string) => {
			const target = id.startsWith("./") && id.endsWith(".cjs") ? resolve(ours, id) : undefined;
			return target !== undefined && dirname(target) === ours ? this.load(target) : real(id);
		}) as Require;
		return Object.assign(require, {
			resolve: real.resolve,
			cache: real.cache,
			main: real.main,
			extensions: real.extensions,
		});
	}
}

/** A short hash of everything the compiled code depends on besides V8's own checks. */
function fingerprint(source: string): string {
	return createHash("sha256").update(`${process.version}\0${process.arch}\0${source}`).digest("hex").slice(0, 24);
}

function readOptional(file: string): Buffer | undefined {
	try {
		return readFileSync(file);
	} catch {
		return undefined;
	}
}

/** Removes the caches of other versions of the same bundle as `file` (same name before the hash). */
function removeOlder(folder: string, file: string): void {
	const name = basename(file);
	const prefix = name.slice(0, name.lastIndexOf("-") + 1);
	for (const other of readdirSync(folder)) {
		if (other !== name && other.startsWith(prefix) && other.endsWith(".bin"))
			rmSync(join(folder, other), { force: true });
	}
}
