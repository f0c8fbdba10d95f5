/**
 * A value built on first use, then kept. For module-level patterns and tables whose construction
 * costs real time (Unicode-property regexes cost milliseconds each): loading the extension is on Pi's
 * start-up path, and most of these are never needed in a session. Imports nothing.
 */

/** Returns a getter that calls `build` once, on its first call, and returns that value ever after. */
export function once<T>(build: () => T): () => T {
	let built = false;
	let value: T | undefined;
	return () => {
		if (!built) {
			value = build();
			built = true;
		}
		return value as T;
	};
}

/**
 * A regex built on first use from its source text. For Unicode-property patterns: V8 checks a regex
 * *literal* while compiling the function that holds it (for classes like `\p{scx=Arab}` that alone costs
 * milliseconds), and a bundler may fold `new RegExp("…")` back into a literal; a source passed in stays text.
 */
export function lazyRegExp(source: string, flags: string): () => RegExp {
	return once(() => new RegExp(source, flags));
}

/** `f`, memoized for up to `limit` distinct arguments; past that the memo starts afresh. */
export function memoized<T>(f: (key: string) => T, limit: number): (key: string) => T {
	const memo = new Map<string, T>();
	return (key) => {
		let value = memo.get(key);
		if (value === undefined) {
			if (memo.size >= limit) memo.clear();
			value = f(key);
			memo.set(key, value);
		}
		return value;
	};
}
