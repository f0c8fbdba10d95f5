/**
 * Combining abort signals: a call's own signal (which may be absent) and one more reason to stop.
 * Imports nothing.
 */

/** A signal that fires when `also` fires or when `signal` does (if there is one). */
export function eitherSignal(signal: AbortSignal | undefined, also: AbortSignal): AbortSignal {
	return signal ? AbortSignal.any([signal, also]) : also;
}
