/**
 * Answer later from outside Pi (pi-ask serve's page, over the relay's `answer` with `later: true`): an
 * open questionnaire is put aside as the TUI's Answer later leaves it — the host's dialog closes, the call
 * returns `deferred` by that client and it stays pending — and it can be answered afterwards as a late
 * answer; a subagent's is kept pending here with who asked (the asker told where it went); `later` on
 * one that is pending already changes nothing; `later` carries no answers; without a UI it promises none.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type AskEnv, ask } from "../../src/ask/ask.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { QuestionnaireBoard } from "../../src/relay/board.ts";
import { type PresentDeps, presentRelayedAsk } from "../../src/relay/present.ts";
import { parseClientMessage } from "../../src/relay/protocol.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { servePendingOnTheBus } from "../../src/tool/answer-pending.ts";
import { eventBus } from "../support/event-bus.ts";
import { questionnaire, testSession } from "../support/pending-store.ts";
import { ScriptedHost } from "./rpc-fake-host.ts";

function setup() {
	const events = eventBus();
	const session = testSession();
	const delivered: QuestionnaireResult[] = [];
	servePendingOnTheBus({ events, store: session.store, deliver: (_p, r) => void delivered.push(r) });
	const board = new QuestionnaireBoard({ events, store: session.store });
	return { events, session, board, delivered };
}

/** A dialog that stays open until its signal closes it (the walker's dialogs end on an abort). */
const staysOpen = () => new Promise<string | undefined>(() => {});

/** A tool call asked as execute asks it (the lifecycle), on a dialog host: the call's result and its id. */
async function toolCall(s: ReturnType<typeof setup>, env: Partial<AskEnv> = {}) {
	const dialogs = new ScriptedHost([(call) => (call.kind === "select" ? call.options[0] : undefined), staysOpen]);
	const asked = await ask(
		questionnaire,
		{ origin: "call", callId: "call_1" },
		{
			host: () => ({ ui: dialogs as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" }),
			config: defaultConfig(),
			events: s.events,
			store: s.session.store,
			...env,
		},
	);
	if (!asked.asked) throw new Error("not asked");
	return asked.ending.result;
}

/** The id of the questionnaire asked now (the first one). */
const askedNow = (s: ReturnType<typeof setup>) => s.session.store.open()[0]?.id ?? "";

describe("answer later from a paired client", () => {
	it("puts an open questionnaire aside: the dialog closes, the call returns deferred and it stays pending", async () => {
		const s = setup();
		const call = toolCall(s);
		await new Promise((r) => setTimeout(r, 0));
		const id = askedNow(s);
		const reply = await s.board.answer(id, { later: true, device: "Pixel 7" }, "pi-ask on pts/3");
		expect(reply).toEqual({
			ok: true,
			result: { outcome: "deferred", answeredBy: { kind: "client", name: "Pixel 7 via pi-ask on pts/3" } },
		});
		// The dialog closed with what was given kept (the first question's answer): pending, put aside by them.
		expect(await call).toMatchObject({
			outcome: "deferred",
			cancelled: false,
			host: "rpc",
			pendingId: id,
			answeredBy: { kind: "client", name: "Pixel 7 via pi-ask on pts/3" },
			answers: [{ questionIndex: 0 }],
		});
		expect(s.board.list().map((q) => [q.id, q.state])).toEqual([[id, "pending"]]);

		// Answered afterwards from the page: the agent gets it as a late answer.
		const answers = [
			{ question: 0, options: ["Redis"] },
			{ question: 1, options: ["Linux"] },
		];
		const late = await s.board.answer(id, { answers, device: "Pixel 7" }, "pi-ask on pts/3");
		expect(late).toMatchObject({ ok: true, result: { outcome: "answered" } });
		expect(s.delivered).toHaveLength(1);
		expect(s.board.list()).toEqual([]);
	});

	it("changes nothing for one that is pending already", async () => {
		const s = setup();
		s.session.store.asked({ id: "q_p", askedAt: 5, questionnaire });
		s.session.store.returned("q_p", { pending: true });
		const reply = await s.board.answer("q_p", { later: true }, "phone");
		expect(reply).toMatchObject({ ok: true, result: { outcome: "deferred" } });
		expect(s.board.list().map((q) => [q.id, q.state])).toEqual([["q_p", "pending"]]);
		expect(s.delivered).toEqual([]);
	});

	it("takes no answers beside later, on the bus and on the wire", async () => {
		const s = setup();
		const call = toolCall(s);
		await new Promise((r) => setTimeout(r, 0));
		const id = askedNow(s);
		const rejected: unknown[] = [];
		s.events.on("ask_user_question:answer_rejected", (d) => rejected.push(d));
		s.events.emit("ask_user_question:answer", { id, later: true, decline: true, by: "bridge" });
		s.events.emit("ask_user_question:answer", { id, later: "soon", by: "bridge" });
		expect(rejected).toEqual([
			{ id, problems: ["later: puts the questionnaire aside; it carries no answers, decline or note"] },
			{ id, problems: ["later: must be true, or left out"] },
		]);
		// An extension may put it aside too, under its own name.
		s.events.emit("ask_user_question:answer", { id, later: true, by: "bridge" });
		expect(await call).toMatchObject({ outcome: "deferred", answeredBy: { kind: "extension", name: "bridge" } });

		const wire = (later: unknown) =>
			parseClientMessage(JSON.stringify({ v: 3, type: "answer", id: "a", questionnaire: "q_1", later }));
		expect(wire(true)).toMatchObject({ ok: true, message: { later: true } });
		expect(wire("yes")).toMatchObject({
			ok: false,
			code: "invalid_request",
			message: "answer.later: must be true, or left out",
		});
	});

	it("does not promise a later answer where nobody could give one (no UI: the call just ends)", async () => {
		const s = setup();
		// No UI here, but an extension answers: the call waits, unseen, for the bus.
		const call = toolCall(s, { host: () => undefined, answerers: { present: true } });
		await new Promise((r) => setTimeout(r, 0));
		s.events.emit("ask_user_question:answer", { id: askedNow(s), later: true, by: "bridge" });
		const result = await call;
		expect(result).toMatchObject({ outcome: "interrupted", host: "programmatic" });
		expect(result.pendingId).toBeUndefined();
	});

	it("puts a subagent's questionnaire aside here: pending with who asked, and the asker told where it went", async () => {
		const host = new ScriptedHost([() => new Promise<string | undefined>(() => {})]);
		const session = testSession();
		const events = eventBus();
		const deps: PresentDeps = {
			host: () => ({ ui: host as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" }),
			config: defaultConfig,
			events,
			store: session.store,
		};
		events.on(ANSWER_CHANNEL.asked, (data) => {
			const { id, pending } = data as { id: string; pending?: boolean };
			if (pending !== true) queueMicrotask(() => events.emit(ANSWER_CHANNEL.answer, { id, later: true, by: "phone" }));
		});
		const from = { name: "scout", cwd: "/work/app", depth: 1 };
		const reply = await presentRelayedAsk(
			{ questions: questionnaire.questions, from },
			new AbortController().signal,
			() => {},
			deps,
		);
		const [pending] = session.store.list();
		expect(reply).toMatchObject({ ok: true, result: { outcome: "deferred", relayedId: pending?.id } });
		expect(pending).toMatchObject({ from });
	});
});
