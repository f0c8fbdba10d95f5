/**
 * A tool call's questions are recorded by naming the call: its arguments are in the session already (Pi's
 * assistant message), and a questionnaire with 1 MB previews must not add them a second time. Restoring
 * reads them back from that call in the branch, as the tool read them; a call no longer in the branch is
 * said in one warning and nothing else breaks. Relayed questions, and calls whose arguments are not in the
 * branch or read otherwise, keep a copy; records that hold a copy (earlier versions) still restore.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { readRecord } from "../../src/pending/read-record.ts";
import { askedRecord, PENDING_ENTRY_TYPE, type SessionEntryLike, settledRecord } from "../../src/pending/records.ts";
import { restorePending } from "../../src/pending/restore.ts";
import { argumentsOfCall, askCallArguments, questionsOfArguments, sameJson } from "../../src/pi/call-questions.ts";
import { installPendingQuestionnaires } from "../../src/pi/pending-session.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { testAgentDir } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";

type Entry = SessionEntryLike & { message?: unknown };
type Handler = (event: unknown, ctx: unknown) => unknown;

const MEGABYTE = "# Plan\n\n".padEnd(1024 * 1024, "x");
const ARGS = {
	questions: [
		{ ...SMALL_CACHE_QUESTION, options: SMALL_CACHE_QUESTION.options.map((o) => ({ ...o, preview: MEGABYTE })) },
		SMALL_TARGETS_QUESTION,
	],
};

function shown(args: unknown): Questionnaire {
	const validation = validateQuestionnaire(args);
	if (!validation.ok) throw new Error("the test's arguments do not validate");
	return validation.questionnaire;
}

/** Pi's entry for the assistant message that calls the tool with `args` (as the session file holds it). */
const callEntry = (id: string, args: unknown, name = "ask_user_question"): Entry => ({
	type: "message",
	message: {
		role: "assistant",
		content: [
			{ type: "text", text: "Asking." },
			{ type: "toolCall", id, name, arguments: args },
		],
	},
});
const ours = (data: unknown): Entry => ({ type: "custom", customType: PENDING_ENTRY_TYPE, data });

/** A fake Pi over `branch`: appendEntry adds to it as JSON; warnings are collected. */
function fakePi(branch: Entry[]) {
	const handlers = new Map<string, Handler[]>();
	const notes: string[] = [];
	const ctx = {
		hasUI: true,
		mode: "rpc",
		ui: { notify: (message: string) => notes.push(message), setStatus: () => {} },
		sessionManager: { getBranch: () => branch, getSessionFile: () => undefined },
	};
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		appendEntry: (customType: string, data: unknown) =>
			branch.push({ type: "custom", customType, data: JSON.parse(JSON.stringify(data)) }),
	} as unknown as ExtensionAPI;
	const store = installPendingQuestionnaires(pi, defaultConfig, testAgentDir());
	const start = async () => {
		for (const handler of handlers.get("session_start") ?? []) await handler({}, ctx);
	};
	return { store, notes, start };
}

/** Shows `questionnaire` for `callId` in a Pi over `branch` and leaves it pending; returns the record written. */
async function askAndLeave(branch: Entry[], callId: string, questionnaire: Questionnaire, from?: "relayed") {
	const { store, start } = fakePi(branch);
	await start();
	const origin = from && { name: "sub", depth: 1, cwd: "/w", pid: 7 };
	store.asked({ id: `q_${callId}`, callId, askedAt: 1_000, questionnaire, ...(origin ? { from: origin } : {}) });
	store.progressed(`q_${callId}`, { ...emptyProgress(2), answers: [{ kind: "option", option: 1 }, undefined] });
	store.returned(`q_${callId}`, { pending: true });
	const record = branch.filter((e) => e.type === "custom").at(0)?.data;
	return record as Record<string, unknown>;
}

