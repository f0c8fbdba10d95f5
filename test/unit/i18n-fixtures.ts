/**
 * Shared fixtures for the i18n tests: a questionnaire written in Chinese (wide text everywhere: headers,
 * questions, labels, descriptions, previews) and the states that reach every mode of the dialog, so each
 * user-visible string of the view and the keymap's hints get shown.
 */
import type { LocaleId } from "../../src/i18n/locale.ts";
import type { Question } from "../../src/protocol/questions.ts";
import { type Action, type QuestionnaireState, type ReduceContext, reduce } from "../../src/state/index.ts";
import { initialState } from "../../src/state/layout.ts";

/** Every locale with a table, English first; a LocaleId missing here is a type error. */
const LOCALE_SET: Record<LocaleId, true> = { en: true, "zh-CN": true, ja: true };
export const LOCALES = Object.keys(LOCALE_SET) as readonly LocaleId[];

/** Three questions in Chinese: single-select with previews, multi-select, and a yes/no. */
export const ZH_FORM: Question[] = [
	{
		question: "服务应该使用哪种缓存？这个决定会影响部署方式、内存占用以及多实例之间的数据一致性。",
		header: "缓存方案",
		options: [
			{
				label: "内存缓存",
				description: "简单，但重启后数据丢失",
				preview: `\`\`\`ts\nconst cache = new Map<string, string>(); // 进程内缓存\n\`\`\`\n\n${Array.from({ length: 30 }, (_, i) => `- 第 ${i + 1} 条说明：内存缓存在单实例部署时最简单。`).join("\n")}`,
			},
			{
				label: "Redis (Recommended)",
				description: "多个实例共享，支持持久化",
				preview: "# Redis\n\n- 共享\n- 持久化\n- 需要运维一个额外的服务，并配置高可用和监控告警",
			},
			{ label: "不使用缓存", description: "每次都直接查询数据库" },
		],
	},
	{
		question: "需要支持哪些目标平台？",
		header: "目标平台",
		multiSelect: true,
		options: [
			{ label: "Linux 服务器", description: "主要的部署目标" },
			{ label: "macOS 桌面端", description: "苹果电脑" },
			{ label: "Windows", description: "少量用户" },
		],
	},
	{
		question: "现在发布吗？",
		header: "发布",
		options: [
			{ label: "是", description: "立即发布到生产环境" },
			{ label: "否", description: "等下一个版本" },
		],
	},
];

/** A TUI reduce context over `questions`. */
export function contextOf(questions: Question[]): ReduceContext {
	return { questions, host: "tui" };
}

const SEQUENCES: Record<string, Action[]> = {
	initial: [],
	answered: [{ type: "answer/optionChosen", option: 0 }],
	multiTab: [{ type: "tab/switched", direction: "next" }],
	multiChecked: [
		{ type: "tab/switched", direction: "next" },
		{ type: "multi/optionToggled", option: 1 },
		{ type: "nav/focusMoved", direction: "last" },
	],
	typeRow: [{ type: "nav/focusMoved", direction: "last" }],
	editing: [{ type: "draft/opened" }, { type: "draft/edited", text: "我自己输入的答案" }],
	typedAnswer: [{ type: "draft/opened" }, { type: "draft/edited", text: "自定义答案" }, { type: "draft/confirmed" }],
	notes: [{ type: "notes/opened" }, { type: "notes/edited", text: "这是一条备注" }],
	noted: [{ type: "notes/opened" }, { type: "notes/edited", text: "这是一条备注" }, { type: "notes/closed" }],
	submitTab: [
		{ type: "answer/optionChosen", option: 1 },
		{ type: "tab/switched", direction: "prev" },
		{ type: "tab/switched", direction: "prev" },
	],
	submitNotes: [{ type: "tab/switched", direction: "prev" }, { type: "notes/opened" }],
	submitCancel: [
		{ type: "tab/switched", direction: "prev" },
		{ type: "nav/focusMoved", direction: "last" },
	],
	leave: [{ type: "answer/optionChosen", option: 0 }, { type: "dialog/cancelRequested" }],
	leaveDecline: [
		{ type: "answer/optionChosen", option: 0 },
		{ type: "dialog/cancelRequested" },
		{ type: "nav/focusMoved", direction: "last" },
	],
	leaveNoted: [
		{ type: "notes/opened" },
		{ type: "notes/edited", text: "备注" },
		{ type: "notes/closed" },
		{ type: "dialog/cancelRequested" },
	],
	collapsed: [{ type: "view/collapseToggled" }],
	previewScrolled: [{ type: "preview/scrolled", delta: 3 }],
};

/** One state per named action sequence, reaching every mode of the dialog over `context`. */
export function everyMode(context: ReduceContext): { name: string; state: QuestionnaireState }[] {
	return Object.entries(SEQUENCES).map(([name, actions]) => {
		let state = initialState(context.questions);
		for (const action of actions) state = reduce(state, action, context).state;
		return { name, state };
	});
}
