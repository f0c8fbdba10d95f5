/**
 * The asking side (src/relay/ask.ts, reply.ts) against a real relay server: every end is defined and none
 * hangs — the answer (read back against the asker's own questions: a reply that does not fit is refused),
 * the asker aborted (the ask above is cancelled at once), the Pi above gone while it waits
 * (`relay_closed` within milliseconds), the relay unreachable or refusing (`relay_unavailable`) — and the
 * model's text for each, relayed Answer later included.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import { askThroughRelay } from "../../src/relay/ask.ts";
import type { RelayReply } from "../../src/relay/protocol.ts";
import { resultOfReply } from "../../src/relay/reply.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

const questionnaire = { questions: [CACHE_QUESTION, PLATFORM_QUESTION] };
const questions = questionnaire.questions.map((q) => q.question);
const FROM = { cwd: "/w", depth: 1 };

let server: RelayServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** A server whose asks are answered by `answer` (with the ask's signal). */
async function serve(answer: (signal: AbortSignal) => Promise<RelayReply>): Promise<RelayServer> {
	server = await startRelayServer({
		ask: (_request, signal, accepted) => {
			accepted("q_above");
			return answer(signal);
		},
		list: () => [],
		answer: async () => ({ ok: false, code: "not_found", message: "" }),
		pairedClient: () => undefined,
		showPairingCode: () => false,
		pair: () => "",
	});
	return server;
}

const endpoint = (s: RelayServer) => ({ socket: s.socketPath, token: s.askToken });

/** The wire form (relay v3): what was given by option index and typed text, never labels. */
const ANSWERED_ABOVE = {
	outcome: "answered",
	answeredBy: { kind: "person" },
	answers: [
		{ question: 0, options: [1] },
		{ question: 1, options: [0], text: "BSD" },
	],
	globalNote: "ship it",
};

describe("asking through the relay", () => {
	it("returns the answer exactly as if given here, with host relay", async () => {
		const s = await serve(async () => ({ ok: true, result: ANSWERED_ABOVE }));
		const result = await askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "relay",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "SQLite file" },
				{
					questionIndex: 1,
					question: PLATFORM_QUESTION.question,
					kind: "multi",
					answer: ["Linux", "BSD"],
					custom: "BSD",
				},
			],
			globalNote: "ship it",
		});
		expect(resultText(result, questions)).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". "Which platforms must the first release support?" = ["Linux"] plus typed "BSD". Overall note: "ship it". Continue with these answers.',
		);
	});

	it("the asker aborted: the ask above is cancelled at once, and the call ends interrupted", async () => {
		let aboveSignal: AbortSignal | undefined;
		const s = await serve(
			(signal) =>
				new Promise((resolve) => {
					aboveSignal = signal;
					signal.addEventListener("abort", () => resolve({ ok: true, result: { outcome: "interrupted" } }));
				}),
		);
		const abort = new AbortController();
		const asking = askThroughRelay(endpoint(s), questionnaire, FROM, abort.signal);
		while (aboveSignal === undefined) await new Promise((r) => setTimeout(r, 5));
		abort.abort();
		expect(await asking).toMatchObject({ outcome: "interrupted", host: "relay", answers: [] });
		const deadline = Date.now() + 2_000;
		while (!aboveSignal.aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
		expect(aboveSignal.aborted).toBe(true);
	});

	it("the Pi above gone while it waits: relay_closed at once, with words for the model", async () => {
		const s = await serve(() => new Promise(() => {}));
		const asking = askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		await new Promise((r) => setTimeout(r, 30));
		const started = Date.now();
		// A crash: the kernel closes the socket; here every connection is destroyed.
		void s.close();
		const result = await asking;
		expect(Date.now() - started).toBeLessThan(1_500);
		expect(result).toMatchObject({ outcome: "not_shown", host: "relay", error: { code: "relay_closed" } });
		expect(resultText(result, questions)).toMatch(
			/^The questions were not shown to the user \(relay_closed: .*\)\. This is not a refusal, but nobody can answer them now: proceed without these answers where that is safe, or stop and report the open questions in your final answer\.$/,
		);
	});

	it("nobody listening, or a wrong secret: relay_unavailable, never a hang", async () => {
		const s = await serve(async () => ({ ok: true, result: ANSWERED_ABOVE }));
		const wrong = await askThroughRelay({ socket: s.socketPath, token: "wrong" }, questionnaire, FROM, undefined);
		expect(wrong.error).toMatchObject({ code: "relay_unavailable" });
		expect(wrong.error?.message).toContain("unauthorized");
		const none = await askThroughRelay({ socket: `${s.socketPath}.gone`, token: "x" }, questionnaire, FROM, undefined);
		expect(none.error).toMatchObject({ code: "relay_unavailable" });
	});

	it("a reply that does not fit these questions is refused, not patched up", async () => {
		const s = await serve(async () => ({
			ok: true,
			result: { ...ANSWERED_ABOVE, answers: [{ questionIndex: 0, question: "x", kind: "option", answer: "Postgres" }] },
		}));
		const result = await askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		expect(result.error).toMatchObject({ code: "relay_unavailable" });
		expect(result.error?.message).toContain("does not fit the questions");
	});

	it("the Pi above could not show them (not_shown there): relay_unavailable naming why", async () => {
		const s = await serve(async () => ({
			ok: true,
			result: { outcome: "not_shown", error: { code: "session_load_failed", message: "UI failed" } },
		}));
		const result = await askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		expect(result.error?.message).toContain("UI failed");
	});

	it("questions the Pi above refuses come back as invalid_questions with their problems", async () => {
		const s = await serve(async () => ({
			ok: false,
			code: "invalid_questions",
			message: "The questionnaire arguments are invalid.",
			problems: [{ path: "questions[0].header", message: "empty" }],
		}));
		const result = await askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		expect(result.error).toEqual({
			code: "invalid_questions",
			message: "The questionnaire arguments are invalid.",
			problems: [{ path: "questions[0].header", message: "empty" }],
		});
	});

	it("Answer later above: the model is told the answers go to the agent that started it", async () => {
		const s = await serve(async () => ({
			ok: true,
			result: { outcome: "deferred", cancelled: false, host: "tui", answers: [], relayedId: "q_above" },
		}));
		const result = await askThroughRelay(endpoint(s), questionnaire, FROM, undefined);
		expect(result).toMatchObject({ outcome: "deferred", host: "relay", relayedId: "q_above" });
		expect(result.pendingId).toBeUndefined();
		expect(resultText(result, questions)).toBe(
			'The user put these questions aside to answer later in the Pi session that started you (questionnaire "q_above"): the answers will go to that session\'s agent, not to you. Do not assume answers: continue with work that does not depend on them, and report the open questions in your final answer.',
		);
	});
});

