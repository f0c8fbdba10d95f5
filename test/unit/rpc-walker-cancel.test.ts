/**
 * The dialog walker's ways out: cancels, declines, aborts, misbehaving hosts (rejections, throws,
 * unknown replies, dialogs that never settle) and the dialog budget. Every scenario asserts the
 * dialogs shown and the result; none may hang.
 */
import { describe, expect, it } from "vitest";
import type { DialogHost } from "../../src/dialogs/host.ts";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import type { Question, Questionnaire } from "../../src/protocol/questions.ts";
import { SMALL_CACHE_QUESTION as cache, SMALL_TARGETS_QUESTION as targets } from "../support/questions.ts";
import { type Call, ScriptedHost, type Step, sel } from "./rpc-fake-host.ts";

/** The most dialogs one walk opens (src/dialogs/host.ts): no person needs that many. */
const DIALOG_BUDGET = 200;

const form = (...questions: Question[]): Questionnaire => ({ questions });
const both = form(cache, targets);

const REDIS = "1. Redis — shared";
const CACHE_ROWS = [REDIS, "2. Memory — simple", "Type something…", "Add a note…"];
const TARGETS = "[2/2] Targets — Which targets?\nChoose any number, then Done.";
const targetRows = (checked: string, done: number) => [
	`[${checked[0]}] 1. Linux — x64`,
	`[${checked[1]}] 2. macOS — arm64`,
	done === 0 ? "Done — none of these" : `Done — ${done} selected`,
	"Type something…",
	"Add a note…",
	"← Back",
];
const REDIS_ANSWER = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" } as const;
const DECLINE = "Decline — the agent is told you declined";
const CHAT = "Answered in chat — the agent is told to take your answers from the chat";
const DISCARD = sel("Stop answering? You have answered 1 of 2 questions.", ["Keep answering", "Answer later", DECLINE]);
const REVIEW_ROWS = ["Submit", "Edit Cache", "Edit Targets", "Answer later", DECLINE];

async function walk(questionnaire: Questionnaire, script: Step[], signal?: AbortSignal) {
	const host = new ScriptedHost(script);
	const result = await walkQuestionnaire(questionnaire, host, { host: "rpc", signal });
	return { host, result, calls: host.calls };
}

