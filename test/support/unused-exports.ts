/**
 * Exports nothing but tests use, found by knip in production mode (knip.json: the package's entry points,
 * scripts/ and bench/ are the production users; test files are left out). Type exports, re-exports through
 * a barrel and dynamic `import()` count. One run reads the whole project in about a second.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const KNIP = join(import.meta.dirname, "../../node_modules/knip/bin/knip.js");

/** The issue kinds checked: whole files no production code reaches, and exported names. */
const KINDS = ["files", "exports", "types", "nsExports", "nsTypes", "enumMembers", "duplicates"] as const;

interface KnipIssue {
	file: string;
	[kind: string]: unknown;
}

/** Each unused export as `<file>: <name>` (`<file>: (file)` for a file nothing in production imports). */
export function unusedExports(directory: string): string[] {
	const run = spawnSync(process.execPath, [KNIP, "--production", "--reporter", "json", "--no-progress"], {
		cwd: directory,
		encoding: "utf8",
		// The JSON report of a large project runs past the default 1 MiB.
		maxBuffer: 64 * 1024 * 1024,
	});
	// knip exits 1 when it found something, 2 on a bad config or a crash.
	if (run.status !== 0 && run.status !== 1) throw new Error(`knip failed (${run.status}): ${run.stderr}`);
	const report = JSON.parse(run.stdout) as { issues: KnipIssue[] };
	return report.issues.flatMap((issue) =>
		KINDS.flatMap((kind) => {
			const found = (issue[kind] ?? []) as { name: string }[];
			return found.map((item) => (kind === "files" ? `${issue.file}: (file)` : `${issue.file}: ${item.name}`));
		}),
	);
}
