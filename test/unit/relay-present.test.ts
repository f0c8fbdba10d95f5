/**
 * The serving side of a relayed ask (src/relay/present.ts) on a scripted dialog host (the RPC walker's
 * path): the questions are validated again; the questionnaire is labelled with who asks, its own
 * questions untouched; the asker's abort closes the dialog at once and leaves nothing behind; Answer later
 * keeps it pending here with who asked (the asker is told where its answers go); another extension (or
 * `pi-ask`) may answer first; relayed questionnaires wait behind this Pi's own.
 */

import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { openOnHost } from "../../src/ask/open-on-host.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { notificationText } from "../../src/notify/sequence.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import type { Origin } from "../../src/protocol/origin.ts";
import { type PresentDeps, presentRelayedAsk } from "../../src/relay/present.ts";
import { resultOfReply } from "../../src/relay/reply.ts";
import { ANSWER_CHANNEL } from "../../src/tool/answer-events.ts";

/** A first showing: announced, under the answer timeout. */
const SHOWN = { announce: true, timed: true };

import { eventBus } from "../support/event-bus.ts";
import { testSession } from "../support/pending-store.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";
import { captureStdoutNotifications } from "../support/stdout-notifications.ts";
import { type Call, ScriptedHost, type Step } from "./rpc-fake-host.ts";

const FROM: Origin = { name: "scout", cwd: "/work/app", depth: 2, pid: 4242, task: "Find the cache code" };
const LABEL = 'Asked by subagent "scout" · depth 2 · /work/app · Task: Find the cache code';

/** Picks the row containing `text`. */
const pick =
	(text: string): Step =>
	(call: Call) =>
		call.kind === "select" ? call.options.find((o) => o.includes(text)) : undefined;

