/**
 * The one thing a call tells the bundle loader (code-cache.ts): a questionnaire is opening, so the code
 * it needs will have been compiled a moment later and can be cached then. A global hook, set by the package entry when
 * the bundles load through the loader; absent (the sources run directly, tests) it does nothing. Imports nothing.
 */

/** The global symbol's key under which the entry puts the loader's `markQuestionnaireShown`. */
export const SHOWN_KEY = "pi-ask-user-question.code-cache/shown";

/** Tells the loader, if any, that a questionnaire is opening. Never throws. */
export function signalShown(): void {
	const signal = (globalThis as Record<symbol, unknown>)[Symbol.for(SHOWN_KEY)];
	if (typeof signal !== "function") return;
	try {
		signal();
	} catch {
		// Caching is an optimization; the questionnaire never depends on it.
	}
}
