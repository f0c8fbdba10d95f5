/**
 * A scripted RPC client "user": a queue of expected dialogs, each answered by one action. A dialog
 * that does not match the next expectation, or that arrives after the script ran out, fails the
 * prompt with the dialog and the remaining script in the message. Rows are chosen by predicate.
 */
import type { UiHandler, UiRequest, UiResponse } from "./pi.ts";
import { option } from "./questions.ts";

/** One expected dialog and how to answer it. */
export interface UserAction {
	describe: string;
	method: UiRequest["method"];
	/** Optional check on the dialog's title. */
	title?: string | RegExp;
	/** When the dialog does not match, skip this action and try the next one. */
	optional?: boolean;
	answer(request: UiRequest): UiResponse;
}

/** Choose the select row satisfying `pick`. */
export function choose(pick: (row: string) => boolean, describe: string, title?: string | RegExp): UserAction {
	return {
		describe: `select ${describe}`,
		method: "select",
		title,
		answer: (request) => ({ value: option(request, pick, describe) }),
	};
}

/** Type `text` into an input. */
export function type(text: string, title?: string | RegExp): UserAction {
	return { describe: `input ${JSON.stringify(text)}`, method: "input", title, answer: () => ({ value: text }) };
}

/** Cancel a dialog of the given method (Escape in a real client). */
export function cancel(method: UiRequest["method"], title?: string | RegExp): UserAction {
	return { describe: `cancel ${method}`, method, title, answer: () => ({ cancelled: true }) };
}

/** Marks an action as optional: played only if the next dialog matches it. */
export function optional(action: UserAction): UserAction {
	return { ...action, optional: true, describe: `(optional) ${action.describe}` };
}

/** A handler that plays `actions` in order; `remaining()` tells what was not played. */
export interface ScriptedUser {
	handler: UiHandler;
	remaining(): string[];
	/** Every dialog seen, in order. */
	seen: UiRequest[];
}

/** Builds a scripted user. */
export function scriptedUser(actions: UserAction[]): ScriptedUser {
	const queue = [...actions];
	const seen: UiRequest[] = [];
	return {
		seen,
		remaining: () => queue.filter((a) => !a.optional).map((a) => a.describe),
		handler(request) {
			seen.push(request);
			const where = `dialog #${seen.length} ${request.method} ${JSON.stringify(request.title)} ${JSON.stringify(request.options ?? [])}`;
			while (queue[0]?.optional && !fits(queue[0], request)) queue.shift();
			const next = queue.shift();
			if (!next) throw new Error(`unexpected ${where}: the script is exhausted`);
			if (next.method !== request.method) throw new Error(`expected to ${next.describe}, got ${where}`);
			if (next.title !== undefined && !matches(request.title, next.title)) {
				throw new Error(`expected a title matching ${String(next.title)} to ${next.describe}, got ${where}`);
			}
			return next.answer(request);
		},
	};
}

function fits(action: UserAction, request: UiRequest): boolean {
	return action.method === request.method && (action.title === undefined || matches(request.title, action.title));
}

function matches(text: string, pattern: string | RegExp): boolean {
	return typeof pattern === "string" ? text.includes(pattern) : pattern.test(text);
}

/** A client that cancels every dialog of the listed methods and answers the rest with `otherwise`. */
export function cancelling(methods: UiRequest["method"][], otherwise?: UiHandler): UiHandler {
	return (request) => {
		if (methods.includes(request.method) || !otherwise) return { cancelled: true };
		return otherwise(request);
	};
}
