/**
 * Modes `editing` (the current question's free-text draft) and `notes` (the current tab's note, or the
 * global note on the Submit tab). Keys go to the embedded editor except the few `routeKey` keeps;
 * the editor reports text back, and the external editor's result is accepted only if still current.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import type { Transition } from "./effects.ts";
import { isSubmitTab } from "./layout.ts";
import {
	advance,
	backToBrowsing,
	changed,
	focusTypeRow,
	keepDraft,
	setAt,
	switchTab,
	unchanged,
} from "./transitions.ts";
import type { EditorTarget, QuestionnaireState, ReduceContext } from "./types.ts";

/** Reduces an action while the draft editor is open. */
export function reduceEditing(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	const tab = state.tab;
	const shape = state.shape[tab];
	if (!shape) return unchanged(state);
	switch (action.type) {
		case "draft/edited": {
			if (typeof action.text !== "string") return unchanged(state);
			const drafts = setAt(state.drafts, tab, action.text);
			return drafts === state.drafts ? unchanged(state) : changed({ ...state, drafts });
		}
		case "draft/confirmed": {
			const kept = keepDraft(state);
			// Enter on nothing typed stays in the editor, unless it just took back a typed answer.
			if (!shape.multi && (state.drafts[tab] ?? "").trim() === "" && kept === state) return unchanged(state);
			const browsing = { ...focusTypeRow(kept), mode: "options" as const, pendingExternal: null };
			return kept.answers[tab] === null && !shape.multi ? changed(browsing) : advance(browsing, context);
		}
		case "draft/closed":
			return backToBrowsing(keepDraft(state));
		case "tab/switched":
			return switchTab(keepDraft(state), action.direction);
		case "editor/keyForwarded":
		case "editor/externalRequested":
			return reduceEditorCommon(state, action, "draft");
		default:
			return unchanged(state);
	}
}

/** Reduces an action while a note editor is open. */
export function reduceNotes(state: QuestionnaireState, action: Action): Transition {
	switch (action.type) {
		case "notes/edited": {
			if (typeof action.text !== "string") return unchanged(state);
			if (isSubmitTab(state, state.tab)) {
				return action.text === state.globalNote ? unchanged(state) : changed({ ...state, globalNote: action.text });
			}
			const notes = setAt(state.notes, state.tab, action.text);
			return notes === state.notes ? unchanged(state) : changed({ ...state, notes });
		}
		case "notes/closed":
			return backToBrowsing(state);
		case "tab/switched":
			return switchTab(state, action.direction);
		case "editor/keyForwarded":
		case "editor/externalRequested":
			return reduceEditorCommon(state, action, "notes");
		default:
			return unchanged(state);
	}
}

/** The text the open editor is editing. */
export function editorText(state: QuestionnaireState, target: EditorTarget): string {
	if (target === "draft") return state.drafts[state.tab] ?? "";
	return isSubmitTab(state, state.tab) ? state.globalNote : (state.notes[state.tab] ?? "");
}

function reduceEditorCommon(
	state: QuestionnaireState,
	action: Extract<Action, { type: "editor/keyForwarded" | "editor/externalRequested" }>,
	target: EditorTarget,
): Transition {
	if (action.type === "editor/keyForwarded") {
		if (typeof action.data !== "string" || action.data === "") return unchanged(state);
		return changed(state, { type: "editor/forwardKey", data: action.data });
	}
	const requestId = state.nextRequestId;
	return changed(
		{ ...state, pendingExternal: { requestId, tab: state.tab, target }, nextRequestId: requestId + 1 },
		{ type: "editor/openExternal", requestId, text: editorText(state, target) },
	);
}

/**
 * The external editor returned. Accepted only when it answers the pending request and that editor is
 * still open on the same tab; anything else is stale and leaves the state untouched.
 */
export function reduceExternalReturned(
	state: QuestionnaireState,
	action: Extract<Action, { type: "editor/externalReturned" }>,
): Transition {
	const pending = state.pendingExternal;
	if (!pending || pending.requestId !== action.requestId) return unchanged(state);
	const open = state.mode === (pending.target === "draft" ? "editing" : "notes") && state.tab === pending.tab;
	if (!open) return changed({ ...state, pendingExternal: null });
	const cleared = { ...state, pendingExternal: null };
	if (typeof action.text !== "string") return changed(cleared);
	// Editors append a trailing newline on save; it is never part of what the user meant.
	const text = action.text.replace(/\r?\n$/, "");
	const next =
		pending.target === "draft"
			? { ...cleared, drafts: setAt(state.drafts, state.tab, text) }
			: isSubmitTab(state, state.tab)
				? { ...cleared, globalNote: text }
				: { ...cleared, notes: setAt(state.notes, state.tab, text) };
	return changed(next, { type: "editor/setText", text });
}
