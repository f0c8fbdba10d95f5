/**
 * Lazy loading of the full TUI questionnaire. Its module graph (pi-tui components, markdown,
 * the view) is imported on the first call, or by the preload while Pi waits (src/pi/prewarm.ts),
 * which also rehearses one questionnaire off screen so that V8 has compiled its code by the first
 * call; loading the extension costs Pi next to nothing. A failed import and a poisoned module cache
 * (the namespace loads but lacks its export, e.g. the package was replaced on disk while Pi ran)
 * are told apart, because only the second needs a restart.
 */

import type { AskConfig } from "../config/schema.ts";
import type { Messages } from "../i18n/messages.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import type { QuestionnaireResult } from "../protocol/result.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import type { WarmUpOptions } from "../tui/warm-up.ts";
import type { Countdown } from "../util/countdown.ts";

/** Runs the questionnaire in the TUI; `undefined` when the host turned out to have no custom UI. */
type TuiRunner = (
	questionnaire: Questionnaire,
	ui: HostUi,
	options: {
		signal?: AbortSignal;
		config?: AskConfig;
		messages?: Messages;
		accessible?: boolean;
		progress?: Progress;
		onProgress?: (progress: Progress) => void;
		/** The answer timeout (tool/open-on-host.ts starts it); the overlay shows it. */
		timeout?: Countdown;
		/** False: opened by the person (`/answer`), no notification. */
		announce?: boolean;
		/** Who asks, for a relayed questionnaire (sanitized, one line): the notification's title. */
		askedBy?: string;
		/** Pi's theme builders (src/pi/host-ui.ts). */
		themes?: HostThemes;
	},
) => Promise<QuestionnaireResult | undefined>;

export type TuiLoad =
	| {
			ok: true;
			run: TuiRunner;
			/** Runs a sample questionnaire off screen (tui/warm-up.ts); rejects when it cannot. */
			warmUp?: (options?: WarmUpOptions) => Promise<void>;
	  }
	| { ok: false; code: "session_load_failed" | "stale_module_cache"; message: string };

/** Imports the TUI module namespace; injectable for tests. */
export type TuiImporter = () => Promise<Record<string, unknown>>;

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
	rehearsal?: () => WarmUpOptions;
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
	let namespace: Record<string, unknown>;
	try {
		namespace = await importer();
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return { ok: false, code: "session_load_failed", message: `The questionnaire UI failed to load: ${reason}` };
	}
	const run = namespace.runTuiQuestionnaire;
	if (typeof run !== "function") {
		return {
			ok: false,
			code: "stale_module_cache",
			message:
				"The questionnaire UI module is stale (the package changed on disk while Pi was running). Restart Pi to use ask_user_question.",
		};
	}
	const warmUp = namespace.warmUpTui;
	return typeof warmUp === "function"
		? { ok: true, run: run as TuiRunner, warmUp: warmUp as (options?: WarmUpOptions) => Promise<void> }
		: { ok: true, run: run as TuiRunner };
}
