/**
 * The import boundary of the pure core: src/state may import only itself and src/protocol, never Pi,
 * pi-tui, Node built-ins or the terminal; src/pending also util/records.ts, which it reads records with. Also keeps every file within the ~300-line budget.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = join(import.meta.dirname, "../../src/state");
const files = readdirSync(DIR).filter((f) => f.endsWith(".ts"));

describe("src/state", () => {
	it.each(files)("%s imports only ./ and ../protocol/", (file) => {
		const source = readFileSync(join(DIR, file), "utf8");
		const specifiers = [...source.matchAll(/\bfrom\s+"([^"]+)"/g)].map((m) => m[1]);
		for (const spec of specifiers) expect(spec, file).toMatch(/^\.\/[\w-]+\.ts$|^\.\.\/protocol\/[\w-]+\.ts$/);
		expect(source).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
		expect(source.split("\n").length, file).toBeLessThanOrEqual(300);
	});
});

const PENDING = join(import.meta.dirname, "../../src/pending");

describe("src/pending", () => {
	it.each(readdirSync(PENDING).filter((f) => f.endsWith(".ts")))("%s imports only pure modules", (file) => {
		const source = readFileSync(join(PENDING, file), "utf8");
		const specifiers = [...source.matchAll(/\bfrom\s+"([^"]+)"/g)].map((m) => m[1]);
		for (const spec of specifiers)
			expect(spec, file).toMatch(/^\.\/[\w-]+\.ts$|^\.\.\/protocol\/[\w-]+\.ts$|^\.\.\/util\/records\.ts$/);
		expect(source).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
		expect(source.split("\n").length, file).toBeLessThanOrEqual(300);
	});
});
