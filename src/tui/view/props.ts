/**
 * The props adapter: turns the questionnaire state (through the state's selectors) into the plain props
 * each component renders, with every model or user string sanitized on the way. Widths and heights are
 * not known here; the view adds them. Components never see the state: this file is the only bridge.
 */
import { defaultMessages, leaveChoiceWords, type Messages } from "../../i18n/messages.ts";
import { DEFAULT_LIMITS, type Shortfall, shortfall, type TextLimits } from "../../protocol/budget.ts";
import { resultText } from "../../protocol/envelope.ts";
import {
	type BindingId,
	buildResult,
	discardSummary,
	editorTarget,
	editorText,
	focusedPreview,
	footerHints,
	isSubmitTab,
	KINDS,
	leaveChoices,
	optionRows,
	previewsAhead,
	type QuestionnaireState,
	type ReduceContext,
	submitSummary,
	tabBar,
} from "../../state/index.ts";
import { clockText } from "../../util/countdown.ts";
import { defaultKeyLabel, hintKeys, type KeyLabel } from "./key-labels.ts";
import { numberColumnWidth, type RowProps } from "./option-list.ts";
import type { NextPreview } from "./preview-pane.ts";
import { type SafeQuestion, SanitizeMemo, safeQuestions } from "./sanitized.ts";
import type { SubmitItemProps } from "./submit-pane.ts";
import type { OptionsBody, StatusLine, SubmitBody, ViewInput, ViewProps } from "./view-props.ts";

export type { StatusLine, ViewInput, ViewProps } from "./view-props.ts";

/** Computes the props of one frame; keeps a memo of sanitized user text between frames. */
export class PropsAdapter {
	private readonly memo = new SanitizeMemo();
	private readonly m: Messages;

	/** `messages`: the locale's words for everything the view shows besides the model's and the user's text. */
	constructor(messages: Messages = defaultMessages) {
		this.m = messages;
	}

	props(input: ViewInput): ViewProps {
		const { state, context } = input;
		const keyLabel = this.keyLabels(input.keyLabel);
		const safe = safeQuestions(context.questions);
		const submitTab = isSubmitTab(state, state.tab);
		const question = safe[state.tab];
		// A hint whose keys are all unbound ("off" in the config) advertises nothing the user can press.
		// On a question tab and in the editors, whose lines are full, Answer later shows only where it fits.
		const lateIsOptional = state.mode === "options" || editorTarget(state) !== undefined;
		const hints = footerHints(state)
			.map((h) => ({
				keys: hintKeys(h.bindings, keyLabel),
				label: this.m.viewHints[h.label],
				optional: lateIsOptional && h.label === "answerLater",
			}))
			.filter((h) => h.keys !== "");
		return {
			tabs: tabBar(state, context).map((t, i) => ({
				label: t.kind === "submit" ? this.m.viewSubmit : (safe[i]?.header ?? ""),
				// The Submit tab is marked only once everything is answered; an empty box would read as a question.
				mark: t.answered ? this.m.viewAnsweredMark : t.kind === "submit" ? "" : this.m.viewUnansweredMark,
				answered: t.answered,
				active: t.active,
			})),
			question: submitTab ? this.m.viewReviewTitle : (question?.question ?? ""),
			note: this.note(state, question, submitTab),
			body: submitTab
				? this.submitBody(state, context, safe, input.limits ?? DEFAULT_LIMITS)
				: this.optionsBody(state, context),
			preview: submitTab ? undefined : this.preview(state, context, keyLabel),
			status: this.status(input),
			hints,
			collapsed: input.collapsedHint ? this.m.viewCollapsed(keyLabel("askUser.collapse")) : undefined,
		};
	}

	private labels: { source: KeyLabel | undefined; names: Map<BindingId, string>; label: KeyLabel } | undefined;

	/** Key names, sanitized, remembered per binding while the session's key labels stay the same. */
	private keyLabels(source: KeyLabel | undefined): KeyLabel {
		if (this.labels && this.labels.source === source) return this.labels.label;
		const names = new Map<BindingId, string>();
		const label: KeyLabel = (id) => {
			let name = names.get(id);
			if (name === undefined) {
				name = this.memo.line(source?.(id) ?? defaultKeyLabel(id));
				names.set(id, name);
			}
			return name;
		};
		this.labels = { source, names, label };
		return label;
	}

