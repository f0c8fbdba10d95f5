/**
 * The bundle loader's code cache (src/host/code-cache.ts) on real temp dirs: bundles load and behave as
 * with `require` (exports, `this`, sibling `.cjs` requires); the cache is written only once a
 * questionnaire was shown, is reused without rewriting, survives a corrupt or stale file, replaces older
 * versions, and without a cache dir nothing is written at all.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BundleLoader, CACHE_FOLDER } from "../../src/host/code-cache.ts";
import { SHOWN_KEY, signalShown } from "../../src/host/code-cache-signal.ts";

let root: string;
let dist: string;
let cacheDir: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "ask-code-cache-"));
	dist = join(root, "dist");
	cacheDir = join(root, "cache");
	mkdirSync(dist);
	mkdirSync(cacheDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const LOADER = join(import.meta.dirname, "../../src/host/code-cache.ts");

/**
 * Loads core (and its tui) in a fresh Node process and marks a questionnaire shown; the loader writes at
 * exit: what a later Pi process does. A fresh process matters: V8 keeps compiled scripts in memory, so
 * within one process a second load never even reads the cache file. Returns whether V8 refused the cache
 * files it was given.
 */
function loadInFreshProcess(tui: "before" | "after" | "never" = "before"): {
	rejected: boolean[];
	answer: number;
	heavy: number;
} {
	const script = `
		import { BundleLoader } from ${JSON.stringify(LOADER)};
		const loader = new BundleLoader(${JSON.stringify(cacheDir)});
		const core = loader.load(${JSON.stringify(join(dist, "core.cjs"))});
		let answer = ${JSON.stringify(tui)} === "before" ? core.tui().answer() : 0;
		const heavy = core.heavy(100);
		loader.markQuestionnaireShown();
		if (${JSON.stringify(tui)} === "after") answer = core.tui().answer();
		// loaded is private in TypeScript; the test reads what V8 said of each cache file.
		const rejected = loader.loaded.map((entry) => entry.script.cachedDataRejected === true);
		// No explicit write: the loader's own exit hook writes, as when Pi ends soon after a questionnaire.
		process.stdout.write(JSON.stringify({ rejected, answer, heavy }));
	`;
	const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
	return JSON.parse(out) as { rejected: boolean[]; answer: number; heavy: number };
}

/** Two bundles: core requires its sibling tui lazily, as the real ones do. */
function writeBundles(version = "1"): void {
	writeFileSync(
		join(dist, "core.cjs"),
		`"use strict";
exports.version = "${version}";
exports.self = this === module.exports;
exports.filename = __filename;
exports.tui = () => require("./tui.cjs");
exports.builtin = () => require("node:path").basename(__filename);
function heavy(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
exports.heavy = heavy;`,
	);
	writeFileSync(join(dist, "tui.cjs"), `"use strict"; module.exports = { answer: () => 42 + ${Number(version)} };`);
}

const cacheFiles = () => {
	const folder = join(cacheDir, CACHE_FOLDER);
	try {
		return readdirSync(folder).sort();
	} catch {
		return [];
	}
};

interface Core {
	version: string;
	self: boolean;
	filename: string;
	tui(): { answer(): number };
	builtin(): string;
	heavy(n: number): number;
}

