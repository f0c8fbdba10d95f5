/**
 * Mode `options`: browsing a question tab's rows. Handles focus moves, choosing and toggling options,
 * committing a multi-select, opening the draft or note editor, preview scrolling, tabs and Esc.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import { chooseOption, commitChoices, inRange, type ReduceContext, setAt } from "./answers.ts";
import type { Transition } from "./effects.ts";
import { focusedPreviewOption, moveIn, rowAt, rowCount, typeRow } from "./layout.ts";
import { KINDS } from "./question-kinds.ts";
import { openEditor } from "./reduce-editor.ts";
import { advance, changed, finish, focusRow, requestCancel, switchTab, unchanged } from "./transitions.ts";
import type { QuestionnaireState } from "./types.ts";

/** Reduces an action while browsing a question tab. */
export function reduceOptions(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	const tab = state.tab;
	const shape = state.shape[tab];
	if (!shape) return unchanged(state);
	switch (action.type) {
		case "nav/focusMoved": {
			const count = rowCount(shape);
			const current = state.focus[tab] ?? 0;
			const row = moveIn(count, current, action.direction);
			return row === current ? unchanged(state) : changed(focusRow(state, row));
		}
		case "answer/optionChosen":
		case "multi/optionToggled": {
			const kind = KINDS[shape.kind];
			if (kind.optionAction !== action.type || !inRange(action.option, shape.optionCount)) return unchanged(state);
			const chosen = chooseOption(focusRow(state, action.option), tab, action.option);
			return kind.choosingMovesOn ? advance(chosen, context) : changed(chosen);
		}
		case "multi/committed":
			if (!KINDS[shape.kind].ticks) return unchanged(state);
			return advance(commitChoices(state, tab), context);
		case "draft/opened":
			return openEditor(focusRow(state, typeRow(shape)), "draft");
		case "draft/typedOnRow":
			if (rowAt(shape, state.focus[tab] ?? 0).kind !== "type") return unchanged(state);
			if (typeof action.text !== "string" || action.text === "") return unchanged(state);
			// The draft opens with the text after what it held (nothing is lost), the cursor after it.
			return openEditor(state, "draft", action.text);
		case "notes/opened":
			return openEditor(state, "notes");
		case "preview/scrolled":
		case "preview/paged":
			return scrollPreview(state, action);
		case "tab/switched":
			return switchTab(state, action.direction, context);
		case "dialog/cancelRequested":
			return requestCancel(state, context);
		case "dialog/submitRequested":
			return finish(state, context, "submitted");
		default:
			return unchanged(state);
	}
}

/**
 * Scrolls the focused option's preview by a line or a page. What the last frame showed of it (when it was
 * this preview) sizes the page, one line less than the pane so the reader keeps their place, and stops the
 * scroll at the end; an offset left past the end (a taller terminal since) scrolls from the end.
 */
function scrollPreview(
	state: QuestionnaireState,
	action: Extract<Action, { type: "preview/scrolled" | "preview/paged" }>,
): Transition {
	const tab = state.tab;
	const option = focusedPreviewOption(state);
	if (option === undefined) return unchanged(state);
	const shown = action.shown?.tab === tab && action.shown.option === option ? action.shown : undefined;
	const rows = shown && inRange(shown.rows, Number.MAX_SAFE_INTEGER) ? shown.rows : 0;
	const page = Math.max(1, rows - 1);
	const delta = action.type === "preview/scrolled" ? action.delta : action.direction === "down" ? page : -page;
	if (!Number.isInteger(delta)) return unchanged(state);
	const end = shown?.maxOffset ?? -1;
	const max = inRange(end, Number.MAX_SAFE_INTEGER) ? end : Number.POSITIVE_INFINITY;
	const offset = Math.max(0, Math.min(max, Math.min(state.previewScroll[tab] ?? 0, max) + delta));
	const previewScroll = setAt(state.previewScroll, tab, offset);
	return previewScroll === state.previewScroll ? unchanged(state) : changed({ ...state, previewScroll });
}
