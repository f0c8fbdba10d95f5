/**
 * The pure questionnaire core (state, actions, key routing, reducer, effects, selectors) as one
 * import for the TUI session and the RPC walker. Imports nothing from Pi, pi-tui or the terminal.
 */
export type { Action, ShownPreview } from "./actions.ts";
export type { ReduceContext } from "./answers.ts";
export type { BindingId, HostBindingId, KeyInput, OwnBindingId } from "./bindings.ts";
export { assertNever, type Effect } from "./effects.ts";
export { KEYMAP, ownKeybindingDefinitions } from "./keymap.ts";
export { isSubmitTab } from "./layout.ts";
export { leaveChoices } from "./leave.ts";
export { KINDS } from "./question-kinds.ts";
export { reduce } from "./reduce.ts";
export { editorText } from "./reduce-editor.ts";
export { givenChanged, progressOfState, startState } from "./restore.ts";
export { buildResult, discardSummary } from "./result.ts";
export { editorChanged, editorTarget, routeKey } from "./route-key.ts";
export {
	focusedPreview,
	footerHints,
	optionRows,
	previewsAhead,
	submitSummary,
	tabBar,
} from "./selectors.ts";
export type { QuestionnaireState, SubmitChoice } from "./types.ts";
export { SUBMIT_CHOICES } from "./types.ts";
