/**
 * The relay's wire protocol, version 3 (docs/relay-protocol.md is its reference): JSON objects, one per
 * line (UTF-8, ended by "\n"), over a private local stream socket. Every message carries `v` and `type`;
 * requests carry an `id` the reply echoes. A client first sends `hello` with its secret; the secret decides
 * what it may do (`ask` with the secret Pi hands the processes it starts; `list` and `answer` with the
 * credential of a client the person paired), or `hello` asking to pair (pairing.ts). Anything malformed
 * gets a clear `error` naming what is wrong, and the errors in {@link FATAL_ERRORS} also end the connection.
 * Pure: message types, parsing and encoding (limits.ts has the limits, lines.ts the framing). No sockets,
 * no Pi, no terminal.
 */
import { type AnsweredBy, checkAnswererName } from "../protocol/answered-by.ts";
import { type Origin, readOrigin } from "../protocol/origin.ts";
import type { WireAnswer } from "../protocol/read-answer.ts";
import type { ErrorCode, Outcome } from "../protocol/result.ts";
import { isRecord } from "../util/records.ts";
import { RELAY_LIMITS } from "./limits.ts";

/**
 * The protocol version this code speaks; a message with another `v` is refused, naming both. Version 3: a
 * relayed ask's `result` carries the answer model (option indexes, typed text), no longer display labels.
 */
export const RELAY_PROTOCOL_VERSION = 3;

/** What a secret allows. */
export type Capability = "ask" | "list" | "answer" | "pair";

const CAPABILITIES: ReadonlySet<string> = new Set<Capability>(["ask", "list", "answer", "pair"]);

/** Every error code (docs/relay-protocol.md says what each means). */
export type RelayErrorCode =
	| "malformed"
	| "too_large"
	| "unsupported_version"
	| "unauthorized"
	| "timeout"
	| "busy"
	| "forbidden"
	| "unknown_type"
	| "invalid_request"
	| "duplicate_id"
	| "invalid_questions"
	| "not_found"
	| "rejected"
	| "unavailable";

/** Errors after which the server closes the connection: the peer cannot be understood or trusted. */
export const FATAL_ERRORS: ReadonlySet<RelayErrorCode> = new Set([
	"malformed",
	"too_large",
	"unsupported_version",
	"unauthorized",
	"timeout",
]);

/** A problem with a request, located by a path (as the tool reports invalid arguments). */
export interface WireProblem {
	path: string;
	message: string;
}

/**
 * An answer to one questionnaire, as the in-process answer channel takes it (tool/answer-channel.ts). Who
 * answers is not a field: it is the paired client's name, fixed when the person paired it.
 */
export interface AnswerFields {
	answers?: unknown;
	decline?: unknown;
	globalNote?: unknown;
	/** The device a paired client answers for (pi-ask serve's phone): answers carry "<device> via <client>". */
	device?: string;
	/** Puts the questionnaire aside instead (the TUI's Answer later): it stays pending; no answers with it. */
	later?: true;
}

/** How a relayed ask ended, as its `result` carries it: what was given in the answer model's wire form. */
export interface RelayedEnding extends WireAnswer {
	outcome: Outcome;
	answeredBy?: AnsweredBy;
	timedOut?: true;
	/** Answer later: its id in the serving Pi, where it stays pending. */
	relayedId?: string;
	error?: { code: ErrorCode; message: string };
}

/** The outcome of one request, as the serving side makes it: what the reply carries, or its error. */
export type RelayReply =
	| { ok: true; result: unknown }
	| { ok: false; code: RelayErrorCode; message: string; problems?: WireProblem[] };

/** What a client sends. */
export type ClientMessage =
	| { type: "hello"; token: string; client?: string }
	| { type: "hello"; pair: true; client?: string }
	| { type: "pair"; id: string; name: string }
	| { type: "pair_code"; id: string; code: string }
	| { type: "ask"; id: string; questions: unknown; from: Origin }
	| { type: "cancel"; id: string }
	| { type: "list"; id: string }
	| ({ type: "answer"; id: string; questionnaire: string } & AnswerFields);

/** One waiting questionnaire, as `list` reports it. */
export interface ListedQuestionnaire {
	/** Its id in the serving Pi's session (`q_…`): what `answer` names. */
	id: string;
	/** open: a tool call (or a relayed ask) waits for it, on screen or for its turn; pending: put aside or cut short. */
	state: "open" | "pending";
	/** Epoch ms. */
	askedAt: number;
	callId?: string;
	/** Who asked, when it was relayed from a Pi below. */
	from?: Origin;
	questions: unknown[];
}

