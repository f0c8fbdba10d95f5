/**
 * The late answer: the exact text the model reads (the tool result's wording after a line naming the
 * questionnaire by its time and tool call), the message details, and how it is handed to a (fake) Pi:
 * steer with a turn, watched until the model's context takes it in, appended again without a turn when
 * a stopped run dropped it, and never twice in the model's context.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { defaultMessages } from "../../src/i18n/messages.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import { installLateAnswers } from "../../src/pi/late-answer.ts";
import { queuedLine } from "../../src/pi/late-answer-queue.ts";
import { LATE_ANSWER_TYPE, lateAnswerId, RELAYED_TRACE_TYPE } from "../../src/protocol/late-answer.ts";
import { lateAnswerMessage } from "../../src/protocol/late-answer-text.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import { finishedResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";

const ASKED = Date.UTC(2026, 11, 4, 7, 12, 30);
const redis = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" } as const;
const pending: PendingQuestionnaire = {
	id: "q_1",
	callId: "call_1",
	askedAt: ASKED,
	questionnaire: { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] },
	progress: emptyProgress(2),
};
const answered = { ...finishedResult("tui", 2, "submitted", { answers: [redis] }), pendingId: "q_1" };

/** The text the model reads: the late-answer message's content. */
const lateAnswerText = (source: typeof pending, result: QuestionnaireResult) =>
	lateAnswerMessage(source, result).content;

/** How a late answer is handed to Pi: steered in, starting a turn (src/pi/late-answer.ts says why). */
const LATE_ANSWER_DELIVERY = { deliverAs: "steer", triggerTurn: true };

describe("the late answer's text", () => {
	it("is the tool result's wording after a line naming the questionnaire (UTC time, tool call id)", () => {
		expect(lateAnswerText(pending, answered)).toBe(
			'Late answer to the ask_user_question questionnaire asked at 2026-12-04 07:12 UTC (tool call "call_1"): User answered 1 of 2 questions: "Which cache?" = "Redis". Unanswered: "Which targets?". Do not assume answers to unanswered questions.',
		);
	});

	it("a decline from /answer (or a discard) tells the model not to assume answers", () => {
		const declined = finishedResult("tui", 2, "declined", { answers: [] });
		expect(lateAnswerText(pending, declined)).toBe(
			'Late answer to the ask_user_question questionnaire asked at 2026-12-04 07:12 UTC (tool call "call_1"): User declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.',
		);
	});

	it("an answer from another extension names it; never says the questionnaire is still pending", () => {
		const result = {
			...finishedResult("programmatic", 1, "submitted", { answers: [redis] }),
			answeredBy: { kind: "extension" as const, name: "phone" },
		};
		const text = lateAnswerText({ ...pending, questionnaire: { questions: [SMALL_CACHE_QUESTION] } }, result);
		expect(text).toBe(
			'Late answer to the ask_user_question questionnaire asked at 2026-12-04 07:12 UTC (tool call "call_1"): Extension "phone" (not the user) answered: "Which cache?" = "Redis". Continue with these answers.',
		);
		expect(lateAnswerText(pending, { ...answered, outcome: "interrupted" })).not.toContain("stays pending");
	});

	it("quotes a hostile tool call id; a time Date cannot hold reads as unknown", () => {
		expect(lateAnswerText({ ...pending, callId: 'x"\u202e' }, answered)).toContain('(tool call "x\\"\\u202e")');
		// Asked without a tool call (another extension's questionnaire): named by our id.
		expect(lateAnswerText({ ...pending, callId: undefined }, answered)).toContain('(questionnaire "q_1")');
		const askedAt = (time: number) => lateAnswerText({ ...pending, askedAt: time }, answered);
		expect(askedAt(Number.NaN)).toContain("questionnaire asked at an unknown time (tool call");
		expect(askedAt(1e20)).toContain("questionnaire asked at an unknown time (tool call");
		expect(askedAt(0)).toContain("questionnaire asked at 1970-01-01 00:00 UTC (tool call");
	});
});

