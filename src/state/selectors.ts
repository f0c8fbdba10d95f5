/**
 * Selectors: everything derived from the state (never stored). They turn state plus the questions into
 * the plain props the TUI components render. Strings are returned as the model or user wrote them:
 * sanitizing for the terminal is the renderer's job.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */

import { chosenOptions, type IndexedAnswer, typedPart } from "../protocol/progress.ts";
import { type Answers, askedQuestions, type ReduceContext } from "./answers.ts";
import type { BindingId } from "./bindings.ts";
import type { HintId } from "./hints.ts";
import { KEYMAP } from "./keymap.ts";
import { focusedPreviewOption, isSubmitTab, rowAt, rowCount, shownTabs, tabCount } from "./layout.ts";
import { KINDS } from "./question-kinds.ts";
import type { QuestionnaireState, SubmitChoice } from "./types.ts";

/** One tab of the tab bar. */
export interface TabItem {
	kind: "question" | "submit";
	/** The question's header, or "Submit". */
	header: string;
	/** Question tabs: answered. Submit tab: every question answered. */
	answered: boolean;
	active: boolean;
}

/** The tab bar: one item per question asked, then Submit when there is more than one question. */
export function tabBar(state: QuestionnaireState, context: ReduceContext): TabItem[] {
	const asked = askedQuestions(state, context);
	return shownTabs(state, context).map((tab): TabItem => {
		const submit = isSubmitTab(state, tab);
		return {
			kind: submit ? "submit" : "question",
			header: submit ? "Submit" : (context.questions[tab]?.header ?? ""),
			answered: submit ? asked.every((q) => state.answers[q] !== null) : state.answers[tab] !== null,
			active: tab === state.tab,
		};
	});
}

/** One row of a question tab's list. `checked`: multi-select check, or the single-select answer. */
export type OptionRow =
	| {
			kind: "option";
			/** The digit that picks it (1–9), or undefined past 9. */
			shortcut: number | undefined;
			/** The label without a trailing "(Recommended)", which `recommended` reports instead. */
			label: string;
			description: string;
			recommended: boolean;
			focused: boolean;
			checked: boolean;
	  }
	| { kind: "type"; draft: string; editing: boolean; focused: boolean; answered: boolean }
	/** `none`: nothing ticked or typed, so Next answers "none of these". */
	| { kind: "next"; focused: boolean; none: boolean };

const RECOMMENDED = /\s*\(recommended\)\s*$/i;

/** The rows of the current question tab (empty on the Submit tab). */
export function optionRows(state: QuestionnaireState, context: ReduceContext): OptionRow[] {
	const shape = state.shape[state.tab];
	const question = context.questions[state.tab];
	if (!shape || !question) return [];
	const focus = state.focus[state.tab] ?? 0;
	const answer = state.answers[state.tab] ?? null;
	const ticks = KINDS[shape.kind].ticks;
	return Array.from({ length: rowCount(shape) }, (_, row): OptionRow => {
		const kind = rowAt(shape, row);
		const focused = row === focus;
		const typed = typedPart(answer) !== undefined;
		if (kind.kind === "type") {
			const draft = state.drafts[state.tab] ?? "";
			return { kind: "type", draft, editing: state.mode === "editing", focused, answered: typed };
		}
		if (kind.kind === "next")
			return { kind: "next", focused, none: !(state.checked[state.tab] ?? []).some(Boolean) && !typed };
		const option = question.options[kind.option];
		const raw = option?.label ?? "";
		return {
			kind: "option",
			shortcut: kind.option < 9 ? kind.option + 1 : undefined,
			label: raw.replace(RECOMMENDED, ""),
			description: option?.description ?? "",
			recommended: RECOMMENDED.test(raw) && raw.replace(RECOMMENDED, "") !== "",
			focused,
			checked: ticks ? state.checked[state.tab]?.[kind.option] === true : isChosen(answer, kind.option),
		};
	});
}

function isChosen(answer: IndexedAnswer | null, option: number): boolean {
	return answer?.kind === "option" && answer.option === option;
}

/** A preview shown or about to be: its question and option, its markdown, the scroll offset it shows at. */
export interface PreviewAhead {
	tab: number;
	option: number;
	markdown: string;
	offset: number;
}

