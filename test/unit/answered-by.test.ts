/**
 * Who answered (protocol/answered-by.ts), as the model reads it: a table of who × host × outcome with the
 * words written out by hand. "User" is said for the person only — in this Pi's UI, through a client they
 * paired, or in the Pi above; an extension is named and said not to be the user; a timeout never reads as
 * an answer, here or relayed, whatever `onTimeout` says. Plus where each host sets it, and the relayed
 * timeout through the serving side's ending rule and the asking side's reading of the reply.
 */
import { describe, expect, it } from "vitest";
import { endingOf } from "../../src/pending/ending.ts";
import type { AnsweredBy } from "../../src/protocol/answered-by.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { type Answer, finishedResult, type HostKind, type QuestionnaireResult } from "../../src/protocol/result.ts";
import type { RelayReply } from "../../src/relay/protocol.ts";
import { replyOfResult, resultOfReply } from "../../src/relay/reply.ts";
import { CACHE_QUESTION } from "../support/questions.ts";

const FORM: Questionnaire = { questions: [CACHE_QUESTION] };
const Q = [CACHE_QUESTION.question];
const REDIS: Answer = { questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "Redis" };

const PERSON: AnsweredBy = { kind: "person" };
const CLIENT: AnsweredBy = { kind: "client", name: "pi-ask on pts/3" };
const EXTENSION: AnsweredBy = { kind: "extension", name: "phone-bridge" };
const TIMEOUT: AnsweredBy = { kind: "timeout" };

function made(outcome: "answered" | "declined" | "timed_out", host: HostKind, by: AnsweredBy): QuestionnaireResult {
	const ending = outcome === "answered" ? "submitted" : outcome;
	const result = finishedResult(host, 1, ending, { answers: outcome === "answered" ? [REDIS] : [] });
	return { ...result, answeredBy: by };
}

const ANSWER = '"Where should the API client cache responses?" = "Redis". Continue with these answers.';

describe("what the model reads, by who answered, host and outcome", () => {
	it.each([
		[PERSON, "tui", "answered", `User answered: ${ANSWER}`],
		[PERSON, "rpc", "answered", `User answered: ${ANSWER}`],
		[PERSON, "relay", "answered", `User answered: ${ANSWER}`],
		[CLIENT, "programmatic", "answered", `User (through "pi-ask on pts/3", a client they paired) answered: ${ANSWER}`],
		[CLIENT, "relay", "answered", `User (through "pi-ask on pts/3", a client they paired) answered: ${ANSWER}`],
		[EXTENSION, "programmatic", "answered", `Extension "phone-bridge" (not the user) answered: ${ANSWER}`],
		[EXTENSION, "relay", "answered", `Extension "phone-bridge" (not the user) answered: ${ANSWER}`],
		[
			PERSON,
			"tui",
			"declined",
			"User declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.",
		],
		[
			CLIENT,
			"programmatic",
			"declined",
			'User (through "pi-ask on pts/3", a client they paired) declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.',
		],
		[
			EXTENSION,
			"programmatic",
			"declined",
			'Extension "phone-bridge" (not the user) declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.',
		],
		[
			TIMEOUT,
			"tui",
			"timed_out",
			"The questionnaire timed out before the user answered; they may be away. Do not assume answers: continue with work that does not depend on them, or ask again later.",
		],
		[
			TIMEOUT,
			"programmatic",
			"timed_out",
			"The questionnaire timed out before the user answered; they may be away. Do not assume answers: continue with work that does not depend on them, or ask again later.",
		],
		[
			TIMEOUT,
			"relay",
			"timed_out",
			"The questionnaire timed out before the user answered; they may be away. Do not assume answers: continue with work that does not depend on them, or ask again later.",
		],
	] as const)("%j on %s, %s", (by, host, outcome, text) => {
		expect(resultText(made(outcome, host, by), Q)).toBe(text);
	});

	it("put aside by an extension (`later` on the bus): never read as the user's choice; by a paired client, it is", () => {
		const aside = (by: AnsweredBy) =>
			resultText({ ...finishedResult("tui", 1, "deferred", { answers: [] }), answeredBy: by }, Q);
		expect(aside(EXTENSION)).toBe(
			'Extension "phone-bridge" (not the user) put the questionnaire aside; it stays pending for the user: do not assume answers, continue with work that does not depend on them and do not ask the same questions again meanwhile; the answers will arrive as a message.',
		);
		expect(aside(EXTENSION)).not.toContain("The user will answer later");
		expect(aside({ kind: "client", name: "Pixel 7 via pi-ask on pts/3" })).toContain("The user will answer later");
		expect(aside(PERSON)).toContain("The user will answer later");
	});

	it("an answer that says nothing of who gave it (an older record) is the person's on our hosts, never on the bus", () => {
		const { answeredBy: _, ...old } = made("answered", "tui", PERSON);
		expect(resultText(old, Q)).toBe(`User answered: ${ANSWER}`);
		const { answeredBy: __, ...bus } = made("answered", "programmatic", EXTENSION);
		expect(resultText(bus, Q)).toBe(`An extension that gave no name (not the user) answered: ${ANSWER}`);
	});
});

