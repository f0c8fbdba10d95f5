/**
 * The Submit tab's body: every question with its answer (or an "unanswered" warning) and note, the note
 * on all questions (or its editor), a hint that a partial submit is allowed, and the Submit / Cancel
 * choice, with a warning for every text the model will not get in full. Text the user typed (an answer,
 * a note) shows its first lines and how many more it has, so one long paste cannot push the rest away.
 * When the height is short the choice, the hint, the warnings and the editor stay; the summary is cut with
 * a line saying how much is hidden. Shorter still, the lines kept are whole blocks from the choice up,
 * and the topmost one that does not fit shows its beginning with "…": the pane never starts mid-sentence.
 * Must not import the state.
 */

import { visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { SUBMIT_CHOICES, type SubmitChoice } from "../../state/index.ts";
import { ELLIPSIS, fitLine } from "../../text/fit.ts";
import { clampWidth, PropsComponent } from "./component.ts";
import { clipWithEllipsis, wrapPrefixed } from "./lines.ts";
import type { ViewTheme } from "./theme.ts";

/** One question's summary, display text already sanitized and formatted. */
export interface SubmitItemProps {
	header: string;
	/** The answer as shown (labels, quoted typed text), or undefined when unanswered. */
	answer: string | undefined;
	/** The question's note, or "". */
	note: string;
	/** True when the answer (or part of it) is text the user typed: it is shown to a few lines. */
	typed: boolean;
}

/** A typed answer or a note shows at most this many lines in the review, then how many more it has. */
const REVIEW_TEXT_LINES = 3;

/** Between two choices on a line. */
const CHOICE_GAP = "   ";

export interface SubmitPaneProps {
	items: SubmitItemProps[];
	/** The saved note on all questions, or "". */
	globalNote: string;
	/** True while the note on all questions is edited. */
	editing: boolean;
	/** The live editor's lines while editing. */
	editorLines: readonly string[];
	choice: SubmitChoice;
	/** True while another question holds the keys ("Stop answering?"): the choice is not pointed at. */
	inactive?: boolean;
	height: number;
	/**
	 * One warning per text the model gets only part of, and one when the whole answer is over its total
	 * (config `limits`); kept visible with the choice, so no cut is a surprise after Submit.
	 */
	cuts?: readonly string[];
}

/** The pane's full content: the summary, and the blocks of lines that must stay visible. */
export interface SubmitContent {
	head: string[];
	tail: TailBlock[];
}

/**
 * Lines kept in view together: wrapped text (`lines` unstyled; short of room, its beginning with "…"), or
 * the editor (its own styled lines; short of room, its last ones, where the cursor is).
 */
interface TailBlock {
	lines: string[];
	style: (line: string) => string;
	keep: "start" | "end";
}

const same = (line: string) => line;

export class SubmitPane extends PropsComponent<SubmitPaneProps, SubmitContent> {
	protected override readonly windowKeys = ["height"] as const;

	constructor(theme: ViewTheme, props?: SubmitPaneProps, messages: Messages = defaultMessages) {
		super(
			props ?? { items: [], globalNote: "", editing: false, editorLines: [], choice: "submit", height: 0 },
			theme,
			messages,
		);
	}

	/** Lines the whole pane takes at `width`. */
	measure(width: number): number {
		const c = this.contentAt(clampWidth(width));
		return c.head.length + lineCount(c.tail);
	}

	/** Lines that should stay visible however short the pane gets (choice, hint, editor). */
	minimum(width: number): number {
		return lineCount(this.contentAt(clampWidth(width)).tail);
	}

	protected content(width: number): SubmitContent {
		const t = this.theme;
		const p = this.props;
		const head: string[] = [];
		for (const item of p.items) {
			const answered = item.answer !== undefined;
			const mark = answered ? this.m.viewAnsweredMark : this.m.viewUnansweredMark;
			const line = this.m.viewSummaryLine(mark, item.header, item.answer ?? this.m.viewUnanswered);
			const lines = wrapPrefixed(line, width, "", "  ");
			for (const l of item.typed ? this.fewLines(lines, width) : lines) head.push(answered ? l : t.warning(l));
			if (item.note !== "")
				for (const l of this.fewLines(wrapPrefixed(this.m.viewNote(item.note), width, "  ", "  "), width))
					head.push(t.dim(l));
		}
		if (!p.editing && p.globalNote !== "")
			for (const l of this.fewLines(wrapPrefixed(this.m.viewGlobalNote(p.globalNote), width, "", "  "), width))
				head.push(t.dim(l));
		const tail: TailBlock[] = [];
		if (p.editing) {
			tail.push({ lines: [fitLine(this.m.viewNoteOnAll, width)], style: t.accent, keep: "start" });
			tail.push({ lines: [...p.editorLines], style: same, keep: "end" });
		}
		if (p.items.some((i) => i.answer === undefined))
			tail.push({ lines: wrapPrefixed(this.m.viewPartialHint, width, "", ""), style: t.muted, keep: "start" });
		// Nearest the choice, so a short terminal keeps them longest: what Submit would cut matters more than the hint.
		for (const cut of p.cuts ?? [])
			tail.push({ lines: wrapPrefixed(cut, width, "", "  "), style: t.warning, keep: "start" });
		tail.push({ lines: [this.choiceLine(width)], style: same, keep: "start" });
		return { head, tail };
	}

	protected draw(content: SubmitContent, width: number): string[] {
		const h = Math.max(0, Math.floor(this.props.height));
		const { head, tail } = content;
		const tailLines = lineCount(tail);
		const shown = (blocks: readonly TailBlock[]) => blocks.flatMap((b) => b.lines.map(b.style));
		if (head.length + tailLines <= h) return [...head, ...shown(tail)];
		if (h <= tailLines) return shown(fitBlocks(tail, h, width));
		const room = h - tailLines - 1;
		const more = this.theme.dim(fitLine(this.m.viewMoreLines(head.length - room), width));
		return [...head.slice(0, room), more, ...shown(tail)];
	}

	/** Typed text's first lines, then how many more it has (its lines at this width). */
	private fewLines(lines: string[], width: number): string[] {
		if (lines.length <= REVIEW_TEXT_LINES + 1) return lines;
		const more = fitLine(`  ${this.m.viewTypedMoreLines(lines.length - REVIEW_TEXT_LINES)}`, width);
		return [...clipWithEllipsis(lines, REVIEW_TEXT_LINES, width), this.theme.dim(more)];
	}

	/**
	 * The choices in a row, cut at the width; where that would cut the focused choice, the row starts
	 * later, "…" standing for the choices before it (a cut row hid Cancel, focused, on a narrow terminal).
	 */
	private choiceLine(width: number): string {
		const t = this.theme;
		const choice = (label: string, on: boolean) =>
			on ? t.accent(`${this.m.viewPointer} `) + t.selected(t.bold(label)) : `  ${label}`;
		const labels: Record<SubmitChoice, string> = {
			submit: this.m.viewSubmit,
			later: this.m.viewAnswerLater,
			cancel: this.m.viewCancel,
		};
		const pointed = (c: SubmitChoice) => this.props.choice === c && this.props.inactive !== true;
		const shown = SUBMIT_CHOICES.map((c) => choice(labels[c], pointed(c)));
		const focused = Math.max(0, SUBMIT_CHOICES.indexOf(this.props.choice));
		const row = (from: number, to: number) =>
			`${from > 0 ? `${ELLIPSIS} ` : ""}${shown.slice(from, to).join(CHOICE_GAP)}`;
		let from = 0;
		while (from < focused && visibleWidth(row(from, focused + 1)) > width) from++;
		const head = fitLine(row(from, focused + 1), width);
		const after = shown.slice(focused + 1).map((c) => `${CHOICE_GAP}${c}`);
		return head + fitLine(after.join(""), width - visibleWidth(head));
	}
}

function lineCount(blocks: readonly TailBlock[]): number {
	return blocks.reduce((sum, b) => sum + b.lines.length, 0);
}

/**
 * The blocks that fit `height` lines, taken whole from the last one up; the first that does not fit whole
 * shows what `keep` says (its beginning, cut with "…", or its end), and the ones above it are left out.
 */
function fitBlocks(blocks: readonly TailBlock[], height: number, width: number): TailBlock[] {
	const out: TailBlock[] = [];
	let room = height;
	for (let i = blocks.length - 1; i >= 0 && room > 0; i--) {
		const block = blocks[i] as TailBlock;
		const n = block.lines.length;
		const lines =
			n <= room
				? block.lines
				: block.keep === "start"
					? clipWithEllipsis(block.lines, room, width)
					: block.lines.slice(n - room);
		out.unshift({ ...block, lines });
		room -= lines.length;
	}
	return out;
}