/** The focused option's markdown preview and its scroll offset, if it has one. */
export function focusedPreview(state: QuestionnaireState, context: ReduceContext): PreviewAhead | undefined {
	const option = focusedPreviewOption(state);
	if (option === undefined) return undefined;
	const markdown = context.questions[state.tab]?.options[option]?.preview ?? "";
	return { tab: state.tab, option, markdown, offset: state.previewScroll[state.tab] ?? 0 };
}

/**
 * The previews the next keys may show, nearest first: the current question's other options (below the
 * focus, then above), then the options Tab and Shift+Tab would focus. Not the focused one (it is shown).
 */
export function previewsAhead(state: QuestionnaireState, context: ReduceContext): PreviewAhead[] {
	const out: PreviewAhead[] = [];
	const add = (tab: number, option: number, offset: number) => {
		const markdown = context.questions[tab]?.options[option]?.preview;
		if (state.shape[tab]?.hasPreview[option] && markdown !== undefined) out.push({ tab, option, markdown, offset });
	};
	const shape = state.shape[state.tab];
	if (shape) {
		const focus = Math.min(state.focus[state.tab] ?? 0, shape.optionCount);
		// The scroll offset is reset when the focus moves, so another option shows from its top.
		for (let option = focus + 1; option < shape.optionCount; option++) add(state.tab, option, 0);
		for (let option = focus - 1; option >= 0; option--) add(state.tab, option, 0);
	}
	const tabs = tabCount(state);
	for (const tab of new Set([(state.tab + 1) % tabs, (state.tab + tabs - 1) % tabs])) {
		const other = state.shape[tab];
		if (tab === state.tab || !other) continue;
		const row = rowAt(other, state.focus[tab] ?? 0);
		if (row.kind === "option") add(tab, row.option, state.previewScroll[tab] ?? 0);
	}
	return out;
}

/** One question's line on the Submit tab. */
export interface SummaryItem {
	questionIndex: number;
	header: string;
	question: string;
	/**
	 * The answer as it will be reported, in parts (labels, typed text), each marked when the person typed
	 * it; [] is "none of these", undefined unanswered.
	 */
	answer: { text: string; typed: boolean }[] | undefined;
	/** True when the answer (or part of it) was typed by the user. */
	typed: boolean;
	note: string;
}

/** One item per question asked: its answer as it will be reported, and its note. */
export function summaryItems(s: Answers, context: ReduceContext): SummaryItem[] {
	return askedQuestions(s, context).map((index): SummaryItem => {
		const stored = s.answers[index] ?? null;
		const question = context.questions[index];
		const label = (option: number) => ({ text: question?.options[option]?.label ?? "", typed: false });
		const typed = typedPart(stored);
		const answer = [
			...chosenOptions(stored).map(label),
			...(typed === undefined ? [] : [{ text: typed, typed: true }]),
		];
		return {
			questionIndex: index,
			header: question?.header ?? "",
			question: question?.question ?? "",
			answer: stored === null ? undefined : answer,
			typed: typed !== undefined,
			note: (s.notes[index] ?? "").trim(),
		};
	});
}

/** What the Submit tab shows: one item per question asked, the unanswered ones, the global note and the choice. */
export function submitSummary(
	state: QuestionnaireState,
	context: ReduceContext,
): {
	items: SummaryItem[];
	unanswered: number[];
	globalNote: string;
	choice: SubmitChoice;
	editingNote: boolean;
} {
	const items = summaryItems(state, context);
	return {
		items,
		unanswered: items.flatMap((item) => (item.answer === undefined ? [item.questionIndex] : [])),
		globalNote: state.globalNote,
		choice: state.submitChoice,
		editingNote: state.mode === "notes" && isSubmitTab(state, state.tab),
	};
}

/** One footer item: the bindings whose keys it shows, and its label (a hint id the view puts into words). */
export interface FooterHint {
	bindings: BindingId[];
	label: HintId;
}

/** The footer: enabled keymap entries with a hint, merged by label, in keymap order. */
export function footerHints(state: QuestionnaireState): FooterHint[] {
	const hints: FooterHint[] = [];
	for (const binding of KEYMAP) {
		if (!binding.enabled(state)) continue;
		const label = binding.hint(state);
		if (label === undefined) continue;
		const existing = hints.find((h) => h.label === label);
		if (existing) existing.bindings.push(binding.id);
		else hints.push({ bindings: [binding.id], label });
	}
	return hints;
}
