/**
 * A block of wrapped text in one style: the question (bold), a saved note (dim). Cut to its height
 * with a visible "…" on the last line kept. Must not import the state.
 */
import { wrapBlock } from "../../text/fit.ts";
import { clampWidth, PropsComponent } from "./component.ts";
import { clipWithEllipsis } from "./lines.ts";
import type { ViewTheme } from "./theme.ts";

export interface TextBlockProps {
	/** Sanitized text; "" renders nothing. */
	text: string;
	style: "bold" | "dim";
	/** Lines available (Infinity: all). */
	height: number;
}

export class TextBlock extends PropsComponent<TextBlockProps> {
	protected override readonly windowKeys = ["height"] as const;

	constructor(theme: ViewTheme, props: TextBlockProps = { text: "", style: "bold", height: 0 }) {
		super(props, theme);
	}

	/** Lines the whole text takes at `width`. */
	measure(width: number): number {
		return this.contentAt(clampWidth(width)).length;
	}

	protected content(width: number): readonly string[] {
		return this.props.text === "" ? [] : wrapBlock(this.props.text, width);
	}

	protected draw(lines: readonly string[], width: number): string[] {
		return clipWithEllipsis(lines, this.props.height, width).map(this.theme[this.props.style]);
	}
}
