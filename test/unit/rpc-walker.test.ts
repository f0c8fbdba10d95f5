/**
 * The dialog walker end to end against a scripted fake host: every scenario asserts the exact
 * dialogs shown (titles, rows, placeholders) and the exact QuestionnaireResult.
 */
import { describe, expect, it } from "vitest";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import type { Question, Questionnaire } from "../../src/protocol/questions.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION, withPreviews } from "../support/questions.ts";
import { inp, ScriptedHost, type Step, sel } from "./rpc-fake-host.ts";

const REDIS_PREVIEW = "```\nredis: 6379\n```";
const cache = withPreviews(SMALL_CACHE_QUESTION, REDIS_PREVIEW);
/** The small targets question and a third option. */
const targets: Question = {
	...SMALL_TARGETS_QUESTION,
	options: [...SMALL_TARGETS_QUESTION.options, { label: "Windows", description: "x64" }],
};
const form = (...questions: Question[]): Questionnaire => ({ questions });

const REDIS = "1. Redis — shared";
const MEMORY = "2. Memory — simple";
const CACHE_1_OF_2 = "[1/2] Cache — Which cache?";
const TARGETS_2_OF_2 = "[2/2] Targets — Which targets?\nChoose any number, then Done.";
const cacheRows = (note = "Add a note…") => [REDIS, MEMORY, "Type something…", note, "Show previews…"];
const targetRows = (checked: string, done: number, extra: string[] = [], note = "Add a note…") => [
	`[${checked[0]}] 1. Linux — x64`,
	`[${checked[1]}] 2. macOS — arm64`,
	`[${checked[2]}] 3. Windows — x64`,
	...extra,
	done === 0 ? "Done — none of these" : `Done — ${done} selected`,
	"Type something…",
	note,
	"← Back",
];
const REVIEW_ROWS = [
	"Submit",
	"Edit Cache",
	"Edit Targets",
	"Answer later",
	"Decline — the agent is told you declined",
];

async function walk(questionnaire: Questionnaire, script: Step[], signal?: AbortSignal) {
	const host = new ScriptedHost(script);
	const result = await walkQuestionnaire(questionnaire, host, { host: "rpc", signal });
	return { host, result, calls: host.calls };
}

