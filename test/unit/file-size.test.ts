/**
 * No source file over 300 lines (issue 20): a file that long holds more than one thing a reader would name,
 * and should be split along that seam. The locale tables are the one exemption; a failure names each file
 * and its line count.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../src");

const MAX_LINES = 300;

/**
 * The locale message tables (src/i18n/<locale>.ts): one flat table of every string the person reads, each
 * with its comment, that grows with every feature's words. Split, a translator would have to hunt across
 * files for the keys, and the tables would no longer read side by side.
 */
const LOCALE_TABLES: ReadonlySet<string> = new Set(["i18n/en.ts", "i18n/ja.ts", "i18n/zh-CN.ts"]);

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
	if (text === "") return 0;
	const breaks = text.split("\n").length - 1;
	return text.endsWith("\n") ? breaks : breaks + 1;
}

/** Every .ts file under `dir` with its line count, by path relative to `dir`. */
function listing(dir: string, root = dir): Map<string, number> {
	const found = new Map<string, number>();
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) {
			for (const [file, lines] of listing(path, root)) found.set(file, lines);
		} else if (name.endsWith(".ts")) {
			found.set(relative(root, path), lineCount(readFileSync(path, "utf8")));
		}
	}
	return found;
}

/** The files in `files` over the limit and not in `exempt`, as "path: N lines". */
function overTheLimit(files: ReadonlyMap<string, number>, exempt: ReadonlySet<string>): string[] {
	return [...files]
		.filter(([file, lines]) => lines > MAX_LINES && !exempt.has(file))
		.map(([file, lines]) => `${file}: ${lines} lines`)
		.sort();
}

describe("source file size", () => {
	const files = listing(SRC);

	it("reads every source file", () => {
		expect(files.size).toBeGreaterThan(100);
		expect(files.get("index.ts")).toBeGreaterThan(0);
	});

	it(`has no file over ${MAX_LINES} lines, the locale tables aside`, () => {
		expect(overTheLimit(files, LOCALE_TABLES)).toEqual([]);
	});

	it("exempts only locale tables that exist", () => {
		for (const table of LOCALE_TABLES) expect(files.has(table), table).toBe(true);
	});
});

describe("source file size: the checker (self-test)", () => {
	const fake = new Map([
		["a.ts", MAX_LINES],
		["b/long.ts", MAX_LINES + 1],
		["i18n/en.ts", 900],
		["split.ts", 400],
		["done.ts", 120],
	]);

	it("names each file over the limit with its line count, and skips the exempt ones", () => {
		expect(overTheLimit(fake, new Set())).toEqual([
			"b/long.ts: 301 lines",
			"i18n/en.ts: 900 lines",
			"split.ts: 400 lines",
		]);
		expect(overTheLimit(fake, new Set(["i18n/en.ts", "split.ts"]))).toEqual(["b/long.ts: 301 lines"]);
	});

	it("finds a long file planted in a copy of the tree, counting lines as wc -l does", () => {
		const dir = mkdtempSync(join(tmpdir(), "file-size-"));
		try {
			mkdirSync(join(dir, "deep"));
			writeFileSync(join(dir, "short.ts"), "const a = 1;\n".repeat(MAX_LINES));
			writeFileSync(join(dir, "deep", "planted.ts"), `${"//\n".repeat(MAX_LINES)}// no newline at the end`);
			writeFileSync(join(dir, "notes.md"), "x\n".repeat(1000));
			const planted = listing(dir);
			expect(planted).toEqual(
				new Map([
					["short.ts", MAX_LINES],
					["deep/planted.ts", MAX_LINES + 1],
				]),
			);
			expect(overTheLimit(planted, LOCALE_TABLES)).toEqual(["deep/planted.ts: 301 lines"]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