	private note(state: QuestionnaireState, question: SafeQuestion | undefined, submitTab: boolean): ViewProps["note"] {
		if (submitTab) return undefined;
		if (state.mode === "notes") return { kind: "editor", title: this.m.viewNoteFor(question?.header ?? "") };
		const note = (state.notes[state.tab] ?? "").trim();
		return note === "" ? undefined : { kind: "text", text: this.m.viewNote(this.memo.text(note)) };
	}

	private optionsBody(state: QuestionnaireState, context: ReduceContext): OptionsBody {
		const shape = state.shape[state.tab];
		const rows = optionRows(state, context).map((row): RowProps => {
			if (row.kind === "type") return { ...row, label: this.m.viewTypeRow, draft: this.memo.text(row.draft) };
			if (row.kind === "next")
				return { kind: "next", label: row.none ? this.m.viewNextRowNone : this.m.viewNextRow, focused: row.focused };
			return {
				kind: "option",
				number: row.shortcut === undefined ? "" : `${row.shortcut}.`,
				label: this.memo.line(row.label),
				description: this.memo.text(row.description),
				recommended: row.recommended,
				focused: row.focused,
				checked: row.checked,
			};
		});
		return {
			kind: "options",
			rows,
			multi: shape !== undefined && KINDS[shape.kind].ticks,
			numberWidth: numberColumnWidth(shape?.optionCount ?? 0),
			editing: state.mode === "editing",
			inactive: state.mode === "leave",
		};
	}

	private submitBody(
		state: QuestionnaireState,
		context: ReduceContext,
		safe: SafeQuestion[],
		limits: TextLimits,
	): SubmitBody {
		const m = this.m;
		const summary = submitSummary(state, context);
		// A warning for each typed answer and note the model gets only part of, then one for the total.
		const cuts: string[] = [];
		const sees = (cut: Shortfall) => m.viewModelSees(cut.shown, cut.total);
		const items = summary.items.map((item): SubmitItemProps => {
			const header = safe[item.questionIndex]?.header ?? "";
			const parts = item.answer?.map(({ text, typed }) =>
				typed ? m.viewTyped(this.memo.line(text)) : this.memo.line(text),
			);
			const typed = item.answer?.find((part) => part.typed);
			const answerCut = typed && shortfall(typed.text, limits.customAnswer);
			if (answerCut) cuts.push(m.viewSummaryLine(m.viewCutMark, header, sees(answerCut)));
			const noteCut = shortfall(item.note, limits.note);
			if (noteCut) cuts.push(m.viewSummaryLine(m.viewCutMark, header, m.viewNote(sees(noteCut))));
			const answer = parts?.length === 0 ? m.viewNoneChosen : parts?.join(m.listSeparator);
			return { header, answer, note: this.memo.line(item.note), typed: item.typed };
		});
		const globalNote = summary.globalNote.trim();
		const globalCut = shortfall(globalNote, limits.note);
		if (globalCut) cuts.push(`${m.viewCutMark} ${m.viewGlobalNote(sees(globalCut))}`);
		if (this.overTotal(state, context, limits)) cuts.push(`${m.viewCutMark} ${m.viewModelTotal(limits.totalText)}`);
		return {
			kind: "submit",
			items,
			globalNote: this.memo.line(globalNote),
			editing: summary.editingNote,
			choice: summary.choice,
			cuts,
			inactive: state.mode === "leave",
		};
	}

	private total: { state: QuestionnaireState; limits: TextLimits; over: boolean } | undefined;

	/** True when the model text of a Submit now is shortened to fit `limits.totalText` (remembered per state). */
	private overTotal(state: QuestionnaireState, context: ReduceContext, limits: TextLimits): boolean {
		if (this.total?.state === state && this.total.limits === limits) return this.total.over;
		const result = buildResult(state, context, "submitted");
		const questions = context.questions.map((q) => q.question);
		const unbounded = { ...limits, totalText: Number.POSITIVE_INFINITY };
		const over = resultText(result, questions, limits) !== resultText(result, questions, unbounded);
		this.total = { state, limits, over };
		return over;
	}