describe("walkQuestionnaire: answering", () => {
	it("walks a two-question form: option, multi-select loop, review, submit", async () => {
		const { host, calls, result } = await walk(form(cache, targets), [
			REDIS,
			"[ ] 2. macOS — arm64",
			"[ ] 1. Linux — x64",
			"Done — 2 selected",
			"Submit",
		]);
		expect(calls).toEqual([
			sel("[1/2] Cache — Which cache?", [
				"1. Redis — shared",
				"2. Memory — simple",
				"Type something…",
				"Add a note…",
				"Show previews…",
			]),
			sel("[2/2] Targets — Which targets?\nChoose any number, then Done.", [
				"[ ] 1. Linux — x64",
				"[ ] 2. macOS — arm64",
				"[ ] 3. Windows — x64",
				"Done — none of these",
				"Type something…",
				"Add a note…",
				"← Back",
			]),
			sel(TARGETS_2_OF_2, targetRows(" x ", 1)),
			sel(TARGETS_2_OF_2, targetRows("xx ", 2)),
			sel("Review your answers\n[1/2] Cache: Redis\n[2/2] Targets: Linux, macOS", [
				"Submit",
				"Edit Cache",
				"Edit Targets",
				"Answer later",
				"Decline — the agent is told you declined",
			]),
		]);
		expect(host.remaining).toBe(0);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis", preview: REDIS_PREVIEW },
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux", "macOS"] },
			],
		});
	});

	it("submits a single-question form right after the answer, without a review", async () => {
		const { calls, result } = await walk(form(cache), [MEMORY]);
		expect(calls).toEqual([sel("[1/1] Cache — Which cache?", cacheRows())]);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Memory" }],
		});
	});

	it("takes a typed answer; a cancelled or blank input returns to the same question", async () => {
		const typeTitle = "[1/1] Cache — Which cache?\nType your answer:";
		const { calls, result } = await walk(form(cache), [
			"Type something…",
			undefined,
			"Type something…",
			"   ",
			"Type something…",
			"  Valkey, please  ",
		]);
		const question = sel("[1/1] Cache — Which cache?", cacheRows());
		const input = inp(typeTitle, "Your answer");
		expect(calls).toEqual([question, input, question, input, question, input]);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [{ questionIndex: 0, question: "Which cache?", kind: "custom", answer: "Valkey, please" }],
		});
	});

	it("adds typed text to a multi-select as its last entry and moves on; choosing the typed row removes it", async () => {
		const q = form(cache, targets);
		const { calls, result } = await walk(q, [
			MEMORY,
			"[ ] 3. Windows — x64",
			"Type something…",
			"FreeBSD",
			"Edit Targets",
			"[x] Typed: FreeBSD",
			"Type something…",
			"NetBSD",
			"Submit",
		]);
		const typeTitle = "[2/2] Targets — Which targets?\nType your answer:";
		// Typed text is the answer and moves on, as Enter in the TUI's editor does: here to the review.
		expect(calls).toEqual([
			sel(CACHE_1_OF_2, cacheRows()),
			sel(TARGETS_2_OF_2, targetRows("   ", 0)),
			sel(TARGETS_2_OF_2, targetRows("  x", 1)),
			inp(typeTitle, "Your answer"),
			sel('Review your answers\n[1/2] Cache: Memory\n[2/2] Targets: Windows, "FreeBSD" (typed)', REVIEW_ROWS),
			sel(TARGETS_2_OF_2, targetRows("  x", 2, ["[x] Typed: FreeBSD"])),
			sel(TARGETS_2_OF_2, targetRows("  x", 1)),
			inp(typeTitle, "Your answer"),
			sel('Review your answers\n[1/2] Cache: Memory\n[2/2] Targets: Windows, "NetBSD" (typed)', REVIEW_ROWS),
		]);
		expect(result.answers[1]).toEqual({
			questionIndex: 1,
			question: "Which targets?",
			kind: "multi",
			answer: ["Windows", "NetBSD"],
			custom: "NetBSD",
		});
		expect(result.outcome).toBe("answered");
	});

	it('treats Done with nothing selected as the explicit answer "none of these" and moves on', async () => {
		const { calls, result } = await walk(form(targets, cache), ["Done — none of these", REDIS, "Submit"]);
		expect(calls.map((c) => c.title.split("\n")[0])).toEqual([
			"[1/2] Targets — Which targets?",
			"[2/2] Cache — Which cache?",
			"Review your answers",
		]);
		expect(calls[2]).toEqual(
			sel("Review your answers\n[1/2] Targets: none of these\n[2/2] Cache: Redis", [
				"Submit",
				"Edit Targets",
				"Edit Cache",
				"Answer later",
				"Decline — the agent is told you declined",
			]),
		);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which targets?", kind: "multi", answer: [] },
				{ questionIndex: 1, question: "Which cache?", kind: "option", answer: "Redis", preview: REDIS_PREVIEW },
			],
		});
	});
});

describe("walkQuestionnaire: notes", () => {
	it("attaches a note; the row then reads Edit note…; an empty note input removes it, a cancelled one keeps it", async () => {
		const noteTitle = "[1/1] Cache — note (optional; leave empty to remove it)";
		const { calls, result } = await walk(form(cache), [
			"Add a note…",
			"first thought",
			"Edit note…",
			"",
			"Add a note…",
			"  keep it small  ",
			"Edit note…",
			undefined,
			REDIS,
		]);
		const bare = sel("[1/1] Cache — Which cache?", cacheRows());
		const noted = sel("[1/1] Cache — Which cache?\nNote: first thought", cacheRows("Edit note…"));
		const kept = sel("[1/1] Cache — Which cache?\nNote: keep it small", cacheRows("Edit note…"));
		expect(calls).toEqual([
			bare,
			inp(noteTitle, "Optional note"),
			noted,
			inp(noteTitle, "first thought"),
			bare,
			inp(noteTitle, "Optional note"),
			kept,
			inp(noteTitle, "keep it small"),
			kept,
		]);
		expect(result.answers).toEqual([
			{
				questionIndex: 0,
				question: "Which cache?",
				kind: "option",
				answer: "Redis",
				preview: REDIS_PREVIEW,
				notes: "keep it small",
			},
		]);
	});

	it("keeps a note on a question left unanswered in questionNotes", async () => {
		// The note is on the second question, never answered: its select and "Stop answering?" are dismissed,
		// which puts the questionnaire aside, keeping answers and notes.
		const { result } = await walk(form(cache, targets), [REDIS, "Add a note…", "no Windows yet", undefined, undefined]);
		expect(result).toEqual({
			outcome: "deferred",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis", preview: REDIS_PREVIEW },
			],
			unanswered: [1],
			questionNotes: [{ questionIndex: 1, question: "Which targets?", notes: "no Windows yet" }],
		});
	});
});

