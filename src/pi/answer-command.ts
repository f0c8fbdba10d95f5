/**
 * `/answer`: coming back to a pending questionnaire. With one waiting it opens at once, with several the
 * list (pending-pick.ts) picks one, or closes one as answered in chat or declined. It opens on the same
 * host path a tool call would (the TUI overlay, the accessible prompts, or the dialog walker in RPC
 * clients), with the answers, ticks, notes and drafts given so far. Submitting, or choosing "Answered in
 * chat" or "Decline" in "Stop answering?", settles it and hands the result to the agent (`deliver`: the
 * late answer); a cancel key never settles it (src/state/leave.ts): leaving by Esc, Ctrl+C or a dismissed
 * dialog puts it aside again, like Answer later or being cut short (a session switch, Pi quitting), and
 * keeps it pending with what was given by then. If it is settled elsewhere meanwhile (another extension
 * answered it), the dialog closes and nothing more happens: the first answer wins.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { chooseHostPath, wantsAccessible } from "../host/choose.ts";
import { SCREEN } from "../host/screen.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import { settleAsk } from "../pending/policy.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import type { PendingStore } from "../pending/store.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { piHost } from "./host-ui.ts";
import { type CloseHow, pickPending } from "./pending-pick.ts";
import { warn } from "./warn.ts";

/** The command's name: `/answer`. */
const ANSWER_COMMAND = "answer";

/** What `/answer` works with. */
export interface AnswerCommandDeps {
	store: PendingStore;
	config: () => AskConfig;
	/** Hands a settled questionnaire's result (answers or a decline) to the agent, once. */
	deliver(pending: PendingQuestionnaire, result: QuestionnaireResult): void | Promise<void>;
}

/** A questionnaire open in `/answer`: ended early when the session goes away. */
interface Open {
	abort(): void;
	ended: Promise<void>;
}

/** Registers `/answer`; `answering()` is true while it has a questionnaire open (the reminder waits then). */
export function registerAnswerCommand(pi: ExtensionAPI, deps: AnswerCommandDeps): { answering(): boolean } {
	const open = new Map<string, Open>();
	const messages = (): Messages => messagesIn(deps.config().locale);
	// A session switch, /reload or quitting ends an open /answer while its session can still record it.
	pi.on("session_shutdown", async () => {
		const ending = [...open.values()];
		for (const item of ending) item.abort();
		await Promise.all(ending.map((item) => item.ended));
	});
	pi.registerCommand(ANSWER_COMMAND, {
		description: messages().pendingCommand,
		handler: async (_args, ctx) => {
			const m = messages();
			if (!ctx.hasUI) return warn(ctx, m.pendingNeedsUi);
			const list = deps.store.list();
			const only = list.length === 1 ? list[0] : undefined;
			if (list.length === 0) return ctx.ui.notify(m.pendingNone, "info");
			const choice = only ? { answer: only } : await pickPending(ctx.ui, list, m, Date.now());
			if (choice === undefined) return;
			if ("close" in choice) return await close(choice.close, choice.how);
			if (open.has(choice.answer.id)) return ctx.ui.notify(m.pendingAlreadyOpen, "info");
			// One questionnaire on screen at a time (host/screen.ts): say why this one does not appear yet.
			if (SCREEN.busy) ctx.ui.notify(m.pendingWaitsForScreen, "info");
			const answering = answer(choice.answer, ctx, m);
			// Pi holds a message sent while a command runs, unseen, until the command returns. In the TUI the
			// person can hide the questionnaire (Ctrl+]) and write to the agent: the command returns now, so that
			// message goes out at once. Elsewhere nothing can be sent meanwhile, and RPC replies when it closes.
			if (ctx.mode !== "tui") return await answering;
			answering.catch((error: unknown) => warn(ctx, m.pendingNotShown(sanitizeInline(String(error))), "error"));
		},
	});

	return { answering: () => open.size > 0 };

	/** Settles `pending` from the list without opening it: answered in chat, or declined. */
	async function close(pending: PendingQuestionnaire, how: CloseHow): Promise<void> {
		const result = finishedResult("tui", pending.questionnaire.questions.length, how, { answers: [] });
		if (deps.store.settle(pending.id, result.outcome)) await deps.deliver(pending, result);
	}

	async function answer(pending: PendingQuestionnaire, ctx: ExtensionCommandContext, m: Messages): Promise<void> {
		const { id } = pending;
		const controller = new AbortController();
		const stopWatching = deps.store.subscribe(() => {
			if (deps.store.get(id) === undefined) controller.abort();
		});
		let end = () => {};
		open.set(id, { abort: () => controller.abort(), ended: new Promise((resolve) => (end = resolve)) });
		try {
			const config = deps.config();
			const path = chooseHostPath({
				hasUI: ctx.hasUI,
				mode: ctx.mode,
				accessible: wantsAccessible(config.ui, process.env),
			});
			if (path === "none") return;
			// Loaded when first used, like a tool call's path (tool-definition.ts).
			const { openOnHost } = await import("../tool/open-on-host.ts");
			const result = await openOnHost(
				path,
				pending.questionnaire,
				{ ...piHost(ctx.ui), config },
				{
					signal: controller.signal,
					progress: pending.progress,
					onProgress: (progress) => deps.store.progressed(id, progress),
					byPerson: true,
					...(pending.from === undefined ? {} : { from: pending.from }),
				},
			);
			await settleWith(pending, result, ctx, m);
		} finally {
			stopWatching();
			open.delete(id);
			end();
		}
	}

	async function settleWith(
		pending: PendingQuestionnaire,
		result: QuestionnaireResult,
		ctx: ExtensionCommandContext,
		m: Messages,
	): Promise<void> {
		// Settled elsewhere while it was open: that answer won.
		if (deps.store.get(pending.id) === undefined) return;
		if (result.outcome === "not_shown") {
			warn(ctx, m.pendingNotShown(sanitizeInline(result.error?.message ?? "")), "error");
			return;
		}
		// Still pending (pending/policy.ts): what was given by now is recorded at once, not a moment later.
		if (settleAsk(result, { origin: "answer", id: pending.id }).pendingId !== undefined)
			return deps.store.flush(pending.id);
		if (deps.store.settle(pending.id, result.outcome)) await deps.deliver(pending, result);
		else warn(ctx, m.pendingAnsweredElsewhere, "info");
	}
}