describe("walkQuestionnaire: cancelling", () => {
	it("declines when the first select is cancelled with nothing answered", async () => {
		const { calls, result } = await walk(both, [undefined]);
		expect(calls).toEqual([sel("[1/2] Cache — Which cache?", CACHE_ROWS)]);
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0, 1],
		});
	});

	it("asks before declining once something is answered; Keep answering returns to the same question", async () => {
		const { calls, result } = await walk(both, [
			REDIS,
			undefined,
			"Keep answering",
			"[ ] 2. macOS — arm64",
			"Done — 1 selected",
			"Submit",
		]);
		expect(calls).toEqual([
			sel("[1/2] Cache — Which cache?", CACHE_ROWS),
			sel(TARGETS, targetRows("  ", 0)),
			DISCARD,
			sel(TARGETS, targetRows("  ", 0)),
			sel(TARGETS, targetRows(" x", 1)),
			sel("Review your answers\n[1/2] Cache: Redis\n[2/2] Targets: macOS", REVIEW_ROWS),
		]);
		expect(result.outcome).toBe("answered");
	});

	it("Decline — the agent is told you declined: declined, the answers kept in details (void for the model)", async () => {
		const { calls, result } = await walk(both, [REDIS, undefined, DECLINE]);
		expect(calls.at(-1)).toEqual(DISCARD);
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [REDIS_ANSWER],
			unanswered: [1],
		});
	});

	it("dismissing 'Stop answering?' puts the questionnaire aside: a repeated cancel never declines", async () => {
		const { calls, result } = await walk(both, [REDIS, undefined, undefined, undefined]);
		expect(calls.map((c) => c.title.split("\n")[0])).toEqual([
			"[1/2] Cache — Which cache?",
			"[2/2] Targets — Which targets?",
			"Stop answering? You have answered 1 of 2 questions.",
		]);
		expect(result).toEqual({
			outcome: "deferred",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [REDIS_ANSWER],
			unanswered: [1],
		});
	});

	it("a note alone counts as given: a cancel asks instead of declining", async () => {
		const { calls, result } = await walk(form(cache), ["Add a note…", "why not both", undefined, undefined]);
		expect(calls.at(-1)?.title).toBe("Stop answering? You have answered 0 of 1 question.");
		expect(result.outcome).toBe("deferred");
		expect(result.questionNotes).toEqual([{ questionIndex: 0, question: "Which cache?", notes: "why not both" }]);
	});

	it("cancelling the review asks the same question and Keep answering returns to the review", async () => {
		const review = sel("Review your answers\n[1/2] Cache: Redis\n[2/2] Targets: none of these", REVIEW_ROWS);
		const discardBoth = sel("Stop answering? You have answered 2 of 2 questions.", [
			"Keep answering",
			"Answer later",
			DECLINE,
		]);
		const { calls, result } = await walk(both, [REDIS, "Done — none of these", undefined, "Keep answering", "Submit"]);
		expect(calls.slice(2)).toEqual([review, discardBoth, review]);
		expect(result.outcome).toBe("answered");
	});

	it("typed text of a multi-select is the answer as soon as its input returns, as in the TUI", async () => {
		const script: Step[] = [REDIS, "[ ] 1. Linux — x64", "Type something…", "BSD", undefined, undefined];
		const { calls, result } = await walk(both, [...script, undefined, undefined]);
		expect(calls.at(-1)?.title).toBe("Stop answering? You have answered 2 of 2 questions.");
		expect(result).toMatchObject({
			outcome: "deferred",
			answers: [REDIS_ANSWER, { questionIndex: 1, kind: "multi", answer: ["Linux", "BSD"], custom: "BSD" }],
		});
	});

	it("a host that cancels every dialog ends after one dialog", async () => {
		let dialogs = 0;
		const cancel = async () => {
			dialogs++;
			return undefined;
		};
		const result = await walkQuestionnaire(form(cache, targets), { select: cancel, input: cancel }, { host: "rpc" });
		expect(dialogs).toBe(1);
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0, 1],
		});
	});

	it("counts an unknown reply, a rejection and a synchronous throw as a cancel of that dialog", async () => {
		expect((await walk(both, ["Redis"])).result.outcome).toBe("declined");
		expect((await walk(both, [new Error("bridge down")])).result.outcome).toBe("declined");
		const throwing: DialogHost = {
			select: () => {
				throw new Error("sync");
			},
			input: async () => undefined,
		};
		const result = await walkQuestionnaire(both, throwing, { host: "tui" });
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "tui",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0, 1],
		});
		const rejectedInput = await walk(form(cache), ["Type something…", new Error("no input"), REDIS]);
		expect(rejectedInput.result.answers).toEqual([REDIS_ANSWER]);
	});
});

