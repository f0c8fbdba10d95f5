/**
 * Pending questionnaires wired to a (fake) Pi: records go to the session through appendEntry, every
 * session start restores them from the branch (one warning for unreadable records), the footer status
 * counts them after every change, and `/answer` reopens one (restored), lists several, closes one as
 * answered in chat or declined, keeps one pending when it is put aside again, cancelled (a cancel never
 * settles it) or cut short, and hands settled results to `deliver`.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { type AskConfig, defaultConfig } from "../../src/config/schema.ts";
import { askedRecord, PENDING_ENTRY_TYPE, progressRecord, type SessionEntryLike } from "../../src/pending/records.ts";
import { registerAnswerCommand } from "../../src/pi/answer-command.ts";
import { installPendingQuestionnaires } from "../../src/pi/pending-session.ts";
import type { IndexedAnswer } from "../../src/protocol/progress.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";
import { eventBus } from "../support/event-bus.ts";
import { testAgentDir } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";
import { type Call, ScriptedHost, type Step } from "./rpc-fake-host.ts";

type Handler = (event: unknown, ctx: unknown) => unknown;

const questionnaire = { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] };
const REDIS: IndexedAnswer = { kind: "option", option: 0 };

/** The records a questionnaire put aside leaves in the session: asked, and (when any) what was given. */
function deferred(id: string, first?: IndexedAnswer, askedAt = 1_000): SessionEntryLike[] {
	const asked = ours(askedRecord({ id, callId: `call_${id}`, askedAt, questionnaire }));
	if (first === undefined) return [asked];
	return [asked, ours(progressRecord(id, { answers: [first, null] }))];
}

/** A fake Pi: one session branch, handlers by event, the registered command; a UI that scripts dialogs. */
function fakePi(script: Step[] = [], options: { hasUI?: boolean; branch?: SessionEntryLike[] } = {}) {
	const branch: SessionEntryLike[] = options.branch ?? [];
	const handlers = new Map<string, Handler[]>();
	const statuses: (string | undefined)[] = [];
	const notes: string[] = [];
	const confirms: string[] = [];
	let command: ((args: string, ctx: ExtensionCommandContext) => Promise<void>) | undefined;
	const host = new ScriptedHost(script);
	const ui = {
		select: host.select.bind(host),
		input: host.input.bind(host),
		confirm: async (title: string) => {
			confirms.push(title);
			return true;
		},
		notify: (message: string) => notes.push(message),
		setStatus: (key: string, text: string | undefined) => {
			if (key === "ask_user_question") statuses.push(text);
		},
		custom: async () => undefined,
		setWidget: () => {},
	};
	const ctx = {
		hasUI: options.hasUI ?? true,
		mode: "rpc",
		ui,
		sessionManager: { getBranch: () => branch },
	};
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		appendEntry: (customType: string, data: unknown) =>
			branch.push({ type: "custom", customType, data: JSON.parse(JSON.stringify(data)) }),
		registerCommand: (name: string, spec: { handler: typeof command }) => {
			if (name === "answer") command = spec.handler;
		},
	} as unknown as ExtensionAPI;
	const fire = async (event: string) => {
		for (const handler of handlers.get(event) ?? []) await handler({}, ctx);
	};
	const delivered: { id: string; result: QuestionnaireResult }[] = [];
	const config = (): AskConfig => defaultConfig();
	const store = installPendingQuestionnaires(pi, config, testAgentDir());
	const events = eventBus();
	registerAnswerCommand(pi, {
		store,
		config,
		events,
		deliver: (p, result) => void delivered.push({ id: p.id, result }),
	});
	const answer = () => {
		if (!command) throw new Error("/answer was not registered");
		return command("", ctx as unknown as ExtensionCommandContext);
	};
	return { branch, store, statuses, notes, confirms, host, fire, answer, delivered, events };
}

/** A select's rows (an input has none). */
const rows = (call: Call): string[] => (call.kind === "select" ? call.options : []);
const ours = (data: unknown): SessionEntryLike => ({ type: "custom", customType: PENDING_ENTRY_TYPE, data });

