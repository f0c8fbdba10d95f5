/**
 * The serving side of an ask: a questionnaire relayed from a Pi below, shown here as this Pi would show
 * one of its own. Its questions are untrusted and validated again with the tool's own rules; it gets an
 * id of this session, is announced on the answer channel (so another extension, or `pi-ask answer`, may
 * answer it: the first answer wins), waits its turn behind this Pi's own questionnaires (host/screen.ts),
 * and is shown labelled with where it comes from (host/labelled-ui.ts). Its result goes back as is, so
 * the asking Pi's model reads what it would have read had the person answered there.
 *
 * Ends: the asker gone (its connection closed, its call aborted) closes the dialog at once and nothing
 * stays behind. "Answer later" cannot promise the asker a message it may never receive (it may have
 * exited by then): the questionnaire stays pending here, recorded with who asked, and its answers go to
 * this Pi's agent as a late answer naming the subagent; the asker is told exactly that (`relayedId`).
 * Nothing else of a relayed questionnaire is recorded: a crash while it is open leaves nothing pending.
 *
 * It waits while the person writes in Pi's editor (host/composing.ts), a notice saying who asks.
 * Pi-free: the adapter passes the host in.
 */
import type { AskConfig } from "../config/schema.ts";
import { chooseHostPath, wantsAccessible } from "../host/choose.ts";
import { afterComposing, notifyWaiting } from "../host/composing.ts";
import { messagesIn } from "../i18n/messages.ts";
import { askedLine } from "../notify/sequence.ts";
import { settleAsk } from "../pending/policy.ts";
import type { PendingStore } from "../pending/store.ts";
import { capDetails } from "../protocol/budget.ts";
import type { LateAnswerSource } from "../protocol/late-answer.ts";
import type { Origin } from "../protocol/origin.ts";
import type { Progress } from "../protocol/progress.ts";
import type { Questionnaire } from "../protocol/questions.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { answerFromAnywhere } from "../tool/answer-anywhere.ts";
import type { EventBus } from "../tool/answer-events.ts";
import { notice, openOnHost } from "../tool/open-on-host.ts";
import type { HostThemes, HostUi } from "../tui/host-ui.ts";
import type { HandlerReply } from "./handlers.ts";
import { replyOfResult } from "./reply.ts";

/** The host a relayed questionnaire is shown on: Pi's context of the session running now. */
export interface ShowingHost {
	ui: HostUi;
	/** Pi's theme builders (src/pi/host-ui.ts). */
	themes?: HostThemes;
	hasUI: boolean;
	mode: string | undefined;
	/** True while the person is writing a message in Pi's editor (it holds text). */
	composing?(): boolean;
}

/** What showing relayed questionnaires needs. */
export interface PresentDeps {
	/** The live session's host; undefined once it ended (asks are then refused, or end interrupted). */
	host(): ShowingHost | undefined;
	config(): AskConfig;
	events: EventBus;
	/** The ids asking now (shared with this Pi's tool calls; the answer channel reads it). */
	asking: Set<string>;
	store: Pick<PendingStore, "newId" | "asked" | "progressed" | "returned">;
	/** Told who asks each questionnaire, while it is open (the list names it). */
	noteOrigin(id: string, from: Origin | undefined): void;
	/** Keeps one answered here in this Pi's transcript (who asked, what, the answer, who answered). */
	trace?(source: LateAnswerSource, result: QuestionnaireResult): Promise<void>;
}

/** Endings kept in the transcript: a pending one gets its late answer instead; one cut short, a notice. */
const TRACED: ReadonlySet<string> = new Set(["answered", "partial", "declined", "timed_out"]);

