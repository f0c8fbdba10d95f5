/**
 * The one check every reader of untrusted JSON makes first (config files, model arguments, stored
 * details, other extensions' events). Imports nothing.
 */

/** True for a plain object (not null, not an array): its properties may be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
