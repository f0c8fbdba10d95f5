/**
 * Lazy loading of the full TUI questionnaire. Its module graph (pi-tui components, markdown,
 * the view) is imported on the first call, or by the preload while Pi waits (src/pi/prewarm.ts),
 * which also rehearses one questionnaire off screen so that V8 has compiled its code by the first
 * call; loading the extension costs Pi next to nothing. A failed import and a poisoned module cache
 * (the namespace loads but lacks its export, e.g. the package was replaced on disk while Pi ran)
 * are told apart, because only the second needs a restart.
 */

import type * as TuiEntry from "../tui/entry.ts";

export type TuiLoad =
	| {
			ok: true;
			run: typeof TuiEntry.runTuiQuestionnaire;
			/** Runs a sample questionnaire off screen (tui/warm-up.ts); rejects when it cannot. */
			warmUp?: typeof TuiEntry.warmUpTui;
	  }
	| { ok: false; code: "session_load_failed" | "stale_module_cache"; message: string };

/** Imports the TUI module namespace (a stale module cache may lack its exports); injectable for tests. */
export type TuiImporter = () => Promise<Partial<typeof TuiEntry> & Record<string, unknown>>;

const importTui: TuiImporter = () => import("../tui/entry.ts");

// Once per process (a test that needs them empty imports a fresh copy of this module).
let loaded: Promise<TuiLoad> | undefined;
let warmedUp = false;

/** Loads the TUI once per process; a failure is not cached, so the next call tries again. */
export function loadTui(importer: TuiImporter = importTui): Promise<TuiLoad> {
	if (!loaded) {
		const attempt = load(importer);
		loaded = attempt;
		void attempt.then((result) => {
			if (!result.ok && loaded === attempt) loaded = undefined;
		});
	}
	return loaded;
}

/** How {@link prewarmTui} loads and rehearses. */
export interface PrewarmOptions {
	/** Imports the TUI module namespace (tests). */
	importer?: TuiImporter;
	/** How the rehearsal runs (the preload's: the tool's call path, in Pi's theme), read when it starts. */
	rehearsal?: () => Parameters<typeof TuiEntry.warmUpTui>[0];
}

/**
 * After `delayMs`, on timers that never keep the process alive, loads the TUI and, one turn of the event
 * loop later, rehearses it once per process. Returns a cancel. Failures are quiet: a failed load is
 * retried and reported by the call; a failed rehearsal only leaves the compiling to the first call.
 */
export function prewarmTui(delayMs: number, { importer = importTui, rehearsal }: PrewarmOptions = {}): () => void {
	let cancelled = false;
	let next: NodeJS.Timeout | undefined;
	const warmUp = (load: TuiLoad) => {
		if (cancelled || !load.ok || warmedUp) return;
		warmedUp = true;
		next = setTimeout(() => {
			if (!cancelled) load.warmUp?.(rehearsal?.()).catch(() => {});
		}, 0);
		next.unref?.();
	};
	const timer = setTimeout(() => void loadTui(importer).then(warmUp), delayMs);
	timer.unref?.();
	return () => {
		cancelled = true;
		clearTimeout(timer);
		if (next) clearTimeout(next);
	};
}

async function load(importer: TuiImporter): Promise<TuiLoad> {
	let namespace: Awaited<ReturnType<TuiImporter>>;
	try {
		namespace = await importer();
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return { ok: false, code: "session_load_failed", message: `The questionnaire UI failed to load: ${reason}` };
	}
	const { runTuiQuestionnaire: run, warmUpTui: warmUp } = namespace;
	if (typeof run !== "function") {
		return {
			ok: false,
			code: "stale_module_cache",
			message:
				"The questionnaire UI module is stale (the package changed on disk while Pi was running). Restart Pi to use ask_user_question.",
		};
	}
	return { ok: true, run, warmUp };
}