describe("walkQuestionnaire: previews", () => {
	it("shows the previews in a select title; its only row (or a cancel) goes back to the options", async () => {
		const previews = sel("[1/1] Cache — previews\n\n── 1. Redis ──\n```\nredis: 6379\n```", ["← Back to options"]);
		const question = sel("[1/1] Cache — Which cache?", cacheRows());
		const { calls, result } = await walk(form(cache), [
			"Show previews…",
			"← Back to options",
			"Show previews…",
			undefined,
			REDIS,
		]);
		expect(calls).toEqual([question, previews, question, previews, question]);
		expect(result.outcome).toBe("answered");
	});

	it("offers no preview row when no option has a preview", async () => {
		const { calls } = await walk(form(targets), ["Done — none of these"]);
		expect(calls[0]?.kind === "select" && calls[0].options).not.toContain("Show previews…");
	});
});

describe("walkQuestionnaire: navigation and review", () => {
	it("goes back with ← Back, shows the current answer, and moves forward again after a new answer", async () => {
		const { calls, result } = await walk(form(cache, targets), [
			REDIS,
			"← Back",
			MEMORY,
			"[ ] 1. Linux — x64",
			"Done — 1 selected",
			"Submit",
		]);
		expect(calls.slice(0, 4)).toEqual([
			sel(CACHE_1_OF_2, cacheRows()),
			sel(TARGETS_2_OF_2, targetRows("   ", 0)),
			sel(`${CACHE_1_OF_2}\nCurrent answer: Redis`, cacheRows()),
			sel(TARGETS_2_OF_2, targetRows("   ", 0)),
		]);
		expect(result.answers.map((a) => a.answer)).toEqual(["Memory", ["Linux"]]);
	});

	it("edits a question from the review, shows the committed check boxes, and returns to the review", async () => {
		const { calls, result } = await walk(form(cache, targets), [
			REDIS,
			"[ ] 2. macOS — arm64",
			"Done — 1 selected",
			"Edit Targets",
			"[x] 2. macOS — arm64",
			"[ ] 1. Linux — x64",
			"Done — 1 selected",
			"Edit Cache",
			"Type something…",
			"Valkey",
			"Submit",
		]);
		expect(calls.slice(3)).toEqual([
			sel("Review your answers\n[1/2] Cache: Redis\n[2/2] Targets: macOS", REVIEW_ROWS),
			sel(TARGETS_2_OF_2, targetRows(" x ", 1)),
			sel(TARGETS_2_OF_2, targetRows("   ", 0)),
			sel(TARGETS_2_OF_2, targetRows("x  ", 1)),
			sel("Review your answers\n[1/2] Cache: Redis\n[2/2] Targets: Linux", REVIEW_ROWS),
			sel(`${CACHE_1_OF_2}\nCurrent answer: Redis`, cacheRows()),
			inp("[1/2] Cache — Which cache?\nType your answer:", "Your answer"),
			sel('Review your answers\n[1/2] Cache: "Valkey" (typed)\n[2/2] Targets: Linux', REVIEW_ROWS),
		]);
		expect(result).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "custom", answer: "Valkey" },
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux"] },
			],
		});
	});

	it("declines from the review and keeps the answers in details", async () => {
		const { result } = await walk(form(cache, targets), [
			REDIS,
			"Done — none of these",
			"Decline — the agent is told you declined",
		]);
		expect(result).toEqual({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [
				{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis", preview: REDIS_PREVIEW },
				{ questionIndex: 1, question: "Which targets?", kind: "multi", answer: [] },
			],
		});
	});
});
