/**
 * The questions of an ask_user_question call, read back from its arguments where Pi keeps them: the
 * assistant message of the session branch that made the call. Read the way the call read them (our repair
 * of the shapes models send, then validation), so the `asked` record can name the call instead of copying
 * questions that may carry megabytes of previews (pending/records.ts). Pi's session entries are read
 * structurally: anything that is not plainly a call of ours is passed over.
 */
import type { Questionnaire } from "../protocol/questions.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { TOOL_NAME } from "../tool/guidance.ts";
import { repairArguments } from "../tool/repair-arguments.ts";
import { isRecord } from "../util/records.ts";

/** The arguments of every ask_user_question call in `entries` (a session branch), by call id. */
export function askCallArguments(entries: readonly unknown[]): Map<string, unknown> {
	const calls = new Map<string, unknown>();
	for (const entry of entries) for (const [id, args] of callsIn(entry)) if (!calls.has(id)) calls.set(id, args);
	return calls;
}

/** The arguments of call `callId` in `entries`, searched from the newest entry (where a running call is). */
export function argumentsOfCall(entries: readonly unknown[], callId: string): unknown {
	for (let i = entries.length - 1; i >= 0; i--)
		for (const [id, args] of callsIn(entries[i])) if (id === callId) return args;
	return undefined;
}

/** The questionnaire `args` hold, as the tool reads them; undefined when they do not validate. */
export function questionsOfArguments(args: unknown): Questionnaire | undefined {
	if (args === undefined) return undefined;
	const validation = validateQuestionnaire(repairArguments(args));
	return validation.ok ? validation.questionnaire : undefined;
}

/** True when `a` and `b` are the same plain JSON value (strings compared by content). */
export function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
	if (!isRecord(a) || !isRecord(b) || Array.isArray(b)) return false;
	const keys = Object.keys(a).filter((key) => a[key] !== undefined);
	const other = Object.keys(b).filter((key) => b[key] !== undefined);
	return keys.length === other.length && keys.every((key) => sameJson(a[key], b[key]));
}

/** [call id, arguments] of each ask_user_question call in one session entry. */
function callsIn(entry: unknown): [string, unknown][] {
	if (!isRecord(entry) || entry.type !== "message" || !isRecord(entry.message)) return [];
	const { role, content } = entry.message;
	if (role !== "assistant" || !Array.isArray(content)) return [];
	const calls: [string, unknown][] = [];
	for (const part of content)
		if (isRecord(part) && part.type === "toolCall" && part.name === TOOL_NAME && typeof part.id === "string")
			calls.push([part.id, part.arguments]);
	return calls;
}