describe("the store in a session", () => {
	it("records through appendEntry and the footer counts after every change", async () => {
		const { branch, store, statuses, fire } = fakePi();
		await fire("session_start");
		expect(statuses).toEqual([undefined]);
		for (const id of ["a", "b"]) {
			store.asked({ id, askedAt: 1_000, questionnaire });
			store.returned(id, { pending: true });
		}
		store.settle("a", "declined");
		expect(statuses).toEqual([
			undefined,
			"1 questionnaire waiting · /answer",
			"2 questionnaires waiting · /answer",
			"1 questionnaire waiting · /answer",
		]);
		expect(branch.map((e) => (e.data as { kind: string }).kind)).toEqual(["asked", "asked", "settled"]);
	});

	it("every session start (reload, resume, fork, tree) restores from the branch; twice changes nothing", async () => {
		const branch = [...deferred("a"), ...deferred("b")];
		const { store, statuses, fire } = fakePi([], { branch });
		await fire("session_start");
		await fire("session_start");
		expect(store.list().map((p) => p.id)).toEqual(["a", "b"]);
		expect(statuses.at(-1)).toBe("2 questionnaires waiting · /answer");
		branch.length = 1;
		await fire("session_tree");
		expect(statuses.at(-1)).toBe("1 questionnaire waiting · /answer");
	});

	it("unreadable records are skipped with one warning", async () => {
		const branch = [ours({ v: 9 }), ours("junk"), ...deferred("a")];
		const { store, notes, fire } = fakePi([], { branch });
		await fire("session_start");
		expect(store.list().map((p) => p.id)).toEqual(["a"]);
		// Shown once Pi has drawn the restored conversation, the next turn of the event loop (pi/warn.ts).
		expect(notes).toEqual([]);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(notes).toEqual(["ask_user_question: 2 saved questionnaire records could not be read and were skipped."]);
	});
});

