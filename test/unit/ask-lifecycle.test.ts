/**
 * The lifecycle (src/ask/ask.ts) carries out pending/ending.ts's decision the same way for every asker, on
 * a scripted dialog host: the one registry of what is asked now (the store) holds it exactly while it is
 * asked; the session records a call as shown and a Pi below's only if it stays pending; `closed` goes on
 * the bus once, with the final result, and never for one that stays pending; `/answer`'s settling reaches
 * the agent as a late answer (whose delivery says `closed`), whoever answered first; nothing shows where
 * nothing can, and `/answer` opens only what is pending.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type AskEnv, type Asker, ask } from "../../src/ask/ask.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import type { PendingQuestionnaire } from "../../src/pending/registry.ts";
import type { Origin } from "../../src/protocol/origin.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";
import { questionnaire, testSession } from "../support/pending-store.ts";
import { type Call, ScriptedHost, type Step } from "./rpc-fake-host.ts";

const FROM: Origin = { name: "scout", cwd: "/w", depth: 1 };

/** Picks the row starting with `text` in a select; cancels an input. */
const pick =
	(text: string): Step =>
	(call: Call) =>
		call.kind === "select" ? call.options.find((o) => o.startsWith(text)) : undefined;

/** Answers both questions: Redis, then Linux (multi-select: tick, then Done), and submits. */
const ANSWER_BOTH: Step[] = [pick("1. Redis"), pick("[ ] 1. Linux"), pick("Done"), pick("Submit")];
/** Answers the first, then leaves at the second: "Stop answering?" → Answer later. */
const LATER: Step[] = [pick("1. Redis"), undefined, pick("Answer later")];

