/**
 * Keys to actions: `routeKey` walks the keymap table (first enabled binding that matches wins). While
 * an editor is open, unmatched keys are forwarded to it; on "Discard N answers?" any other key goes
 * back; while collapsed only the collapse key counts. No Pi or terminal imports.
 */
import type { Action } from "./actions.ts";
import { KEYMAP, type KeyInput } from "./keymap.ts";
import type { EditorTarget, QuestionnaireState } from "./types.ts";

/** The action one key sequence means in `state`, or undefined when the key does nothing. */
export function routeKey(data: string, state: QuestionnaireState, keys: KeyInput): Action | undefined {
	if (state.mode === "done") return undefined;
	if (state.collapsed) return keys.matches(data, "askUser.collapse") ? { type: "view/collapseToggled" } : undefined;
	for (const binding of KEYMAP) {
		if (binding.enabled(state) && keys.matches(data, binding.id)) return binding.action(state, data, keys);
	}
	switch (state.mode) {
		case "editing":
		case "notes":
			return { type: "editor/keyForwarded", data };
		case "confirm-discard":
			return { type: "dialog/discardDismissed" };
		default:
			return undefined;
	}
}

/** Which text the embedded editor is editing now, or undefined when no editor is open. */
export function editorTarget(state: QuestionnaireState): EditorTarget | undefined {
	if (state.mode === "editing") return "draft";
	if (state.mode === "notes") return "notes";
	return undefined;
}

/** The action reporting that the embedded editor's text is now `text` (undefined when no editor is open). */
export function editorChanged(state: QuestionnaireState, text: string): Action | undefined {
	const target = editorTarget(state);
	if (target === "draft") return { type: "draft/edited", text };
	if (target === "notes") return { type: "notes/edited", text };
	return undefined;
}
