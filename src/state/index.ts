/**
 * The pure questionnaire core (state, actions, key routing, reducer, effects, selectors) as one
 * import for the TUI session and the RPC walker. Imports nothing from Pi, pi-tui or the terminal.
 */
export type { Action, ActionType, ShownPreview } from "./actions.ts";
export { assertNever, type Effect, type EffectType, type Transition } from "./effects.ts";
export type { HintId } from "./hints.ts";
export {
	type BindingId,
	type HostBindingId,
	KEYMAP,
	type KeyBinding,
	type KeyInput,
	type OwnBindingId,
	ownKeybindingDefinitions,
} from "./keymap.ts";
export {
	initialState,
	isSubmitTab,
	NEXT_ROW_LABEL,
	type RowKind,
	rowAt,
	rowCount,
	TYPE_ROW_LABEL,
	tabCount,
} from "./layout.ts";
export {
	type CancelSituation,
	type CancelStep,
	cancelStep,
	LEAVE_CHOICES,
	type LeaveChoice,
	leaveChoices,
	leaveEnding,
	nextLeaveChoice,
} from "./leave.ts";
export { reduce } from "./reduce.ts";
export { editorText } from "./reduce-editor.ts";
export { givenChanged, progressOfState, restoredState } from "./restore.ts";
export { buildResult, type Ending } from "./result.ts";
export { editorChanged, editorTarget, routeKey } from "./route-key.ts";
export {
	allAnswered,
	type DiscardSummary,
	discardCount,
	discardSummary,
	type FooterHint,
	focusedPreview,
	footerHints,
	type OptionRow,
	optionRows,
	type PreviewAhead,
	previewsAhead,
	type SummaryItem,
	submitSummary,
	type TabItem,
	tabBar,
	unansweredQuestions,
	visibleOptionRows,
} from "./selectors.ts";
export type {
	EditorTarget,
	Mode,
	PendingExternal,
	QuestionnaireState,
	QuestionShape,
	ReduceContext,
	SubmitChoice,
} from "./types.ts";
export { SUBMIT_CHOICES } from "./types.ts";
export { type ListWindow, maxScrollOffset, scrollWindow, visibleWindow } from "./window.ts";
