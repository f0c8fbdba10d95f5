/**
 * The entry point of the built bundle dist/core.cjs (see scripts/build.ts). The package's entry
 * (extension.cts), the one file Pi's jiti transpiles, passes in its own `import()` so that host packages
 * resolve to the copies Pi runs; this module stores them where the bundles' host stand-ins read them, and
 * only then initializes the extension (src/index.ts), which the bundler keeps lazy behind the import below.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { HostImport } from "./pi/argument-check-warm-up.ts";

/** The global symbol's key under which the host module namespaces are kept for the bundles. */
export const HOST_KEY = "pi-ask-user-question.host";

/** Every host package the sources import (a build fails on any other host import). */
export const HOST_MODULES = [
	"@earendil-works/pi-coding-agent",
	"@earendil-works/pi-tui",
	"typebox",
	"typebox/value",
] as const;

// A native require caches the bundles; Pi re-evaluates the entry on /reload, and that must load fresh
// code (what is on disk now) as it does for TypeScript extensions, so neither bundle stays cached.
if (typeof require === "function" && typeof module === "object") {
	delete require.cache[module.filename];
	try {
		delete require.cache[require.resolve("./tui.cjs")];
	} catch {
		// Not built beside us (the sources run unbundled): nothing is cached.
	}
}

/** Returns the extension factory Pi calls; it loads the host modules, then the extension. */
export default function createExtension(importHost: HostImport): (pi: ExtensionAPI) => Promise<void> {
	return async function askUserQuestionEntry(pi) {
		const modules = await Promise.all(HOST_MODULES.map((specifier) => importHost(specifier)));
		const host: Record<string, unknown> = {};
		HOST_MODULES.forEach((specifier, i) => {
			host[specifier] = modules[i];
		});
		(globalThis as Record<symbol, unknown>)[Symbol.for(HOST_KEY)] = host;
		const extension = await import("./index.ts");
		extension.default(pi, importHost);
	};
}
