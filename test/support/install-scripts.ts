/**
 * Which dependencies may run install scripts (package.json `allowScripts`, read by npm 11 and 12): npm 12
 * runs none that is not allowed, so a fresh clone would have no Node 22 (the `node` devDependency) and no
 * esbuild binary; npm 11 runs them all but warns about each one not decided. This compares that field
 * with the packages package-lock.json marks `hasInstallScript`.
 */
import { isRecord } from "../../src/util/records.ts";

/** The parts of package.json read here. */
export interface Manifest {
	dependencies?: Record<string, string>;
	devDependencies?: Record<string, string>;
	allowScripts?: Record<string, unknown>;
}

/** The parts of package-lock.json (lockfileVersion 3) read here. */
export interface Lock {
	packages: Record<string, { version?: string; hasInstallScript?: boolean; link?: boolean }>;
}

/** A locked package with an install script. */
export interface Scripted {
	name: string;
	version: string;
	/** Listed in the project's own (dev)dependencies: the project chose it for what its install makes. */
	direct: boolean;
}

/** Every locked package with an install script, once per name and version. */
export function scriptedPackages(manifest: Manifest, lock: Lock): Scripted[] {
	const direct = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
	const found = new Map<string, Scripted>();
	for (const [path, entry] of Object.entries(lock.packages)) {
		if (path === "" || entry.hasInstallScript !== true) continue;
		const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
		const version = entry.version ?? "";
		const topLevel = path === `node_modules/${name}`;
		found.set(`${name}@${version}`, { name, version, direct: topLevel && direct.has(name) });
	}
	return [...found.values()];
}

/** An `allowScripts` key: a name, or a name pinned to a version (`esbuild@0.28.2`). */
function parseKey(key: string): { name: string; version?: string } {
	const at = key.indexOf("@", 1);
	return at < 0 ? { name: key } : { name: key.slice(0, at), version: key.slice(at + 1) };
}

/** The decision `allowScripts` makes for one package: true, false, or undefined (none: npm warns). */
export function decisionFor(allow: Record<string, unknown>, pkg: Pick<Scripted, "name" | "version">): unknown {
	for (const [key, value] of Object.entries(allow)) {
		const { name, version } = parseKey(key);
		if (name === pkg.name && (version === undefined || version === pkg.version)) return value;
	}
	return undefined;
}

/**
 * What is wrong with `allowScripts`, one line each; none when: every package with an install script is
 * decided (true or false), so npm warns about none; every direct dependency with one is allowed (`node`
 * fetches Node 22, `esbuild` installs its binary: the project runs on both); and every entry names a locked
 * package with an install script, so nothing is allowed that the project does not have.
 */
export function allowScriptsProblems(manifest: Manifest, lock: Lock): string[] {
	const allow = manifest.allowScripts;
	if (!isRecord(allow)) return ["package.json has no allowScripts object"];
	const scripted = scriptedPackages(manifest, lock);
	const problems: string[] = [];
	for (const pkg of scripted) {
		const decision = decisionFor(allow, pkg);
		const id = `${pkg.name}@${pkg.version}`;
		if (pkg.direct && decision !== true)
			problems.push(`${id}: a dependency of ours with an install script is not allowed`);
		else if (decision !== true && decision !== false) problems.push(`${id}: has an install script and no decision`);
	}
	for (const [key, value] of Object.entries(allow)) {
		const { name, version } = parseKey(key);
		if (typeof value !== "boolean") problems.push(`${key}: must be true or false`);
		const matched = scripted.some((pkg) => pkg.name === name && (version === undefined || version === pkg.version));
		if (!matched) problems.push(`${key}: no locked package of that name has an install script`);
	}
	return problems;
}
