/**
 * How the questionnaire is out of the way while collapsed. Whether it is collapsed is the state's
 * (`state.collapsed`, told here through the `overlay/setHidden` effect); this owns only how: the overlay
 * really hidden (with the listener that brings it back, as Pi routes no keys to a hidden overlay, and the
 * line above Pi's editor that says so), or, where nothing could bring a hidden overlay back, the one-line
 * bar the session draws instead (`collapsedBar`).
 */
import type { Component } from "@earendil-works/pi-tui";
import { fitLine } from "../text/fit.ts";
import { type CollapseListener, installCollapseListener } from "./collapse-listener.ts";
import type { OverlayControl, RawInput, WidgetHost } from "./host-ui.ts";

/** The widget id, one per process: questionnaires never overlap (the tool runs sequentially). */
const WIDGET_KEY = "ask_user_question";

/** What the visibility needs from the session. */
export interface VisibilityHost {
	rawInput?: RawInput;
	widgets?: WidgetHost;
	/** True when `data` is the collapse key. */
	isCollapseKey(data: string): boolean;
	/** The collapse key was pressed while hidden. */
	onToggle(): void;
	/** The line above Pi's editor while hidden (our own sentence, never untrusted). */
	noticeText(): string;
	noticeStyle(text: string): string;
	/** True once the session has ended: a hidden overlay then never comes back. */
	closed(): boolean;
}

export class SessionVisibility {
	private overlay: OverlayControl | undefined;
	/** How it is out of the way now; decided when it collapses (the overlay handle may come later). */
	private hiddenAs: "overlay" | "bar" | undefined;
	private readonly listener: CollapseListener;
	private readonly host: VisibilityHost;
	private noticeShown = false;

	constructor(host: VisibilityHost) {
		this.host = host;
		this.listener = installCollapseListener(host.rawInput, {
			matches: (data) => host.isCollapseKey(data),
			onToggle: host.onToggle,
			isCollapsed: () => this.hiddenAs === "overlay" && !host.closed(),
		});
	}

	/** The overlay handle from `custom()`'s `onHandle`; until then collapsing draws the one-line bar. */
	setOverlay(overlay: OverlayControl): void {
		this.overlay = overlay;
	}

	/** True while the questionnaire is drawn as the one-line bar. */
	get collapsedBar(): boolean {
		return this.hiddenAs === "bar";
	}

	/** The state collapsed (`hidden`) or expanded the questionnaire. */
	set(hidden: boolean): void {
		if (this.overlay && this.listener.available) {
			this.hiddenAs = hidden ? "overlay" : undefined;
			this.overlay.setHidden(hidden);
			this.notice(hidden);
		} else {
			// Nothing could bring a really hidden overlay back: shrink to one line that still takes the key.
			this.hiddenAs = hidden ? "bar" : undefined;
		}
	}

	dispose(): void {
		this.listener.dispose();
		this.notice(false);
	}

	/** Shows or removes the line above Pi's editor; each change reaches the host once. */
	private notice(shown: boolean): void {
		const { widgets, noticeText, noticeStyle } = this.host;
		if (shown === this.noticeShown || !widgets) return;
		this.noticeShown = shown;
		try {
			widgets.setWidget(WIDGET_KEY, shown ? () => noticeLine(noticeText(), noticeStyle) : undefined);
		} catch {
			// A notice is a courtesy: the questionnaire goes on without it.
		}
	}
}

/** One line, cut to the width (Pi's widgets are indented by one column like this). */
function noticeLine(text: string, style: (text: string) => string): Component {
	return {
		render: (width) => [style(fitLine(` ${text}`, width))],
		invalidate: () => {},
	};
}
