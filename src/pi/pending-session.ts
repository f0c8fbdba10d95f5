/**
 * Questionnaires in a Pi session: the store records through `pi.appendEntry` from the moment one is shown,
 * is restored from the branch at every `session_start` (startup, `--continue`/`--resume`, `/reload`, `/new`,
 * `/resume`, a fork) and after `/tree` moves the branch, and Pi's footer status counts what waits
 * ("2 questionnaires waiting · /answer"), updated on every change. What was given and not yet written is
 * written when the session ends and when the process exits (Pi exits within milliseconds of losing its
 * terminal, through `process.exit`, whose `exit` listeners still run); only SIGKILL can cost the last moment.
 * A call that never returned reads to the model as cut short and still pending, not as "No result provided".
 * When the session file cannot be written (a full disk, a read-only folder) the person is told once, where
 * they look (storage-warning.ts), our records wait in memory and are written when it works again, and no
 * write of ours leaves half a line in Pi's file (session-append.ts); a result of ours that Pi could not
 * keep still reads to the model as we returned it (see `returnedTexts`).
 */
import { randomBytes } from "node:crypto";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { AskConfig } from "../config/schema.ts";
import { type Messages, messagesIn } from "../i18n/messages.ts";
import { isPendingEntry, PENDING_ENTRY_TYPE } from "../pending/records.ts";
import type { PendingQuestionnaire } from "../pending/registry.ts";
import { PendingStore } from "../pending/store.ts";
import { limitsFrom } from "../protocol/budget.ts";
import { sanitizeInline } from "../text/sanitize.ts";
import { TOOL_NAME } from "../tool/guidance.ts";
import { argumentsOfCall, askCallArguments, questionsOfArguments, sameJson } from "./call-questions.ts";
import { appendWhole } from "./session-append.ts";
import { claimSettlement } from "./settle-claim.ts";
import { storageWarning } from "./storage-warning.ts";
import { warnOnceShown } from "./warn.ts";

/** The key of our footer status (`ctx.ui.setStatus`). */
const STATUS_KEY = "ask_user_question";

/**
 * How long after a questionnaire is shown its `asked` record is written: past the keys of someone already
 * pressing as it appears (each frame of theirs comes first), well within the second that SIGKILL may cost.
 */
const ASKED_WRITE_AFTER_MS = 250;

