/**
 * `npm run build`: bundles the extension into CommonJS that Node loads natively, so Pi's jiti
 * transpiles only the one-line entry (extension.cts) instead of every source file.
 *
 * - dist/core.cjs: everything src/index.ts needs at load and for a call (registration, schema,
 *   guidance, config, visibility, execute, RPC walker, validation, envelope, renderers).
 * - dist/pi-ask.cjs: the `pi-ask` command (src/relay/cli.ts), plain Node with no host package.
 * - dist/serve-app.js, dist/serve-app.css: the page of `pi-ask serve` (src/serve/app/), for the browser.
 * - dist/types/: the declarations of src/published.ts (package.json `exports["."].types`), the answer
 *   channel's payload types for other extensions; written by tsc (tsconfig.types.json), not by esbuild.
 * - dist/tui.cjs: the TUI graph (src/tui/entry.ts and below), required lazily by core.cjs when the UI is
 *   preloaded or first used: the `import("../tui/entry.ts")` in src/host/load-tui.ts becomes `require("./tui.cjs")`.
 *   Modules both graphs use (sanitize, fit, i18n, …) are core's instances, handed over at that moment,
 *   so the first frame does not initialize them a second time.
 *
 * Host packages (pi-tui, pi-coding-agent, pi-ai, typebox) are never bundled nor resolved from
 * node_modules at run time — a `pi install`ed package has no peer deps, and a second copy would
 * break shared classes. Each becomes a virtual module reading the host's namespace that core.cjs
 * stores under HOST_KEY after importing it through the entry's jiti importer (so resolved to Pi's own
 * copies); see src/bundle-entry.ts.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { HOST_KEY, HOST_MODULES } from "../src/bundle-entry.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const TUI_SOURCE = join(ROOT, "src", "tui", "entry.ts");
const CLI_SOURCE = join(ROOT, "src", "relay", "pi-ask.ts");
/** The web inbox's page script and style (`pi-ask serve` serves them from beside dist/pi-ask.cjs). */
const SERVE_APP = join(ROOT, "src", "serve", "app");

/** Package names whose imports are the host's; each such import must be one of HOST_MODULES. */
const HOST_PACKAGES = ["@earendil-works/", "@mariozechner/", "typebox", "@sinclair/typebox"];

/** True when `specifier` names a host package (or a subpath of one). */
export function isHostSpecifier(specifier: string): boolean {
	return HOST_PACKAGES.some(
		(name) => specifier === name || specifier.startsWith(name.endsWith("/") ? name : `${name}/`),
	);
}

/**
 * Host imports become ES modules that read the host's namespace once, one pure read per export (so
 * esbuild drops the unused ones, and no copy of a whole namespace is made at load). The export names
 * come from the installed host package at build time: an import of a name it lacks fails the build.
 */
const hostModules: Plugin = {
	name: "host-modules",
	setup(b) {
		b.onResolve({ filter: /^[@a-z]/ }, (args) => {
			if (!isHostSpecifier(args.path)) return undefined;
			if (!(HOST_MODULES as readonly string[]).includes(args.path)) {
				return { errors: [{ text: `host import ${args.path} is not in HOST_MODULES (src/bundle-entry.ts)` }] };
			}
			return { path: args.path, namespace: "host" };
		});
		b.onLoad({ filter: /.*/, namespace: "host" }, async (args) => {
			const names = Object.keys((await import(args.path)) as object).filter((name) => name !== "default");
			return { loader: "js", contents: hostModuleSource(args.path, names) };
		});
	},
};

/** The source of the virtual module standing for host package `specifier`. */
export function hostModuleSource(specifier: string, names: readonly string[]): string {
	const spec = JSON.stringify(specifier);
	// Local names carry a prefix so that an export called e.g. `Symbol` (typebox has one) shadows nothing.
	return [
		`const __host_ns = globalThis[Symbol.for(${JSON.stringify(HOST_KEY)})]?.[${spec}];`,
		`if (!__host_ns) throw new Error("pi-ask-user-question: the entry did not provide the host module " + ${spec});`,
		"const __host_read = (name) => __host_ns[name];",
		...names.map(
			(name, i) =>
				`const __host_${i} = /* @__PURE__ */ __host_read(${JSON.stringify(name)}); export { __host_${i} as ${JSON.stringify(name)} };`,
		),
	].join("\n");
}

