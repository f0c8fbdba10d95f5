/**
 * Host choice, lazy TUI loading and execute: every path ends in exactly one tool result, and a
 * questionnaire that was never shown says so (not a refusal).
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { type ExecuteEnv, executeAskUserQuestion } from "../../src/ask/execute.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { chooseHostPath } from "../../src/host/choose.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import { emptyProgress } from "../../src/protocol/progress.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { eventBus } from "../support/event-bus.ts";
import { testSession } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION } from "../support/questions.ts";

const FORM: Questionnaire = { questions: [SMALL_CACHE_QUESTION] };

/** A ui whose select picks the row starting with `pick` and whose custom() must not be called. */
function dialogUi(pick: string): ExtensionUIContext {
	const ui = {
		select: vi.fn(async (_title: string, options: string[]) => options.find((o) => o.startsWith(pick))),
		input: vi.fn(async () => undefined),
		custom: vi.fn(async () => {
			throw new Error("custom() must not be called on this path");
		}),
	};
	return ui as unknown as ExtensionUIContext;
}

const answered: QuestionnaireResult = {
	outcome: "answered",
	cancelled: false,
	host: "tui",
	answers: [{ questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" }],
};

describe("chooseHostPath", () => {
	it.each([
		[{ hasUI: false, mode: "print" }, "none"],
		[{ hasUI: false, mode: "json" }, "none"],
		[{ hasUI: false, mode: "tui" }, "none"],
		[{ hasUI: true, mode: "tui" }, "tui"],
		[{ hasUI: true, mode: "rpc" }, "dialogs"],
		[{ hasUI: true, mode: undefined }, "dialogs"],
	])("%o → %s", (host, path) => {
		expect(chooseHostPath(host)).toBe(path);
	});
});

describe("loadTui", () => {
	/** A fresh copy of host/load-tui.ts, so its once-per-process load starts empty. */
	async function fresh() {
		vi.resetModules();
		return import("../../src/host/load-tui.ts");
	}

	it("reports a failed import as session_load_failed and tries again next time", async () => {
		const { loadTui } = await fresh();
		const failing = vi.fn(async () => {
			throw new Error("boom");
		});
		const first = await loadTui(failing);
		expect(first).toEqual({ ok: false, code: "session_load_failed", message: expect.stringContaining("boom") });
		await loadTui(failing);
		expect(failing).toHaveBeenCalledTimes(2);
	});

	it("reports a namespace without its export as stale_module_cache, telling the user to restart Pi", async () => {
		const { loadTui } = await fresh();
		const result = await loadTui(async () => ({ somethingElse: 1 }));
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.code).toBe("stale_module_cache");
			expect(result.message).toMatch(/Restart Pi/);
		}
	});

	it("imports once and reuses the runner", async () => {
		const { loadTui } = await fresh();
		const importer = vi.fn(async () => ({ runTuiQuestionnaire: async () => answered }));
		const [a, b] = await Promise.all([loadTui(importer), loadTui(importer)]);
		expect(a.ok && b.ok).toBe(true);
		expect(await loadTui(importer)).toBe(a);
		expect(importer).toHaveBeenCalledTimes(1);
	});

	it("prewarms on a timer that can be cancelled", async () => {
		const { prewarmTui } = await fresh();
		vi.useFakeTimers();
		try {
			const importer = vi.fn(async () => ({ runTuiQuestionnaire: async () => answered }));
			const cancel = prewarmTui(100, { importer });
			cancel();
			vi.advanceTimersByTime(200);
			expect(importer).not.toHaveBeenCalled();
			prewarmTui(100, { importer });
			vi.advanceTimersByTime(200);
			expect(importer).toHaveBeenCalledTimes(1);
		} finally {
			vi.useRealTimers();
		}
	});
});