describe("walkQuestionnaire: select-only hosts and the budget", () => {
	/** Picks rows by a rule and cancels every input, like a client without a text box. */
	function selectOnly(
		choose: (call: { title: string; options: string[] }) => string | undefined,
	): DialogHost & { calls: Call[] } {
		const calls: Call[] = [];
		return {
			calls,
			select: async (title, options) => {
				calls.push({ kind: "select", title, options });
				return choose({ title, options });
			},
			input: async (title, placeholder) => {
				calls.push({ kind: "input", title, placeholder });
				return undefined;
			},
		};
	}

	it("answers single and multi-select questions completely without ever typing", async () => {
		let step = 0;
		const plan = [
			"Type something…",
			"Add a note…",
			REDIS,
			"Type something…",
			"[ ] 1. Linux — x64",
			"[ ] 2. macOS — arm64",
			"Done — 2 selected",
			"Submit",
		];
		const host = selectOnly(() => plan[step++]);
		const result = await walkQuestionnaire(both, host, { host: "rpc" });
		expect(host.calls.map((c) => c.kind)).toEqual([
			"select",
			"input",
			"select",
			"input",
			"select",
			"select",
			"input",
			"select",
			"select",
			"select",
			"select",
		]);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				REDIS_ANSWER,
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux", "macOS"] },
			],
		});
	});

	it("stops a client that picks Type something… forever at the dialog budget, as declined", async () => {
		const host = selectOnly(() => "Type something…");
		const result = await walkQuestionnaire(both, host, { host: "rpc" });
		expect(host.calls).toHaveLength(DIALOG_BUDGET);
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0, 1],
		});
	});

	it("stops a client that toggles a check box forever at the budget, keeping the answers, never declining them", async () => {
		const host = selectOnly((call) => (call.title.startsWith("[1/2]") ? REDIS : call.options[0]));
		const result = await walkQuestionnaire(both, host, { host: "rpc" });
		expect(host.calls).toHaveLength(DIALOG_BUDGET);
		// 199 toggles leave Linux ticked: ticks are the answer from the first one on, as in the TUI.
		expect(result).toEqual({
			outcome: "interrupted",
			cancelled: true,
			host: "rpc",
			answers: [REDIS_ANSWER, { questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux"] }],
		});
	});

	it("keeps answering and cancelling forever is bounded by the budget too", async () => {
		const host = selectOnly((call) =>
			call.title.startsWith("[1/2]") ? REDIS : call.title.startsWith("Stop") ? "Keep answering" : undefined,
		);
		const result = await walkQuestionnaire(both, host, { host: "rpc" });
		expect(host.calls).toHaveLength(DIALOG_BUDGET);
		expect(result.outcome).toBe("interrupted");
		expect(result.answers).toEqual([REDIS_ANSWER]);
	});
});

describe("walkQuestionnaire: abort", () => {
	it("passes the signal to every dialog", async () => {
		const controller = new AbortController();
		const { host } = await walk(both, [REDIS, "Add a note…", "n", "Done — none of these", "Submit"], controller.signal);
		expect(host.signals).toHaveLength(5);
		for (const signal of host.signals) expect(signal).toBe(controller.signal);
	});

	it("opens no dialog when the signal is already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		const { calls, result } = await walk(both, [REDIS], controller.signal);
		expect(calls).toEqual([]);
		expect(result).toEqual({ outcome: "interrupted", cancelled: true, host: "rpc", answers: [], unanswered: [0, 1] });
	});

	it("returns interrupted with the committed answers when a dialog resolves undefined on abort (Pi RPC)", async () => {
		const controller = new AbortController();
		const abortThenCancel = () => {
			controller.abort();
			return undefined;
		};
		const { calls, result } = await walk(both, [REDIS, abortThenCancel, "Keep answering"], controller.signal);
		expect(calls).toHaveLength(2);
		expect(result).toEqual({
			outcome: "interrupted",
			cancelled: true,
			host: "rpc",
			answers: [REDIS_ANSWER],
			unanswered: [1],
		});
	});

	it("stops at once even if the open dialog ignores the signal and never settles", async () => {
		const controller = new AbortController();
		const never = () => new Promise<string | undefined>(() => {});
		const host = new ScriptedHost([REDIS, "Add a note…", "kept note", never]);
		const walking = walkQuestionnaire(both, host, { host: "rpc", signal: controller.signal });
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(host.calls).toHaveLength(4);
		controller.abort();
		const result = await walking;
		expect(result).toEqual({
			outcome: "interrupted",
			cancelled: true,
			host: "rpc",
			answers: [REDIS_ANSWER],
			unanswered: [1],
			questionNotes: [{ questionIndex: 1, question: "Which targets?", notes: "kept note" }],
		});
	});

	it("counts multi-select ticks as the answer from the first one on, as the TUI does", async () => {
		const controller = new AbortController();
		const abort = () => {
			controller.abort();
			return undefined;
		};
		const { result } = await walk(both, [REDIS, "[ ] 1. Linux — x64", abort], controller.signal);
		const linux = { questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux"] };
		expect(result.answers).toEqual([REDIS_ANSWER, linux]);
		expect(result.outcome).toBe("interrupted");
	});
});

