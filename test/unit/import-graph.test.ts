/**
 * The shape of src/ as an import graph: no import circle anywhere, type imports included (a circle means
 * two modules that cannot be read, tested or moved apart), and the layers in one order, each importing only
 * from itself and the layers below it. Dynamic `import()` counts too. Pi's agent package is imported only
 * by the Pi adapter (src/pi) and the entry points Pi loads: the layers below reach Pi through their own
 * structural port (src/tui/host-ui.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../../src");

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return path.endsWith(".ts") ? [path] : [];
	});
}

const IMPORT = /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)/g;

/** Each file's relative imports, as paths relative to src/. */
function importGraph(files: readonly string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const source = readFileSync(file, "utf8");
		const targets = [...source.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1] ?? m[2] ?? ""));
		graph.set(
			relative(SRC, file),
			targets.filter((t) => t.endsWith(".ts")).map((t) => relative(SRC, t)),
		);
	}
	return graph;
}

/** Pi's agent package: its `ctx.ui`, theme and API types and its theme builders. */
const PI_AGENT = "@earendil-works/pi-coding-agent";

/** Where Pi's agent package may be imported: the adapter folder and the two entry points. */
const PI_AGENT_IMPORTERS = ["pi/", "index.ts", "bundle-entry.ts"];

const PACKAGE_IMPORT =
	/(?:\bimport|\bexport)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?"([^".][^"]*)"|\b(?:import|require)\(\s*"([^".][^"]*)"\s*\)/g;

/** The files (paths relative to src/) whose source imports `pkg` or a subpath of it, type imports included. */
function importersOf(sources: ReadonlyMap<string, string>, pkg: string): string[] {
	return [...sources]
		.filter(([, source]) =>
			[...source.matchAll(PACKAGE_IMPORT)].some((m) => {
				const specifier = m[1] ?? m[2] ?? "";
				return specifier === pkg || specifier.startsWith(`${pkg}/`);
			}),
		)
		.map(([file]) => file);
}

/** The importers of Pi's agent package that are neither the adapter nor an entry point. */
function piAgentOutsideAdapter(sources: ReadonlyMap<string, string>): string[] {
	return importersOf(sources, PI_AGENT).filter(
		(file) =>
			!PI_AGENT_IMPORTERS.some((allowed) => (allowed.endsWith("/") ? file.startsWith(allowed) : file === allowed)),
	);
}

/** The strongly connected components with more than one module (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (v: string) => {
		index.set(v, next);
		low.set(v, next);
		next++;
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!graph.has(w)) continue;
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
		}
		if (low.get(v) !== index.get(v)) return;
		const component: string[] = [];
		for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
			onStack.delete(w);
			component.push(w);
			if (w === v) break;
		}
		if (component.length > 1) found.push(component.sort());
	};
	for (const v of graph.keys()) if (!index.has(v)) visit(v);
	return found;
}

/**
 * The layers of src/, lowest first. The questionnaire core (protocol: questions, the answer model, the
 * rules, validation, the model's text; state: the pure state machine) sits on plain helpers; the lifecycle,
 * the notifications and the config on the core; the hosts (the dialog walker, the TUI) above those; then
 * the tool's protocol (the schema, the answer channel), the lifecycle (ask), the relay, the Pi adapter and the
 * entry points. A folder's files may import each other.
 */
const LAYERS = [
	["util"],
	["text"],
	["protocol"],
	["state"],
	["i18n"],
	["notify"],
	["config"],
	["pending"],
	["dialogs"],
	["tui"],
	["host"],
	["tool"],
	// The lifecycle: one questionnaire's life, whoever asks it (a tool call, /answer, a Pi below).
	["ask"],
	// `pi-ask serve` is one of pi-ask's commands (relay/cli.ts runs it) and a relay client itself.
	["relay", "serve"],
	["pi"],
	// published.ts: the package's types for other extensions (package.json `exports`).
	["index.ts", "bundle-entry.ts", "published.ts"],
] as const;

/** The layer of `file` (a path relative to src/), or -1 for one no layer names. */
function layerOf(file: string): number {
	const top = file.split("/")[0] ?? "";
	return LAYERS.findIndex((layer) => (layer as readonly string[]).includes(top));
}

describe("src/ import graph", () => {
	const files = sourceFiles(SRC);
	const graph = importGraph(files);
	const sources = new Map(files.map((file) => [relative(SRC, file), readFileSync(file, "utf8")]));

	it("reads every module and its imports", () => {
		expect(graph.size).toBeGreaterThan(100);
		expect(graph.get("index.ts")).toContain("pi/tool-definition.ts");
	});

	it("has no import circle, type imports included", () => {
		expect(circles(graph)).toEqual([]);
	});

	it("imports only downwards, in the layer order written here", () => {
		const upwards = [...graph].flatMap(([file, targets]) =>
			targets
				.filter((target) => graph.has(target) && layerOf(target) > layerOf(file))
				.map((target) => `${file} → ${target}`),
		);
		expect(upwards).toEqual([]);
		expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([]);
	});

	it("only the lifecycle (ask/ask.ts) runs the host path and the race with the bus", () => {
		const runners = (target: string) => [...graph].filter(([, targets]) => targets.includes(target)).map(([f]) => f);
		expect(runners("ask/open-on-host.ts")).toEqual(["ask/ask.ts"]);
		expect(runners("ask/bus-race.ts")).toEqual(["ask/ask.ts"]);
	});

	it("the circle finder finds a circle (self-test)", () => {
		const looped = new Map([
			["a.ts", ["b.ts"]],
			["b.ts", ["c.ts"]],
			["c.ts", ["a.ts"]],
			["d.ts", ["a.ts"]],
		]);
		expect(circles(looped)).toEqual([["a.ts", "b.ts", "c.ts"]]);
	});

	it("imports Pi's agent package only in the Pi adapter and the entry points, type imports included", () => {
		expect(piAgentOutsideAdapter(sources)).toEqual([]);
		// The scan sees the imports that are allowed (so an empty list above is not a blind scan).
		expect(importersOf(sources, PI_AGENT)).toEqual(expect.arrayContaining(["index.ts", "pi/host-ui.ts"]));
	});

	it("the Pi import check finds a planted import (self-test)", () => {
		const planted = new Map([
			// The adapter and the entry points may import it; a look-alike package name is not it.
			["pi/host-ui.ts", `import { getMarkdownTheme } from "${PI_AGENT}";`],
			["index.ts", `import { type ExtensionAPI, VERSION } from "${PI_AGENT}";`],
			["relay/w.ts", `import { x } from "${PI_AGENT}-extra";\nconst name = "${PI_AGENT}";`],
			// Every form of import elsewhere is found: type-only, re-export, multi-line, dynamic, a subpath.
			["tui/view/theme.ts", `import type { Theme } from "${PI_AGENT}";\n${sources.get("tui/view/theme.ts")}`],
			["host/x.ts", `export type { ExtensionUIContext } from "${PI_AGENT}";`],
			["relay/z.ts", `import {\n\ttype ExtensionUIContext,\n\tgetMarkdownTheme,\n} from "${PI_AGENT}";`],
			["tool/y.ts", `const pi = await import("${PI_AGENT}/dist/index.js");`],
		]);
		expect(piAgentOutsideAdapter(planted).sort()).toEqual([
			"host/x.ts",
			"relay/z.ts",
			"tool/y.ts",
			"tui/view/theme.ts",
		]);
	});
});
