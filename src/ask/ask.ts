/**
 * One questionnaire's life, whoever asks it: a tool call here (execute.ts), `/answer` reopening a pending
 * one (pi/answer-command.ts), a Pi below through the relay (relay/present.ts). The callers check the
 * questions and read the ending; everything between is here and nowhere else: the host path, the one
 * registry of what is asked now (the session's store), waiting for Pi's editor, the answer timeout, the
 * race with answers from the bus, what is recorded, and the ending — decided by pending/ending.ts,
 * carried out here. Never throws: a host path that fails ends as `not_shown`.
 * Pi-free: the adapter passes the host in.
 */
import { randomUUID } from "node:crypto";
import type { AskConfig } from "../config/schema.ts";
import { chooseHostPath, wantsAccessible } from "../host/choose.ts";
import type { TuiLoad } from "../host/load-tui.ts";
import { type Ending, endingOf } from "../pending/ending.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import type { PendingStore } from "../pending/store.ts";
import { capDetails } from "../protocol/budget.ts";
import type { LateAnswerSource } from "../protocol/late-answer.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { cutShortResult, finishedResult, notShownResult, type QuestionnaireResult } from "../protocol/result.ts";
import { ANSWER_CHANNEL, type EventBus, emitQuietly } from "../tool/answer-events.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import { answerCountdown } from "../util/countdown.ts";
import { raceTheBus } from "./bus-race.ts";
import { afterEditor, hostOf, openOnHost } from "./open-on-host.ts";

/** Where a questionnaire is shown: Pi's context of the session running now. */
export interface ShowingHost {
	ui: HostUi;
	/** Pi's theme builders (src/pi/host-ui.ts); unstyled when absent (tests). */
	themes?: HostThemes;
	hasUI: boolean;
	mode: string | undefined;
	/** True while the person is writing a message in Pi's editor (it holds text). */
	composing?(): boolean;
}

/** Who asks: a tool call here, `/answer` reopening a pending questionnaire, or a Pi below. */
export type Asker =
	| { origin: "call"; callId?: string }
	| { origin: "answer"; pending: PendingQuestionnaire }
	| { origin: "relayed"; from: Origin };

/** Asks a questionnaire through the relay above; never rejects. */
export type RelayAsk = (questionnaire: Questionnaire, signal: AbortSignal | undefined) => Promise<QuestionnaireResult>;

/** The store's part the lifecycle uses: ids, the registry of what is asked now, and recording. */
export type AskStore = Pick<PendingStore, "newId" | "asked" | "reopen" | "progressed" | "returned">;

/** What asking needs. */
export interface AskEnv {
	/** The live session's host, read as the questionnaire is shown (it may wait through a session switch). */
	host(): ShowingHost | undefined;
	config: AskConfig;
	/** The asker's abort: a tool call's, or a Pi below gone. */
	signal?: AbortSignal;
	/** Plain prompts instead of the overlay; else the config and the environment decide (host/choose.ts). */
	accessible?: boolean;
	/** Pi's bus: other extensions (and the person's paired clients) may answer there; the first answer wins. */
	events?: EventBus;
	/** The session's questionnaires; without it nothing is recorded and nothing outlives the asking. */
	store?: AskStore;
	/** An extension announced it answers questionnaires: without a UI, a call waits for it. */
	answerers?: { readonly present: boolean };
	/** Without a UI: the nearest Pi above that can show the questions. */
	relay?: RelayAsk;
	loadTui?: () => Promise<TuiLoad>;
	/** Told the questionnaire's id once it is asked (a Pi below learns it before the person answers). */
	accepted?(id: string): void;
	/** Hands a late answer (one reopened and settled) to the agent; it says `closed` on the bus. */
	deliver?(pending: PendingQuestionnaire, result: QuestionnaireResult): void | Promise<void>;
	/** Keeps a Pi below's questionnaire answered here in this Pi's transcript. */
	trace?(source: LateAnswerSource, result: QuestionnaireResult): Promise<void>;
}

/** How asking went: not at all (nothing could show it here; `/answer`'s was no longer pending), or its ending. */
export type Asked =
	| { asked: false; why: "no_ui" | "not_pending" }
	| { asked: true; id: string; ending: Ending; shown: boolean; settledElsewhere: boolean };

