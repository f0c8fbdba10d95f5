/**
 * CJK layout with the zh-CN (and ja) tables: the whole TUI view over a Chinese questionnaire in every
 * mode, at widths from 1 to 160 (a sample in `npm test`, every one under `npm run hardening`) and several
 * heights — every line fits, the dialog never exceeds its height, and at ordinary widths the tab bar,
 * footer, Submit page, discard bar and collapsed bar show the locale's words with the keys untranslated.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { type Messages, messagesIn } from "../../src/i18n/messages.ts";
import { QuestionnaireView } from "../../src/tui/view/questionnaire-view.ts";
import { sweepWidths } from "../support/sweep.ts";
import { contextOf, everyMode, LOCALES, ZH_FORM } from "./i18n-fixtures.ts";
import { ansiTheme, expectFits, fakeEditor, plain } from "./view-fixtures.ts";

const zh = messagesIn("zh-CN");
const context = contextOf(ZH_FORM);
const states = everyMode(context);

function view(m: Messages, name: string, maxHeight = 40, width = 100): string[] {
	const found = states.find((s) => s.name === name);
	if (!found) throw new Error(`no state ${name}`);
	const v = new QuestionnaireView(ansiTheme, m);
	const editing = found.state.mode === "editing" || found.state.mode === "notes";
	v.setInput({
		state: found.state,
		context,
		maxHeight,
		collapsedHint: found.state.collapsed,
		...(editing ? { editor: fakeEditor("输入中的文字") } : {}),
	});
	return plain(v.render(width));
}

describe("the view fits every width in every locale", () => {
	// Every width up to 40 (zh-CN) or 16, then a stride shifted per state, so each locale's states together
	// still meet every width 1–160; HARDENING_FULL=1 sweeps every width for every state (test/support/sweep.ts).
	const cases = LOCALES.flatMap((locale) => states.map(({ name }, i) => [locale, name, i] as const));
	it.each(cases)("%s, %s: widths 1–160, heights 3–40: every line fits, never taller", (locale, name, i) => {
		const m = messagesIn(locale);
		const state = states.find((s) => s.name === name)?.state;
		if (!state) throw new Error(`no state ${name}`);
		const v = new QuestionnaireView(ansiTheme, m);
		const editing = state.mode === "editing" || state.mode === "notes";
		const widths = sweepWidths(160, locale === "zh-CN" ? { offset: i } : { dense: 16, stride: 9, offset: i });
		// Heights inside widths: the view keeps its layout for a width across heights, so the sweep lays each
		// width out once instead of once per height.
		for (const width of widths) {
			for (const maxHeight of [3, 9, 40]) {
				v.setInput({
					state,
					context,
					maxHeight,
					collapsedHint: state.collapsed,
					status: m.tuiExternalEditorFailed("找不到编辑器"),
					...(editing ? { editor: fakeEditor("输入中的文字") } : {}),
				});
				const lines = v.render(width);
				expect(lines.length).toBeLessThanOrEqual(maxHeight);
				expectFits(lines, width);
			}
		}
	});
});

describe("the zh-CN view's words", () => {
	it("tab bar: the Chinese headers and 提交; footer: Chinese hints after untranslated keys", () => {
		const lines = view(zh, "initial");
		const text = lines.join("\n");
		expect(text).toContain("缓存方案");
		expect(text).toContain("提交");
		expect(text).toContain("输入其他内容");
		expect(text).toContain("（推荐）");
		const footer = lines.find((l) => l.includes("移动")) ?? "";
		expect(footer).toContain("↑/↓ 移动");
		expect(footer).toContain("Enter 选择");
		// Nothing given on a fresh call: Esc declines at once, and its hint says so.
		expect(footer).toContain("Esc 拒绝回答");
		expect(text).not.toMatch(/navigate|select|cancel|Type something|Submit/);
	});

	it("the footer drops whole hints at narrow widths (never half a hint) and ends in …", () => {
		const all = zh.viewHints;
		for (let width = 8; width <= 80; width++) {
			const lines = view(zh, "initial", 40, width);
			const footer = lines.at(-2)?.trim() ?? "";
			if (!footer.endsWith("…")) continue;
			for (const part of footer.slice(0, -1).split(zh.viewHintSeparator.trim())) {
				const words = part.trim().split(" ").slice(1).join(" ");
				if (words !== "") expect(Object.values(all), `${width}: ${footer}`).toContain(words);
			}
		}
	});

	it("the preview's position line, the multi-select rows and the type row", () => {
		expect(view(zh, "previewScrolled", 14).join("\n")).toMatch(/第 \d+–\d+ 行，共 \d+ 行/);
		const multi = view(zh, "multiChecked").join("\n");
		expect(multi).toContain("[x]");
		expect(multi).toContain("下一步");
		expect(view(zh, "multiTab").join("\n")).toMatch(/Enter 勾选.*Space 勾选|Space 勾选/);
	});

	it("notes and drafts: the note editor's title, the saved note, the typed answer", () => {
		expect(view(zh, "notes").join("\n")).toContain("缓存方案 的备注：");
		expect(view(zh, "noted").join("\n")).toContain("备注：这是一条备注");
		expect(view(zh, "editing").join("\n")).toContain("确认");
	});

	it("the Submit page: title, unanswered marks, partial hint, Submit / Cancel", () => {
		const text = view(zh, "submitTab").join("\n");
		expect(text).toContain("确认你的答案");
		expect(text).toContain("缓存方案：Redis");
		expect(text).toContain("□ 目标平台：未回答");
		expect(text).toContain("提交只发送已回答的部分并关闭问卷");
		expect(text).toMatch(/› 提交\s+稍后回答\s+取消/);
		expect(view(zh, "submitCancel").join("\n")).toMatch(/提交\s+稍后回答\s+› 取消/);
		expect(view(zh, "submitNotes").join("\n")).toContain("所有问题的备注：");
	});

	it("'Stop answering?' with its choices, and the collapsed bar", () => {
		const leave = view(zh, "leave").join("\n");
		expect(leave).toContain("停止回答？你已回答 1/3 个问题。");
		expect(leave).toMatch(/› 继续回答\s*\n\s*稍后回答\s*\n\s*拒绝回答 — 将告知智能体你拒绝回答/);
		expect(leave).toMatch(/Enter 继续回答 · Esc\/Ctrl\+L 稍后回答/);
		const decline = view(zh, "leaveDecline").join("\n");
		expect(decline).toMatch(/› 拒绝回答 — 将告知智能体你拒绝回答/);
		expect(decline).toMatch(/Enter 拒绝回答 · Esc\/Ctrl\+L 稍后回答/);
		expect(view(zh, "leaveNoted").join("\n")).toContain("停止回答？你已回答 0/3 个问题。");
		expect(view(zh, "collapsed")).toEqual(["问题已收起 — 按 Ctrl+] 重新打开"]);
	});

	it("wide words keep the columns: the side-by-side preview stays beside the options at 120 columns", () => {
		const lines = view(zh, "initial", 40, 120);
		const rows = lines.filter((l) => l.includes("│"));
		expect(rows.length).toBeGreaterThan(2);
		const columns = new Set(rows.map((l) => visibleWidth(l.slice(0, l.indexOf("│")))));
		expect(columns.size).toBe(1);
	});
});