/** The `pi-ask` bundle runs outside Pi: a host import in its graph is a build error. */
const noHostModules: Plugin = {
	name: "no-host-modules",
	setup(b) {
		b.onResolve({ filter: /^[@a-z]/ }, (args) =>
			isHostSpecifier(args.path) ? { errors: [{ text: `pi-ask must not import ${args.path}` }] } : undefined,
		);
	},
};

/** Global symbol key under which core.cjs hands tui.cjs the modules both graphs use. */
const SHARED_KEY = `${HOST_KEY}/shared`;

/**
 * In the core bundle, the lazy TUI import becomes a stand-in that hands over the shared modules (as
 * getters, so each is initialized once, by core) and then natively requires the sibling tui.cjs.
 */
function lazyTui(shared: readonly string[]): Plugin {
	return {
		name: "lazy-tui",
		setup(b) {
			b.onResolve({ filter: /\/tui\/entry\.ts$/ }, (args) => {
				const target = resolve(args.resolveDir, args.path);
				if (target !== TUI_SOURCE || args.kind !== "dynamic-import") return undefined;
				return { path: "tui-loader", namespace: "tui-loader" };
			});
			b.onResolve({ filter: /^\.\/tui\.cjs$/, namespace: "tui-loader" }, () => ({ path: "./tui.cjs", external: true }));
			b.onLoad({ filter: /.*/, namespace: "tui-loader" }, () => ({
				loader: "js",
				resolveDir: ROOT,
				contents: [
					`globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})] = {`,
					...shared.map((file) => `\t${JSON.stringify(file)}: () => require(${JSON.stringify(`./${file}`)}),`),
					"};",
					`module.exports = require("./tui.cjs");`,
				].join("\n"),
			}));
		},
	};
}

/** In the TUI bundle, a module core.cjs also has is core's instance, not a second copy. */
function sharedModules(shared: readonly string[]): Plugin {
	return {
		name: "shared-modules",
		setup(b) {
			b.onResolve({ filter: /^\./ }, (args) => {
				if (args.namespace !== "file" || args.kind === "entry-point") return undefined;
				const file = relative(ROOT, resolve(args.resolveDir, args.path)).split(sep).join("/");
				return shared.includes(file) ? { path: file, namespace: "shared" } : undefined;
			});
			b.onLoad({ filter: /.*/, namespace: "shared" }, (args) => {
				const file = JSON.stringify(args.path);
				return {
					loader: "js",
					contents: [
						`const shared = globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})];`,
						`if (!shared || !shared[${file}]) throw new Error("pi-ask-user-question: tui.cjs loaded without core.cjs");`,
						`module.exports = shared[${file}]();`,
					].join("\n"),
				};
			});
		},
	};
}

/** The source files a bundle would contain. */
async function sourcesOf(options: BuildOptions & { entry: string; plugins: Plugin[] }): Promise<string[]> {
	const result = await build({
		bundle: true,
		platform: "node",
		format: "cjs",
		absWorkingDir: ROOT,
		entryPoints: [options.entry],
		plugins: options.plugins,
		write: false,
		metafile: true,
		logLevel: "silent",
	});
	return Object.keys(result.metafile.inputs).filter((file) => file.startsWith("src/"));
}

/** Options of {@link buildBundles}. */
export interface BuildOptions {
	/** Output directory (default dist/); emptied first. */
	outDir?: string;
	/** Keep whitespace (for reading and profiling the output). */
	readable?: boolean;
}

