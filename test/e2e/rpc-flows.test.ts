/**
 * Dialog-walker flows through the real binary over JSONL: free text, a cancelled input, Back, the
 * review, notes, declining with and without answers, a select-only client, and a client that
 * cancels everything (must end declined, not loop). One Pi process serves every test.
 */
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { sharedRpc } from "../support/lifecycle.ts";
import { type PromptRun, toolResultText, type UiHandler } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep, isAbout, option, PLATFORM_QUESTION, rows } from "../support/questions.ts";
import { cancel, cancelling, choose, optional, scriptedUser, type, type UserAction } from "../support/user.ts";

const DECLINED =
	"User declined to answer the questions. Do not assume answers: continue without them, or ask in chat if you cannot.";

const pi = sharedRpc();

/** Runs one ask_user_question call with `questions`, answered by `onDialog`; returns the single tool result. */
async function ask(
	questions: object[],
	onDialog: UiHandler,
): Promise<{ run: PromptRun; details: QuestionnaireResult; text: string }> {
	pi.h.fake.enqueue(askStep(...questions), echoStep);
	const run = await pi.rpc.prompt("ask me", { onDialog });
	expect(run.toolEnds).toHaveLength(1);
	const end = run.toolEnds[0]!;
	const details = end.result.details as QuestionnaireResult;
	const text = toolResultText(end);
	// Whatever the flow, the model receives exactly the envelope of the details.
	const texts = (questions as { question: string }[]).map((q) => q.question);
	expect(text).toBe(resultText(details, texts));
	expect(pi.h.fake.requests.at(-1)?.lastToolResult).toBe(text);
	return { run, details, text };
}

async function play(questions: object[], actions: UserAction[]) {
	const user = scriptedUser(actions);
	const outcome = await ask(questions, user.handler);
	expect(user.remaining()).toEqual([]);
	return { ...outcome, user };
}

describe("answering", () => {
	it("free text via Type something…", async () => {
		const { details, text } = await play(
			[CACHE_QUESTION],
			[choose(rows.typeSomething, "Type something…"), type("Memcached, shared")],
		);
		expect(details).toEqual({
			outcome: "answered",
			cancelled: false,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "custom", answer: "Memcached, shared" }],
		});
		expect(text).toBe(
			'User answered: "Where should the API client cache responses?" = "Memcached, shared" (typed by the user). Continue with these answers.',
		);
	});

	it("a cancelled input returns to the options", async () => {
		const { details, user } = await play(
			[CACHE_QUESTION],
			[
				choose(rows.typeSomething, "Type something…"),
				cancel("input"),
				choose(rows.numbered(3), "option 3 (Redis)", CACHE_QUESTION.question),
			],
		);
		expect(user.seen[2]?.options).toEqual(user.seen[0]?.options);
		expect(details.answers).toEqual([
			{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "Redis" },
		]);
	});

	it("a note is attached to the answer and shown in the question's title", async () => {
		const { details, text, user } = await play(
			[CACHE_QUESTION],
			[
				choose(rows.addNote, "Add a note…"),
				type("no budget for new infrastructure"),
				choose(rows.numbered(1), "option 1", "no budget for new infrastructure"),
			],
		);
		expect(user.seen[2]?.options?.some((r) => r.startsWith("Edit note"))).toBe(true);
		expect(details.answers).toEqual([
			{
				questionIndex: 0,
				question: CACHE_QUESTION.question,
				kind: "option",
				answer: "In-memory LRU",
				notes: "no budget for new infrastructure",
			},
		]);
		expect(text).toContain('= "In-memory LRU" (note: "no budget for new infrastructure")');
	});

	it("← Back returns to the previous question with its current answer", async () => {
		const { details, user } = await play(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			[
				choose(rows.numbered(1), "option 1", CACHE_QUESTION.question),
				choose(rows.back, "← Back", PLATFORM_QUESTION.question),
				choose(rows.numbered(3), "option 3 (Redis)", /Current answer: In-memory LRU/),
				choose(rows.numbered(1), "toggle Linux", PLATFORM_QUESTION.question),
				choose(rows.done, "Done"),
				choose(rows.submit, "Submit", /Review/),
			],
		);
		// The first question offers no Back; the second does.
		expect(user.seen[0]?.options?.some(rows.back)).toBe(false);
		expect(details.outcome).toBe("answered");
		expect(details.answers.map((a) => a.answer)).toEqual(["Redis", ["Linux"]]);
	});

	it("the review lists the answers and Edit <header> changes one", async () => {
		const { details, user } = await play(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			[
				choose(rows.numbered(1), "option 1", CACHE_QUESTION.question),
				choose(rows.numbered(3), "toggle Windows", PLATFORM_QUESTION.question),
				choose(rows.done, "Done"),
				choose(rows.edit("Cache"), "Edit Cache", /Review/),
				choose(rows.numbered(2), "option 2 (SQLite)", CACHE_QUESTION.question),
				optional(choose(rows.done, "Done (if the walk continues to the next question)", PLATFORM_QUESTION.question)),
				choose(rows.submit, "Submit", /Review/),
			],
		);
		const review = user.seen.find((r) => r.title.includes("Review"));
		expect(review?.title).toContain("Cache: In-memory LRU");
		expect(review?.title).toContain("Platforms: Windows");
		expect(review?.options).toEqual([
			"Submit",
			"Edit Cache",
			"Edit Platforms",
			"Answer later",
			"Decline — the agent is told you declined",
		]);
		expect(details.outcome).toBe("answered");
		expect(details.answers.map((a) => a.answer)).toEqual(["SQLite file", ["Windows"]]);
	});
});