describe("executeAskUserQuestion", () => {
	it("rejects invalid arguments with every problem, without opening anything", async () => {
		const ui = dialogUi("1.");
		const bad = { questions: [{ ...FORM.questions[0], options: [{ label: "Other", description: "x" }] }] };
		const result = await executeAskUserQuestion(bad, { hasUI: true, mode: "rpc", ui });
		expect(result.isError).toBe(true);
		expect(result.details.error?.code).toBe("invalid_questions");
		expect(result.details.error?.problems?.map((p) => p.path)).toEqual(
			expect.arrayContaining(["questions[0].options", "questions[0].options[0].label"]),
		);
		expect(ui.select).not.toHaveBeenCalled();
	});

	describe("without a UI, when an extension answers questionnaires", () => {
		/** A synchronous bus like Pi's, with an answerer that answers every `asked` with `reply` (or never). */
		function answeringBus(reply?: (id: string) => unknown) {
			const events = eventBus();
			if (reply)
				events.on("ask_user_question:asked", (data) => {
					const { id } = data as { id: string };
					setTimeout(() => events.emit("ask_user_question:answer", reply(id)), 10);
				});
			return events;
		}
		const headless = (events: ReturnType<typeof answeringBus>, extra: Partial<ExecuteEnv> = {}): ExecuteEnv => ({
			hasUI: false,
			mode: "print",
			ui: dialogUi("1."),
			events,
			callId: "call-9",
			answerers: { present: true },
			...extra,
		});

		it("shows nothing and returns the extension's answer", async () => {
			const events = answeringBus((id) => ({ id, answers: [{ question: 0, options: ["Redis"] }], by: "supervisor" }));
			const env = headless(events);
			const result = await executeAskUserQuestion(FORM, env);
			expect(result.details).toMatchObject({
				outcome: "answered",
				host: "programmatic",
				answeredBy: { kind: "extension", name: "supervisor" },
				answers: [{ answer: "Redis" }],
			});
			expect(env.ui.select).not.toHaveBeenCalled();
		});

		it("ends timed_out after the config's timeout when nobody answers, and interrupted on abort", async () => {
			vi.useFakeTimers();
			try {
				const waiting = executeAskUserQuestion(
					FORM,
					headless(answeringBus(), { config: { ...defaultConfig(), timeout: 5 } }),
				);
				await vi.advanceTimersByTimeAsync(5_000);
				expect((await waiting).details).toMatchObject({ outcome: "timed_out", host: "programmatic", answers: [] });
				expect(vi.getTimerCount()).toBe(0);
			} finally {
				vi.useRealTimers();
			}
			const abort = new AbortController();
			const aborted = executeAskUserQuestion(FORM, headless(answeringBus(), { signal: abort.signal }));
			abort.abort();
			expect((await aborted).details).toMatchObject({ outcome: "interrupted", host: "programmatic" });
		});

		it("without an announced answerer it is still no_ui", async () => {
			const result = await executeAskUserQuestion(FORM, headless(answeringBus(), { answerers: { present: false } }));
			expect(result.details).toMatchObject({ outcome: "not_shown", error: { code: "no_ui" } });
		});
	});

	it("answers no_ui without a UI, saying it is not a refusal", async () => {
		const result = await executeAskUserQuestion(FORM, { hasUI: false, mode: "print", ui: dialogUi("1.") });
		expect(result.details).toMatchObject({ outcome: "not_shown", error: { code: "no_ui" } });
		expect(result.content[0]?.text).toMatch(/not a refusal/);
	});

	it("RPC mode with a `timeout`: an unanswered walk ends timed_out and tells the model the user may be away", async () => {
		vi.useFakeTimers();
		try {
			const ui = {
				select: vi.fn((_title: string, _options: string[], _opts?: { timeout?: number }) => new Promise(() => {})),
				input: vi.fn(),
				custom: vi.fn(),
			};
			const config = { ...defaultConfig(), timeout: 2 };
			const running = executeAskUserQuestion(FORM, {
				hasUI: true,
				mode: "rpc",
				ui: ui as unknown as ExtensionUIContext,
				config,
			});
			await vi.advanceTimersByTimeAsync(2_000);
			const result = await running;
			expect(result.details).toMatchObject({ outcome: "timed_out", host: "rpc", answers: [] });
			expect(result.content[0]?.text).toBe(
				"The questionnaire timed out before the user answered; they may be away. " +
					"Do not assume answers: continue with work that does not depend on them, or ask again later.",
			);
			expect(ui.select.mock.calls[0]?.[2]?.timeout).toBe(3_000);
		} finally {
			vi.useRealTimers();
		}
	});

	it("walks dialogs in RPC mode", async () => {
		const result = await executeAskUserQuestion(FORM, { hasUI: true, mode: "rpc", ui: dialogUi("1.") });
		expect(result.details).toMatchObject({ outcome: "answered", host: "rpc", answers: [{ answer: "Redis" }] });
		expect(result.content[0]?.text).toBe('User answered: "Which cache?" = "Redis". Continue with these answers.');
	});

	it("runs the TUI runner in TUI mode", async () => {
		const run = vi.fn(async () => answered);
		const loader = async (): Promise<TuiLoad> => ({ ok: true, run });
		const result = await executeAskUserQuestion(FORM, {
			hasUI: true,
			mode: "tui",
			ui: dialogUi("2."),
			loadTui: loader,
		});
		expect(run).toHaveBeenCalledOnce();
		expect(result.details).toEqual(answered);
	});

	it("falls back to the dialog walker when custom() has no UI", async () => {
		const loader = async (): Promise<TuiLoad> => ({ ok: true, run: async () => undefined });
		const result = await executeAskUserQuestion(FORM, {
			hasUI: true,
			mode: "tui",
			ui: dialogUi("2."),
			loadTui: loader,
		});
		expect(result.details).toMatchObject({ outcome: "answered", host: "rpc", answers: [{ answer: "Memory" }] });
	});

	it.each(["session_load_failed", "stale_module_cache"] as const)("reports %s as not shown", async (code) => {
		const loader = async (): Promise<TuiLoad> => ({ ok: false, code, message: "why" });
		const result = await executeAskUserQuestion(FORM, {
			hasUI: true,
			mode: "tui",
			ui: dialogUi("1."),
			loadTui: loader,
		});
		expect(result.isError).toBe(true);
		expect(result.details).toMatchObject({ outcome: "not_shown", host: "tui", error: { code, message: "why" } });
		expect(result.content[0]?.text).toMatch(/never|not shown|not a refusal/);
	});

	it("turns a throwing runner into one result instead of an exception", async () => {
		const loader = async (): Promise<TuiLoad> => ({
			ok: true,
			run: async () => {
				throw new Error("render exploded");
			},
		});
		const result = await executeAskUserQuestion(FORM, {
			hasUI: true,
			mode: "tui",
			ui: dialogUi("1."),
			loadTui: loader,
		});
		expect(result.details.outcome).toBe("not_shown");
		expect(result.content[0]?.text).toMatch(/render exploded/);
	});
});

