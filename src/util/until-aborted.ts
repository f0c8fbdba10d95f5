/**
 * Waiting that an abort can cut short. The tool call's abort signal must end a call at once in every
 * phase, including one that waits on something that may never finish (loading the TUI module).
 */

/**
 * Resolves with `promise`'s value, or with `onAbort()` as soon as `signal` aborts (at once if it already
 * has). The promise is left to settle on its own; the abort listener is removed either way.
 */
export function untilAborted<T, A>(
	promise: Promise<T>,
	signal: AbortSignal | undefined,
	onAbort: () => A,
): Promise<T | A> {
	if (!signal) return promise;
	if (signal.aborted) {
		promise.catch(() => {});
		return Promise.resolve(onAbort());
	}
	return new Promise<T | A>((resolve, reject) => {
		const aborted = () => {
			promise.catch(() => {});
			resolve(onAbort());
		};
		signal.addEventListener("abort", aborted, { once: true });
		promise.then(
			(value) => {
				signal.removeEventListener("abort", aborted);
				resolve(value);
			},
			(error: unknown) => {
				signal.removeEventListener("abort", aborted);
				reject(error);
			},
		);
	});
}