describe("BundleLoader", () => {
	it("loads a bundle like require: exports, this, __filename, built-ins and sibling bundles", () => {
		writeBundles();
		const core = new BundleLoader(cacheDir).load(join(dist, "core.cjs")) as Core;
		expect(core.version).toBe("1");
		expect(core.self).toBe(true);
		expect(core.filename).toBe(join(dist, "core.cjs"));
		expect(core.builtin()).toBe("core.cjs");
		expect(core.tui().answer()).toBe(43);
		expect(core.heavy(10)).toBe(24);
	});

	it("writes nothing until a questionnaire was shown, then both bundles' caches", () => {
		writeBundles();
		const loader = new BundleLoader(cacheDir);
		const core = loader.load(join(dist, "core.cjs")) as Core;
		core.tui();
		loader.write();
		expect(cacheFiles()).toEqual([]);
		loader.markQuestionnaireShown();
		loader.write();
		const files = cacheFiles();
		expect(files).toHaveLength(2);
		expect(files[0]).toMatch(/^core-[0-9a-f]{24}\.bin$/);
		expect(files[1]).toMatch(/^tui-[0-9a-f]{24}\.bin$/);
		for (const file of files) {
			const stats = statSync(join(cacheDir, CACHE_FOLDER, file));
			expect(stats.size).toBeGreaterThan(0);
			expect(stats.mode & 0o077).toBe(0);
		}
	});

	it("a later process uses the cache (V8 accepts it) and does not write it again", () => {
		writeBundles();
		expect(loadInFreshProcess()).toEqual({ rejected: [false, false], answer: 43, heavy: 295 });
		const folder = join(cacheDir, CACHE_FOLDER);
		const written = cacheFiles().map((f) => ({
			f,
			bytes: readFileSync(join(folder, f)),
			mtime: statSync(join(folder, f)).mtimeMs,
		}));
		expect(written).toHaveLength(2);
		const later = loadInFreshProcess();
		expect(later).toEqual({ rejected: [false, false], answer: 43, heavy: 295 });
		const now = cacheFiles().map((f) => ({
			f,
			bytes: readFileSync(join(folder, f)),
			mtime: statSync(join(folder, f)).mtimeMs,
		}));
		expect(now).toEqual(written);
	});

	it("runs correctly on a corrupt cache file, and replaces it", () => {
		writeBundles();
		loadInFreshProcess();
		const folder = join(cacheDir, CACHE_FOLDER);
		const core = cacheFiles().find((f) => f.startsWith("core-")) ?? "";
		writeFileSync(join(folder, core), "not a code cache at all");
		const later = loadInFreshProcess();
		expect(later.rejected).toEqual([true, false]);
		expect(later.answer).toBe(43);
		expect(later.heavy).toBe(295);
		expect(readFileSync(join(folder, core), "utf8")).not.toBe("not a code cache at all");
		// Now accepted again.
		expect(loadInFreshProcess().rejected).toEqual([false, false]);
	});

	it("keeps one cache per bundle: a new version replaces the older one", () => {
		writeBundles("1");
		const first = new BundleLoader(cacheDir);
		(first.load(join(dist, "core.cjs")) as Core).tui();
		first.markQuestionnaireShown();
		first.write();
		const old = cacheFiles();
		writeBundles("2");
		const second = new BundleLoader(cacheDir);
		const core = second.load(join(dist, "core.cjs")) as Core;
		expect(core.version).toBe("2");
		expect(core.tui().answer()).toBe(44);
		second.markQuestionnaireShown();
		second.write();
		const now = cacheFiles();
		expect(now).toHaveLength(2);
		for (const file of old) expect(now).not.toContain(file);
	});

	it("a bundle loaded after the questionnaire opened is cached too, even when the others were already", () => {
		writeBundles();
		// A first session that never loaded the TUI (an RPC session): only core is cached.
		expect(loadInFreshProcess("never").rejected).toEqual([false]);
		expect(cacheFiles().map((f) => f.replace(/-[0-9a-f]{24}\.bin$/, ""))).toEqual(["core"]);
		// Then a TUI session: core's cache is accepted, the TUI loads as the questionnaire opens.
		expect(loadInFreshProcess("after")).toEqual({ rejected: [false, false], answer: 43, heavy: 295 });
		expect(cacheFiles().map((f) => f.replace(/-[0-9a-f]{24}\.bin$/, ""))).toEqual(["core", "tui"]);
	});

	it("without a cache dir loads with require and writes nothing", () => {
		writeBundles();
		const loader = new BundleLoader(undefined);
		const core = loader.load(join(dist, "core.cjs")) as Core;
		expect(core.tui().answer()).toBe(43);
		loader.markQuestionnaireShown();
		loader.write();
		expect(cacheFiles()).toEqual([]);
	});

	it("an unwritable cache dir costs nothing but the cache", () => {
		writeBundles();
		const blocked = join(root, "blocked");
		writeFileSync(blocked, "a file where the folder should be");
		const loader = new BundleLoader(blocked);
		const core = loader.load(join(dist, "core.cjs")) as Core;
		loader.markQuestionnaireShown();
		expect(() => loader.write()).not.toThrow();
		expect(core.heavy(3)).toBe(3);
	});
});

describe("signalShown", () => {
	afterEach(() => {
		delete (globalThis as Record<symbol, unknown>)[Symbol.for(SHOWN_KEY)];
	});

	it("calls the loader's hook when one is set, and never throws", () => {
		let calls = 0;
		(globalThis as Record<symbol, unknown>)[Symbol.for(SHOWN_KEY)] = () => {
			calls++;
			throw new Error("a broken hook");
		};
		expect(() => signalShown()).not.toThrow();
		expect(calls).toBe(1);
	});

	it("does nothing without a hook", () => {
		expect(() => signalShown()).not.toThrow();
	});
});