/** Creates the session's pending store and keeps it in step with Pi's session and footer. */
export function installPendingQuestionnaires(
	pi: ExtensionAPI,
	config: () => AskConfig,
	agentDir: string,
): PendingStore {
	let ctx: ExtensionContext | undefined;
	const messages = (): Messages => messagesIn(config().locale);
	const append = (record: unknown) => appendWhole(sessionFileOf(ctx), () => pi.appendEntry(PENDING_ENTRY_TYPE, record));
	const warning = storageWarning(() => store.open().length > 0);
	const store = new PendingStore({
		append,
		now: Date.now,
		later: (task, ms) => {
			const timer = setTimeout(task, ms);
			// A write that is due must not keep Pi from exiting; the exit listener below writes it.
			timer.unref();
			return () => clearTimeout(timer);
		},
		// The questions are written a moment after the first frame (ask.ts records them as it opens): not in
		// the turn right after it, where a key pressed as the questionnaire shows would wait for the write, the
		// check of the call's arguments (16 × 1 MB previews: 1–3 ms) and the frame Pi draws for the entry.
		// Settling it, the session's end and Pi's exit write it first should they come sooner.
		soon: (task) => void setTimeout(task, ASKED_WRITE_AFTER_MS).unref(),
		randomId: () => `q_${randomBytes(6).toString("base64url")}`,
		report: (error) => {
			if (ctx) warning.failed(ctx, messages().pendingNotSaved(sanitizeInline(failureReason(error))));
		},
		resumed: () => {
			if (ctx) warning.resumed(ctx, messages().pendingSavedAgain);
		},
		claim: (id) => claimSettlement({ agentDir, sessionFile: sessionFileOf(ctx) }, id),
		questionsInSession: (callId, questionnaire) => {
			const args = ctx && argumentsOfCall(ctx.sessionManager.getBranch(), callId);
			return sameJson(questionsOfArguments(args), questionnaire);
		},
	});
	const showStatus = () => {
		if (!ctx?.hasUI) return;
		const count = store.list().length;
		try {
			ctx.ui.setStatus(STATUS_KEY, count === 0 ? undefined : messages().pendingStatus(count));
		} catch {
			// A context gone stale between the change and now: the next session start shows it.
		}
	};
	store.subscribe(showStatus);
	const restore = async (current: ExtensionContext) => {
		ctx = current;
		const entries = current.sessionManager.getBranch();
		if (entries.some(isPendingEntry)) {
			// Only sessions that ever had one pay for reading records (questions are validated again).
			const { restorePending } = await import("../pending/restore.ts");
			const calls = askCallArguments(entries);
			const questionsOf = (callId: string) => questionsOfArguments(calls.get(callId));
			const { pending, ids, skipped, lost, substitutes: recorded } = restorePending(entries, questionsOf);
			store.restore({ pending, ids, skipped });
			substitutes = recorded;
			await pinSubstitutes(entries, pending);
			// Below the restored conversation, where it is seen (pi/warn.ts).
			if (skipped > 0) warnOnceShown(current, messages().pendingSkipped(skipped));
			if (lost > 0) warnOnceShown(current, messages().pendingQuestionsLost(lost));
		} else {
			store.restore({ pending: [], ids: new Set(), skipped: 0 });
			substitutes = new Map();
		}
		showStatus();
	};
	pi.on("session_start", (_event, current) => restore(current));
	pi.on("session_tree", (_event, current) => restore(current));
	// A call that never returned (Pi died with it open) has no result, and the model would read "No result
	// provided" and ask again: it reads the call cut short and still pending instead (tool/orphan-calls.ts).
	// The text is made once, at the session start that finds the call without a result, and recorded: the
	// model reads it in every request after every restart, answered since or not — its earlier context (and
	// the provider's prompt cache) never changes under it, and a late answer follows it as after any cut-short call.
	let substitutes = new Map<string, string>();
	async function pinSubstitutes(
		entries: readonly { type: string; message?: unknown }[],
		pending: readonly PendingQuestionnaire[],
	) {
		const orphaned = pending.filter((p) => p.callId !== undefined && !substitutes.has(p.callId));
		if (orphaned.length === 0) return;
		const { callsWithoutResult, orphanResultText } = await import("../tool/orphan-calls.ts");
		const { substituteRecord } = await import("../pending/records.ts");
		const messages = entries.flatMap((e) => (e.type === "message" && e.message !== undefined ? [e.message] : []));
		const without = callsWithoutResult(messages, TOOL_NAME);
		for (const p of orphaned) {
			if (p.callId === undefined || !without.has(p.callId)) continue;
			const text = orphanResultText(p, limitsFrom(config().limits));
			substitutes.set(p.callId, text);
			try {
				append(substituteRecord(p.id, p.callId, text));
			} catch {
				// Unsaved, it still holds in this process; the next start makes the same text from the same records.
			}
		}
	}
	// Pi persists a tool result as it hands it to the agent; when that write fails (a full disk, a read-only
	// folder) Pi 1.6 ends the turn and rebuilds the agent's messages from its file, which lacks the result,
	// and the model would read "No result provided" for a questionnaire answered or put aside. So each
	// result we return is kept until the turn that carries it ends (its write went through): if Pi lost it,
	// the model reads it as we returned it.
	const returnedTexts = new Map<string, string>();
	pi.on("tool_result", (event) => {
		if (event.toolName !== TOOL_NAME) return;
		const text = event.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
		returnedTexts.set(event.toolCallId, text);
	});
	pi.on("turn_end", (event) => {
		for (const result of event.toolResults) returnedTexts.delete(result.toolCallId);
	});
	pi.on("context", async (event) => {
		if (substitutes.size === 0 && returnedTexts.size === 0) return undefined;
		const { answerOrphanCalls } = await import("../tool/orphan-calls.ts");
		const textFor = (callId: string) => returnedTexts.get(callId) ?? substitutes.get(callId);
		const messages = answerOrphanCalls(event.messages, TOOL_NAME, textFor);
		return messages === event.messages ? undefined : { messages: [...messages] };
	});
	// Attached while a session of this instance runs: a reload makes a new instance, and the old one lets go.
	const flushOnExit = () => store.flush();
	pi.on("session_start", () => {
		process.off("exit", flushOnExit);
		process.on("exit", flushOnExit);
	});
	pi.on("session_shutdown", () => {
		store.ended();
		returnedTexts.clear();
		process.off("exit", flushOnExit);
		ctx = undefined;
	});
	return store;
}

/** The words of a write error, without Node's code and system call ("ENOSPC: no space left on device, write"). */
function failureReason(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.replace(/^E[A-Z]+: /, "").replace(/, [a-z]+(?: '.*')?$/, "");
}

function sessionFileOf(ctx: ExtensionContext | undefined): string | undefined {
	try {
		return ctx?.sessionManager.getSessionFile();
	} catch {
		return undefined;
	}
}
