/**
 * The Simplified Chinese (zh-CN) messages table: the same keys as `en.ts`, worded as a Chinese
 * developer expects in a terminal tool (short, no trailing full stop on buttons, full-width
 * punctuation in running text). Key names (Enter, Esc, Tab) stay untranslated (`key-names.ts`).
 */
import { once } from "../util/once.ts";
import type { Messages } from "./messages.ts";

/** The Simplified Chinese table, built on first use (most sessions never show it). */
export const zhCN = once(
	(): Messages => ({
		position: (index: number, total: number): string => `[${index}/${total}]`,
		questionTitle: (position: string, header: string, question: string): string =>
			`${position} ${header} — ${question}`,
		multiHint: "可多选，选好后选择“完成”。",
		currentAnswer: (answer: string): string => `当前答案：${answer}`,
		currentNote: (note: string): string => `备注：${note}`,
		optionRow: (n: number, label: string, description: string): string =>
			description === "" ? `${n}. ${label}` : `${n}. ${label} — ${description}`,
		checkedRow: (row: string): string => `[x] ${row}`,
		uncheckedRow: (row: string): string => `[ ] ${row}`,
		typedRow: (text: string): string => `[x] 已输入：${text}`,
		done: (n: number): string => `完成 — 已选 ${n} 项`,
		typeSomething: "输入其他内容…",
		addNote: "添加备注…",
		editNote: "编辑备注…",
		showPreviews: "查看预览…",
		back: "← 返回",
		typeTitle: (position: string, header: string, question: string): string =>
			`${position} ${header} — ${question}\n请输入你的答案：`,
		typePlaceholder: "你的答案",
		noteTitle: (position: string, header: string): string => `${position} ${header} — 备注（可选；留空则删除）`,
		notePlaceholder: "可选备注",
		previewsTitle: (position: string, header: string): string => `${position} ${header} — 预览`,
		previewHeading: (n: number, label: string): string => `── ${n}. ${label} ──`,
		backToOptions: "← 返回选项",
		reviewTitle: "确认你的答案",
		reviewLine: (position: string, header: string, answer: string): string => `${position} ${header}：${answer}`,
		unanswered: "（未回答）",
		typedAnswer: (text: string): string => `“${text}”（手动输入）`,
		listSeparator: "、",
		reviewNote: (note: string): string => `    备注：${note}`,
		submit: "提交",
		edit: (header: string): string => `修改 ${header}`,
		decline: "拒绝回答",
		discardTitle: (answered: number, total: number): string => `停止回答？你已回答 ${answered}/${total} 个问题。`,
		keepAnswering: "继续回答",
		discard: (n: number): string => `放弃 ${n} 个答案并拒绝回答`,

		viewTypeRow: "输入其他内容",
		viewNextRow: "下一步",
		viewSubmit: "提交",
		viewCancel: "取消",
		viewAnsweredMark: "✔",
		viewUnansweredMark: "□",
		viewRecommended: "（推荐）",
		viewChecked: "[x]",
		viewUnchecked: "[ ]",
		viewPointer: "›",
		viewMoreAbove: (n: number): string => `↑ 上方还有 ${n} 项`,
		viewMoreBelow: (n: number): string => `↓ 下方还有 ${n} 项`,
		viewMoreLines: (n: number): string => `… 还有 ${n} 行`,
		viewNoteFor: (header: string): string => `${header} 的备注：`,
		viewNoteOnAll: "所有问题的备注：",
		viewNote: (note: string): string => `备注：${note}`,
		viewGlobalNote: (note: string): string => `所有问题的备注：${note}`,
		viewPreviewPosition: (first: number, last: number, total: number, hint: string): string =>
			`第 ${first}–${last} 行，共 ${total} 行${hint === "" ? "" : ` · ${hint}`}`,
		viewPreviewPartial: (first: number, last: number, known: number, hint: string): string =>
			`第 ${first}–${last} 行，至少 ${known} 行${hint === "" ? "" : ` · ${hint}`}`,
		viewPreviewMore: (key: string): string => `${key} 向下滚动`,
		viewPreviewBack: (key: string): string => `${key} 向上滚动`,
		viewNoPreview: "此项没有预览。",
		viewReviewTitle: "确认你的答案",
		viewTyped: (text: string): string => `“${text}”`,
		viewNoneChosen: "（未选择）",
		viewUnanswered: "未回答",
		viewSummaryLine: (mark: string, header: string, answer: string): string => `${mark} ${header}：${answer}`,
		viewPartialHint: "未回答的问题可以留空：提交时只发送已回答的部分。",
		viewDiscardAnswers: (n: number, discardKeys: string): string =>
			`放弃 ${n} 个答案？${discardKeys} 放弃 · 按其他键保留`,
		viewDiscardTyped: (discardKeys: string): string => `放弃已输入的内容和备注？${discardKeys} 放弃 · 按其他键保留`,
		viewCollapsed: (key: string): string => `问题已收起 — 按 ${key} 重新打开`,
		viewHintSeparator: " · ",
		viewHints: {
			navigate: "移动",
			select: "选择",
			toggle: "勾选",
			typeAnswer: "输入答案",
			next: "下一步",
			submit: "提交",
			cancel: "取消",
			discard: "放弃",
			confirm: "确认",
			saveNote: "保存备注",
			switchTab: "切换标签",
			note: "备注",
			overallNote: "整体备注",
			scrollPreview: "滚动预览",
			externalEditor: "外部编辑器",
			back: "返回",
			show: "展开",
			hide: "收起",
		},

		tuiBlocked: "智能体正在等待你的回答",
		tuiExternalEditorWaiting: "正在等待外部编辑器；编辑器退出后 Pi 会继续。",
		tuiExternalEditorFailed: (reason: string): string => `外部编辑器出错：${reason}（已保留你的内容）`,
		tuiFailed: (reason: string): string => `问题面板因内部错误已关闭：${reason}`,

		accessibleChooseHint: (count: number, cancel: string): string =>
			`输入 1 到 ${count} 之间的数字，然后按 Enter。按 ${cancel} 取消。`,
		accessibleInputHint: (cancel: string): string => `输入内容，然后按 Enter。按 ${cancel} 取消。`,
		accessiblePlaceholder: (text: string): string => `（${text}）`,
		accessibleNotAChoice: (typed: string, count: number): string =>
			typed === ""
				? `未输入内容。请输入 1 到 ${count} 之间的数字。`
				: `“${typed}”不是有效选项。请输入 1 到 ${count} 之间的数字。`,
		accessiblePrompt: "> ",

		renderMultiSelect: "（多选）",
		renderHasPreview: "（有预览）",
		renderWaiting: "等待用户回答…",
		renderOutcome: {
			answered: "已回答",
			partial: "部分回答",
			declined: "已拒绝回答",
			interrupted: "已中断",
			timed_out: "已超时",
			not_shown: "未显示",
		},
		renderOutcomeReason: (outcome: string, reason: string): string => `${outcome}：${reason}`,
		renderUnanswered: (names: string): string => `未回答：${names}`,
		renderNotAnswered: (name: string): string => `${name}：未回答`,
		renderNamed: (name: string): string => `${name}：`,
		renderQuestionNumber: (n: number): string => `问题 ${n}`,
		renderTyped: "（手动输入）",
		renderQuestionNote: "备注：",
		renderGlobalNote: "备注：",
		renderExpand: "展开",
		renderError: "错误",
		renderNoResult: "无结果",
	}),
);
