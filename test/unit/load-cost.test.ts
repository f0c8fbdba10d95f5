/**
 * Guards for the load-cost decisions (see src/util/once.ts): V8 checks a regex literal while compiling
 * the function that holds it, and a Unicode-property class (`\p{L}`, `\p{scx=Arab}`) makes that cost up
 * to milliseconds, paid on Pi's start-up or on the first call's path. Such patterns are built from
 * text with `lazyRegExp`; these tests fail when a literal creeps back, in the sources or in the built
 * bundles (a bundler or a lint fix can fold `new RegExp("…")` into a literal).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { lazyRegExp, once } from "../../src/util/once.ts";

const ROOT = join(import.meta.dirname, "../..");

/** A `/…/flags` literal (its body in group 1); strings spell a backslash `"\\"`, so they never match `\p{`. */
const REGEX_LITERAL = /(?:^|[=(,:!&|?;{}[\s>])\/(?![/*])((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/[dgimsuyv]*/g;

/** The regex literals on a line whose body holds a Unicode-property class (`\p{…}` or `\P{…}`). */
function propertyLiterals(line: string): string[] {
	return [...line.matchAll(REGEX_LITERAL)].filter((m) => /\\[pP]\{/.test(m[1] ?? "")).map((m) => m[0]);
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") ? [path] : [];
	});
}

/** Code lines only: comments may quote patterns. */
function codeLines(source: string): string[] {
	return source.split("\n").filter((line) => !/^\s*(?:\/\/|\/?\*)/.test(line));
}

describe("Unicode-property patterns", () => {
	it("the detector finds literals and ignores strings", () => {
		expect(propertyLiterals(String.raw`const A = /[\p{L}\p{N}]/u;`)).toHaveLength(1);
		expect(propertyLiterals(String.raw`return x.replace(/\p{Cf}/gu, "")`)).toHaveLength(1);
		expect(propertyLiterals(String.raw`a=/[\/]x\P{L}/u,b=/c/`)).toHaveLength(1);
		expect(propertyLiterals(String.raw`const A = lazyRegExp(String.raw\`[\p{L}]\`, "u");`)).toEqual([]);
		expect(propertyLiterals(String.raw`const A = new RegExp("\\p{L}", "u");`)).toEqual([]);
		expect(propertyLiterals(String.raw`const B = /^[\x20-\x7e]*$/;`)).toEqual([]);
	});

	it.each(sourceFiles(join(ROOT, "src")).map((file) => relative(ROOT, file)))(
		"%s has no \\p{} regex literal",
		(file) => {
			const offending = codeLines(readFileSync(join(ROOT, file), "utf8")).flatMap(propertyLiterals);
			expect(offending).toEqual([]);
		},
	);

	it.each(["dist/core.cjs", "dist/tui.cjs"])("the built %s has none either", (bundle) => {
		const path = join(ROOT, bundle);
		// npm test builds first (pretest); a bare vitest run on a fresh clone has nothing to check.
		if (!existsSync(path)) return;
		const offending = readFileSync(path, "utf8").split("\n").flatMap(propertyLiterals);
		expect(offending).toEqual([]);
	});
});

describe("once and lazyRegExp", () => {
	it("builds once, on the first call, and keeps the value (undefined included)", () => {
		let calls = 0;
		const value = once(() => {
			calls++;
			return undefined;
		});
		expect(calls).toBe(0);
		expect(value()).toBeUndefined();
		expect(value()).toBeUndefined();
		expect(calls).toBe(1);
	});

	it("gives the same pattern object each time, with the given flags", () => {
		const letters = lazyRegExp(String.raw`^\p{L}+$`, "u");
		expect(letters()).toBe(letters());
		expect(letters().flags).toBe("u");
		expect(letters().test("Ünïcödé")).toBe(true);
		expect(letters().test("a1")).toBe(false);
	});
});
