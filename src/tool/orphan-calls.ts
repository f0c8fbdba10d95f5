/**
 * A questionnaire whose call never returned — Pi died while it was open: a closed terminal window, SIGKILL, a
 * crash — has no tool result in the session, and Pi's provider layer hands the model "No result provided" for
 * that call. A model reading that asks the same questions again. In the context the model reads, such a call
 * gets instead the result it would have had if cut short: the answers so far, and that the questionnaire
 * stays pending and its answers will arrive as a message. The text is made once, when the next session
 * start finds the call without a result, and recorded (`substitute`): from then on the model reads that same
 * text for the call in every request, after any restart, however the questionnaire was answered since — the
 * history it read never changes.
 * Imports nothing from Pi or the terminal: Pi's messages are read structurally and only ours are added.
 */

import type { PendingQuestionnaire } from "../pending/registry.ts";
import { DEFAULT_LIMITS, type TextLimits } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import { restoredAnswers } from "../state/restore.ts";
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
export function orphanResultText(pending: PendingQuestionnaire, limits: TextLimits = DEFAULT_LIMITS): string {
	const questions = pending.questionnaire.questions;
	const given = restoredAnswers(questions, pending.progress);
	const result = buildResult(given, { questions, host: "tui" }, "interrupted");
	return resultText(
		{ ...result, pendingId: pending.id },
		questions.map((q) => q.question),
		limits,
	);
}

/** The ids of `toolName` calls in `messages` that have no result. */
export function callsWithoutResult(messages: readonly unknown[], toolName: string): Set<string> {
	const answered = new Set(messages.flatMap((m) => (isToolResult(m) ? [m.toolCallId] : [])));
	return new Set(messages.flatMap((m) => askCalls(m, toolName)).filter((id) => !answered.has(id)));
}

/**
 * `messages` with a result after each `toolName` call that has none and for which `substituteFor` has the
 * text; the same array when there is none.
 */
export function answerOrphanCalls<M>(
	messages: readonly M[],
	toolName: string,
	substituteFor: (callId: string) => string | undefined,
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
			const text = answered.has(id) ? undefined : substituteFor(id);
			if (text === undefined) continue;
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