export async function ask(questionnaire: Questionnaire, asker: Asker, env: AskEnv): Promise<Asked> {
	const { config, store } = env;
	const host = env.host();
	const accessible = env.accessible ?? wantsAccessible(config.ui, process.env);
	const path = host === undefined ? "none" : chooseHostPath({ hasUI: host.hasUI, mode: host.mode, accessible });
	const from = asker.origin === "relayed" ? asker.from : undefined;
	const count = questionnaire.questions.length;
	let id: string;
	let askedAt = Date.now();
	let progress: Progress | undefined;
	let callId: string | undefined;
	if (asker.origin === "answer") {
		({ id, askedAt, progress, callId } = asker.pending);
		if (path === "none") return { asked: false, why: "no_ui" };
		if (store !== undefined && store.reopen(id) === undefined) return { asked: false, why: "not_pending" };
	} else {
		if (asker.origin === "relayed" && path === "none") return { asked: false, why: "no_ui" };
		callId = asker.origin === "call" ? asker.callId : undefined;
		id = store?.newId() ?? callId ?? randomUUID();
	}
	const item = { id, askedAt, questionnaire, ...(callId === undefined ? {} : { callId }), ...(from && { from }) };
	// Recorded as it opens (written a moment after its first frame): whatever ends Pi from then on, it
	// comes back pending. One nobody sees here yet is recorded only should it stay pending.
	if (asker.origin !== "answer") store?.asked(item, { record: asker.origin === "call" && path !== "none" });
	env.accepted?.(id);

	let shown = false;
	// The answer timeout, on every host but the accessible prompts (WCAG 2.2.1: a screen-reader user is never
	// timed out), and never for a reopened questionnaire (the person just asked for it).
	const timed = asker.origin !== "answer" && path !== "accessible";
	const open = async (signal: AbortSignal): Promise<QuestionnaireResult> => {
		if (path === "none") {
			if (env.relay !== undefined) return env.relay(questionnaire, signal);
			if (env.answerers?.present) return waitForTheBus(count, timed ? config.timeout : undefined, signal);
			return noUiResult();
		}
		// Unbidden, it waits while the person writes in Pi's editor; one opened with /answer was asked for.
		const waiting = env.host();
		const told =
			asker.origin !== "answer" &&
			waiting?.composing !== undefined &&
			(await afterEditor(waiting.composing, waiting.ui, questionnaire, config, { from, signal }));
		const now = env.host();
		if (now === undefined) return cutShortResult(hostOf(path), count);
		const onProgress = store === undefined ? undefined : (given: Progress) => store.progressed(id, given);
		return openOnHost(
			path,
			questionnaire,
			{ ui: now.ui, themes: now.themes, config, ...(env.loadTui && { loadTui: env.loadTui }) },
			{
				signal,
				progress,
				onProgress,
				from,
				announce: asker.origin !== "answer" && !told,
				timed,
				onShown: () => (shown = true),
			},
		);
	};
	let given: QuestionnaireResult;
	try {
		given =
			env.events === undefined
				? await open(env.signal ?? new AbortController().signal)
				: await raceTheBus(item, { events: env.events, signal: env.signal, open, reopened: asker.origin === "answer" });
	} catch (error) {
		const message = `The questionnaire failed to run: ${error instanceof Error ? error.message : String(error)}`;
		given = notShownResult(path === "none" ? "programmatic" : hostOf(path), "session_load_failed", message);
	}
	const ending = endingOf(given, { origin: asker.origin, onTimeout: config.onTimeout, id });
	const settledHere =
		store?.returned(
			id,
			ending.fate === "pending" ? { pending: true } : { pending: false, outcome: ending.result.outcome },
		) ?? true;
	if (ending.late && settledHere && asker.origin === "answer") await env.deliver?.(asker.pending, ending.result);
	else if (ending.fate !== "pending" && !ending.late && env.events !== undefined)
		emitQuietly(env.events, ANSWER_CHANNEL.closed, { id, result: structuredClone(ending.result) });
	if (ending.traced && from !== undefined) await env.trace?.(item, capDetails(ending.result)).catch(() => undefined);
	return { asked: true, id, ending, shown, settledElsewhere: !settledHere };
}

/** Nothing here can show it, and nobody answers from the bus or above. */
export function noUiResult(): QuestionnaireResult {
	return notShownResult("programmatic", "no_ui", "This Pi session has no interactive UI (print or JSON mode).");
}

/**
 * The host path with no host: resolves when `signal` fires (the asker's abort: interrupted; the bus
 * answered: ignored) or when `timeout` runs out (timed out). Shows nothing.
 */
function waitForTheBus(count: number, timeout: number | undefined, signal: AbortSignal): Promise<QuestionnaireResult> {
	return new Promise((resolve) => {
		const countdown = answerCountdown(timeout);
		const end = (ending: "interrupted" | "timed_out") => {
			countdown?.disarm();
			countdown?.signal.removeEventListener("abort", onTimeout);
			signal.removeEventListener("abort", onAbort);
			resolve(finishedResult("programmatic", count, ending, { answers: [] }));
		};
		const onAbort = () => end("interrupted");
		const onTimeout = () => end("timed_out");
		if (signal.aborted) return end("interrupted");
		signal.addEventListener("abort", onAbort, { once: true });
		countdown?.signal.addEventListener("abort", onTimeout, { once: true });
	});
}
