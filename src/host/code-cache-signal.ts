/**
 * The one thing the questionnaire tells the bundle loader (code-cache.ts): a questionnaire has been drawn,
 * so the code it needed has been compiled and can be cached. A global hook, set by the package entry when
 * the bundles load through the loader; absent (the sources run directly, tests) it does nothing. Imports nothing.
 */

/** The global symbol's key under which the entry puts the loader's `markQuestionnaireShown`. */
export const SHOWN_KEY = "pi-ask-user-question.code-cache/shown";

/** Tells the loader, if any, that a questionnaire is on screen. Never throws. */
export function signalShown(): void {
	const signal = (globalThis as Record<symbol, unknown>)[Symbol.for(SHOWN_KEY)];
	if (typeof signal !== "function") return;
	try {
		signal();
	} catch {
		// Caching is an optimization; the questionnaire never depends on it.
	}
}
