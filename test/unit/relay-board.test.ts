/**
 * `list` and `answer` for the person's own clients (src/relay/board.ts), over the in-process answer
 * channel: open questionnaires (asked now: the store's one registry) and pending ones are listed, with who
 * asked a relayed one; an answer goes through the channel's own checks (refused with its problems, or the final result,
 * first answer wins); an id nobody waits on is not_found.
 */
import { describe, expect, it } from "vitest";
import { raceTheBus } from "../../src/ask/bus-race.ts";
import type { Origin } from "../../src/protocol/origin.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { QuestionnaireBoard } from "../../src/relay/board.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { servePendingOnTheBus } from "../../src/tool/answer-pending.ts";
import { eventBus } from "../support/event-bus.ts";
import { questionnaire, testSession } from "../support/pending-store.ts";

const FROM: Origin = { name: "scout", cwd: "/w", depth: 1 };

function setup() {
	const events = eventBus();
	const session = testSession();
	const delivered: QuestionnaireResult[] = [];
	servePendingOnTheBus({ events, store: session.store, deliver: (_p, r) => void delivered.push(r) });
	const board = new QuestionnaireBoard({ events, store: session.store });
	return { events, session, board, delivered };
}

/** Waits, as a host path does, until its signal ends it: interrupted. */
const untilAborted = (signal: AbortSignal) =>
	new Promise<QuestionnaireResult>((resolve) =>
		signal.addEventListener("abort", () =>
			resolve({ outcome: "interrupted", cancelled: true, host: "tui", answers: [] }),
		),
	);

/**
 * A questionnaire asked now as the lifecycle asks one (src/ask/ask.ts): in the store's registry (unrecorded
 * for one nobody sees yet), raced against the bus, returned once that race ends.
 */
async function openCall(
	{ events, session }: Pick<ReturnType<typeof setup>, "events" | "session">,
	id: string,
	extra: { from?: Origin; callId?: string; askedAt?: number } = {},
): Promise<QuestionnaireResult> {
	const item = { id, askedAt: extra.askedAt ?? 10, questionnaire, ...extra };
	session.store.asked(item, { record: false });
	const result = await raceTheBus(item, { events, signal: undefined, open: untilAborted, reopened: false });
	session.store.returned(id, { pending: false, outcome: result.outcome });
	events.emit(ANSWER_CHANNEL.closed, { id, result });
	return result;
}

describe("the board", () => {
	it("lists open questionnaires (with who asked a relayed one) and then pending ones", async () => {
		const s = setup();
		s.session.store.asked({ id: "q_p", askedAt: 5, questionnaire, from: FROM });
		s.session.store.returned("q_p", { pending: true });
		void openCall(s, "q_open", { from: FROM });
		const listed = s.board.list();
		expect(listed.map((q) => [q.id, q.state, q.from?.name])).toEqual([
			["q_open", "open", "scout"],
			["q_p", "pending", "scout"],
		]);
		expect(listed[0]?.questions).toEqual(questionnaire.questions);
	});

	it("lists a call that opened before the board was made (Pi started with a prompt), and can answer it", async () => {
		const events = eventBus();
		const session = testSession();
		const call = openCall({ events, session }, "q_early", { callId: "call_1", askedAt: 3 });
		const board = new QuestionnaireBoard({ events, store: session.store });
		expect(board.list().map((q) => [q.id, q.state, q.callId])).toEqual([["q_early", "open", "call_1"]]);
		const reply = await board.answer("q_early", { answers: [{ question: 0, options: ["redis"] }] }, "pi-ask on pts/3");
		expect(reply).toMatchObject({ ok: true, result: { outcome: "partial" } });
		expect((await call).answeredBy).toEqual({ kind: "client", name: "pi-ask on pts/3" });
	});

	it("answers an open questionnaire: the call ends with that answer, the reply is its final result", async () => {
		const s = setup();
		const call = openCall(s, "q_1");
		const reply = await s.board.answer(
			"q_1",
			{
				answers: [
					{ question: 0, options: ["redis"] },
					{ question: 1, text: "BSD" },
				],
			},
			"pi-ask on pts/3",
		);
		expect(reply).toMatchObject({
			ok: true,
			// The paired client answers for the person, under the name it was paired with.
			result: { outcome: "answered", host: "programmatic", answeredBy: { kind: "client", name: "pi-ask on pts/3" } },
		});
		expect((await call).answers.map((a) => a.answer)).toEqual(["Redis", ["BSD"]]);
		expect(s.board.list()).toEqual([]);
	});

	it("names the device a paired client answers for: the answer reads as through it, via the client", async () => {
		const s = setup();
		const call = openCall(s, "q_1");
		const answers = [
			{ question: 0, options: ["Redis"] },
			{ question: 1, options: ["Linux"] },
		];
		const reply = await s.board.answer("q_1", { answers, device: "Pixel 7" }, "pi-ask on pts/3");
		expect(reply).toMatchObject({
			ok: true,
			result: { answeredBy: { kind: "client", name: "Pixel 7 via pi-ask on pts/3" } },
		});
		await call;
	});

	it("answers a pending one: settled, and the agent gets the late answer", async () => {
		const s = setup();
		s.session.store.asked({ id: "q_p", askedAt: 5, questionnaire });
		s.session.store.returned("q_p", { pending: true });
		const reply = await s.board.answer("q_p", { decline: true }, "phone");
		expect(reply).toMatchObject({
			ok: true,
			result: { outcome: "declined", answeredBy: { kind: "client", name: "phone" } },
		});
		expect(s.delivered).toHaveLength(1);
		expect(s.session.store.list()).toEqual([]);
	});

	it("refuses an answer that does not fit, with the channel's problems; the questionnaire stays open", async () => {
		const s = setup();
		void openCall(s, "q_1");
		const reply = await s.board.answer("q_1", { answers: [{ question: 0, options: ["Postgres"] }] }, "phone");
		expect(reply).toMatchObject({ ok: false, code: "rejected" });
		expect(!reply.ok && reply.problems?.[0]?.message).toContain('no option is labelled "Postgres"');
		expect(s.board.list().map((q) => q.id)).toEqual(["q_1"]);
	});

	it("says not_found for an id nobody waits on", async () => {
		expect(await setup().board.answer("q_none", { decline: true }, "phone")).toMatchObject({
			ok: false,
			code: "not_found",
		});
	});
});