/** Shows one relayed ask until it ends or `signal` fires; the reply for the asker. */
export async function presentRelayedAsk(
	request: { questions: unknown; from: Origin },
	signal: AbortSignal,
	accepted: (id: string) => void,
	deps: PresentDeps,
): Promise<HandlerReply> {
	const validation = validateQuestionnaire({ questions: request.questions });
	if (!validation.ok)
		return {
			ok: false,
			code: "invalid_questions",
			message: "The questionnaire arguments are invalid.",
			problems: validation.problems,
		};
	const host = deps.host();
	const config = deps.config();
	const accessible = wantsAccessible(config.ui, process.env);
	const path = host === undefined ? "none" : chooseHostPath({ hasUI: host.hasUI, mode: host.mode, accessible });
	if (path === "none") return { ok: false, code: "unavailable", message: "this Pi session cannot show questions now" };
	const { questionnaire } = validation;
	const { from } = request;
	const id = deps.store.newId();
	const askedAt = Date.now();
	let progress: Progress | undefined;
	let shown = false;
	const count = questionnaire.questions.length;
	const open = async (turnSignal: AbortSignal): Promise<QuestionnaireResult> => {
		const announced = await afterComposingHere(deps.host, questionnaire, from, config, turnSignal);
		// The session at the moment it is shown: the ask may have waited through a session switch.
		const now = deps.host();
		if (now === undefined)
			return finishedResult(path === "dialogs" ? "rpc" : "tui", count, "interrupted", { answers: [] });
		return openOnHost(
			path,
			questionnaire,
			{ ui: now.ui, themes: now.themes, config },
			{ signal: turnSignal, from, announced, onProgress: (given) => (progress = given), onShown: () => (shown = true) },
		);
	};
	// Put aside, or let run out with onTimeout "defer": pending here, so `closed` is not announced yet.
	const finish = (given: QuestionnaireResult) =>
		settleAsk(given, { origin: "relayed", onTimeout: config.onTimeout, id });
	deps.noteOrigin(id, from);
	accepted(id);
	let result: QuestionnaireResult;
	try {
		result = await answerFromAnywhere(id, questionnaire, deps.events, signal, open, {
			asking: deps.asking,
			finish,
			from,
		});
	} finally {
		deps.noteOrigin(id, undefined);
	}
	// The asker went away under the person's eyes: say why the dialog closed (not when this session ended).
	const still = deps.host();
	if (shown && signal.aborted && result.outcome === "interrupted" && still !== undefined)
		await tellAskerGone(still, from, config);
	if (TRACED.has(result.outcome))
		await deps.trace?.({ id, askedAt, questionnaire, from }, capDetails(result)).catch(() => undefined);
	if (result.pendingId !== undefined) {
		deps.store.asked({ id, askedAt, questionnaire, from });
		if (progress !== undefined) deps.store.progressed(id, progress);
		deps.store.returned(id, { pending: true });
	}
	return replyOfResult(questionnaire.questions, capDetails(result));
}

/** One notice: the questionnaire on screen closed because whoever asked it stopped waiting. */
async function tellAskerGone(host: ShowingHost, from: Origin, config: AskConfig): Promise<void> {
	const { originLabel } = await import("../host/labelled-ui.ts");
	const m = messagesIn(config.locale);
	notice(host.ui, m.relayAskerGone(originLabel(from, m)));
}

/**
 * Waits while the person writes in the editor (host/composing.ts), telling them once who asks, on screen
 * and as the desktop notification; true when it did.
 */
async function afterComposingHere(
	host: () => ShowingHost | undefined,
	questionnaire: Questionnaire,
	from: Origin,
	config: AskConfig,
	signal: AbortSignal,
): Promise<boolean> {
	let told = false;
	await afterComposing(
		() => host()?.composing?.() === true,
		signal,
		async () => {
			const shown = host();
			if (shown === undefined) return;
			const { originLabel } = await import("../host/labelled-ui.ts");
			const m = messagesIn(config.locale);
			const label = originLabel(from, m);
			notice(shown.ui, m.relayWaitsForEditor(label));
			void notifyWaiting(config, label, askedLine(questionnaire));
			told = true;
		},
	);
	return told;
}