	private preview(state: QuestionnaireState, context: ReduceContext, keyLabel: KeyLabel): ViewProps["preview"] {
		const shape = state.shape[state.tab];
		if (!shape?.hasPreview.some(Boolean) || state.mode === "editing" || state.mode === "notes") return undefined;
		const focused = focusedPreview(state, context);
		return {
			id: focused ? previewId(focused.tab, focused.option) : "",
			markdown: focused?.markdown,
			offset: focused?.offset ?? 0,
			// The position line names a line's key and a page's (Shift+↓/PgDn), or one of them where that is too wide.
			upKeys: scrollKeys("askUser.previewUp", "askUser.previewPageUp", keyLabel),
			downKeys: scrollKeys("askUser.previewDown", "askUser.previewPageDown", keyLabel),
		};
	}

	/** The previews the next keys may show, nearest first, under the ids `preview` gives them. */
	previewsAhead(input: ViewInput): NextPreview[] {
		return previewsAhead(input.state, input.context).map((p) => ({
			id: previewId(p.tab, p.option),
			markdown: p.markdown,
			offset: p.offset,
		}));
	}

	/** The previews one ↑ or ↓ away: the nearest option with one below the focus, and above it. */
	previewsBeside(input: ViewInput): NextPreview[] {
		const { state } = input;
		const focus = state.focus[state.tab] ?? 0;
		const here = previewsAhead(state, input.context).filter((p) => p.tab === state.tab);
		const beside = [here.find((p) => p.option > focus), here.find((p) => p.option < focus)];
		return beside.filter((p) => p !== undefined).map((p) => ({ id: previewId(p.tab, p.option), ...p }));
	}

	private status(input: ViewInput): StatusLine[] {
		const lines: StatusLine[] = [];
		if (input.state.mode === "leave") lines.push(...this.leaveLines(input.state));
		const cut = this.editorCut(input.state, input.limits ?? DEFAULT_LIMITS);
		if (cut !== undefined) lines.push({ text: this.m.viewModelSees(cut.shown, cut.total), style: "warning" });
		if (input.status !== undefined && input.status.trim() !== "")
			lines.push({ text: this.memo.line(input.status), style: "error" });
		if (input.countdown !== undefined) {
			const words = input.countdownDefers === true ? this.m.viewPutAsideIn : this.m.viewClosesIn;
			lines.push({ text: words(clockText(input.countdown)), style: "notice" });
		}
		return lines;
	}

	/** "Stop answering?" and its choices, one a line, the highlighted one pointed at (keys in the footer). */
	private leaveLines(state: QuestionnaireState): StatusLine[] {
		const words = leaveChoiceWords(this.m);
		const title = this.m.discardTitle(discardSummary(state).answers, state.shape.length);
		return [
			{ text: title, style: "warning" },
			...leaveChoices(state.reopened).map((choice): StatusLine => {
				const chosen = choice === state.leaveChoice;
				return { text: `${chosen ? this.m.viewPointer : " "} ${words[choice]}`, style: chosen ? "chosen" : "choice" };
			}),
		];
	}

	/** How much of the open editor's text the model will see, when not all of it. */
	private editorCut(state: QuestionnaireState, limits: TextLimits): Shortfall | undefined {
		const target = editorTarget(state);
		if (target === undefined) return undefined;
		return shortfall(editorText(state, target).trim(), target === "draft" ? limits.customAnswer : limits.note);
	}
}

/** The names of a preview's line and page keys together, then of the one bound first alone. */
function scrollKeys(line: BindingId, page: BindingId, keyLabel: KeyLabel): string[] {
	return [hintKeys([line, page], keyLabel), hintKeys([line], keyLabel) || hintKeys([page], keyLabel)];
}

/** The preview pane caches one document per preview under this id. */
function previewId(tab: number, option: number): string {
	return `${tab}:${option}`;
}