/** What a server sends. */
export type ServerMessage =
	| { type: "welcome"; can: Capability[]; server: string }
	| { type: "asked"; id: string; questionnaire: string }
	| { type: "result"; id: string; result: unknown }
	| { type: "questionnaires"; id: string; questionnaires: ListedQuestionnaire[] }
	| { type: "answered"; id: string; result: unknown }
	/** The code is on Pi's screen now: ask the person for it. */
	| { type: "pairing"; id: string; tries: number; expiresInMs: number }
	/** The credential to keep (shown once), and the name answers will carry. */
	| { type: "paired"; id: string; credential: string; name: string }
	| { type: "error"; id?: string; code: RelayErrorCode; message: string; problems?: WireProblem[] };

/** The request types and the capability each needs. */
export const NEEDS: Readonly<Record<Exclude<ClientMessage["type"], "hello">, Capability>> = {
	ask: "ask",
	cancel: "ask",
	list: "list",
	answer: "answer",
	pair: "pair",
	pair_code: "pair",
};

/** Why a line could not be read: the error to send back (with the request id when one could be read). */
type Unreadable = { ok: false; code: RelayErrorCode; message: string; id?: string };

/** A line read: the message, or why not. */
export type Parsed<T> = { ok: true; message: T } | Unreadable;

/** One line as a JSON object of this version; `v` and `type` checked. */
function readEnvelope(line: string): { ok: true; value: Record<string, unknown> } | Unreadable {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		// Not JSON: refused below, as any line that is not an object.
	}
	if (!isRecord(value)) return { ok: false, code: "malformed", message: "each line must be one JSON object" };
	if (value.v !== RELAY_PROTOCOL_VERSION)
		return {
			ok: false,
			code: "unsupported_version",
			message: `unsupported protocol version ${JSON.stringify(value.v ?? null)}: this relay speaks v ${RELAY_PROTOCOL_VERSION}`,
		};
	if (typeof value.type !== "string") return { ok: false, code: "malformed", message: "type: must be a string" };
	return { ok: true, value };
}

/** Parses a client's line. Never throws. */
export function parseClientMessage(line: string): Parsed<ClientMessage> {
	const read = readEnvelope(line);
	if (!read.ok) return read;
	const m = read.value;
	if (m.type === "hello") {
		const client = typeof m.client === "string" ? { client: m.client.slice(0, 100) } : {};
		if (m.pair === true && m.token === undefined)
			return { ok: true, message: { type: "hello", pair: true, ...client } };
		if (typeof m.token !== "string" || m.token === "" || m.token.length > 256)
			return { ok: false, code: "malformed", message: "hello.token: must be the secret, a string (or pair: true)" };
		return { ok: true, message: { type: "hello", token: m.token, ...client } };
	}
	const id = m.id;
	if (typeof id !== "string" || id === "" || id.length > RELAY_LIMITS.idLength)
		return {
			ok: false,
			code: "malformed",
			message: `id: must be a string of 1 to ${RELAY_LIMITS.idLength} characters`,
		};
	// The line was read and names its request: a field that does not fit is that request's error, not the peer's.
	const bad = (message: string): Parsed<ClientMessage> => ({ ok: false, code: "invalid_request", message, id });
	switch (m.type) {
		case "ask": {
			if (!Array.isArray(m.questions)) return bad("ask.questions: must be an array of questions");
			const from = readOrigin(m.from);
			if (!from.ok) return bad(`ask.from: ${from.problem}`);
			return { ok: true, message: { type: "ask", id, questions: m.questions, from: from.origin } };
		}
		case "cancel":
		case "list":
			return { ok: true, message: { type: m.type, id } };
		case "answer": {
			const questionnaire = m.questionnaire;
			if (typeof questionnaire !== "string" || questionnaire === "" || questionnaire.length > 512)
				return bad("answer.questionnaire: must be the id of a listed questionnaire");
			if (m.by !== undefined)
				return bad("answer.by: not a field since version 2: answers carry the name the client was paired under");
			const { answers, decline, globalNote } = m;
			const device = m.device === undefined ? undefined : checkAnswererName(m.device, "answer.device");
			if (device?.ok === false) return bad(device.problem);
			const named = device?.ok ? { device: device.name } : {};
			if (m.later !== undefined && m.later !== true) return bad("answer.later: must be true, or left out");
			const later = m.later === true ? { later: true as const } : {};
			const fields = { answers, decline, globalNote, ...named, ...later };
			return { ok: true, message: { type: "answer", id, questionnaire, ...fields } };
		}
		case "pair":
			return typeof m.name === "string" && m.name.length <= 1000
				? { ok: true, message: { type: "pair", id, name: m.name } }
				: bad("pair.name: must be a string naming this client (shown to the person with the code)");
		case "pair_code":
			return typeof m.code === "string" && m.code.length <= 32
				? { ok: true, message: { type: "pair_code", id, code: m.code } }
				: bad("pair_code.code: must be the code Pi shows, a string");
		default:
			return { ok: false, code: "unknown_type", message: `unknown message type ${JSON.stringify(m.type)}`, id };
	}
}

