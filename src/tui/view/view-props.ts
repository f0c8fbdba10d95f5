/**
 * The shapes the view works with: what the session hands it for one frame (`ViewInput`) and what the props
 * adapter (props.ts) makes of it for the components (`ViewProps`), before widths and heights.
 */
import type { TextLimits } from "../../protocol/budget.ts";
import type { QuestionnaireState, ReduceContext } from "../../state/index.ts";
import type { HintProps } from "./footer-bar.ts";
import type { KeyLabel } from "./key-labels.ts";
import type { OptionListProps } from "./option-list.ts";
import type { PreviewProps } from "./preview-pane.ts";
import type { SubmitPaneProps } from "./submit-pane.ts";
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

/** The body of a question tab: the list's props, less the editor's lines and the height the sections add. */
export type OptionsBody = { kind: "options"; editing: boolean } & Omit<OptionListProps, "editorLines" | "height">;

/** The body of the Submit tab: the pane's props, less the editor's lines and the height the sections add. */
export type SubmitBody = { kind: "submit" } & Omit<SubmitPaneProps, "editorLines" | "height">;

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
	preview: Omit<PreviewProps, "height"> | undefined;
	status: StatusLine[];
	hints: HintProps[];
	/** The whole dialog as one line, when collapsed without a way to really hide. */
	collapsed: string | undefined;
}
