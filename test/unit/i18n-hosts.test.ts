/**
 * The locale around the overlay: the transcript renderers (directly and through the tool definition,
 * which reads the config's `locale` at each render), the dialog walker (through execute, with the
 * config's `locale` or the environment), the accessible prompts and the session's status lines speak
 * the locale and fit every width; the model's text is the same whatever the locale.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager, TUI_KEYBINDINGS } from "@earendil-works/pi-tui";
import { describe, expect, it, vi } from "vitest";
import { executeAskUserQuestion } from "../../src/ask/execute.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { messagesIn } from "../../src/i18n/messages.ts";
import { renderAskCall } from "../../src/pi/render-call.ts";
import { renderAskResult } from "../../src/pi/render-result.ts";
import { defineAskTool } from "../../src/pi/tool-definition.ts";
import { finishedResult } from "../../src/protocol/result.ts";
import { DEFAULT_GUIDANCE } from "../../src/tool/guidance.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import type { ExternalEditor } from "../../src/tui/session.ts";
import { ZH_FORM } from "./i18n-fixtures.ts";
import { CACHE, flush, KEYS, startSession } from "./session-harness.ts";
import { expectFits } from "./view-fixtures.ts";

const zh = messagesIn("zh-CN");

describe("the transcript renderers in zh-CN", () => {
	const theme = { fg: (_c: string, text: string) => text, bold: (text: string) => text };
	const args = { questions: ZH_FORM };
	const result = finishedResult("tui", 3, "submitted", {
		answers: [
			{ questionIndex: 0, question: ZH_FORM[0]!.question, kind: "custom", answer: "自定义答案", notes: "一条备注" },
			{ questionIndex: 1, question: ZH_FORM[1]!.question, kind: "multi", answer: ["Linux 服务器", "Windows"] },
		],
		globalNote: "整体说明",
	});

	it("speaks Chinese and fits every width", () => {
		const call = renderAskCall(args, theme, { expanded: true }, zh);
		const expanded = renderAskResult(
			{ content: [], details: result },
			{ expanded: true, isPartial: false },
			theme,
			{ args },
			zh,
		);
		const collapsed = renderAskResult(
			{ content: [], details: result },
			{ expanded: false, isPartial: false },
			theme,
			{ args },
			zh,
		);
		const waiting = renderAskResult({ content: [] }, { expanded: false, isPartial: true }, theme, {}, zh);
		expect(call.render(200).join("\n")).toContain("（多选）");
		expect(call.render(200).join("\n")).toContain("（有预览）");
		const text = expanded.render(200).join("\n");
		expect(text).toContain("部分回答");
		expect(text).toContain("缓存方案：自定义答案（手动输入）");
		expect(text).toContain("Linux 服务器、Windows");
		expect(text).toContain("○ 发布：未回答");
		expect(text).toContain("备注：整体说明");
		expect(collapsed.render(200).join("\n")).toContain("未回答：发布");
		expect(waiting.render(200)).toEqual(["等待用户回答…"]);
		for (const component of [call, expanded, collapsed, waiting])
			for (let width = 1; width <= 120; width++) expectFits(component.render(width), width);
	});
});

describe("the tool's renderers", () => {
	it("follow the config's locale at each render (a reloaded config applies)", () => {
		let locale = "zh-CN";
		const tool = defineAskTool(DEFAULT_GUIDANCE, () => ({ ...defaultConfig(), locale }));
		const theme = { fg: (_c: string, text: string) => text, bold: (text: string) => text } as never;
		const partial = () =>
			tool.renderResult?.(
				{ content: [], details: undefined as never },
				{ expanded: false, isPartial: true },
				theme,
				{} as never,
			);
		expect(partial()?.render(80)).toEqual(["等待用户回答…"]);
		const call = tool.renderCall?.({ questions: ZH_FORM }, theme, { expanded: true } as never);
		expect(call?.render(200).join("\n")).toContain("（多选）");
		locale = "en";
		expect(partial()?.render(80)).toEqual(["Waiting for the user…"]);
	});
});

describe("execute with the config's locale", () => {
	/** A dialog-only ui that records every title and row, and picks the first option. */
	function recordingUi() {
		const seen: string[] = [];
		const ui = {
			select: vi.fn(async (title: string, options: string[]) => {
				seen.push(title, ...options);
				return options[0];
			}),
			input: vi.fn(async (title: string) => {
				seen.push(title);
				return undefined;
			}),
		};
		return { ui: ui as unknown as ExtensionUIContext, seen };
	}

	it("walks the dialogs in zh-CN; the model's text is the same as in English", async () => {
		const run = async (locale: string) => {
			const { ui, seen } = recordingUi();
			const config = { ...defaultConfig(), locale };
			const questions = [ZH_FORM[0], ZH_FORM[2]];
			const out = await executeAskUserQuestion({ questions }, { hasUI: true, mode: "rpc", ui, config });
			return { out, seen: seen.join("\n") };
		};
		const chinese = await run("zh-CN");
		const english = await run("en");
		expect(chinese.seen).toContain("输入其他内容…");
		expect(chinese.seen).toContain("添加备注…");
		expect(chinese.seen).toContain("确认你的答案");
		expect(chinese.seen).not.toMatch(/Type something|Add a note|Review your answers/);
		expect(english.seen).toContain("Type something…");
		expect(chinese.out).toEqual(english.out);
		expect(chinese.out.details.outcome).toBe("answered");
	});

	it("without a configured locale, follows LANG", async () => {
		const { ui, seen } = recordingUi();
		vi.stubEnv("LC_ALL", "");
		vi.stubEnv("LC_MESSAGES", "");
		vi.stubEnv("LANG", "ja_JP.UTF-8");
		try {
			await executeAskUserQuestion(
				{ questions: [ZH_FORM[2]] },
				{ hasUI: true, mode: "rpc", ui, config: defaultConfig() },
			);
		} finally {
			vi.unstubAllEnvs();
		}
		expect(seen.join("\n")).toContain("その他を入力…");
	});
});