describe("declining", () => {
	it("cancelling the first question declines with no answers", async () => {
		const { details, text, run } = await play([CACHE_QUESTION, PLATFORM_QUESTION], [cancel("select")]);
		expect(run.dialogs).toHaveLength(1);
		expect(details).toMatchObject({
			outcome: "declined",
			cancelled: true,
			host: "rpc",
			answeredBy: { kind: "person" },
			answers: [],
		});
		expect(text).toBe(DECLINED);
	});

	it("cancelling after an answer asks first; Keep answering continues, Decline (its words say so) declines", async () => {
		const { details, text, user } = await play(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			[
				choose(rows.numbered(1), "option 1", CACHE_QUESTION.question),
				cancel("select", PLATFORM_QUESTION.question),
				choose((r) => r.startsWith("Keep answering"), "Keep answering", /answered 1 of 2/),
				cancel("select", PLATFORM_QUESTION.question),
				choose((r) => r.startsWith("Decline"), "Decline", /answered 1 of 2/),
			],
		);
		expect(user.seen[4]?.options).toEqual([
			"Keep answering",
			"Answer later",
			"Decline — the agent is told you declined",
		]);
		expect(details).toMatchObject({ outcome: "declined", cancelled: true, host: "rpc" });
		expect(text).toBe(DECLINED);
	});

	it("Decline in the review declines a fully answered form", async () => {
		const { details, text } = await play(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			[
				choose(rows.numbered(2), "option 2", CACHE_QUESTION.question),
				choose(rows.numbered(2), "toggle macOS", PLATFORM_QUESTION.question),
				choose(rows.done, "Done"),
				choose(rows.decline, "Decline", /Review/),
			],
		);
		expect(details).toMatchObject({ outcome: "declined", cancelled: true });
		expect(text).toBe(DECLINED);
	});
});

describe("limited clients", () => {
	/** Cancels every input; in selects, toggles the wanted options of a multi-select, then Done. */
	function selectOnly(want: (row: string) => boolean): UiHandler {
		return cancelling(["input", "editor", "confirm"], (request) => {
			const pending = request.options?.find((r) => r.startsWith("[ ]") && want(r));
			if (pending) return { value: pending };
			const rowsOf = request.options ?? [];
			if (rowsOf.some(rows.done)) return { value: option(request, rows.done) };
			if (rowsOf.some(rows.submit)) return { value: option(request, rows.submit) };
			return { value: option(request, want, "wanted option") };
		});
	}

	it("a select-only client answers a single-select question", async () => {
		const { details } = await ask([CACHE_QUESTION], selectOnly(rows.numbered(2)));
		expect(details.outcome).toBe("answered");
		expect(details.answers).toEqual([
			{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "SQLite file" },
		]);
	});

	it("a select-only client answers a multi-select question", async () => {
		const wanted = (r: string) => rows.numbered(1)(r) || rows.numbered(3)(r);
		const { details, run } = await ask([PLATFORM_QUESTION], selectOnly(wanted));
		expect(details.outcome).toBe("answered");
		expect(details.answers).toEqual([
			{ questionIndex: 0, question: PLATFORM_QUESTION.question, kind: "multi", answer: ["Linux", "Windows"] },
		]);
		expect(run.dialogs.every((d) => d.method === "select" && isAbout(d, PLATFORM_QUESTION))).toBe(true);
	});

	it("a client that cancels everything ends declined after a few dialogs (no loop; nothing was given)", async () => {
		const { details, text, run } = await ask(
			[CACHE_QUESTION, PLATFORM_QUESTION],
			cancelling(["select", "input", "editor", "confirm"]),
		);
		expect(details.outcome).toBe("declined");
		expect(text).toBe(DECLINED);
		expect(run.dialogs.length).toBeLessThanOrEqual(3);
	});
});

describe("interruption", () => {
	it("an abort while a dialog is open ends interrupted, keeping the answers given so far", async () => {
		pi.h.fake.enqueue(askStep(CACHE_QUESTION, PLATFORM_QUESTION));
		let dialogs = 0;
		const run = await pi.rpc.prompt("ask me", {
			onDialog: async (request) => {
				dialogs++;
				if (dialogs === 1) return { value: option(request, rows.numbered(3), "option 3") };
				const response = await pi.rpc.command({ type: "abort" });
				expect(response.success).toBe(true);
				return { cancelled: true };
			},
		});
		expect(run.toolEnds).toHaveLength(1);
		const end = run.toolEnds[0]!;
		const details = end.result.details as QuestionnaireResult;
		expect(details).toEqual({
			outcome: "interrupted",
			cancelled: true,
			host: "rpc",
			answers: [{ questionIndex: 0, question: CACHE_QUESTION.question, kind: "option", answer: "Redis" }],
			unanswered: [1],
			// Cut short by the agent, not by the person: it stays pending (/answer), under an id of ours.
			pendingId: expect.stringMatching(/^q_[\w-]{8}$/),
		});
		const text = toolResultText(end);
		expect(text).toBe(resultText(details, [CACHE_QUESTION.question, PLATFORM_QUESTION.question]));
		expect(text).toMatch(/^The questionnaire was interrupted before the user submitted it\./);
		expect(text).toMatch(/The questionnaire stays pending: the user can still answer it/);

		// The next turn's request carries the interrupted result to the model.
		pi.h.fake.enqueue({ text: "resumed" });
		await pi.rpc.prompt("go on");
		const toolMessages = pi.h.fake.requests.at(-1)?.messages.filter((m) => m.role === "tool") ?? [];
		expect(toolMessages.at(-1)?.content).toBe(text);
	});
});