describe("walkQuestionnaire: Answer later", () => {
	it("the cancel question's Answer later row ends deferred, keeping the answers", async () => {
		const { calls, result } = await walk(both, [REDIS, undefined, "Answer later"]);
		expect(calls[2]).toEqual(DISCARD);
		expect(result).toEqual({
			outcome: "deferred",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [REDIS_ANSWER],
			unanswered: [1],
		});
	});

	it("the review's Answer later row ends deferred", async () => {
		const { result } = await walk(both, [REDIS, "Done — 0 selected", "Answer later"]);
		expect(result).toMatchObject({ outcome: "deferred", answers: [REDIS_ANSWER], unanswered: [1] });
	});

	it("a resumed walk starts at the first unanswered question with the saved answers, notes and overall note", async () => {
		const host = new ScriptedHost(["[ ] 1. Linux — x64", "Done — 1 selected", "Submit"]);
		const progress = {
			answers: [{ kind: "option" as const, option: 0 }, undefined],
			ticks: [[], []],
			notes: ["from last week", ""],
			drafts: ["", ""],
			globalNote: "overall",
		};
		const result = await walkQuestionnaire(both, host, { host: "rpc", progress });
		expect(host.calls[0]?.title.split("\n")[0]).toBe("[2/2] Targets — Which targets?");
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ ...REDIS_ANSWER, notes: "from last week" },
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux"] },
			],
			globalNote: "overall",
		});
	});
});

describe("walkQuestionnaire: cancelling in /answer (reopened: the progress of a pending questionnaire)", () => {
	const nothing = {
		answers: [undefined, undefined],
		ticks: [[], []],
		notes: ["", ""],
		drafts: ["", ""],
		globalNote: "",
	};
	const reopenedRows = ["Keep answering", "Answer later", CHAT, DECLINE];
	const reopened = async (script: Step[]) => {
		const host = new ScriptedHost(script);
		const result = await walkQuestionnaire(both, host, { host: "rpc", progress: nothing });
		return { calls: host.calls, result };
	};

	it("one cancel never declines: it asks, offering Answered in chat; a cancel there keeps it pending (deferred)", async () => {
		const { calls, result } = await reopened([undefined, undefined]);
		expect(calls).toEqual([
			sel("[1/2] Cache — Which cache?", CACHE_ROWS),
			sel("Stop answering? You have answered 0 of 2 questions.", reopenedRows),
		]);
		expect(result).toEqual({
			outcome: "deferred",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
			unanswered: [0, 1],
		});
	});

	it("a host that cancels every dialog puts it aside after two dialogs", async () => {
		let dialogs = 0;
		const cancel = async () => {
			dialogs++;
			return undefined;
		};
		const result = await walkQuestionnaire(both, { select: cancel, input: cancel }, { host: "rpc", progress: nothing });
		expect(dialogs).toBe(2);
		expect(result.outcome).toBe("deferred");
	});

	it("Answered in chat settles it truthfully; Decline only by its row", async () => {
		expect((await reopened([undefined, CHAT])).result).toMatchObject({ outcome: "answered_in_chat", cancelled: false });
		expect((await reopened([undefined, DECLINE])).result).toMatchObject({ outcome: "declined", cancelled: true });
		const kept = await reopened([undefined, "Keep answering", REDIS, "Done — none of these", "Submit"]);
		expect(kept.result.outcome).toBe("answered");
	});

	it("an exhausted budget leaves it pending (interrupted), never declined", async () => {
		const host = { select: async () => "Type something…", input: async () => undefined };
		const result = await walkQuestionnaire(both, host, { host: "rpc", progress: nothing });
		expect(result.outcome).toBe("interrupted");
	});

	it("tells the host what a cancel means on each select (the accessible prompts say it)", async () => {
		const seen: (string | undefined)[] = [];
		const host = {
			select: async (_title: string, _rows: string[], opts?: { cancel?: string }) => {
				seen.push(opts?.cancel);
				return undefined;
			},
			input: async () => undefined,
		};
		await walkQuestionnaire(both, host, { host: "rpc", progress: nothing });
		await walkQuestionnaire(both, host, { host: "rpc" });
		expect(seen).toEqual(["ask", "later", "decline"]);
	});
});
