/**
 * What every reader of untrusted data starts from: the check that JSON is an object (config files, model
 * arguments, stored details, other extensions' events), and reading what may throw where throwing must not
 * spread (a Pi context gone stale after a session switch, a hostile getter, a file that cannot be looked
 * at). Imports nothing.
 */

/** True for a plain object (not null, not an array): its properties may be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What `run` returns, or `fallback` when it throws. */
export function attempt<T, F>(run: () => T, fallback: F): T | F {
	try {
		return run();
	} catch {
		return fallback;
	}
}
