/**
 * Reading what may throw where throwing must not spread: a Pi context gone stale after a session switch, a
 * hostile getter in stored data, a file that cannot be looked at. Imports nothing.
 */

/** What `run` returns, or `fallback` when it throws. */
export function attempt<T, F>(run: () => T, fallback: F): T | F {
	try {
		return run();
	} catch {
		return fallback;
	}
}