/** Parses a server's line (what a client reads). Never throws. */
export function parseServerMessage(line: string): Parsed<ServerMessage> {
	const read = readEnvelope(line);
	if (!read.ok) return read;
	const m = read.value;
	const id = typeof m.id === "string" ? m.id : undefined;
	switch (m.type) {
		case "welcome":
			return Array.isArray(m.can) && m.can.every((c: unknown) => typeof c === "string" && CAPABILITIES.has(c))
				? { ok: true, message: { type: "welcome", can: m.can as Capability[], server: String(m.server ?? "") } }
				: { ok: false, code: "malformed", message: "welcome.can: must list capabilities" };
		case "asked":
			return id !== undefined && typeof m.questionnaire === "string"
				? { ok: true, message: { type: "asked", id, questionnaire: m.questionnaire } }
				: { ok: false, code: "malformed", message: "asked: needs id and questionnaire" };
		case "result":
		case "answered":
			return id !== undefined && isRecord(m.result)
				? { ok: true, message: { type: m.type, id, result: m.result } }
				: { ok: false, code: "malformed", message: `${m.type}: needs id and result` };
		case "pairing":
			return id !== undefined && typeof m.tries === "number" && typeof m.expiresInMs === "number"
				? { ok: true, message: { type: "pairing", id, tries: m.tries, expiresInMs: m.expiresInMs } }
				: { ok: false, code: "malformed", message: "pairing: needs id, tries and expiresInMs" };
		case "paired":
			return id !== undefined && typeof m.credential === "string" && typeof m.name === "string"
				? { ok: true, message: { type: "paired", id, credential: m.credential, name: m.name } }
				: { ok: false, code: "malformed", message: "paired: needs id, credential and name" };
		case "questionnaires":
			return id !== undefined && Array.isArray(m.questionnaires)
				? {
						ok: true,
						message: { type: "questionnaires", id, questionnaires: m.questionnaires as ListedQuestionnaire[] },
					}
				: { ok: false, code: "malformed", message: "questionnaires: needs id and a list" };
		case "error": {
			const code = typeof m.code === "string" ? (m.code as RelayErrorCode) : "malformed";
			const problems = Array.isArray(m.problems) ? readProblems(m.problems) : undefined;
			const message = typeof m.message === "string" ? m.message : "";
			return { ok: true, message: errorMessage(code, message, id, problems) };
		}
		default:
			return { ok: false, code: "unknown_type", message: `unknown message type ${JSON.stringify(m.type)}` };
	}
}

function readProblems(list: unknown[]): WireProblem[] {
	return list
		.slice(0, 64)
		.filter(isRecord)
		.map((p) => ({ path: String(p.path ?? ""), message: String(p.message ?? "") }));
}

/** One message as its line (with `v` first, newline-terminated). */
export function encodeMessage(message: ClientMessage | ServerMessage): string {
	return `${JSON.stringify({ v: RELAY_PROTOCOL_VERSION, ...message })}\n`;
}

/** An error message; `id` when it answers a request. */
export function errorMessage(
	code: RelayErrorCode,
	message: string,
	id?: string,
	problems?: WireProblem[],
): ServerMessage {
	const error: ServerMessage = { type: "error", code, message };
	if (id !== undefined) error.id = id;
	if (problems !== undefined) error.problems = problems;
	return error;
}
