/**
 * The Submit tab's body: every question with its answer (or an "unanswered" warning) and note, the note
 * on all questions (or its editor), a hint that a partial submit is allowed, and the Submit / Cancel
 * choice, with a warning for every text the model will not get in full. When the height is short the
 * choice, the hint, the warnings and the editor stay; the summary is cut with a
 * line saying how much is hidden. Must not import the state.
 */
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { SUBMIT_CHOICES, type SubmitChoice } from "../../state/index.ts";
import { fitLine } from "../../text/fit.ts";
import { clampWidth, PropsComponent } from "./component.ts";
import { wrapPrefixed } from "./lines.ts";
import type { ViewTheme } from "./theme.ts";

/** One question's summary, display text already sanitized and formatted. */
export interface SubmitItemProps {
	header: string;
	/** The answer as shown (labels, quoted typed text), or undefined when unanswered. */
	answer: string | undefined;
	/** The question's note, or "". */
	note: string;
}

/** Props of the Submit pane. */
export interface SubmitPaneProps {
	items: SubmitItemProps[];
	/** The saved note on all questions, or "". */
	globalNote: string;
	/** True while the note on all questions is edited. */
	editing: boolean;
	/** The live editor's lines while editing. */
	editorLines: readonly string[];
	/** The highlighted choice. */
	choice: SubmitChoice;
	/** Lines available. */
	height: number;
	/**
	 * One warning per text the model gets only part of, and one when the whole answer is over its total
	 * (config `limits`); kept visible with the choice, so no cut is a surprise after Submit.
	 */
	cuts?: readonly string[];
}

/** The pane's full content: the summary, and the lines that must stay visible. */
export interface SubmitContent {
	head: string[];
	tail: string[];
}

/** The Submit pane component. */
export class SubmitPane extends PropsComponent<SubmitPaneProps, SubmitContent> {
	protected override readonly windowKeys = ["height"] as const;
	private readonly theme: ViewTheme;
	private readonly m: Messages;

	constructor(theme: ViewTheme, props?: SubmitPaneProps, messages: Messages = defaultMessages) {
		super(props ?? { items: [], globalNote: "", editing: false, editorLines: [], choice: "submit", height: 0 });
		this.theme = theme;
		this.m = messages;
	}

	/** Lines the whole pane takes at `width`. */
	measure(width: number): number {
		const c = this.contentAt(clampWidth(width));
		return c.head.length + c.tail.length;
	}

	/** Lines that should stay visible however short the pane gets (choice, hint, editor). */
	minimum(width: number): number {
		return this.contentAt(clampWidth(width)).tail.length;
	}

	protected content(width: number): SubmitContent {
		const t = this.theme;
		const p = this.props;
		const head: string[] = [];
		for (const item of p.items) {
			const answered = item.answer !== undefined;
			const mark = answered ? this.m.viewAnsweredMark : this.m.viewUnansweredMark;
			const line = this.m.viewSummaryLine(mark, item.header, item.answer ?? this.m.viewUnanswered);
			for (const l of wrapPrefixed(line, width, "", "  ")) head.push(answered ? l : t.warning(l));
			if (item.note !== "")
				for (const l of wrapPrefixed(this.m.viewNote(item.note), width, "  ", "  ")) head.push(t.dim(l));
		}
		if (!p.editing && p.globalNote !== "")
			for (const l of wrapPrefixed(this.m.viewGlobalNote(p.globalNote), width, "", "  ")) head.push(t.dim(l));
		const tail: string[] = [];
		if (p.editing) tail.push(t.accent(fitLine(this.m.viewNoteOnAll, width)), ...p.editorLines);
		if (p.items.some((i) => i.answer === undefined))
			for (const l of wrapPrefixed(this.m.viewPartialHint, width, "", "")) tail.push(t.muted(l));
		// Nearest the choice, so a short terminal keeps them longest: what Submit would cut matters more than the hint.
		for (const cut of p.cuts ?? []) for (const l of wrapPrefixed(cut, width, "", "  ")) tail.push(t.warning(l));
		tail.push(this.choiceLine());
		return { head, tail };
	}

	protected draw(content: SubmitContent, width: number): string[] {
		const h = Math.max(0, Math.floor(this.props.height));
		const { head, tail } = content;
		if (head.length + tail.length <= h) return [...head, ...tail];
		if (h <= tail.length) return tail.slice(tail.length - h);
		const room = h - tail.length - 1;
		const more = this.theme.dim(fitLine(this.m.viewMoreLines(head.length - room), width));
		return [...head.slice(0, room), more, ...tail];
	}

	private choiceLine(): string {
		const t = this.theme;
		const choice = (label: string, on: boolean) =>
			on ? t.accent(`${this.m.viewPointer} `) + t.selected(t.bold(label)) : `  ${label}`;
		const labels: Record<SubmitChoice, string> = {
			submit: this.m.viewSubmit,
			later: this.m.viewAnswerLater,
			cancel: this.m.viewCancel,
		};
		return SUBMIT_CHOICES.map((c) => choice(labels[c], this.props.choice === c)).join("   ");
	}
}
