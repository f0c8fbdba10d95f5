/**
 * The option list of a question tab: numbered options (label wrapped, "(Recommended)" tag, description
 * muted and indented under it), check boxes for multi-select, the answered mark, and the runtime's
 * control rows ("Type something." with the saved draft, "Next"). While the draft is edited, the live
 * editor's lines sit under the "Type something." row. When the rows do not fit the height, the window
 * keeps the focused row visible and says how many rows are cut off above and below.
 * Must not import the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { gapBetween } from "../../i18n/spacing.ts";
import { ELLIPSIS, fitLine } from "../../text/fit.ts";
import { PropsComponent } from "./component.ts";
import { runAround, wrapPrefixed } from "./lines.ts";
import type { Style, ViewTheme } from "./theme.ts";

/** One row, with display text already sanitized. */
export type RowProps =
	| {
			kind: "option";
			/** "1." … or "" past 9 options. */
			number: string;
			label: string;
			description: string;
			recommended: boolean;
			focused: boolean;
			/** Multi-select: checked. Single-select: the committed answer. */
			checked: boolean;
	  }
	| { kind: "type"; label: string; draft: string; editing: boolean; focused: boolean; answered: boolean }
	| { kind: "next"; label: string; focused: boolean };

export interface OptionListProps {
	rows: RowProps[];
	multi: boolean;
	/** Columns of the number column ("10. " needs 4). */
	numberWidth: number;
	/** The live editor's lines, shown under the "Type something." row while editing. */
	editorLines: readonly string[];
	/** Lines available; the list scrolls inside them. */
	height: number;
	/** True while another question holds the keys ("Stop answering?"): no row is pointed at. */
	inactive?: boolean;
}

/** The list's full content: each row's lines and the focused row. */
export interface OptionListContent {
	blocks: string[][];
	focus: number;
}

/** Fewest columns worth wrapping text into behind an indent; narrower lists drop the indent. */
const MIN_TEXT = 4;

/** Columns before a row's label: pointer, check box (multi-select) and number. */
export function labelIndent(multi: boolean, numberWidth: number): number {
	return 2 + (multi ? 4 : 0) + numberWidth;
}

/** Width of the editor shown under the "Type something." row in a list `width` columns wide. */
export function editorWidth(width: number, multi: boolean, numberWidth: number): number {
	const indent = labelIndent(multi, numberWidth);
	return width - indent < MIN_TEXT ? Math.max(1, width) : width - indent;
}

/** The number column's width for `optionCount` options ("9. " is 3). */
export function numberColumnWidth(optionCount: number): number {
	return Math.min(optionCount, 9) > 0 ? 3 : 0;
}

export class OptionList extends PropsComponent<OptionListProps, OptionListContent> {
	protected override readonly windowKeys = ["height"] as const;

	constructor(theme: ViewTheme, props?: OptionListProps, messages: Messages = defaultMessages) {
		super(props ?? { rows: [], multi: false, numberWidth: 0, editorLines: [], height: 0 }, theme, messages);
	}

	/** Lines the whole list takes at `width` (its natural height). */
	measure(width: number): number {
		return this.contentAt(Math.max(1, Math.floor(width))).blocks.reduce((sum, b) => sum + b.length, 0);
	}

	/** Lines the focused row takes at `width`. */
	focusedHeight(width: number): number {
		const content = this.contentAt(Math.max(1, Math.floor(width)));
		return content.blocks[content.focus]?.length ?? 0;
	}

	protected content(width: number): OptionListContent {
		const { rows } = this.props;
		const focus = Math.max(
			0,
			rows.findIndex((r) => r.focused),
		);
		return { blocks: rows.map((row) => this.rowLines(row, width)), focus };
	}

	protected draw(content: OptionListContent, width: number): string[] {
		const heights = content.blocks.map((b) => b.length);
		const window = lineWindow(heights, content.focus, this.props.height);
		const out: string[] = [];
		const indent = " ".repeat(Math.min(2, Math.max(0, width - 8)));
		if (window.above > 0) out.push(this.theme.dim(fitLine(indent + this.m.viewMoreAbove(window.above), width)));
		for (let i = window.start; i < window.end; i++) {
			const block = content.blocks[i] ?? [];
			// A focused row taller than the window keeps its start (the label), or while the draft is edited its
			// end, where the editor's cursor is.
			const row = this.props.rows[i];
			const cut = i === content.focus && block.length > window.focusLines;
			const keepEnd = row?.kind === "type" && row.editing;
			out.push(...(!cut ? block : keepEnd ? block.slice(-window.focusLines) : block.slice(0, window.focusLines)));
		}
		if (window.below > 0) out.push(this.theme.dim(fitLine(indent + this.m.viewMoreBelow(window.below), width)));
		return out;
	}

