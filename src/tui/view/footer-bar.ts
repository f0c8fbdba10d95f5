/**
 * The footer: key hints ("↑/↓ navigate · Enter select · Esc cancel") on one line. When they do not fit,
 * optional hints go first, silently (shown only where the line has room for them); then whole hints are
 * dropped from the end and the line ends in "…" (never a hint cut in half).
 * Must not import the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { defaultMessages, type Messages } from "../../i18n/messages.ts";
import { ELLIPSIS, fitLine } from "../../text/fit.ts";
import { PropsComponent } from "./component.ts";
import type { ViewTheme } from "./theme.ts";

/** One hint: the key names and what they do (both sanitized). */
export interface HintProps {
	keys: string;
	label: string;
	/** Shown only where the whole line has room for it; never makes the line drop another hint. */
	optional?: boolean;
}

export interface FooterProps {
	hints: HintProps[];
}

export class FooterBar extends PropsComponent<FooterProps> {
	constructor(theme: ViewTheme, props: FooterProps = { hints: [] }, messages: Messages = defaultMessages) {
		super(props, theme, messages);
	}

	protected content(): readonly string[] {
		return [];
	}

	protected draw(_content: readonly string[], width: number): string[] {
		const t = this.theme;
		const sep = this.m.viewHintSeparator;
		const textOf = (h: HintProps) => (h.keys === "" ? h.label : `${h.keys} ${h.label}`);
		const widthOf = (texts: readonly string[], n: number) =>
			texts.slice(0, n).reduce((sum, s) => sum + visibleWidth(s), 0) + visibleWidth(sep) * Math.max(0, n - 1);
		const all = this.props.hints;
		const hints = widthOf(all.map(textOf), all.length) <= width ? all : all.filter((h) => h.optional !== true);
		const texts = hints.map(textOf);
		let count = texts.length;
		while (count > 0 && widthOf(texts, count) + (count < texts.length ? visibleWidth(sep) + 1 : 0) > width) count -= 1;
		if (count === 0) return texts.length === 0 ? [] : [t.dim(fitLine(texts[0] ?? "", width))];
		const parts = hints
			.slice(0, count)
			.map((h) => (h.keys === "" ? t.muted(h.label) : `${t.dim(h.keys)} ${t.muted(h.label)}`));
		const line = parts.join(t.dim(sep));
		return [count < texts.length ? line + t.dim(`${sep}${ELLIPSIS}`) : line];
	}
}