describe("where each host sets it", () => {
	it("this Pi's own UI: the person; the timeout: nobody; an interruption: nobody answered", () => {
		expect(finishedResult("tui", 1, "submitted", { answers: [REDIS] }).answeredBy).toEqual(PERSON);
		expect(finishedResult("rpc", 1, "declined", { answers: [] }).answeredBy).toEqual(PERSON);
		expect(finishedResult("tui", 1, "deferred", { answers: [] }).answeredBy).toEqual(PERSON);
		expect(finishedResult("tui", 1, "timed_out", { answers: [] }).answeredBy).toEqual(TIMEOUT);
		expect(finishedResult("programmatic", 1, "timed_out", { answers: [] }).answeredBy).toEqual(TIMEOUT);
		expect(finishedResult("tui", 1, "interrupted", { answers: [] }).answeredBy).toBeUndefined();
		// The bus and the relay say it themselves.
		expect(finishedResult("programmatic", 1, "submitted", { answers: [REDIS] }).answeredBy).toBeUndefined();
		expect(finishedResult("relay", 1, "submitted", { answers: [REDIS] }).answeredBy).toBeUndefined();
	});
});

describe("a relayed questionnaire whose time ran out above", () => {
	/** The serving Pi's final result (the rule present.ts applies), as the asking Pi reads it back. */
	const relayed = (onTimeout: "close" | "defer" | undefined): QuestionnaireResult => {
		const timedOut = finishedResult("tui", 1, "timed_out", { answers: [] });
		const above = endingOf(timedOut, { origin: "relayed", onTimeout, id: "q_up" }).result;
		const wire: RelayReply = JSON.parse(JSON.stringify(replyOfResult(FORM.questions, above)));
		return resultOfReply(wire, FORM);
	};

	it.each([["close"], [undefined]] as const)("onTimeout %s: the child's model reads a timeout", (onTimeout) => {
		const result = relayed(onTimeout);
		expect(result).toMatchObject({ outcome: "timed_out", host: "relay", answeredBy: TIMEOUT });
		expect(resultText(result, Q)).toBe(
			"The questionnaire timed out before the user answered; they may be away. Do not assume answers: continue with work that does not depend on them, or ask again later.",
		);
	});

	it('onTimeout "defer": pending above, and the child\'s model reads that the time ran out, not that the user put it aside', () => {
		const result = relayed("defer");
		expect(result).toMatchObject({ outcome: "deferred", host: "relay", timedOut: true, answeredBy: TIMEOUT });
		const text = resultText(result, Q);
		expect(text).toBe(
			'The time to answer ran out before the user answered (they may be away); the questions stay pending in the Pi session that started you (questionnaire "q_up"): if they answer, the answers will go to that session\'s agent, not to you. Do not assume answers: continue with work that does not depend on them, and report the open questions in your final answer.',
		);
		expect(text).not.toContain("put these questions aside");
	});
});
