/**
 * Modes `editing` (the current question's free-text draft) and `notes` (the current tab's note, or the
 * global note on the Submit tab). The state owns the text; the embedded editor is loaded with it when it
 * opens (`editor/setText`) and is the input device after that: keys `routeKey` leaves to it are handled
 * there, and the text they make comes back as `draft/edited` / `notes/edited`. The external editor's
 * result is accepted only if still current.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import type { Action } from "./actions.ts";
import { editDraft, keepDraft, type ReduceContext, setGlobalNote, setNote } from "./answers.ts";
import type { Effect, Transition } from "./effects.ts";
import { isSubmitTab } from "./layout.ts";
import { KINDS } from "./question-kinds.ts";
import { advance, backToBrowsing, changed, focusTypeRow, switchTab, unchanged } from "./transitions.ts";
import type { EditorTarget, QuestionnaireState } from "./types.ts";

/**
 * `text` as the embedded editor holds it (pi-tui's Editor: line breaks as `\n`, a tab as four spaces).
 * The state keeps every text it loads into the editor in this form, so the editor never holds other text
 * than the state: what the person sees there is what is sent.
 */
function editorForm(text: string): string {
	return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

/**
 * Opens the draft or note editor of the current tab on the state's text (in `editorForm`), with `typed`
 * after it: the text typed on the "Type something." row, which opens the draft.
 */
export function openEditor(state: QuestionnaireState, target: EditorTarget, typed = ""): Transition {
	const before = editorForm(editorText(state, target));
	const text = before + typed;
	const mode = target === "draft" ? "editing" : "notes";
	const load: Effect =
		typed === "" ? { type: "editor/setText", text } : { type: "editor/setText", text, undoTo: before };
	return changed(withEditorText({ ...state, mode }, target, text), load);
}

/** Reduces an action while the draft editor is open. */
export function reduceEditing(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	const tab = state.tab;
	const shape = state.shape[tab];
	if (!shape) return unchanged(state);
	switch (action.type) {
		case "draft/edited":
			return edited(state, "draft", action.text);
		case "draft/confirmed": {
			const kept = keepDraft(state, tab);
			const blank = (state.drafts[tab] ?? "").trim() === "";
			const next = KINDS[shape.kind].typedConfirm(blank, kept !== state, kept.answers[tab] ?? null);
			if (next === "stay") return unchanged(state);
			const browsing = { ...focusTypeRow(kept), mode: "options" as const, pendingExternal: null };
			return next === "browse" ? changed(browsing) : advance(browsing, context);
		}
		case "draft/closed":
			return backToBrowsing(keepDraft(state, tab));
		case "tab/switched":
			return switchTab(keepDraft(state, tab), action.direction, context);
		case "editor/externalRequested":
			return requestExternal(state, "draft");
		default:
			return unchanged(state);
	}
}

/** Reduces an action while a note editor is open. */
export function reduceNotes(state: QuestionnaireState, action: Action, context: ReduceContext): Transition {
	switch (action.type) {
		case "notes/edited":
			return edited(state, "notes", action.text);
		case "notes/closed":
			return backToBrowsing(state);
		case "tab/switched":
			return switchTab(state, action.direction, context);
		case "editor/externalRequested":
			return requestExternal(state, "notes");
		default:
			return unchanged(state);
	}
}

/** The text the open editor is editing. */
export function editorText(state: QuestionnaireState, target: EditorTarget): string {
	if (target === "draft") return state.drafts[state.tab] ?? "";
	return isSubmitTab(state, state.tab) ? state.globalNote : (state.notes[state.tab] ?? "");
}

/** The state with the open editor's text set to `text` (the same object when it is already). */
function withEditorText(state: QuestionnaireState, target: EditorTarget, text: string): QuestionnaireState {
	if (target === "draft") return editDraft(state, state.tab, text);
	return isSubmitTab(state, state.tab) ? setGlobalNote(state, text) : setNote(state, state.tab, text);
}

function edited(state: QuestionnaireState, target: EditorTarget, text: string): Transition {
	if (typeof text !== "string") return unchanged(state);
	const next = withEditorText(state, target, text);
	return next === state ? unchanged(state) : changed(next);
}

function requestExternal(state: QuestionnaireState, target: EditorTarget): Transition {
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
	const text = editorForm(action.text.replace(/\r?\n$/, ""));
	const undoTo = editorText(state, pending.target);
	return changed(withEditorText(cleared, pending.target, text), { type: "editor/setText", text, undoTo });
}