describe("a call that leaves its questionnaire pending", () => {
	const tuiEnding = (result: QuestionnaireResult, extra: Partial<ExecuteEnv> = {}) => {
		const session = testSession({ ids: ["q_7"] });
		const env: ExecuteEnv = {
			hasUI: true,
			mode: "tui",
			ui: dialogUi("1."),
			loadTui: async () => ({
				ok: true,
				run: async (_questionnaire, _ui, options) => {
					options?.onProgress?.({ ...emptyProgress(1), answers: [{ kind: "option", option: 0 }] });
					return result;
				},
			}),
			callId: "call_7",
			lifecycle: session.store,
			...extra,
		};
		return { session, run: () => executeAskUserQuestion(FORM, env) };
	};
	const redis = answered.answers;

	it.each([
		["deferred", { outcome: "deferred", cancelled: false, host: "tui", answers: redis }],
		["interrupted", { outcome: "interrupted", cancelled: true, host: "tui", answers: redis, unanswered: [] }],
	] as const)(
		"%s: carries our id, was recorded with the questions and what was given, the model is told",
		async (_, ending) => {
			const { session, run } = tuiEnding(ending as QuestionnaireResult);
			const before = Date.now();
			const result = await run();
			expect(result.details.pendingId).toBe("q_7");
			const [pending] = session.store.list();
			expect(pending).toMatchObject({
				id: "q_7",
				callId: "call_7",
				progress: { answers: [{ kind: "option", option: 0 }] },
			});
			expect(pending?.questionnaire.questions[0]?.question).toBe("Which cache?");
			expect(pending?.askedAt).toBeGreaterThanOrEqual(before);
			expect(session.records().map((r) => r.kind)).toEqual(["asked", "progress"]);
			expect(result.content[0]?.text).toMatch(/the answers will arrive as a message\.$/);
		},
	);

	it.each([
		["answered", answered],
		["declined", { outcome: "declined", cancelled: true, host: "tui", answers: [] }],
		["timed out (onTimeout: close)", { outcome: "timed_out", cancelled: true, host: "tui", answers: [] }],
	] as const)("%s: not pending, settled in the session", async (_, ending) => {
		const { session, run } = tuiEnding(ending as QuestionnaireResult);
		expect((await run()).details.pendingId).toBeUndefined();
		expect(session.store.list()).toEqual([]);
		expect(session.records().map((r) => r.kind)).toEqual(["asked", "settled"]);
	});

	it("timed out with onTimeout: defer becomes deferred and pending", async () => {
		const timedOut: QuestionnaireResult = { outcome: "timed_out", cancelled: true, host: "tui", answers: [] };
		const { session, run } = tuiEnding(timedOut, { config: { ...defaultConfig(), onTimeout: "defer" } });
		const { details, content } = await run();
		expect(details).toMatchObject({ outcome: "deferred", cancelled: false, timedOut: true, pendingId: "q_7" });
		// Nobody chose Answer later: the model reads that the time ran out.
		expect(content[0]?.type === "text" && content[0].text).toMatch(/^The time to answer ran out/);
		expect(session.store.list()).toHaveLength(1);
	});

	it("interrupted while nobody could see it (no UI, waiting for another extension): nothing recorded", async () => {
		const abort = new AbortController();
		abort.abort();
		const session = testSession();
		const result = await executeAskUserQuestion(FORM, {
			hasUI: false,
			mode: "print",
			ui: dialogUi("1."),
			events: eventBus(),
			answerers: { present: true },
			callId: "call_8",
			signal: abort.signal,
			lifecycle: session.store,
		});
		expect(result.details).toMatchObject({ outcome: "interrupted", host: "programmatic" });
		expect(result.details.pendingId).toBeUndefined();
		expect(session.entries).toEqual([]);
	});
});
