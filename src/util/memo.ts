/** A bounded cache for a hot pure function of a string. Imports nothing. */

/**
 * `f`, remembered for up to `limit` distinct inputs; past that the cache starts over: a frame's strings
 * are few and come again and again, so the simplest bound does.
 */
export function memoized<T>(f: (text: string) => T, limit: number): (text: string) => T {
	const cache = new Map<string, T>();
	return (text) => {
		let out = cache.get(text);
		if (out === undefined) {
			if (cache.size >= limit) cache.clear();
			out = f(text);
			cache.set(text, out);
		}
		return out;
	};
}
