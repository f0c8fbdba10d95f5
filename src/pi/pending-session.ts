/**
 * Questionnaires in a Pi session: the store records through `pi.appendEntry` from the moment one is shown,
 * is restored from the branch at every `session_start` (startup, `--continue`/`--resume`, `/reload`, `/new`,
 * `/resume`, a fork) and after `/tree` moves the branch, and Pi's footer status counts what waits
 * ("2 questionnaires waiting · /answer"), updated on every change. What was given and not yet written is
 * written when the session ends and when the process exits (Pi exits within milliseconds of losing its
 * terminal, through `process.exit`, whose `exit` listeners still run); only SIGKILL can cost the last moment.
 * A call that never returned reads to the model as cut short and still pending, not as "No result provided".
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
import { claimSettlement } from "./settle-claim.ts";
import { warn, warnOnceShown } from "./warn.ts";

/** The key of our footer status (`ctx.ui.setStatus`). */
const STATUS_KEY = "ask_user_question";

/** Creates the session's pending store and keeps it in step with Pi's session and footer. */
export function installPendingQuestionnaires(
	pi: ExtensionAPI,
	config: () => AskConfig,
	agentDir: string,
): PendingStore {
	let ctx: ExtensionContext | undefined;
	const messages = (): Messages => messagesIn(config().locale);
	const store = new PendingStore({
		append: (record) => pi.appendEntry(PENDING_ENTRY_TYPE, record),
		now: Date.now,
		later: (task, ms) => {
			const timer = setTimeout(task, ms);
			// A write that is due must not keep Pi from exiting; the exit listener below writes it.
			timer.unref();
			return () => clearTimeout(timer);
		},
		// The questions are written once the first frame is out (tool/execute.ts records them as it opens).
		soon: (task) => void setImmediate(task),
		randomId: () => `q_${randomBytes(6).toString("base64url")}`,
		report: (error) => {
			if (ctx) warn(ctx, messages().pendingNotSaved(sanitizeInline(String(error))));
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
				pi.appendEntry(PENDING_ENTRY_TYPE, substituteRecord(p.id, p.callId, text));
			} catch {
				// Unsaved, it still holds in this process; the next start makes the same text from the same records.
			}
		}
	}
	pi.on("context", async (event) => {
		if (substitutes.size === 0) return undefined;
		const { answerOrphanCalls } = await import("../tool/orphan-calls.ts");
		const messages = answerOrphanCalls(event.messages, TOOL_NAME, (callId) => substitutes.get(callId));
		return messages === event.messages ? undefined : { messages: [...messages] };
	});
	// Attached while a session of this instance runs: a reload makes a new instance, and the old one lets go.
	const flushOnExit = () => store.flush();
	pi.on("session_start", () => {
		process.off("exit", flushOnExit);
		process.on("exit", flushOnExit);
	});
	pi.on("session_shutdown", () => {
		store.flush();
		process.off("exit", flushOnExit);
		ctx = undefined;
	});
	return store;
}

function sessionFileOf(ctx: ExtensionContext | undefined): string | undefined {
	try {
		return ctx?.sessionManager.getSessionFile();
	} catch {
		return undefined;
	}
}
