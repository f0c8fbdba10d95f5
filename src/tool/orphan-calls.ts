/**
 * A questionnaire whose call never returned — Pi died while it was open: a closed terminal window, SIGKILL, a
 * crash — has no tool result in the session, and Pi's provider layer hands the model "No result provided" for
 * that call. A model reading that asks the same questions again. In the context the model reads, such a call
 * gets instead the result it would have had if cut short: the answers so far, and that the questionnaire
 * stays pending and its answers will arrive as a message. The session is not changed.
 * Imports nothing from Pi or the terminal: Pi's messages are read structurally and only ours are added.
 */

import type { PendingQuestionnaire } from "../pending/registry.ts";
import { DEFAULT_LIMITS, type TextLimits } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import { restoredState } from "../state/restore.ts";
import { buildResult } from "../state/result.ts";
import { isRecord } from "../util/records.ts";

/** The tool result a pending questionnaire's orphaned call reads as, in Pi's message shape. */
interface OrphanResult {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: { type: "text"; text: string }[];
	isError: false;
	timestamp: number;
}

/** What the model reads for the cut-short call of `pending`: word for word an interrupted call's result. */
function orphanResultText(pending: PendingQuestionnaire, limits: TextLimits = DEFAULT_LIMITS): string {
	const questions = pending.questionnaire.questions;
	const state = restoredState(questions, pending.progress);
	const result = buildResult(state, { questions, host: "tui" }, "interrupted");
	return resultText(
		{ ...result, pendingId: pending.id },
		questions.map((q) => q.question),
		limits,
	);
}

/**
 * `messages` with a result after each `toolName` call that has none and whose questionnaire `pendingFor` finds
 * pending; the same array when there is none.
 */
export function answerOrphanCalls<M>(
	messages: readonly M[],
	toolName: string,
	pendingFor: (callId: string) => PendingQuestionnaire | undefined,
	limits?: TextLimits,
): readonly M[] {
	const answered = new Set(messages.flatMap((m) => (isToolResult(m) ? [m.toolCallId] : [])));
	const out: M[] = [];
	let added: OrphanResult[] = [];
	const flush = () => {
		out.push(...(added as M[]));
		added = [];
	};
	for (const message of messages) {
		// The results go after the calls' own results, before whatever comes next.
		if (!isToolResult(message)) flush();
		out.push(message);
		for (const id of askCalls(message, toolName)) {
			const pending = answered.has(id) ? undefined : pendingFor(id);
			if (pending === undefined) continue;
			const text = orphanResultText(pending, limits);
			const timestamp = isRecord(message) && typeof message.timestamp === "number" ? message.timestamp : 0;
			added.push({
				role: "toolResult",
				toolCallId: id,
				toolName,
				content: [{ type: "text", text }],
				isError: false,
				timestamp,
			});
			answered.add(id);
		}
	}
	if (out.length === messages.length && added.length === 0) return messages;
	flush();
	return out;
}

function isToolResult(message: unknown): message is { toolCallId: string } {
	return isRecord(message) && message.role === "toolResult" && typeof message.toolCallId === "string";
}

/** The ids of an assistant message's calls of `toolName`. */
function askCalls(message: unknown, toolName: string): string[] {
	if (!isRecord(message) || message.role !== "assistant" || !Array.isArray(message.content)) return [];
	return message.content.flatMap((part: unknown) =>
		isRecord(part) && part.type === "toolCall" && part.name === toolName && typeof part.id === "string"
			? [part.id]
			: [],
	);
}