describe("the accessible prompts in zh-CN", () => {
	it("the runner shows the walker's rows and the prompt's instructions in Chinese, and every line fits", async () => {
		const tui = { requestRender: vi.fn(), terminal: { columns: 80, rows: 30, write: vi.fn() } };
		let component: { render(width: number): string[]; handleInput(data: string): void; dispose(): void } | undefined;
		const ui = {
			custom: (factory: (...args: unknown[]) => typeof component) =>
				new Promise((resolve) => {
					component = factory(tui, { bold: (t: string) => t }, new KeybindingsManager(TUI_KEYBINDINGS), resolve);
				}),
		} as unknown as ExtensionUIContext;
		const run = runTuiQuestionnaire({ questions: [ZH_FORM[2]!] }, ui, {
			accessible: true,
			env: { NO_COLOR: "1" },
			messages: zh,
		});
		await vi.waitFor(() => expect(component?.render(80).length).toBeGreaterThan(0));
		const screen = component?.render(80).join("\n") ?? "";
		expect(screen).toContain("输入其他内容…");
		// A fresh call with nothing given: the cancel key declines, and the hint says what the agent is told.
		expect(screen.replace(/\n/g, "")).toContain(
			"输入 1 到 4 之间的数字，然后按 Enter。按 Escape 拒绝回答（将告知智能体你拒绝回答）。",
		);
		for (const key of "9") component?.handleInput(key);
		component?.handleInput("\r");
		await vi.waitFor(() => expect(component?.render(80).join("\n")).toContain("“9”不是有效选项。"));
		for (let width = 1; width <= 100; width++) expectFits(component?.render(width) ?? [], width);
		component?.handleInput("\x1b");
		await expect(run).resolves.toMatchObject({ outcome: "declined" });
	});
});

describe("the TUI session in zh-CN", () => {
	it("the external editor's waiting notice and its failure status speak Chinese", async () => {
		const calls: { notice?: string; resolve: (r: { ok: false; error: string }) => void }[] = [];
		const editExternally: ExternalEditor = (_text, options) =>
			new Promise((resolve) => calls.push({ notice: options.notice, resolve }));
		const h = startSession([CACHE], { editExternally, messages: zh });
		h.press("n", KEYS.legacy.ctrlG);
		expect(calls[0]?.notice).toBe(zh.tuiExternalEditorWaiting);
		calls[0]?.resolve({ ok: false, error: "$EDITOR not found" });
		await flush();
		expect(h.screen()).toContain("外部编辑器出错：$EDITOR not found（已保留你的内容）");
	});
});