describe("the late answer's message", () => {
	it("is displayed, of our type, and its details hold the id, the time, the question names and the result", () => {
		const message = lateAnswerMessage(pending, answered);
		expect(message).toMatchObject({ customType: LATE_ANSWER_TYPE, display: true });
		expect(message.content).toMatch(
			/^Late answer to the ask_user_question questionnaire asked at 2026-12-04 07:12 UTC /,
		);
		expect(message.details).toEqual({
			v: 1,
			id: "q_1",
			callId: "call_1",
			askedAt: ASKED,
			questions: [
				{ question: "Which cache?", header: "Cache" },
				{ question: "Which targets?", header: "Targets", multiSelect: true },
			],
			result: { ...finishedResult("tui", 2, "submitted", { answers: [redis] }) },
		});
		expect(message.details.result.pendingId).toBeUndefined();
		expect(lateAnswerId(message)).toBe("q_1");
	});

	it("lateAnswerId reads only our messages", () => {
		expect(lateAnswerId({ customType: "other", details: { id: "a" } })).toBeUndefined();
		expect(lateAnswerId({ customType: LATE_ANSWER_TYPE, details: { id: 3 } })).toBeUndefined();
		expect(lateAnswerId({ customType: LATE_ANSWER_TYPE })).toBeUndefined();
		expect(lateAnswerId(null)).toBeUndefined();
		expect(lateAnswerId("x")).toBeUndefined();
	});
});

type Handler = (event: unknown, ctx?: unknown) => unknown;

/**
 * A fake Pi recording what is sent and registered, with its event handlers to fire. `working` says
 * whether an agent run is going on (`ctx.isIdle()`); the widget slot records what it shows.
 */
function fakePi(options: { working?: boolean; mode?: string } = {}) {
	const handlers = new Map<string, Handler[]>();
	const sent: { message: { customType: string; details: { id: string } }; options: unknown }[] = [];
	const renderers: string[] = [];
	const widgets: (string[] | undefined)[] = [];
	const state = { working: options.working ?? false };
	const theme = { fg: (_color: string, text: string) => text };
	const ctx = {
		hasUI: true,
		mode: options.mode ?? "tui",
		isIdle: () => !state.working,
		ui: {
			setWidget: (key: string, content: unknown) => {
				if (key !== "ask_user_question:late_answers") return;
				if (content === undefined || Array.isArray(content)) return void widgets.push(content as string[] | undefined);
				const component = (content as (tui: unknown, t: typeof theme) => { render(w: number): string[] })({}, theme);
				widgets.push(component.render(200));
			},
		},
	};
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		registerMessageRenderer: (type: string) => void renderers.push(type),
		sendMessage: (message: never, options: unknown) => void sent.push({ message, options }),
	};
	const fire = (event: string, data: unknown = {}) => (handlers.get(event) ?? []).map((h) => h(data, ctx));
	const deliver = installLateAnswers(pi as unknown as ExtensionAPI, defaultConfig);
	fire("session_start");
	return { sent, renderers, fire, deliver, widgets, state };
}