describe("reading the answer relayed back", () => {
	const read = (value: unknown) => resultOfReply({ ok: true, result: value }, questionnaire);
	const base = { outcome: "partial", cancelled: false, host: "tui" };

	it("rebuilds from the asker's own questions: labels, question texts and previews are its own", () => {
		const result = read({
			...base,
			answers: [
				{ question: 0, options: [2], label: "forged", question_text: "a forged question", preview: "forged" },
				{ question: 1, note: "later" },
			],
		});
		expect(result.answers[0]).toEqual({
			questionIndex: 0,
			question: CACHE_QUESTION.question,
			kind: "option",
			answer: "Redis",
		});
		expect(result.questionNotes).toEqual([{ questionIndex: 1, question: PLATFORM_QUESTION.question, notes: "later" }]);
		expect(result.unanswered).toEqual([1]);
	});

	it.each([
		["not an object", "answered"],
		["an unknown outcome", { ...base, outcome: "exploded", answers: [] }],
		["answers not a list", { ...base, answers: "all" }],
		["a question index out of range", { ...base, answers: [{ question: 5, text: "x" }] }],
		["a question answered twice", { ...base, answers: [0, 0].map((question) => ({ question, text: "x" })) }],
		["an option that is not one", { ...base, answers: [{ question: 0, options: [3] }] }],
		["a label that is not one", { ...base, answers: [{ question: 0, options: ["Postgres"] }] }],
		["two options on a single-select", { ...base, answers: [{ question: 0, options: [0, 1] }] }],
		["an option and text on a single-select", { ...base, answers: [{ question: 0, options: [0], text: "x" }] }],
		["typed text that is not text", { ...base, answers: [{ question: 0, text: 5 }] }],
		["answered claimed with questions left", { ...base, outcome: "answered", answers: [] }],
		["a note that is not text", { ...base, answers: [{ question: 0, text: "x", note: 5 }] }],
		["17 answers", { ...base, answers: Array.from({ length: 17 }, () => ({})) }],
	])("refuses %s", (_what, value) => {
		expect(read(value)).toEqual({
			outcome: "not_shown",
			cancelled: false,
			host: "relay",
			answers: [],
			error: {
				code: "relay_unavailable",
				message:
					"The questions were not relayed: the Pi session that started this one sent an answer that does not fit the questions.",
			},
		});
	});

	it("keeps who answered (capped) and drafts for outcomes that keep them", () => {
		const byExtension = read({
			outcome: "declined",
			answers: [],
			answeredBy: { kind: "extension", name: "b".repeat(500) },
		});
		expect(byExtension?.answeredBy).toEqual({ kind: "extension", name: "b".repeat(100) });
		// An older Pi above wrote a bare name for an extension, and nothing for the person.
		expect(read({ outcome: "declined", answers: [], answeredBy: "phone" })?.answeredBy).toEqual({
			kind: "extension",
			name: "phone",
		});
		expect(read({ outcome: "declined", answers: [] })?.answeredBy).toEqual({ kind: "person" });
		// Nobody answers a timeout, whatever the reply claims.
		expect(read({ outcome: "timed_out", answers: [], answeredBy: { kind: "person" } })?.answeredBy).toEqual({
			kind: "timeout",
		});
		const result = read({
			outcome: "interrupted",
			answeredBy: { kind: "person" },
			answers: [{ question: 0, draft: "half typed" }],
		});
		expect(result).toMatchObject({ outcome: "interrupted", host: "relay", cancelled: true });
		expect(result?.answeredBy).toBeUndefined();
		expect(result?.drafts).toEqual([{ questionIndex: 0, question: CACHE_QUESTION.question, text: "half typed" }]);
	});
});

describe("relayed questions cut short above", () => {
	it("tell the model nobody will answer them now, keeping what was given", () => {
		const bare = resultOfReply({ ok: true, result: { outcome: "interrupted", answers: [] } }, questionnaire);
		expect(resultText(bare, questions)).toBe(
			"The Pi session that showed the questions stopped asking them before the user answered. This is not a refusal, but nobody can answer them now: proceed without these answers where that is safe, or stop and report the open questions in your final answer.",
		);
		const some = resultOfReply(
			{
				ok: true,
				result: { outcome: "interrupted", answers: [{ question: 0, options: [2] }] },
			},
			questionnaire,
		);
		expect(resultText(some, questions)).toBe(
			'The Pi session that showed the questions stopped asking them before the user submitted them. Answers given so far: "Where should the API client cache responses?" = "Redis". Unanswered: "Which platforms must the first release support?". This is not a refusal, but nobody can answer them now: proceed without these answers where that is safe, or stop and report the open questions in your final answer.',
		);
	});
});
