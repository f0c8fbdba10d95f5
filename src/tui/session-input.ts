/**
 * What one key sequence or paste chunk does in the session. `routeKey` makes a key an action for the
 * store (a scroll of the preview told what the last frame showed of it), or leaves it to the open editor:
 * the editor handles it and the text it makes becomes one `draft/edited` / `notes/edited`, so one key is
 * one reduce pass. A bracketed paste goes to the editor whole, never through the keymap; pasting while
 * browsing a question opens its draft first. This holds the only flag saying a paste is open.
 */
import { editorChanged, editorTarget, isSubmitTab, type KeyInput, routeKey } from "../state/index.ts";
import { PASTE_START, pasteOpenAfter } from "./editor-input.ts";
import type { EmbeddedEditor } from "./embedded-editor.ts";
import type { SessionFrame } from "./session-frame.ts";
import type { SessionStore } from "./session-store.ts";

/** What input needs of the session. */
export interface InputParts {
	store: SessionStore;
	editor: EmbeddedEditor;
	frame: SessionFrame;
	keys: KeyInput;
}

/** Turns input into actions and editor text. */
export class SessionInput {
	private readonly parts: InputParts;
	/** A bracketed paste is open: its chunks are text for the editor, never keys. */
	private inPaste = false;

	constructor(parts: InputParts) {
		this.parts = parts;
	}

	/** One key sequence (Pi's TUI sends one a call) or paste chunk. */
	take(data: string): void {
		if (this.inPaste || data.includes(PASTE_START)) this.paste(data);
		else this.key(data);
	}

	private key(data: string): void {
		const { store, frame, keys } = this.parts;
		const route = routeKey(data, store.state, keys);
		if (route === "editor") this.typeInEditor(data, false);
		else if (route?.type === "preview/scrolled" || route?.type === "preview/paged") {
			const shown = frame.shownPreview();
			store.dispatch(shown ? { ...route, shown } : route);
		} else if (route) store.dispatch(route);
	}

	/**
	 * The open editor takes a key or paste chunk (`inPaste`: a paste was open before it). A key that changes
	 * no text (the cursor moved) changes only the editor, so only a frame is asked for.
	 */
	private typeInEditor(data: string, inPaste: boolean): void {
		const { store, editor } = this.parts;
		const text = editor.feed(data, inPaste);
		const action = text === undefined ? undefined : editorChanged(store.state, text);
		if (action) store.dispatch(action);
		else store.wantRender();
	}

	private paste(data: string): void {
		const { store } = this.parts;
		const before = this.inPaste;
		this.inPaste = pasteOpenAfter(data, before);
		const state = store.state;
		if (editorTarget(state) === undefined && state.mode === "options" && !isSubmitTab(state, state.tab))
			store.dispatch({ type: "draft/opened" });
		if (editorTarget(store.state) !== undefined) this.typeInEditor(data, before);
	}
}
