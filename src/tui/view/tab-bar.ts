/**
 * The tab bar: one tab per question (its header and an answered mark), then "Submit". Long headers are
 * cut with "…"; when the tabs do not fit, the active tab stays visible and "‹" / "›" mark the tabs cut
 * off on each side. One line. Must not import the state.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { fitLine } from "../../text/fit.ts";
import { PropsComponent } from "./component.ts";
import { runAround } from "./lines.ts";
import type { ViewTheme } from "./theme.ts";

/** One tab, with display text already sanitized. */
export interface TabProps {
	/** The header (or the Submit label). */
	label: string;
	/** The mark before the label (answered / unanswered), or "" for none. */
	mark: string;
	answered: boolean;
	active: boolean;
}

export interface TabBarProps {
	tabs: TabProps[];
}

/** Widest header shown in full; longer ones end in "…". */
const MAX_TAB_LABEL = 16;
const GAP = " ";
const LEFT_MORE = "‹";
const RIGHT_MORE = "›";

export class TabBar extends PropsComponent<TabBarProps> {
	constructor(theme: ViewTheme, props: TabBarProps = { tabs: [] }) {
		super(props, theme);
	}

	protected content(): readonly string[] {
		return [];
	}

	protected draw(_content: readonly string[], width: number): string[] {
		const tabs = this.props.tabs;
		if (tabs.length === 0) return [];
		const texts = tabs.map((t) => ` ${t.mark === "" ? "" : `${t.mark} `}${fitLine(t.label, MAX_TAB_LABEL)} `);
		const widths = texts.map((t) => visibleWidth(t));
		const active = Math.max(
			0,
			tabs.findIndex((t) => t.active),
		);
		const total = widths.reduce((a, b) => a + b, 0) + GAP.length * (tabs.length - 1);
		// The widest run of tabs around the active one that fits beside the two "‹ " / " ›" marks.
		const all = { start: 0, end: tabs.length };
		const { start, end } = total > width ? runAround(widths, active, width - 4, GAP.length) : all;
		const room = width - (start > 0 ? 2 : 0) - (end < tabs.length ? 2 : 0);
		const parts = tabs.slice(start, end).map((tab, i) => {
			const text = texts[start + i] ?? "";
			const shown = end - start === 1 ? fitLine(text, Math.max(1, room)) : text;
			return tab.active ? this.theme.tabActive(shown) : this.theme.tabInactive(shown);
		});
		const left = start > 0 ? `${this.theme.dim(LEFT_MORE)} ` : "";
		const right = end < tabs.length ? ` ${this.theme.dim(RIGHT_MORE)}` : "";
		if (width < 5 && (left || right)) return [parts.join(GAP)];
		return [left + parts.join(GAP) + right];
	}
}
