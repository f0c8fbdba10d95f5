/**
 * Text typed in the accessible prompt is given as it is typed, as in the TUI's editor: the session records
 * it while the prompt is still open (a closed terminal window or a crash then loses none of it), a call cut
 * short keeps it as the answer, and a questionnaire reopened with a draft opens its text prompt on it.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "../../src/protocol/progress.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { CACHE, KEYS, typed } from "./session-harness.ts";

/** CACHE on the accessible path over a fake `custom()`; rows: 1-3 options, 4 Type something…, 5 Add a note…. */
function accessible(progress?: Progress) {
	const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
	let component: { render(width: number): string[]; handleInput(data: string): void } | undefined;
	const ui = {
		custom: (factory: (...args: unknown[]) => typeof component) =>
			new Promise((resolve) => {
				component = factory(tui, { bold: (t: string) => t }, new KeybindingsManager(TUI_KEYBINDINGS), resolve);
			}),
	} as unknown as ExtensionUIContext;
	const recorded: Progress[] = [];
	const controller = new AbortController();
	const result = runTuiQuestionnaire({ questions: [CACHE] }, ui, {
		accessible: true,
		env: { NO_COLOR: "1" },
		signal: controller.signal,
		onProgress: (p) => recorded.push(p),
		...(progress ? { progress } : {}),
	});
	const screen = () => (component?.render(200) ?? []).join("\n");
	const press = async (...data: string[]) => {
		for (const d of data) component?.handleInput(d);
		await new Promise((r) => setTimeout(r, 0));
	};
	const choose = async (row: number, opens: string) => {
		await vi.waitFor(() => expect(screen()).toContain(CACHE.question));
		await press(...typed(String(row), "legacy"), KEYS.legacy.enter);
		await vi.waitFor(() => expect(screen()).toContain(opens));
	};
	return { result, screen, press, choose, recorded, abort: () => controller.abort() };
}

describe("the accessible prompt records typed text as it is typed", () => {
	it("an answer being typed is recorded as the question's draft before Enter", async () => {
		const a = accessible();
		await a.choose(4, "Type your text");
		await a.press(...typed("BSD on arm", "legacy"));
		expect(a.recorded.at(-1)?.drafts).toEqual(["BSD on arm"]);
		expect(a.recorded.at(-1)?.answers).toEqual([undefined]);
		a.abort();
		await a.result;
	});

	it("a note being typed is recorded as the note before Enter", async () => {
		const a = accessible();
		await a.choose(5, "note (optional");
		await a.press(...typed("ask ops", "legacy"));
		expect(a.recorded.at(-1)?.notes).toEqual(["ask ops"]);
		a.abort();
		await a.result;
	});

	it("a note given before opens in its prompt, and typing goes on after it", async () => {
		const a = accessible({ ...emptyProgress(1), notes: ["ask ops"] });
		await a.choose(5, "note (optional");
		expect(a.screen()).toContain("> ask ops");
		await a.press(...typed(", today", "legacy"));
		expect(a.recorded.at(-1)?.notes).toEqual(["ask ops, today"]);
		a.abort();
		await expect(a.result).resolves.toMatchObject({
			outcome: "interrupted",
			questionNotes: [{ notes: "ask ops, today" }],
		});
	});

	it("the call cut short while typing keeps the text as a draft, as the TUI's editor does: never confirmed for the person", async () => {
		const a = accessible();
		await a.choose(4, "Type your text");
		await a.press(...typed("BSD", "legacy"));
		a.abort();
		await expect(a.result).resolves.toMatchObject({
			outcome: "interrupted",
			answers: [],
			drafts: [{ questionIndex: 0, text: "BSD" }],
		});
	});

	it("reopened with a draft, Type something… opens on it and Enter answers with it", async () => {
		const a = accessible({ ...emptyProgress(1), drafts: ["BSD on arm"] });
		await a.choose(4, "Type your text");
		expect(a.screen()).toContain("> BSD on arm");
		await a.press(KEYS.legacy.enter);
		await expect(a.result).resolves.toMatchObject({
			outcome: "answered",
			answers: [{ kind: "custom", answer: "BSD on arm" }],
		});
	});

	it("Escape in a text prompt keeps what it holds as the answer and goes back to the question, as Esc in the TUI's editor", async () => {
		const a = accessible();
		await a.choose(4, "Type your text");
		await a.press(...typed("BSD", "legacy"), KEYS.legacy.escape);
		await vi.waitFor(() => expect(a.screen()).toContain("Type a number from 1 to"));
		expect(a.screen()).toContain(`Current answer: "BSD" (typed)`);
		expect(a.recorded.at(-1)?.answers).toEqual([{ kind: "custom", text: "BSD" }]);
		a.abort();
		await expect(a.result).resolves.toMatchObject({ outcome: "interrupted", answers: [{ answer: "BSD" }] });
	});
});
