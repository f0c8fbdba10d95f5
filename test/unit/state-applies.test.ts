/**
 * Which questions apply (state/answers.ts `applies`, huh's `WithHideFunc`): a follow-up asked only after a
 * given answer. Every driver asks the core: the TUI's tabs and "next question", the dialog walker's steps
 * and review, the accessible prompts (which run the walker); a question that does not apply is neither
 * answered nor unanswered in the result, even when it held an answer from before it stopped applying.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { walkQuestionnaire } from "../../src/dialogs/walker.ts";
import { emptyProgress, type Progress } from "../../src/protocol/progress.ts";
import type { Answers, ReduceContext } from "../../src/state/answers.ts";
import { startState } from "../../src/state/restore.ts";
import { tabBar } from "../../src/state/selectors.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { type Call, ScriptedHost } from "./rpc-fake-host.ts";
import { KEYS, startSession, typed } from "./session-harness.ts";
import { contextOf, doneResult, MULTI, run, SINGLE, start, YESNO } from "./state-fixtures.ts";

/** "Which targets?" follows up only on an in-memory cache (option 0 of "Which cache?"). */
const followUp = (question: number, given: Answers) =>
	question !== 1 || (given.answers[0]?.kind === "option" && given.answers[0].option === 0);
const questions = [SINGLE, MULTI, YESNO];
const context: ReduceContext = { ...contextOf(...questions), applies: followUp };
const chosen = (option: number) => ({ type: "answer/optionChosen", option }) as const;
const headers = (state: Parameters<typeof tabBar>[0]) => tabBar(state, context).map((tab) => tab.header);

describe("which questions apply: the TUI", () => {
	it("skips a question that does not apply in its tabs, Tab and the next question, and in the result", () => {
		const redis = run(start(context), context, chosen(1)).state;
		expect(redis.tab).toBe(2);
		expect(headers(redis)).toEqual(["Cache", "Ship", "Submit"]);
		expect(run(redis, context, { type: "tab/switched", direction: "prev" }).state.tab).toBe(0);
		expect(run(redis, context, { type: "tab/switched", direction: "next" }).state.tab).toBe(3);
		const shipped = run(redis, context, chosen(0), { type: "dialog/submitRequested" });
		const result = doneResult(shipped.effects);
		expect(result).toMatchObject({ outcome: "answered", answers: [{ questionIndex: 0 }, { questionIndex: 2 }] });
		expect(result.unanswered).toBeUndefined();
	});

	it("asks it once it applies, and leaves out what it held once it no longer does", () => {
		const memory = run(start(context), context, chosen(0));
		expect(memory.state.tab).toBe(1);
		expect(headers(memory.state)).toEqual(["Cache", "Targets", "Ship", "Submit"]);
		const ticked = run(memory.state, context, { type: "multi/optionToggled", option: 0 }, { type: "multi/committed" });
		expect(run(ticked.state, context, chosen(0)).state.tab).toBe(3);
		const changedMind = run(ticked.state, context, chosen(0), { type: "tab/chosen", tab: 0 }, chosen(1));
		expect(changedMind.state.tab).toBe(3);
		const result = doneResult(run(changedMind.state, context, { type: "dialog/submitRequested" }).effects);
		expect(result.answers.map((a) => a.question)).toEqual([SINGLE.question, YESNO.question]);
		expect(result.outcome).toBe("answered");
	});
});

describe("which questions apply: where the TUI opens", () => {
	const notFirst: ReduceContext = { ...contextOf(...questions), applies: (question) => question !== 0 };

	it("opens on the first question that applies, fresh or reopened", () => {
		expect(start(notFirst)).toMatchObject({ tab: 1, mode: "options" });
		const targets: Progress = { ...emptyProgress(3), answers: [undefined, { kind: "multi", options: [0] }, undefined] };
		expect(startState(notFirst, targets).tab).toBe(2);
	});

	it("shows that question first in the real TUI", () => {
		const screen = startSession(questions, { applies: notFirst.applies }).screen();
		expect(screen).toContain(MULTI.question);
		expect(screen).not.toContain(SINGLE.question);
	});
});

describe("which questions apply: the dialog walker", () => {
	it("never shows it, counts it in no position, nor offers to edit it in the review", async () => {
		const pick = (text: string) => (call: Call) =>
			call.kind === "select" ? call.options.find((o) => o.includes(text)) : undefined;
		const host = new ScriptedHost([pick("Redis"), pick("Yes"), pick("Submit")]);
		const result = await walkQuestionnaire({ questions }, host, { host: "rpc", applies: followUp });
		expect(host.calls.map((call) => call.title.split("\n")[0])).toEqual([
			"[1/2] Cache — Which cache?",
			"[2/2] Ship — Ship it?",
			"Review your answers",
		]);
		const review = host.calls.at(-1)?.title.split("\n") ?? [];
		expect(review.filter((line) => line.startsWith("["))).toEqual([
			"[1/2] Cache: Redis (Recommended)",
			"[2/2] Ship: Yes",
		]);
		expect(host.calls.at(-1)).toMatchObject({
			options: ["Submit", "Edit Cache", "Edit Ship", "Answer later", "Decline — the agent is told you declined"],
		});
		expect(result).toMatchObject({ outcome: "answered", answers: [{ questionIndex: 0 }, { questionIndex: 2 }] });
	});
});

describe("which questions apply: the accessible prompts", () => {
	it("go from the first question to the third when the second does not apply", async () => {
		let component: { render(width: number): string[]; handleInput(data: string): void } | undefined;
		const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
		const ui = {
			custom: (factory: (...args: unknown[]) => typeof component) =>
				new Promise((resolve) => {
					component = factory(tui, { bold: (t: string) => t }, new KeybindingsManager(TUI_KEYBINDINGS), resolve);
				}),
		} as unknown as ExtensionUIContext;
		const controller = new AbortController();
		const questionnaire = { questions };
		const options = { accessible: true, env: { NO_COLOR: "1" }, signal: controller.signal, applies: followUp };
		const result = runTuiQuestionnaire(questionnaire, ui, options);
		const screen = () => (component?.render(200) ?? []).join("\n");
		await vi.waitFor(() => expect(screen()).toContain(SINGLE.question));
		for (const data of [...typed("2", "legacy"), KEYS.legacy.enter]) component?.handleInput(data);
		await vi.waitFor(() => expect(screen()).toContain(YESNO.question));
		expect(screen()).not.toContain(MULTI.question);
		controller.abort();
		await expect(result).resolves.toMatchObject({ outcome: "interrupted", answers: [{ questionIndex: 0 }] });
	});
});
