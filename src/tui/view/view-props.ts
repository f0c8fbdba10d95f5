/**
 * The shapes the view works with: what the session hands it for one frame (`ViewInput`) and what the props
 * adapter (props.ts) makes of it for the components (`ViewProps`), before widths and heights.
 */
import type { TextLimits } from "../../protocol/budget.ts";
import type { QuestionnaireState, ReduceContext, SubmitChoice } from "../../state/index.ts";
import type { HintProps } from "./footer-bar.ts";
import type { KeyLabel } from "./key-labels.ts";
import type { RowProps } from "./option-list.ts";
import type { SubmitItemProps } from "./submit-pane.ts";
import type { TabProps } from "./tab-bar.ts";

/** Everything the session hands the view for one frame. */
export interface ViewInput {
	state: QuestionnaireState;
	context: ReduceContext;
	/** The live Editor while a draft or a note is edited. */
	editor?: { render(width: number): readonly string[] };
	/** A one-line message (e.g. "External editor failed: …"), shown until the next key. */
	status?: string;
	/** Rows available to the whole dialog (terminal rows minus margins). */
	maxHeight: number;
	/** True: render only the one-line "collapsed — press Ctrl+] to reopen" bar. */
	collapsedHint?: boolean;
	/** The key name shown for a binding (the user's bindings); defaults to the keymap's default keys. */
	keyLabel?: KeyLabel;
	/** Seconds before an untouched questionnaire closes (config `timeout`); absent once a key was pressed. */
	countdown?: number;
	/** True when the countdown puts the questionnaire aside instead of closing it (config `onTimeout: "defer"`). */
	countdownDefers?: boolean;
	/** What the model receives of the user's text (config `limits`); the built-in limits when absent. */
	limits?: TextLimits;
}

/** The body of a question tab. */
export interface OptionsBody {
	kind: "options";
	rows: RowProps[];
	multi: boolean;
	numberWidth: number;
	/** True while the draft is edited: the editor sits under the "Type something." row. */
	editing: boolean;
	/** True while "Stop answering?" holds the keys: the focused row keeps its place but not its pointer. */
	inactive: boolean;
}

/** The body of the Submit tab. */
export interface SubmitBody {
	kind: "submit";
	items: SubmitItemProps[];
	globalNote: string;
	editing: boolean;
	choice: SubmitChoice;
	/** What the model will not get in full (config `limits`), one warning each. */
	cuts: string[];
	/** True while "Stop answering?" holds the keys: the choice is not pointed at. */
	inactive: boolean;
}

/** The preview region of a question tab with previews. */
export interface PreviewInput {
	id: string;
	/** The focused option's markdown, or undefined when the focused row has none. */
	markdown: string | undefined;
	offset: number;
	/** Key names for the position line, longest first (see `PreviewProps`). */
	upKeys: string[];
	downKeys: string[];
}

/** One status line and how it looks ("choice" / "chosen": a row of "Stop answering?"). */
export interface StatusLine {
	text: string;
	style: "warning" | "error" | "notice" | "choice" | "chosen";
}

/** Everything the view renders, before widths and heights. */
export interface ViewProps {
	tabs: TabProps[];
	/** The question (or the Submit tab's title), sanitized. */
	question: string;
	/** Under the question: the saved note, or the note editor's title while editing it. */
	note: { kind: "text"; text: string } | { kind: "editor"; title: string } | undefined;
	body: OptionsBody | SubmitBody;
	/** Present when the current question has at least one preview and the list is not full width. */
	preview: PreviewInput | undefined;
	status: StatusLine[];
	hints: HintProps[];
	/** The whole dialog as one line, when collapsed without a way to really hide. */
	collapsed: string | undefined;
}
