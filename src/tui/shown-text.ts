/**
 * Draws the person's own text safely without changing it. The embedded Editor (drafts, notes, the
 * overall note) and the accessible prompt's Input keep exactly what was typed or pasted, because that
 * is the answer; but pi-tui draws their text as it is, so a pasted escape sequence, C1 control or bidi
 * override would reach the terminal, and an odd joiner or jamo run would be measured differently from
 * how it is drawn. So each draws `sanitizeInline` of each whole line instead (never of a key or chunk:
 * see text/sanitize.ts), with the cursor carried over to the same place in it.
 *
 * pi-tui has no hook for this: for the frame being drawn, the component's text and cursor are swapped
 * for their shown form and swapped back, through fields pi-tui keeps private. Each is checked against
 * the public getters first; a pi-tui that keeps them elsewhere gets a copy of the component holding the
 * shown text instead (safe, only the cursor is drawn at the end or start).
 */
import { Editor, type EditorOptions, type EditorTheme, Input, type TUI } from "@earendil-works/pi-tui";
import { sanitizeInlineAt } from "../text/sanitize.ts";

/** Lines as they are shown, and the cursor column in the shown cursor line. */
export interface ShownLines {
	lines: readonly string[];
	cursorCol: number;
}

/** Each line's shown form with the cursor carried over, or undefined when every line shows as it is. */
function shownLines(lines: readonly string[], cursorLine: number, cursorCol: number): ShownLines | undefined {
	let changed = false;
	let col = cursorCol;
	const shown = lines.map((line, i) => {
		const at = sanitizeInlineAt(line, i === cursorLine ? cursorCol : 0);
		if (at.shown !== line) changed = true;
		if (i === cursorLine) col = at.offset;
		return at.shown;
	});
	return changed ? { lines: shown, cursorCol: col } : undefined;
}

/** The fields of pi-tui's Editor the shown form is swapped into. */
export interface EditorState {
	lines: string[];
	cursorLine: number;
	cursorCol: number;
}

/** An Editor that draws the shown form of its text; its text, and so the answer, stay as typed. */
export class ShownEditor extends Editor {
	private readonly editorTheme: EditorTheme;
	private readonly editorOptions: EditorOptions;
	/** Keyed by cursor and text ("" matches none). */
	private memo: { key: string; shown: ShownLines | undefined } = { key: "", shown: undefined };
	private copy: { editor: Editor; text: string } | undefined;

	constructor(tui: TUI, theme: EditorTheme, options: EditorOptions = {}) {
		super(tui, theme, options);
		this.editorTheme = theme;
		this.editorOptions = options;
	}

	/** The shown lines and cursor when they differ from the text, remembered while text and cursor stay. */
	shown(): ShownLines | undefined {
		const lines = this.getLines();
		const { line, col } = this.getCursor();
		const key = `${line}:${col}\n${lines.join("\n")}`;
		if (key !== this.memo.key) this.memo = { key, shown: shownLines(lines, line, col) };
		return this.memo.shown;
	}

	override render(width: number): string[] {
		const shown = this.shown();
		if (shown === undefined) return super.render(width);
		const state = this.privateState();
		if (state === undefined) return this.renderCopy(shown, width);
		return drawnWith(state, { lines: [...shown.lines], cursorCol: shown.cursorCol }, () => super.render(width));
	}

	/** pi-tui's private text and cursor, when they are where and what this pi-tui version keeps. */
	protected privateState(): EditorState | undefined {
		return editorState(this);
	}

	private renderCopy(shown: ShownLines, width: number): string[] {
		const text = shown.lines.join("\n");
		if (this.copy?.text !== text) {
			this.copy ??= { editor: new Editor(this.tui, this.editorTheme, this.editorOptions), text };
			this.copy.editor.setText(text);
			this.copy.text = text;
		}
		this.copy.editor.focused = this.focused;
		return this.copy.editor.render(width);
	}
}

/** The Editor's private state, if it is what the public getters say it is. */
function editorState(editor: Editor): EditorState | undefined {
	const state = (editor as unknown as { state?: Partial<EditorState> }).state;
	if (!state || !Array.isArray(state.lines)) return undefined;
	const lines = editor.getLines();
	const cursor = editor.getCursor();
	const same =
		state.cursorLine === cursor.line &&
		state.cursorCol === cursor.col &&
		state.lines.length === lines.length &&
		state.lines.every((line, i) => line === lines[i]);
	return same ? (state as EditorState) : undefined;
}

interface InputState {
	value: string;
	cursor: number;
}

/** pi-tui's one-line Input, drawing the shown form of its value; the value stays as typed. */
export class ShownInput extends Input {
	private readonly inputOptions: ConstructorParameters<typeof Input>[0];
	private copy: Input | undefined;

	constructor(options: ConstructorParameters<typeof Input>[0] = {}) {
		super(options);
		this.inputOptions = options;
	}

	/** Sets the value with the cursor after it, where typing goes on (pi-tui's setValue leaves the cursor be). */
	setValueAtEnd(value: string): void {
		this.setValue(value);
		const state = inputState(this);
		if (state !== undefined) state.cursor = value.length;
	}

	override render(width: number): string[] {
		const value = this.getValue();
		const state = inputState(this);
		const at = sanitizeInlineAt(value, state?.cursor ?? value.length);
		if (at.shown === value) return super.render(width);
		if (state === undefined) {
			this.copy ??= new Input(this.inputOptions);
			this.copy.setValue(at.shown);
			this.copy.focused = this.focused;
			return this.copy.render(width);
		}
		return drawnWith(state, { value: at.shown, cursor: at.offset }, () => super.render(width));
	}
}

/** The Input's private value and cursor, if the value is what `getValue` says. */
function inputState(input: Input): InputState | undefined {
	const state = input as unknown as Partial<InputState>;
	const ok = state.value === input.getValue() && typeof state.cursor === "number";
	return ok ? (state as InputState) : undefined;
}

/** `draw()` with `shown` swapped into `state` for the frame, and what was there put back however it ends. */
function drawnWith<S extends object>(state: S, shown: Partial<S>, draw: () => string[]): string[] {
	const kept = Object.fromEntries(Object.keys(shown).map((key) => [key, state[key as keyof S]])) as Partial<S>;
	Object.assign(state, shown);
	try {
		return draw();
	} finally {
		Object.assign(state, kept);
	}
}