describe("the asked record of a tool call", () => {
	it("names the call instead of copying 1 MB previews, and restarts with the same questions and answers", async () => {
		const branch: Entry[] = [callEntry("call_1", ARGS)];
		const record = await askAndLeave(branch, "call_1", shown(ARGS));
		expect(record).toEqual({ v: 2, kind: "asked", id: "q_call_1", call: "call_1", askedAt: 1_000 });
		expect(JSON.stringify(branch.slice(1)).length).toBeLessThan(1_000);
		const restarted = fakePi(branch);
		await restarted.start();
		const [pending] = restarted.store.list();
		expect(pending?.questionnaire).toEqual(shown(ARGS));
		expect(pending?.progress.answers[0]).toEqual({ kind: "option", option: 1 });
		expect(restarted.notes).toEqual([]);
	});

	it("reads arguments the tool repaired (the questions sent as a JSON string) the way the tool did", async () => {
		const branch: Entry[] = [callEntry("call_s", { questions: JSON.stringify(ARGS.questions) })];
		const record = await askAndLeave(branch, "call_s", shown(ARGS));
		expect(record.questionnaire).toBeUndefined();
		const restarted = fakePi(branch);
		await restarted.start();
		expect(restarted.store.list()[0]?.questionnaire).toEqual(shown(ARGS));
	});

	it("copies the questions when the arguments are not in the branch, read otherwise, or were relayed", async () => {
		const elsewhere = await askAndLeave([], "call_x", shown(ARGS));
		expect(elsewhere.questionnaire).toEqual(shown(ARGS));
		// Another extension changed the arguments between the call and execute: what was shown is kept.
		const changed = { questions: [SMALL_TARGETS_QUESTION, SMALL_CACHE_QUESTION] };
		expect((await askAndLeave([callEntry("call_c", changed)], "call_c", shown(ARGS))).questionnaire).toEqual(
			shown(ARGS),
		);
		const relayed = await askAndLeave([callEntry("call_r", ARGS)], "call_r", shown(ARGS), "relayed");
		expect(relayed.questionnaire).toEqual(shown(ARGS));
	});

	it("a call gone from the branch: one warning that says so, and the others still restore", async () => {
		const branch: Entry[] = [callEntry("call_1", ARGS)];
		await askAndLeave(branch, "call_1", shown(ARGS));
		const copied = askedRecord({ id: "old", callId: "call_0", askedAt: 500, questionnaire: shown(ARGS) });
		const cut = [ours(JSON.parse(JSON.stringify(copied))), ...branch.slice(1)];
		const restarted = fakePi(cut);
		await restarted.start();
		await new Promise((resolve) => setTimeout(resolve, 5));
		expect(restarted.store.list().map((p) => p.id)).toEqual(["old"]);
		expect(restarted.notes).toHaveLength(1);
		expect(restarted.notes[0]).toContain("no longer in this session branch");
	});

	it("is written a moment after the questionnaire shows, not in the turn a key pressed as it shows comes in", async () => {
		const branch: Entry[] = [callEntry("call_1", ARGS)];
		const { store, start } = fakePi(branch);
		await start();
		vi.useFakeTimers();
		try {
			store.asked({ id: "q", callId: "call_1", askedAt: 1_000, questionnaire: shown(ARGS) });
			await vi.advanceTimersByTimeAsync(100);
			expect(branch).toHaveLength(1);
			await vi.advanceTimersByTimeAsync(200);
			expect(branch.at(-1)?.data).toEqual({ v: 2, kind: "asked", id: "q", call: "call_1", askedAt: 1_000 });
			store.asked({ id: "r", callId: "call_1", askedAt: 2_000, questionnaire: shown(ARGS) });
			// Anything that writes before then writes it first.
			store.flush();
			expect(branch.at(-1)?.data).toMatchObject({ kind: "asked", id: "r" });
		} finally {
			vi.useRealTimers();
		}
	});

	it("one settled since is not missed, whether or not its call is there", () => {
		const reference = ours(
			askedRecord({ id: "a", callId: "call_a", askedAt: 1, questionnaire: shown(ARGS) }, () => true),
		);
		const gone = restorePending([reference]);
		expect({ pending: gone.pending, lost: gone.lost }).toEqual({ pending: [], lost: 1 });
		expect(restorePending([reference, ours(settledRecord("a", "answered", 2))]).lost).toBe(0);
		const throwing = () => {
			throw new Error("hostile");
		};
		expect(restorePending([reference], throwing).lost).toBe(1);
	});
});

describe("reading the records and the calls", () => {
	it("a record without questions must name its call", () => {
		expect(readRecord({ v: 2, kind: "asked", id: "a", askedAt: 1, call: "call_a" })).toEqual({
			v: 2,
			kind: "asked",
			id: "a",
			askedAt: 1,
			call: "call_a",
		});
		expect(readRecord({ v: 2, kind: "asked", id: "a", askedAt: 1 })).toBeUndefined();
	});

	it("finds only ask_user_question calls, by id, and compares JSON by value", () => {
		const entries = [callEntry("c1", ARGS), callEntry("c2", { x: 1 }, "bash"), { type: "message", message: null }];
		expect([...askCallArguments(entries).keys()]).toEqual(["c1"]);
		expect(argumentsOfCall(entries, "c1")).toBe(ARGS);
		expect(argumentsOfCall(entries, "c2")).toBeUndefined();
		expect(questionsOfArguments({ questions: [] })).toBeUndefined();
		expect(sameJson(questionsOfArguments(JSON.parse(JSON.stringify(ARGS))), shown(ARGS))).toBe(true);
		expect(sameJson({ a: [1, "x"] }, { a: [1, "y"] })).toBe(false);
		expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
		expect(sameJson([1], { 0: 1 })).toBe(false);
	});
});
