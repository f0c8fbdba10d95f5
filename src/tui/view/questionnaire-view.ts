/**
 * The questionnaire's view: the one component the session renders. Each frame it asks the props adapter
 * for the props, chooses the columns (the preview beside the options or below them), has the sections
 * (dialog-sections.ts) measured at the given width, shares `maxHeight` rows between them (previews shrink
 * first, then the option list, then the question) and has them stacked. It also lays out ahead the
 * previews the next keys may show. It never reads keys or changes the state; the session owns both and
 * calls `setInput` after each change.
 */
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { KINDS } from "../../state/index.ts";
import { fitLine } from "../../text/fit.ts";
import { clampWidth } from "./component.ts";
import { type Columns, DialogSections } from "./dialog-sections.ts";
import { allocateHeights, balanceBorders, COLUMN_GAP, leftColumnWidth, previewPlacement } from "./layout.ts";
import { labelIndent, numberColumnWidth } from "./option-list.ts";
import { PropsAdapter, type ViewInput } from "./props.ts";
import { safeQuestions } from "./sanitized.ts";
import type { ViewTheme } from "./theme.ts";

/** Panels narrower than this get no side padding. */
const PAD_FROM = 20;

/** The whole questionnaire dialog, rendered from a `ViewInput`. */
export class QuestionnaireView {
	private readonly theme: ViewTheme;
	private readonly adapter: PropsAdapter;
	private readonly m: Messages;
	private readonly sections: DialogSections;
	private input: ViewInput | undefined;
	private cache: { input: ViewInput; width: number; lines: readonly string[] } | undefined;
	private previewShown = false;
	/** The width and rows the last frame gave the preview; previews are laid out ahead at them. */
	private previewRoom: { width: number; rows: number } | undefined;

	/** `messages`: the locale's words (`messagesIn`); English by default. */
	constructor(theme: ViewTheme, messages: Messages = defaultMessages) {
		this.theme = theme;
		this.m = messages;
		this.adapter = new PropsAdapter(messages);
		this.sections = new DialogSections(theme, messages);
	}

	/** Sets what the next `render` shows. Pass a new object for every change. */
	setInput(input: ViewInput): void {
		if (input !== this.input) this.cache = undefined;
		this.input = input;
	}

	/** The dialog at `width` columns: at most `maxHeight` lines, every one at most `width` columns wide. */
	render(width: number): readonly string[] {
		const input = this.input;
		if (!input) return [];
		const w = clampWidth(width);
		// The live editor changes without a new input, so frames with an editor are always composed.
		if (!input.editor && this.cache?.input === input && this.cache.width === w) return this.cache.lines;
		// Every section is fitted to its own width by its component, so the stack fits `w` without a second pass.
		const lines = this.compose(input, w);
		this.cache = { input, width: w, lines };
		return lines;
	}

	/** Drops every cached line (theme change, full redraw). */
	invalidate(): void {
		this.cache = undefined;
		this.sections.invalidate();
	}

	/**
	 * Lays out one piece: first of the previews the next keys may show (nearest first, their first screen),
	 * so focusing them later costs nothing; then of the preview on screen, towards its end, so its position
	 * line can give the exact line count ("redraw": that piece was its last, the next frame shows the count).
	 * At the room the last frame gave the preview. "done" when nothing is left or no preview was shown.
	 */
	layoutAhead(): "more" | "redraw" | "done" {
		const input = this.input;
		const room = this.previewRoom;
		if (!input || !room) return "done";
		if (this.sections.preview.layoutAhead(this.adapter.previewsAhead(input), room.width, room.rows)) return "more";
		const shown = this.previewShown ? this.sections.preview.layoutShown(room.width) : "done";
		if (shown === "counted") this.cache = undefined;
		return shown === "counted" ? "redraw" : shown;
	}

	/**
	 * Lays out, now, the first screen of the previews one ↑ or ↓ away, at the room the last frame gave the
	 * preview. The session does it once, before its first frame is seen: a key pressed the moment the
	 * questionnaire appears would otherwise wait for that layout (cold code, large previews: 10–20 ms).
	 */
	layoutBeside(): void {
		const input = this.input;
		const room = this.previewRoom;
		if (!input || !room) return;
		const beside = this.adapter.previewsBeside(input);
		while (this.sections.preview.layoutAhead(beside, room.width, room.rows));
	}

	/** After `render`: the lines of preview text on screen (one page), or undefined without a preview. */
	previewTextRows(): number | undefined {
		return this.previewShown ? this.sections.preview.textRows() : undefined;
	}

	/** After `render`: the preview's largest scroll offset, or undefined without a preview or before its end is known. */
	previewMaxOffset(): number | undefined {
		return this.previewShown ? this.sections.preview.maxOffset() : undefined;
	}

	private compose(input: ViewInput, width: number): string[] {
		const maxHeight = Math.floor(input.maxHeight);
		this.previewShown = false;
		this.previewRoom = undefined;
		if (!(maxHeight > 0)) return [];
		const p = this.adapter.props(input);
		if (p.collapsed !== undefined) return [this.theme.warning(fitLine(p.collapsed, width))];

		const pad = width >= PAD_FROM ? 1 : 0;
		const inner = width - 2 * pad;
		const placement = previewPlacement(width, p.preview !== undefined, false);
		const listWidth = placement === "side" ? this.leftWidth(input, inner) : inner;
		const previewWidth = placement === "side" ? Math.max(1, inner - listWidth - COLUMN_GAP) : inner;
		const natural = this.sections.measure(input, p, inner, listWidth, previewWidth, placement);
		if (natural.previewRows !== undefined) this.previewRoom = { width: previewWidth, rows: natural.previewRows };
		const heights = balanceBorders(allocateHeights(natural.heights, maxHeight, natural.steps), natural.heights);
		const columns: Columns = { listWidth, previewWidth, placement };
		const out = this.sections.stack(p, heights, width, pad, columns);
		this.previewShown = placement !== "none" && p.preview?.markdown !== undefined;
		return out.slice(0, maxHeight);
	}

	private leftWidthCache: { questions: unknown; inner: number; width: number } | undefined;

	/** The left column's width, measured once per questionnaire and width (the same on every tab). */
	private leftWidth(input: ViewInput, inner: number): number {
		const questions = input.context.questions;
		const cached = this.leftWidthCache;
		if (cached?.questions === questions && cached.inner === inner) return cached.width;
		const indent = Math.max(
			0,
			...input.state.shape.map((q) => labelIndent(KINDS[q.kind].ticks, numberColumnWidth(q.optionCount))),
		);
		const width = leftColumnWidth(safeQuestions(questions), inner, indent, this.m.viewTypeRow);
		this.leftWidthCache = { questions, inner, width };
		return width;
	}
}
