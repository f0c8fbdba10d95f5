/**
 * `/answer`: coming back to a pending questionnaire. With one waiting it opens at once, with several the
 * list (pending-pick.ts) picks one, or closes one as answered in chat or declined. It is asked again as a
 * tool call's questionnaire is (src/ask/ask.ts: the same host path, the same race with the bus), with the
 * answers, ticks, notes and drafts given so far. Submitting, or choosing "Answered in
 * chat" or "Decline" in "Stop answering?", settles it and hands the result to the agent (`deliver`: the
 * late answer); a cancel key never settles it (src/state/leave.ts): leaving by Esc, Ctrl+C or a dismissed
 * dialog puts it aside again, like Answer later or being cut short (a session switch, Pi quitting), and
 * keeps it pending with what was given by then. If it is answered elsewhere meanwhile (another extension,
 * the person's paired client, another Pi on this session), the dialog closes: the first answer wins.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { SCREEN } from "../host/screen.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import type { PendingStore } from "../pending/store.ts";
import { finishedResult, type QuestionnaireResult } from "../protocol/result.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import type { EventBus } from "../tool/answer-events.ts";
import { piHost } from "./host-ui.ts";
import { type CloseHow, pickPending } from "./pending-pick.ts";
import { warn } from "./warn.ts";

/** The command's name: `/answer`. */
const ANSWER_COMMAND = "answer";

/** What `/answer` works with. */
export interface AnswerCommandDeps {
	store: PendingStore;
	config: () => AskConfig;
	/** Pi's bus: an answer there (another extension, the person's paired client) wins over an open dialog. */
	events: EventBus;
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
			if (open.has(choice.answer.id) || deps.store.isAsking(choice.answer.id))
				return ctx.ui.notify(m.pendingAlreadyOpen, "info");
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
		const controller = new AbortController();
		let end = () => {};
		open.set(pending.id, { abort: () => controller.abort(), ended: new Promise((resolve) => (end = resolve)) });
		try {
			// Loaded when first used, like a tool call's path (tool-definition.ts).
			const { ask } = await import("../ask/ask.ts");
			const { ui, hasUI, mode } = ctx;
			const asked = await ask(
				pending.questionnaire,
				{ origin: "answer", pending },
				{
					host: () => ({ ...piHost(ui), hasUI, mode }),
					config: deps.config(),
					signal: controller.signal,
					events: deps.events,
					store: deps.store,
					deliver: deps.deliver,
				},
			);
			if (!asked.asked) return;
			const { result } = asked.ending;
			if (result.outcome === "not_shown")
				warn(ctx, m.pendingNotShown(sanitizeInline(result.error?.message ?? "")), "error");
			else if (asked.settledElsewhere) warn(ctx, m.pendingAnsweredElsewhere, "info");
		} finally {
			open.delete(pending.id);
			end();
		}
	}
}