function setup(script: Step[]) {
	const host = new ScriptedHost(script);
	const session = testSession();
	const events = eventBus();
	const deps: PresentDeps = {
		host: () => ({ ui: host as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" }),
		config: defaultConfig,
		events,
		store: session.store,
	};
	return { host, session, events, deps };
}

const never = new AbortController().signal;

describe("a relayed questionnaire shown here", () => {
	it("is labelled with who asks, its questions untouched, and its result goes back as given", async () => {
		let open: readonly { id: string; from?: Origin }[] = [];
		const { host, deps, session } = setup([
			(call) => {
				open = session.store.open();
				return call.kind === "select" ? call.options.find((o) => o.includes("SQLite file")) : undefined;
			},
		]);
		const ids: string[] = [];
		const reply = await presentRelayedAsk(
			{ questions: [CACHE_QUESTION], from: FROM },
			never,
			(id) => ids.push(id),
			deps,
		);
		// The answer model goes back, by option index: the asker reads it against its own questions.
		expect(reply).toEqual({
			ok: true,
			result: { outcome: "answered", answeredBy: { kind: "person" }, answers: [{ question: 0, options: [1] }] },
		});
		const title = host.calls[0]?.title ?? "";
		expect(title.split("\n")[0]).toBe(LABEL);
		expect(title).toContain(CACHE_QUESTION.question);
		expect(ids).toHaveLength(1);
		// Asked now while it is shown (`pi-ask list` names who asks), and not after.
		expect(open).toMatchObject([{ id: ids[0], from: FROM }]);
		expect(session.store.open()).toEqual([]);
	});

	it("validates the questions again with the tool's rules, and shows nothing when they fail", async () => {
		const { host, deps } = setup([]);
		const bad = {
			...CACHE_QUESTION,
			options: [
				{ label: "Other", description: "" },
				{ label: "A", description: "" },
			],
		};
		const reply = await presentRelayedAsk({ questions: [bad], from: FROM }, never, () => {}, deps);
		expect(reply).toMatchObject({ ok: false, code: "invalid_questions" });
		expect(!reply.ok && reply.problems?.[0]?.path).toBe("questions[0].options[0].label");
		expect(host.calls).toHaveLength(0);
	});

	it("sanitizes the label: escapes and bidi overrides from the asker never reach the screen", async () => {
		const { host, deps } = setup([pick("SQLite file")]);
		const hostile: Origin = { name: "\u001b]52;c;aGk=\u0007evil\u202e", cwd: "/w\u001b[2J", depth: 1 };
		await presentRelayedAsk({ questions: [CACHE_QUESTION], from: hostile }, never, () => {}, deps);
		const label = host.calls[0]?.title.split("\n")[0] ?? "";
		expect(label).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
		expect(label).toContain("evil");
	});

	it("the asker gone (its signal) closes the dialog at once; nothing is recorded", async () => {
		const asker = new AbortController();
		// The dialog is on screen when the asker goes away; it never answers by itself.
		const { deps, session, host } = setup([
			() =>
				new Promise<string | undefined>(() => {
					asker.abort();
				}),
		]);
		const notices: string[] = [];
		const ui = Object.assign(host, { notify: (text: string) => notices.push(text) });
		deps.host = () => ({ ui: ui as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" });
		const reply = await presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, asker.signal, () => {}, deps);
		expect(host.signals[0]?.aborted).toBe(true);
		expect(reply).toMatchObject({ ok: true, result: { outcome: "interrupted" } });
		// The person saw it vanish: one notice says why.
		expect(notices).toEqual([
			`${LABEL} — closed: the subagent stopped waiting for these answers (it ended or was stopped).`,
		]);
		expect(session.records()).toEqual([]);
		expect(session.store.list()).toEqual([]);
	});

	it.each([["close"], ["defer"]] as const)(
		"nobody answers before the answer timeout (onTimeout %s): the asker reads a timeout, never the person's choice",
		async (onTimeout) => {
			vi.useFakeTimers();
			try {
				const { deps, session } = setup([() => new Promise<undefined>(() => {})]);
				deps.config = () => ({ ...defaultConfig(), timeout: 2, onTimeout });
				const replying = presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, never, () => {}, deps);
				await vi.advanceTimersByTimeAsync(2_500);
				const reply = await replying;
				const asked = resultOfReply(reply, { questions: [CACHE_QUESTION] });
				expect(asked.answeredBy).toEqual({ kind: "timeout" });
				const text = resultText(asked, [CACHE_QUESTION.question]);
				if (onTimeout === "close") {
					expect(asked.outcome).toBe("timed_out");
					expect(text).toMatch(/^The questionnaire timed out before the user answered; they may be away\./);
					expect(session.store.list()).toEqual([]);
				} else {
					expect(asked).toMatchObject({ outcome: "deferred", timedOut: true });
					expect(text).toMatch(/^The time to answer ran out before the user answered \(they may be away\)/);
					expect(session.store.list()).toHaveLength(1);
				}
				expect(text).not.toContain("put these questions aside");
			} finally {
				vi.useRealTimers();
			}
		},
	);

	it("Answer later keeps it pending here with who asked; the asker is told its id", async () => {
		const { deps, session } = setup([pick("SQLite file"), pick("Linux"), pick("Done"), pick("Answer later")]);
		let id = "";
		const reply = await presentRelayedAsk(
			{ questions: [CACHE_QUESTION, PLATFORM_QUESTION], from: FROM },
			never,
			(given) => {
				id = given;
			},
			deps,
		);
		expect(reply).toMatchObject({ ok: true, result: { outcome: "deferred", relayedId: id } });
		expect(reply.ok && (reply.result as { pendingId?: string }).pendingId).toBeUndefined();
		const [pending] = session.store.list();
		expect(pending).toMatchObject({
			id,
			from: FROM,
			questionnaire: { questions: [CACHE_QUESTION, PLATFORM_QUESTION] },
		});
		expect(pending?.progress.answers[0]).toEqual({ kind: "option", option: 1 });
		// A restart finds it, with who asked.
		expect(session.restart().store.list()[0]).toMatchObject({ id, from: FROM });
	});

	it("another extension (or pi-ask) may answer it first; the dialog closes", async () => {
		const { deps, events } = setup([() => new Promise<string | undefined>(() => {})]);
		let id = "";
		const announced: unknown[] = [];
		events.on(ANSWER_CHANNEL.asked, (data) => {
			announced.push(data);
			id = (data as { id: string }).id;
			queueMicrotask(() =>
				events.emit(ANSWER_CHANNEL.answer, { id, answers: [{ question: 0, options: ["Redis"] }], by: "phone" }),
			);
		});
		const reply = await presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, never, () => {}, deps);
		expect(reply).toMatchObject({
			ok: true,
			result: {
				outcome: "answered",
				answeredBy: { kind: "extension", name: "phone" },
				answers: [{ question: 0, options: [2] }],
			},
		});
		// A bridge can say who asks, as the dialog does.
		expect(announced).toEqual([expect.objectContaining({ id, from: FROM })]);
	});

	it("waits while this Pi's own questionnaire is on screen, and is shown after it", async () => {
		const order: string[] = [];
		const own = new ScriptedHost([
			async (call) => {
				order.push("own shown");
				await new Promise((r) => setTimeout(r, 30));
				order.push("own answered");
				return call.kind === "select" ? call.options[0] : undefined;
			},
		]);
		const { deps, host } = setup([
			(call) => {
				order.push("relayed shown");
				return call.kind === "select" ? call.options[0] : undefined;
			},
		]);
		const mine = openOnHost(
			"dialogs",
			{ questions: [CACHE_QUESTION] },
			{ ui: own as unknown as ExtensionUIContext },
			SHOWN,
		);
		const relayed = presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, never, () => {}, deps);
		await Promise.all([mine, relayed]);
		expect(order).toEqual(["own shown", "own answered", "relayed shown"]);
		expect(host.calls).toHaveLength(1);
	});

	it("waits while the person is writing in the editor, says who asks meanwhile, then shows it", async () => {
		const written = captureStdoutNotifications();
		let typing = true;
		const notices: string[] = [];
		const { deps, host } = setup([
			(call) => (typing ? "shown while typing" : call.kind === "select" ? call.options[1] : undefined),
		]);
		const ui = Object.assign(host, { notify: (text: string) => notices.push(text) });
		deps.host = () => ({ ui: ui as unknown as ExtensionUIContext, hasUI: true, mode: "rpc", composing: () => typing });
		const reply = presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, never, () => {}, deps);
		await new Promise((r) => setTimeout(r, 450));
		expect(host.calls).toHaveLength(0);
		expect(notices).toEqual([`${LABEL} — a question waits: it opens once you send or clear what you are typing.`]);
		// Its desktop notification too, titled with who asks (whoever walked away from a draft learns of it).
		expect(written).toEqual([
			`\x1b]777;notify;${notificationText(LABEL, "").title.replaceAll(";", ",")};${CACHE_QUESTION.question}\x07`,
		]);
		typing = false;
		expect(await reply).toMatchObject({
			ok: true,
			result: { outcome: "answered", answers: [{ question: 0, options: [1] }] },
		});
		expect(notices).toHaveLength(1);
	});

	it("the asker gone while it waits for the editor: it ends at once, never shown", async () => {
		const asker = new AbortController();
		const { deps, host } = setup([pick("SQLite file")]);
		const ui = Object.assign(host, { notify: () => {} });
		deps.host = () => ({ ui: ui as unknown as ExtensionUIContext, hasUI: true, mode: "rpc", composing: () => true });
		const reply = presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, asker.signal, () => {}, deps);
		await new Promise((r) => setTimeout(r, 50));
		const abortedAt = Date.now();
		asker.abort();
		expect(await reply).toMatchObject({ ok: true, result: { outcome: "interrupted" } });
		expect(Date.now() - abortedAt).toBeLessThan(100);
		expect(host.calls).toHaveLength(0);
	});

	it("says nothing when it closes because this session ends, or when the asker leaves before its turn", async () => {
		const notices: string[] = [];
		const asker = new AbortController();
		let live = true;
		const { deps, host } = setup([
			() =>
				new Promise<string | undefined>(() => {
					live = false;
					asker.abort();
				}),
		]);
		const ui = Object.assign(host, { notify: (text: string) => notices.push(text) });
		deps.host = () => (live ? { ui: ui as unknown as ExtensionUIContext, hasUI: true, mode: "rpc" } : undefined);
		await presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, asker.signal, () => {}, deps);
		// Queued behind this Pi's own questionnaire, then its asker gone: never seen, nothing to say.
		live = true;
		const own = new ScriptedHost([() => new Promise<string | undefined>((r) => setTimeout(() => r(undefined), 60))]);
		const mine = openOnHost(
			"dialogs",
			{ questions: [CACHE_QUESTION] },
			{ ui: own as unknown as ExtensionUIContext },
			SHOWN,
		);
		const leaving = new AbortController();
		const queued = presentRelayedAsk({ questions: [CACHE_QUESTION], from: FROM }, leaving.signal, () => {}, deps);
		setTimeout(() => leaving.abort(), 20);
		await Promise.all([mine, queued]);
		expect(notices).toEqual([]);
	});
});
