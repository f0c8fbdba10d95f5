/**
 * The published package, made the way `npm publish` makes it: `npm pack` (running the package's own pack
 * scripts) on a copy of the working tree, so the build the pack scripts run never rewrites the output
 * other test files load from the repository at the same time. A failed pack removes everything it made.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { isRecord } from "../../src/util/records.ts";
import { removeDir } from "./fake-model.ts";
import { REPO_ROOT } from "./pi.ts";

/** Not copied for packing: dependencies, VCS, scratch, build output and earlier tarballs. */
const IGNORED = /^(node_modules|\.git|\.tmp|dist|coverage)(\/|$)|\.tgz$/;

/** The package's name, which npm 12 keys its `pack --json` answer by. */
export const PACKAGE_NAME = "pi-ask-user-question";

/** A packed tarball in its own temp folder (`dir`, for the caller to remove), with the paths it holds. */
export interface Packed {
	dir: string;
	tarball: string;
	files: string[];
}

/** What tests change: the npm command to run, and the folder the temp folder goes in. */
export interface PackOptions {
	npm?: string;
	tmpRoot?: string;
}

/** Packs the package; rejects with npm's output when packing fails, having removed its temp folder. */
export async function packPackage(options: PackOptions = {}): Promise<Packed> {
	const dir = mkdtempSync(join(options.tmpRoot ?? tmpdir(), "pi-ask-pack-"));
	try {
		const copy = join(dir, "source");
		cpSync(REPO_ROOT, copy, { recursive: true, filter: (path) => !IGNORED.test(relative(REPO_ROOT, path)) });
		symlinkSync(join(REPO_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
		// npm from PATH, whichever major it is, on node_modules/.bin's Node 22; the pack scripts run as on publish.
		const pack = await run(options.npm ?? "npm", ["pack", "--json", "--pack-destination", dir], copy);
		if (pack.status !== 0) throw new Error(`npm pack failed (${pack.status}):\n${pack.stderr}\n${pack.stdout}`);
		const result = readPackResult(pack.stdout, PACKAGE_NAME);
		const tarball = join(dir, result.filename);
		if (!existsSync(tarball)) throw new Error(`npm pack reported ${result.filename}, which is not in ${dir}`);
		return { dir, tarball, files: result.files };
	} catch (error) {
		removeDir(dir);
		throw error;
	}
}

/** One package's entry in `npm pack --json`. */
export interface PackResult {
	filename: string;
	files: string[];
}

/**
 * Reads `npm pack --json` output: npm 11 prints an array of results, npm 12 an object keyed by package
 * name (npm/cli#9247). Pack scripts may print before the JSON, which is the last document on stdout and
 * starts at the beginning of a line.
 */
export function readPackResult(stdout: string, name: string): PackResult {
	const entries = packEntries(lastJsonDocument(stdout));
	const entry = entries.find((e) => isRecord(e) && e.name === name) ?? (entries.length === 1 ? entries[0] : undefined);
	if (!isRecord(entry) || typeof entry.filename !== "string" || !Array.isArray(entry.files)) {
		throw new Error(`npm pack --json named no tarball for ${name}:\n${stdout.slice(-2000)}`);
	}
	const files = entry.files.map((file) => (isRecord(file) && typeof file.path === "string" ? file.path : undefined));
	if (files.some((path) => path === undefined)) throw new Error(`npm pack --json listed a file without a path`);
	return { filename: entry.filename, files: files as string[] };
}

function packEntries(json: unknown): unknown[] {
	if (Array.isArray(json)) return json;
	if (!isRecord(json)) return [];
	// A bare result (no package-name key) is read too, should a later npm print one.
	return typeof json.filename === "string" ? [json] : Object.values(json);
}

function lastJsonDocument(stdout: string): unknown {
	for (let start = stdout.length - 1; start >= 0; start--) {
		const opens = stdout[start] === "[" || stdout[start] === "{";
		if (!opens || (start > 0 && stdout[start - 1] !== "\n")) continue;
		try {
			return JSON.parse(stdout.slice(start));
		} catch {
			// Not the document's start (a line a pack script printed, or one inside the document): go on up.
		}
	}
	throw new Error(`npm pack --json printed no JSON:\n${stdout.slice(-2000)}`);
}

/** Runs a command to its end (asynchronously, so scratch installs running meanwhile keep being read). */
function run(
	command: string,
	args: string[],
	cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
	const child = spawn(command, args, { cwd, timeout: 120_000 });
	let stdout = "";
	let stderr = "";
	child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
	child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
	return new Promise((resolve, reject) => {
		child.on("error", reject);
		child.on("close", (status) => resolve({ status, stdout, stderr }));
	});
}

/** The `pi install` source for a tarball: named, because Pi finds the install by the spec's package name. */
export function tarballSource(tarball: string): string {
	// A bare `npm:<file>.tgz` installs but never loads, silently.
	return `npm:${PACKAGE_NAME}@file:${tarball}`;
}