	private rowLines(row: RowProps, width: number): string[] {
		const { multi, numberWidth } = this.props;
		const t = this.theme;
		const indentWidth = labelIndent(multi, numberWidth);
		const tiny = width - indentWidth < MIN_TEXT;
		const indent = tiny ? "" : " ".repeat(indentWidth);
		const pointed = row.focused && this.props.inactive !== true;
		const pointer = pointed ? `${this.m.viewPointer} ` : "  ";
		const box = !multi
			? ""
			: row.kind === "option"
				? `${row.checked ? this.m.viewChecked : this.m.viewUnchecked} `
				: "    ";
		const number = row.kind === "option" ? row.number.padEnd(numberWidth) : " ".repeat(numberWidth);
		const head = pointer + box + number;
		const text = pointed ? t.selected : (s: string) => s;
		const plain = wrapPrefixed(row.label, width, head, indent);
		if (tiny) return plain.map(text);
		const lines = plain.map((line, i) =>
			i === 0
				? (pointed ? t.accent(head) : head) + text(line.slice(head.length))
				: indent + text(line.slice(indent.length)),
		);
		const suffixes: [Style, string][] = [];
		if (row.kind === "option" && row.recommended) suffixes.push([t.recommended, this.m.viewRecommended]);
		if ((row.kind === "option" && row.checked && !multi) || (row.kind === "type" && row.answered))
			suffixes.push([t.success, this.m.viewAnsweredMark]);
		let lastText = plain[plain.length - 1] ?? "";
		let lastWidth = visibleWidth(lastText);
		for (const [style, suffix] of suffixes) {
			const w = visibleWidth(suffix);
			// Full-width tags ("（推荐）") carry their own spacing.
			const gap = gapBetween(lastText, suffix);
			if (lastWidth + gap.length + w <= width) {
				lines[lines.length - 1] += `${gap}${style(suffix)}`;
				lastWidth += gap.length + w;
			} else {
				lines.push(indent + style(fitLine(suffix, width - indentWidth)));
				lastWidth = indentWidth + w;
			}
			lastText = suffix;
		}
		if (row.kind === "option") {
			if (row.description.trim() !== "")
				for (const line of wrapPrefixed(row.description, width, indent, indent)) lines.push(t.muted(line));
			return lines;
		}
		if (row.kind === "next") return lines;
		if (row.editing) return [...lines, ...this.props.editorLines.map((line) => indent + line)];
		// The row has room for one line: the first one typed, and how many more there are.
		const typedLines = row.draft
			.split("\n")
			.map((l) => l.trim())
			.filter((l) => l !== "");
		const [first = "", ...rest] = typedLines;
		const room = width - lastWidth - 2;
		if (first !== "" && room >= MIN_TEXT * 2) {
			const more = rest.length > 0 ? ` ${this.m.viewTypedMoreLines(rest.length)}` : "";
			const moreFits = more !== "" && visibleWidth(more) + MIN_TEXT * 2 <= room;
			// Without room for the count, an ellipsis still says the answer goes on past this line.
			const shown = this.m.viewTyped(first) + (rest.length > 0 && !moreFits ? ` ${ELLIPSIS}` : "");
			const draft = fitLine(shown, room - (moreFits ? visibleWidth(more) : 0));
			lines[lines.length - 1] += `  ${t.dim(draft + (moreFits ? more : ""))}`;
		}
		return lines;
	}
}

/** Which rows are shown, how many are cut off on each side, and how many lines the focused row keeps. */
interface LineWindow {
	start: number;
	end: number;
	above: number;
	below: number;
	focusLines: number;
}

/**
 * The rows to show in `height` lines, given each row's line count: the focused row first (cut to the
 * height when it alone is taller), then neighbours below and above in turn while they fit. When rows are
 * cut off, a line per side says so (only from 3 lines up; below that the focused row gets every line).
 */
function lineWindow(heights: readonly number[], focus: number, height: number): LineWindow {
	const n = heights.length;
	const h = Math.max(0, Math.floor(height));
	const total = heights.reduce((a, b) => a + b, 0);
	if (n === 0 || h === 0) return { start: 0, end: 0, above: 0, below: 0, focusLines: 0 };
	const f = Math.min(Math.max(0, focus), n - 1);
	const grow = (room: number) => ({
		...runAround(heights, f, room),
		focusLines: Math.max(0, Math.min(heights[f] ?? 0, room)),
	});
	if (total <= h) return { start: 0, end: n, above: 0, below: 0, focusLines: heights[f] ?? 0 };
	if (h >= 3)
		for (const reserve of [1, 2]) {
			const w = grow(h - reserve);
			const needed = (w.start > 0 ? 1 : 0) + (w.end < n ? 1 : 0);
			if (needed > reserve) continue;
			// A line reserved for an indicator that is not needed goes back to the rows, if that needs no more indicators.
			const wider = needed < reserve ? grow(h - needed) : w;
			const best = (wider.start > 0 ? 1 : 0) + (wider.end < n ? 1 : 0) <= needed ? wider : w;
			return { ...best, above: best.start, below: n - best.end };
		}
	return { ...grow(h), above: 0, below: 0 };
}