describe("delivery to Pi", () => {
	it("registers the renderer for our type and steers the message in with a turn", async () => {
		const pi = fakePi();
		expect(pi.renderers).toEqual([LATE_ANSWER_TYPE, RELAYED_TRACE_TYPE]);
		await pi.deliver(pending, answered);
		expect(pi.sent).toEqual([{ message: lateAnswerMessage(pending, answered), options: LATE_ANSWER_DELIVERY }]);
	});

	it("once the model's context took it in, the agent settling sends nothing more", async () => {
		const pi = fakePi();
		await pi.deliver(pending, answered);
		pi.fire("message_start", { message: { role: "custom", ...pi.sent[0]?.message } });
		pi.fire("agent_settled");
		expect(pi.sent).toHaveLength(1);
	});

	it("dropped from a stopped run's queue: appended again, without a turn, once", async () => {
		const pi = fakePi({ working: true });
		await pi.deliver(pending, answered);
		pi.fire("message_start", { message: { role: "user", content: "other" } });
		pi.fire("agent_settled", { aborted: true });
		pi.fire("agent_settled", { aborted: false });
		expect(pi.sent.map((s) => s.options)).toEqual([LATE_ANSWER_DELIVERY, { triggerTurn: false }]);
		expect(pi.sent[1]?.message).toEqual(pi.sent[0]?.message);
	});

	it("a session shutting down forgets what it watched (the next session has its own)", async () => {
		const pi = fakePi({ working: true });
		await pi.deliver(pending, answered);
		pi.fire("session_shutdown");
		pi.fire("agent_settled");
		expect(pi.sent).toHaveLength(1);
	});

	it("sent while the agent is idle or settling it is not watched: Pi starts (or holds) its turn itself", async () => {
		// Regression: another extension answering from its agent_settled handler, before ours ran. Pi holds a
		// message sent while it settles and starts its turn afterwards; appending it again showed it twice.
		const pi = fakePi({ working: false });
		await pi.deliver(pending, answered);
		pi.fire("agent_settled", { aborted: false });
		expect(pi.sent).toEqual([{ message: lateAnswerMessage(pending, answered), options: LATE_ANSWER_DELIVERY }]);
		expect(pi.widgets).toEqual([]);
	});

	it("the model's context keeps only the first late answer to each questionnaire", () => {
		const late = (id: string, n: number) => ({ customType: LATE_ANSWER_TYPE, details: { id }, n });
		const user = { role: "user", content: "hi" };
		const pi = fakePi();
		// Nothing repeated: the context is left as it is.
		expect(pi.fire("context", { messages: [user, late("a", 1), late("b", 1)] })).toEqual([undefined]);
		expect(pi.fire("context", { messages: [late("a", 1), user, late("a", 2), late("b", 1)] })).toEqual([
			{ messages: [late("a", 1), user, late("b", 1)] },
		]);
		expect(pi.fire("context", { messages: [late("a", 1), late("a", 2)] })).toEqual([{ messages: [late("a", 1)] }]);
	});
});

describe("a late answer queued while the agent works", () => {
	const LINE = "Late answer for Cache, Targets queued · the agent gets it when its current step ends";

	it("shows a line above the editor naming the questionnaire, until the model takes it in", async () => {
		const pi = fakePi({ working: true });
		await pi.deliver(pending, answered);
		expect(pi.widgets).toEqual([[` ${LINE}`]]);
		pi.fire("message_start", { message: { role: "user", content: "other" } });
		expect(pi.widgets).toHaveLength(1);
		pi.fire("message_start", { message: { role: "custom", ...pi.sent[0]?.message } });
		expect(pi.widgets).toEqual([[` ${LINE}`], undefined]);
		pi.fire("agent_settled");
		expect(pi.sent).toHaveLength(1);
	});

	it("one line per queued answer; a stopped run's lost answers leave with it (appended to the session)", async () => {
		const pi = fakePi({ working: true });
		await pi.deliver(pending, answered);
		const other = { ...pending, id: "call_2", questionnaire: { questions: [SMALL_CACHE_QUESTION] } };
		await pi.deliver(other, answered);
		expect(pi.widgets.at(-1)).toEqual([
			` ${LINE}`,
			" Late answer for Cache queued · the agent gets it when its current step ends",
		]);
		pi.state.working = false;
		pi.fire("agent_settled", { aborted: true });
		expect(pi.widgets.at(-1)).toBeUndefined();
		expect(pi.sent.map((s) => s.options)).toEqual([
			LATE_ANSWER_DELIVERY,
			LATE_ANSWER_DELIVERY,
			{ triggerTurn: false },
			{ triggerTurn: false },
		]);
	});

	it("over RPC the client gets the plain lines", async () => {
		const pi = fakePi({ working: true, mode: "rpc" });
		await pi.deliver(pending, answered);
		expect(pi.widgets).toEqual([[LINE]]);
	});

	it("sanitizes and cuts the model's headers", () => {
		const hostile = { ...SMALL_CACHE_QUESTION, header: `\x1b[31mEvil\u202e${"x".repeat(100)}` };
		const line = queuedLine({ questionnaire: { questions: [hostile] } }, defaultMessages);
		expect(line).not.toMatch(/[\x1b\u202e]/);
		expect(line.length).toBeLessThan(120);
	});
});
