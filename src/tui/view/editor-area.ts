/**
 * The note editor's area: a title ("Note for Cache:", "Note on all questions:") over the live editor's
 * lines, which the session renders at the width this area is given. When the height is short, the
 * editor's last lines stay (the cursor is there) and the title goes first. Must not import the state.
 */
import { fitLine } from "../../text/fit.ts";
import { PropsComponent } from "./component.ts";
import type { ViewTheme } from "./theme.ts";

export interface EditorAreaProps {
	/** Sanitized title. */
	title: string;
	/** The editor's rendered lines (already fitted to the width by the editor). */
	editorLines: readonly string[];
	height: number;
}

export class EditorArea extends PropsComponent<EditorAreaProps> {
	constructor(theme: ViewTheme, props: EditorAreaProps = { title: "", editorLines: [], height: 0 }) {
		super(props, theme);
	}

	/** Lines the whole area takes. */
	measure(): number {
		return 1 + this.props.editorLines.length;
	}

	protected content(): readonly string[] {
		return [];
	}

	protected draw(_content: readonly string[], width: number): string[] {
		const all = [this.theme.accent(fitLine(this.props.title, width)), ...this.props.editorLines];
		const h = Math.max(0, Math.floor(this.props.height));
		return h >= all.length ? all : all.slice(all.length - h);
	}
}