describe("/answer", () => {
	it("says so when nothing waits", async () => {
		const { notes, answer, fire } = fakePi();
		await fire("session_start");
		await answer();
		expect(notes).toEqual(["No questionnaire is waiting for answers."]);
	});

	it("opens the only one restored (over the dialog walker) and submitting settles it and delivers the answers", async () => {
		const branch = deferred("a", REDIS);
		const { host, store, answer, fire, delivered, statuses } = fakePi(
			[(call) => rows(call).find((o) => o.startsWith("Done")), (call) => rows(call)[0]],
			{ branch },
		);
		await fire("session_start");
		await answer();
		expect(host.calls[0]?.title).toContain("Which targets?");
		expect(host.calls.at(-1)?.title).toContain("Cache: Redis");
		expect(delivered).toMatchObject([{ id: "a", result: { outcome: "answered", answers: [{ answer: "Redis" }, {}] } }]);
		expect(store.list()).toEqual([]);
		expect(statuses.at(-1)).toBeUndefined();
		expect(branch.at(-1)?.data).toMatchObject({ kind: "settled", id: "a", outcome: "answered" });
	});

	it("put aside again: still pending, with what was given since, nothing delivered", async () => {
		const branch = deferred("a");
		const { store, answer, fire, delivered } = fakePi(
			[(call) => rows(call)[0], undefined, (call) => rows(call).find((o) => o === "Answer later")],
			{ branch },
		);
		await fire("session_start");
		await answer();
		expect(delivered).toEqual([]);
		expect(store.get("a")?.progress.answers).toEqual([REDIS, undefined]);
		expect(store.get("a")?.askedAt).toBe(1_000);
		// Recorded at once, not a moment later: a restart finds it.
		expect(branch.at(-1)?.data).toMatchObject({ kind: "progress", id: "a", patch: { answers: [REDIS, null] } });
	});

	it("lists several with header chips, progress and age; picks one", async () => {
		const now = Date.now();
		const branch = [...deferred("a", REDIS, now - 5 * 60_000), ...deferred("b", undefined, now - 3 * 3_600_000)];
		const { host, answer, fire } = fakePi([(call) => rows(call)[1], undefined, undefined], { branch });
		await fire("session_start");
		await answer();
		expect(host.calls[0]).toEqual({
			kind: "select",
			title: "2 questionnaires are waiting. Which one do you want to answer?",
			options: [
				"1. Cache · Targets — 1 of 2 answered · 5 min ago",
				"2. Cache · Targets — 0 of 2 answered · 3 h ago",
				"Close one without answering it here…",
			],
		});
		// The second one opens on its first question (nothing was answered there).
		expect(host.calls[1]?.title).toContain("Which cache?");
	});

	it("closes one from the list, asking how: Decline says the agent is told, settled as declined once", async () => {
		const branch = [...deferred("a"), ...deferred("b")];
		const { host, store, answer, fire, delivered } = fakePi(
			[(call) => rows(call).at(-1), (call) => rows(call)[0], (call) => rows(call).find((r) => r.startsWith("Decline"))],
			{ branch },
		);
		await fire("session_start");
		await answer();
		expect(host.calls.slice(1).map((c) => c.title)).toEqual([
			"Close which questionnaire?",
			"Cache · Targets: how do you want to close it?",
		]);
		expect(rows(host.calls[2]!)).toEqual([
			"Answered in chat — the agent is told to take your answers from the chat",
			"Decline — the agent is told you declined",
			"Keep it waiting",
		]);
		expect(delivered).toMatchObject([{ id: "a", result: { outcome: "declined" } }]);
		expect(store.list().map((p) => p.id)).toEqual(["b"]);
	});

	it("closes one from the list as answered in chat: the agent reads the truth, not a decline", async () => {
		const branch = [...deferred("a"), ...deferred("b")];
		const { store, answer, fire, delivered } = fakePi(
			[(call) => rows(call).at(-1), (call) => rows(call)[1], (call) => rows(call)[0]],
			{ branch },
		);
		await fire("session_start");
		await answer();
		expect(delivered).toMatchObject([{ id: "b", result: { outcome: "answered_in_chat", cancelled: false } }]);
		expect(store.list().map((p) => p.id)).toEqual(["a"]);
		expect(branch.at(-1)?.data).toMatchObject({ kind: "settled", id: "b", outcome: "answered_in_chat" });
	});

	it("Keep it waiting, or dismissing how to close it, keeps it pending", async () => {
		for (const last of [(call: Call) => rows(call).at(-1), undefined]) {
			const branch = [...deferred("a"), ...deferred("b")];
			const { store, answer, fire, delivered } = fakePi([(call) => rows(call).at(-1), (call) => rows(call)[0], last], {
				branch,
			});
			await fire("session_start");
			await answer();
			expect(delivered).toEqual([]);
			expect(store.list().map((p) => p.id)).toEqual(["a", "b"]);
		}
	});

	it("a cancel in /answer never settles it: it asks how to leave, and a second cancel keeps it pending", async () => {
		const branch = deferred("a", REDIS);
		const { host, store, answer, fire, delivered, statuses } = fakePi([undefined, undefined], { branch });
		await fire("session_start");
		await answer();
		expect(host.calls.map((c) => c.title.split("\n")[0])).toEqual([
			"[2/2] Targets — Which targets?",
			"Stop answering? You have answered 1 of 2 questions.",
		]);
		expect(delivered).toEqual([]);
		expect(store.get("a")?.progress.answers).toEqual([REDIS, undefined]);
		expect(statuses.at(-1)).toBe("1 questionnaire waiting · /answer");
	});

	it("'Answered in chat' in /answer's 'Stop answering?' settles it and tells the agent so", async () => {
		const branch = deferred("a");
		const { store, answer, fire, delivered } = fakePi(
			[undefined, (call) => rows(call).find((r) => r.startsWith("Answered in chat"))],
			{ branch },
		);
		await fire("session_start");
		await answer();
		expect(delivered).toMatchObject([{ id: "a", result: { outcome: "answered_in_chat" } }]);
		expect(store.list()).toEqual([]);
	});

	it("answered elsewhere while open (another extension): the dialog closes and that answer is delivered, once", async () => {
		const branch = deferred("a");
		let answered = () => {};
		const { store, answer, fire, delivered, events, statuses } = fakePi(
			[
				(call) =>
					new Promise<string | undefined>((resolve) => {
						answered = () => {
							events.emit(ANSWER_CHANNEL.answer, { id: "a", decline: true, by: "chat-bridge" });
							resolve(rows(call)[0]);
						};
					}),
			],
			{ branch },
		);
		await fire("session_start");
		const running = answer();
		await vi.waitFor(() => expect(store.isAsking("a")).toBe(true));
		// Open in /answer, it is not waiting: the footer does not count it.
		expect(statuses.at(-1)).toBeUndefined();
		answered();
		await running;
		expect(delivered).toMatchObject([
			{ id: "a", result: { outcome: "declined", answeredBy: { kind: "extension", name: "chat-bridge" } } },
		]);
		expect(store.list()).toEqual([]);
		expect(store.isAsking("a")).toBe(false);
	});

	it("cut short by the session ending: recorded pending with the answers so far before shutdown completes", async () => {
		const branch = deferred("a");
		const { store, answer, fire } = fakePi([(call) => rows(call)[0], () => new Promise<string | undefined>(() => {})], {
			branch,
		});
		await fire("session_start");
		const running = answer();
		await new Promise((r) => setTimeout(r, 10));
		await fire("session_shutdown");
		await running;
		expect(store.get("a")?.progress.answers).toEqual([REDIS, undefined]);
		expect(branch.at(-1)?.data).toMatchObject({ kind: "progress", id: "a", patch: { answers: [REDIS, null] } });
	});
});
