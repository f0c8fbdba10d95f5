/**
 * Keys to actions: `routeKey` walks the keymap table (first enabled binding that matches wins). While
 * an editor is open, unmatched keys are the editor's (`"editor"`: the session lets the embedded editor
 * handle them and reports the text they make); on "Stop answering?" any other key goes back; while
 * collapsed only the collapse key counts. No Pi or terminal imports.
 *
 * Text goes where text is expected. On the "Type something." row every key that types text (letters
 * of any case or script, digits, space, `j`, `k`, `n`) opens the draft with it, before any binding is
 * consulted, so typing an answer there can never choose an option, move or open a note. On option rows
 * keys are commands (1–9 choose the numbered option, j/k move, n opens the note, Space ticks), and keys
 * without a command do nothing: starting a draft from there would drop the first letters of every
 * word that begins with a command key.
 */
import type { Action } from "./actions.ts";
import type { KeyInput } from "./bindings.ts";
import { KEYMAP } from "./keymap.ts";
import { onTypeRow } from "./layout.ts";
import type { EditorTarget, QuestionnaireState } from "./types.ts";

/**
 * The action one key sequence means in `state`; `"editor"` when it is the open editor's to handle (typing,
 * moving the cursor, its own shortcuts); undefined when the key does nothing.
 */
export function routeKey(data: string, state: QuestionnaireState, keys: KeyInput): Action | "editor" | undefined {
	if (state.mode === "done") return undefined;
	if (state.collapsed) return keys.matches(data, "askUser.collapse") ? { type: "view/collapseToggled" } : undefined;
	const text = onTypeRow(state) ? keys.text(data) : undefined;
	if (text !== undefined) return { type: "draft/typedOnRow", text };
	for (const binding of KEYMAP) {
		if (binding.enabled(state) && keys.matches(data, binding.id)) return binding.action(state, data, keys);
	}
	switch (state.mode) {
		case "editing":
		case "notes":
			return "editor";
		case "leave":
			return { type: "dialog/leaveChosen", choice: "keep" };
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
