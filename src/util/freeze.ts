/**
 * Deep freezing for plain data (objects and arrays of strings, numbers, booleans). For values shared with
 * code we do not control, such as other extensions on Pi's event bus: they can read them, and any change
 * they try fails instead of reaching us. Imports nothing.
 */

/** Freezes `value` and everything it holds; returns it. */
export function deepFreeze<T>(value: T): T {
	if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
	}
	return value;
}
