/**
 * `/answer` in Pi's terminal UI: the command returns once the questionnaire is shown, not when it closes.
 * Pi holds a message sent while a command runs, unseen, until the command returns; with the questionnaire
 * hidden (Ctrl+]) the person can write to the agent, and that message must go out at once. The questionnaire
 * still settles and delivers when it closes. Over RPC the command still returns when it closes.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { type AskConfig, defaultConfig } from "../../src/config/schema.ts";
import { SCREEN } from "../../src/host/screen.ts";
import { en } from "../../src/i18n/en.ts";
import { askedRecord, type SessionEntryLike } from "../../src/pending/records.ts";
import { registerAnswerCommand } from "../../src/pi/answer-command.ts";
import { installPendingQuestionnaires } from "../../src/pi/pending-session.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { eventBus } from "../support/event-bus.ts";
import { ours, testAgentDir } from "../support/pending-store.ts";
import { SMALL_CACHE_QUESTION } from "../support/questions.ts";

type Handler = (event: unknown, ctx: unknown) => unknown;

const ANSWERED: QuestionnaireResult = {
	outcome: "answered",
	cancelled: false,
	host: "tui",
	answers: [{ questionIndex: 0, question: SMALL_CACHE_QUESTION.question, kind: "option", answer: "Redis" }],
};

/** A fake Pi in `mode` with one questionnaire pending; its overlay (`custom`) stays open until `close`. */
function fakePi(mode: "tui" | "rpc") {
	const questionnaire = { questions: [SMALL_CACHE_QUESTION] };
	const branch: SessionEntryLike[] = [ours(askedRecord({ id: "a", callId: "call_a", askedAt: 1_000, questionnaire }))];
	const handlers = new Map<string, Handler[]>();
	let command: ((args: string, ctx: ExtensionCommandContext) => Promise<void>) | undefined;
	let close: (result: QuestionnaireResult) => void = () => {};
	const shown = vi.fn();
	const notes: string[] = [];
	const settle = (result: QuestionnaireResult) => close(result);
	const ui = {
		custom: () => {
			shown();
			return new Promise<QuestionnaireResult>((resolve) => (close = resolve));
		},
		// Over RPC the dialog walker asks: the first select stays open until `close` dismisses it, and the
		// next ("Stop answering?") is dismissed at once, which puts the questionnaire aside.
		select: () => {
			shown();
			if (shown.mock.calls.length > 1) return Promise.resolve(undefined);
			return new Promise<string | undefined>((resolve) => (close = () => resolve(undefined)));
		},
		input: async () => undefined,
		notify: (message: string) => notes.push(message),
		setStatus: () => {},
		setWidget: () => {},
	};
	const ctx = { hasUI: true, mode, ui, sessionManager: { getBranch: () => branch } };
	const pi = {
		on(event: string, handler: Handler) {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
		appendEntry: (customType: string, data: unknown) => branch.push({ type: "custom", customType, data }),
		registerCommand: (name: string, spec: { handler: typeof command }) => {
			if (name === "answer") command = spec.handler;
		},
	} as unknown as ExtensionAPI;
	const delivered: QuestionnaireResult[] = [];
	const config = (): AskConfig => defaultConfig();
	const store = installPendingQuestionnaires(pi, config, testAgentDir());
	registerAnswerCommand(pi, {
		store,
		config,
		events: eventBus(),
		deliver: (_p, result) => void delivered.push(result),
	});
	const start = async () => {
		for (const handler of handlers.get("session_start") ?? []) await handler({}, ctx);
	};
	const answer = () => command?.("", ctx as unknown as ExtensionCommandContext) ?? Promise.resolve();
	return { start, answer, shown, settle, delivered, notes };
}

/** How long a first opening may take: it loads the lifecycle and the TUI (slow on a loaded machine). */
const LOADED = { timeout: 15_000 };

/** "returned" when `run` settles within `ms`, else "still running". */
const within = (run: Promise<unknown>, ms: number) =>
	Promise.race([run.then(() => "returned"), new Promise((resolve) => setTimeout(() => resolve("still running"), ms))]);

describe("/answer and the command's end", () => {
	it("in the TUI it returns while the questionnaire is open; closing it still settles and delivers", async () => {
		const f = fakePi("tui");
		await f.start();
		const returned = within(f.answer(), 1_000);
		try {
			expect(await returned).toBe("returned");
			await vi.waitFor(() => expect(f.shown).toHaveBeenCalledTimes(1), LOADED);
			expect(f.delivered).toEqual([]);
		} finally {
			// Closed either way: one questionnaire is on screen at a time, and the next test needs it.
			f.settle(ANSWERED);
		}
		await vi.waitFor(() => expect(f.delivered).toMatchObject([{ outcome: "answered" }]), LOADED);
	});

	it("over RPC it returns when the questionnaire closes, as before", async () => {
		const f = fakePi("rpc");
		await f.start();
		const run = f.answer();
		await vi.waitFor(() => expect(f.shown).toHaveBeenCalledTimes(1), LOADED);
		expect(await within(run, 200)).toBe("still running");
		f.settle(ANSWERED);
		await run;
	});

	it("behind a questionnaire on screen (hidden with Ctrl+]) it says it opens once that one closes, then opens", async () => {
		let release = () => {};
		const onScreen = SCREEN.take("own", undefined, () => new Promise<void>((resolve) => (release = resolve)));
		const f = fakePi("tui");
		await f.start();
		try {
			await f.answer();
			expect(f.notes).toEqual([en.pendingWaitsForScreen]);
			expect(f.shown).not.toHaveBeenCalled();
		} finally {
			release();
		}
		await onScreen;
		await vi.waitFor(() => expect(f.shown).toHaveBeenCalledTimes(1), LOADED);
		f.settle(ANSWERED);
		await vi.waitFor(() => expect(f.delivered).toHaveLength(1), LOADED);
	});
});