/** Builds the bundles; returns their paths. */
export async function buildBundles(options: BuildOptions = {}): Promise<{ core: string; tui: string; cli: string }> {
	const outDir = resolve(options.outDir ?? DIST);
	mkdirSync(outDir, { recursive: true });
	const common = {
		bundle: true,
		format: "cjs",
		platform: "node",
		target: "node22",
		logLevel: "warning",
		legalComments: "none",
		// Whitespace and syntax only: names stay readable in stack traces.
		minifyWhitespace: !options.readable,
		minifySyntax: true,
		absWorkingDir: ROOT,
		// import() of the lazy TUI becomes a require-based promise: no ESM loader on the path.
		supported: { "dynamic-import": false },
		write: false,
	} as const;
	const core = join(outDir, "core.cjs");
	const tui = join(outDir, "tui.cjs");
	const cli = join(outDir, "pi-ask.cjs");
	const coreEntry = join(ROOT, "src", "bundle-entry.ts");
	const [coreSources, tuiSources] = await Promise.all([
		sourcesOf({ entry: coreEntry, plugins: [hostModules, lazyTui([])] }),
		sourcesOf({ entry: TUI_SOURCE, plugins: [hostModules] }),
	]);
	const shared = tuiSources.filter((file) => coreSources.includes(file));
	const results = await Promise.all([
		build({ ...common, entryPoints: [coreEntry], outfile: core, plugins: [hostModules, lazyTui(shared)] }),
		build({ ...common, entryPoints: [TUI_SOURCE], outfile: tui, plugins: [hostModules, sharedModules(shared)] }),
		// The `pi-ask` command: plain Node (18 or later), no host package, no dependency.
		build({
			...common,
			entryPoints: [CLI_SOURCE],
			outfile: cli,
			target: "node18",
			banner: { js: "#!/usr/bin/env node" },
			plugins: [noHostModules],
		}),
		// The web inbox's page: a browser script and its style, served as files (no inline script).
		build({
			...common,
			entryPoints: [join(SERVE_APP, "main.ts")],
			outfile: join(outDir, "serve-app.js"),
			format: "iife",
			platform: "browser",
			target: "es2020",
			supported: {},
			plugins: [noHostModules],
		}),
		build({ ...common, entryPoints: [join(SERVE_APP, "app.css")], outfile: join(outDir, "serve-app.css") }),
	]);
	for (const file of results.flatMap((result) => result.outputFiles)) replaceFile(file.path, file.contents);
	chmodSync(cli, 0o755);
	return { core, tui, cli };
}

/**
 * Writes beside the target, then renames over it: a Pi process loading the package while a build runs
 * (tests run in parallel) sees the old file or the new one, never none or half of one.
 */
function replaceFile(path: string, contents: Uint8Array): void {
	if (existsSync(path) && Buffer.from(contents).equals(readFileSync(path))) return;
	const temp = `${path}.${process.pid}.tmp`;
	writeFileSync(temp, contents);
	renameSync(temp, path);
}

/** Writes the published types' declarations to `<outDir>/types` with tsc; resolves with that folder. */
async function buildTypes(outDir: string): Promise<string> {
	const types = join(outDir, "types");
	const manifest = createRequire(import.meta.url).resolve("typescript/package.json");
	const tsc = join(dirname(manifest), "bin", "tsc");
	const config = join(ROOT, "tsconfig.types.json");
	await promisify(execFile)(process.execPath, [tsc, "-p", config, "--outDir", types]).catch((error) => {
		const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
		throw new Error(`tsc could not write the published types:\n${stdout}${stderr}`);
	});
	return types;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const started = performance.now();
	const outArg = process.argv.find((arg) => arg.startsWith("--out="));
	const outDir = resolve(outArg ? outArg.slice("--out=".length) : DIST);
	const [out, types] = await Promise.all([
		buildBundles({ readable: process.argv.includes("--readable"), outDir }),
		buildTypes(outDir),
	]);
	console.log(`built ${[...Object.values(out), types].join(", ")} in ${(performance.now() - started).toFixed(0)} ms`);
}