function setup(script: Step[], env: Partial<AskEnv> = {}) {
	const dialogs = new ScriptedHost(script);
	const session = testSession();
	const events = eventBus();
	const delivered: QuestionnaireResult[] = [];
	const asking: boolean[] = [];
	const full: AskEnv = {
		host: () => ({ ui: dialogs as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" }),
		config: defaultConfig(),
		events,
		store: session.store,
		deliver: (_p, result) => void delivered.push(result),
		accepted: (id) => asking.push(session.store.isAsking(id)),
		...env,
	};
	const closed = () => events.emitted.filter((e) => e.channel === ANSWER_CHANNEL.closed).map((e) => e.data);
	return { dialogs, session, events, delivered, asking, env: full, closed };
}

/** `id` put aside by a call, as the session holds it. */
function pendingIn(s: ReturnType<typeof setup>, id: string): PendingQuestionnaire {
	s.session.store.asked({ id, askedAt: 1, questionnaire });
	s.session.store.returned(id, { pending: true });
	const pending = s.session.store.get(id);
	if (pending === undefined) throw new Error("not pending");
	return pending;
}

const CALL: Asker = { origin: "call", callId: "call_1" };

describe("ask: one lifecycle for every asker", () => {
	it("a call answered: asked now while shown, recorded as shown and settled, closed once with the result", async () => {
		const s = setup(ANSWER_BOTH);
		const done = await ask(questionnaire, CALL, s.env);
		if (!done.asked) throw new Error("asked");
		expect(done.ending).toMatchObject({ fate: "settled", result: { outcome: "answered", host: "rpc" } });
		expect(s.asking).toEqual([true]);
		expect(s.session.store.isAsking(done.id)).toBe(false);
		s.session.nextTurn();
		// What was given is in the result: a settled questionnaire's progress is not written.
		expect(s.session.records().map((r) => r.kind)).toEqual(["asked", "settled"]);
		expect(s.closed()).toEqual([{ id: done.id, result: done.ending.result }]);
	});

	it("a call put aside: pending for /answer, and no closed", async () => {
		const s = setup(LATER);
		const done = await ask(questionnaire, CALL, s.env);
		if (!done.asked) throw new Error("asked");
		expect(done.ending.result).toMatchObject({ outcome: "deferred", pendingId: done.id });
		expect(s.session.store.list().map((p) => [p.id, p.callId])).toEqual([[done.id, "call_1"]]);
		expect(s.closed()).toEqual([]);
	});

	it("a Pi below's questionnaire is recorded only once it stays pending, with who asked", async () => {
		const answered = setup(ANSWER_BOTH);
		await ask(questionnaire, { origin: "relayed", from: FROM }, answered.env);
		answered.session.nextTurn();
		expect(answered.session.records()).toEqual([]);
		expect(answered.closed()).toHaveLength(1);

		const later = setup(LATER);
		const done = await ask(questionnaire, { origin: "relayed", from: FROM }, later.env);
		if (!done.asked) throw new Error("asked");
		expect(later.session.records().map((r) => r.kind)).toEqual(["asked", "progress"]);
		expect(later.session.store.get(done.id)?.from).toEqual(FROM);
		expect(later.closed()).toEqual([]);
	});

	it("/answer: reopened into the registry (not waiting meanwhile); submitted, it is a late answer, once", async () => {
		const s = setup([]);
		const pending = pendingIn(s, "q_1");
		let waitingWhileOpen: readonly PendingQuestionnaire[] = [{} as PendingQuestionnaire];
		const dialogs = new ScriptedHost([
			(call) => {
				waitingWhileOpen = s.session.store.list();
				return call.kind === "select" ? call.options.find((o) => o.startsWith("1. Redis")) : undefined;
			},
			...ANSWER_BOTH.slice(1),
		]);
		const host = () => ({ ui: dialogs as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" });
		const done = await ask(questionnaire, { origin: "answer", pending }, { ...s.env, host });
		if (!done.asked) throw new Error("asked");
		expect(waitingWhileOpen).toEqual([]);
		expect(done.ending).toMatchObject({ fate: "settled", late: true });
		expect(s.delivered).toMatchObject([{ outcome: "answered" }]);
		// The late answer's delivery says `closed` (tool/answer-pending.ts): the lifecycle does not say it again.
		expect(s.closed()).toEqual([]);
		expect(s.session.store.list()).toEqual([]);
	});

	it("/answer answered first on the bus: the dialog closes, that answer is the late answer", async () => {
		const s = setup([]);
		const pending = pendingIn(s, "q_1");
		const dialogs = new ScriptedHost([
			(call) =>
				new Promise<string | undefined>(() => {
					if (call.kind === "select")
						s.events.emit(ANSWER_CHANNEL.answer, { id: "q_1", decline: true, by: "chat-bridge" });
				}),
		]);
		const host = () => ({ ui: dialogs as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" });
		const done = await ask(questionnaire, { origin: "answer", pending }, { ...s.env, host });
		if (!done.asked) throw new Error("asked");
		expect(s.delivered).toMatchObject([
			{ outcome: "declined", answeredBy: { kind: "extension", name: "chat-bridge" } },
		]);
		expect(s.session.store.isAsking("q_1")).toBe(false);
	});

	it("/answer put aside again: pending as before, nothing delivered", async () => {
		const s = setup(LATER);
		const pending = pendingIn(s, "q_1");
		const done = await ask(questionnaire, { origin: "answer", pending }, s.env);
		expect(done).toMatchObject({ asked: true, ending: { fate: "pending" } });
		expect(s.session.store.list().map((p) => p.id)).toEqual(["q_1"]);
		expect(s.delivered).toEqual([]);
	});

	it("nothing shows where nothing can, and /answer opens only what is pending", async () => {
		const none = setup([], { host: () => undefined });
		expect(await ask(questionnaire, { origin: "relayed", from: FROM }, none.env)).toEqual({
			asked: false,
			why: "no_ui",
		});
		expect(none.session.store.open()).toEqual([]);
		const call = await ask(questionnaire, CALL, none.env);
		expect(call).toMatchObject({ asked: true, ending: { result: { outcome: "not_shown", error: { code: "no_ui" } } } });

		const s = setup([]);
		const gone = { id: "q_gone", askedAt: 1, questionnaire, progress: pendingIn(s, "q_x").progress };
		expect(await ask(questionnaire, { origin: "answer", pending: gone }, s.env)).toEqual({
			asked: false,
			why: "not_pending",
		});
		expect(s.dialogs.calls).toEqual([]);
	});
});
