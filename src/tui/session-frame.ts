/**
 * The session's frames: what the view is handed (the state, and what is about the screen around it: the
 * live editor, a status line, the room, the collapsed bar, the countdown), handed again only when one of
 * those changed; and the previews the next keys may show, laid out while the person reads. A frame reads
 * the state and never changes it: what only a drawn frame knows (a preview's page and end) is asked for
 * when a key needs it (`shownPreview`). In a longer pause, the marks a later frame may draw are measured.
 */
import type { Messages } from "../i18n/messages.ts";
import type { TextLimits } from "../protocol/budget.ts";
import { focusedPreview, type QuestionnaireState, type ReduceContext, type ShownPreview } from "../state/index.ts";
import { IdleWork } from "./idle-work.ts";
import { dialogHeight } from "./layout.ts";
import { marksMeasured, measureNextMark } from "./mark-widths.ts";
import type { KeyLabel } from "./view/key-labels.ts";
import type { ViewInput } from "./view/props.ts";
import { QuestionnaireView } from "./view/questionnaire-view.ts";
import type { ViewTheme } from "./view/theme.ts";

/**
 * How long after a frame, with no key in between, the previews the next keys may show start being laid
 * out. Longer than key repeat, so holding a key is never slowed; far shorter than anyone takes to read.
 */
const LAYOUT_AHEAD_AFTER_MS = 50;
/**
 * How long without a key before the marks are measured (mark-widths.ts): a pause to read, since each costs
 * a key arriving meanwhile up to 130 ms, once per process.
 */
const MARKS_AFTER_MS = 300;

/** What stays the same for every frame of a session. */
export interface FrameSetup {
	theme: ViewTheme;
	messages: Messages;
	context: ReduceContext;
	/** Terminal rows (the dialog's height follows them) and redraws (a preview's count, once known). */
	tui: { terminal: { rows: number }; requestRender(): void };
	keyLabel: KeyLabel;
	countdownDefers: boolean;
	limits: TextLimits | undefined;
}

/** What one frame shows besides the fixed setup. */
export interface FrameParts {
	state: QuestionnaireState;
	/** The live editor, while a draft or note is open. */
	editor: ViewInput["editor"];
	status: string | undefined;
	collapsedBar: boolean;
	countdown: number | undefined;
}

/** Draws the session's frames. */
export class SessionFrame {
	private readonly setup: FrameSetup;
	private readonly view: QuestionnaireView;
	private input: ViewInput | undefined;
	/** Lays out the previews the next keys may show, while the person reads. */
	private readonly layoutAhead: IdleWork;
	private readonly measureMarks = new IdleWork(measureNextMark, MARKS_AFTER_MS);
	private besideLaidOut = false;

	constructor(setup: FrameSetup) {
		this.setup = setup;
		this.view = new QuestionnaireView(setup.theme, setup.messages);
		this.layoutAhead = new IdleWork(() => {
			const step = this.view.layoutAhead();
			if (step === "redraw") setup.tui.requestRender();
			return step !== "done";
		}, LAYOUT_AHEAD_AFTER_MS);
	}

	/** The frame at `width`; the view keeps its lines while nothing it is handed changed. */
	draw(width: number, parts: FrameParts): readonly string[] {
		const maxHeight = dialogHeight(this.setup.tui.terminal.rows);
		const prev = this.input;
		if (
			!prev ||
			prev.state !== parts.state ||
			prev.editor !== parts.editor ||
			prev.status !== parts.status ||
			prev.maxHeight !== maxHeight ||
			prev.collapsedHint !== parts.collapsedBar ||
			prev.countdown !== parts.countdown
		) {
			const { context, keyLabel, countdownDefers, limits } = this.setup;
			this.input = {
				state: parts.state,
				context,
				editor: parts.editor,
				status: parts.status,
				maxHeight,
				collapsedHint: parts.collapsedBar,
				keyLabel,
				countdown: parts.countdown,
				countdownDefers,
				limits,
			};
			this.view.setInput(this.input);
		}
		const lines = this.view.render(width);
		if (!this.besideLaidOut) {
			this.besideLaidOut = true;
			this.view.layoutBeside();
		}
		this.layoutAhead.schedule();
		if (!marksMeasured()) this.measureMarks.schedule();
		return lines;
	}

	/**
	 * What the last frame showed of its focused preview: which one, its lines of text and its end (once
	 * laid out); undefined when it showed none. The reducer uses it only for the preview it scrolls.
	 */
	shownPreview(): ShownPreview | undefined {
		const rows = this.view.previewTextRows();
		const drawn = this.input && focusedPreview(this.input.state, this.setup.context);
		if (rows === undefined || !drawn) return undefined;
		return { tab: drawn.tab, option: drawn.option, rows, maxOffset: this.view.previewMaxOffset() };
	}

	/** A key came, or the session ended: what was being laid out ahead waits for the next quiet spell. */
	stopLayoutAhead(): void {
		this.layoutAhead.stop();
		this.measureMarks.stop();
	}

	/** Drops every cached line (theme change, full redraw). */
	invalidate(): void {
		this.input = undefined;
		this.view.invalidate();
	}
}
