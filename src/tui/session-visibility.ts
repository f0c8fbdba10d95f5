/**
 * How the questionnaire is out of the way while collapsed. Whether it is collapsed is the state's
 * (`state.collapsed`, told here through the `overlay/setHidden` effect); this owns only how: the overlay
 * really hidden (with the listener that brings it back, as Pi routes no keys to a hidden overlay, and the
 * line above Pi's editor that says so), or, where nothing could bring a hidden overlay back, the one-line
 * bar the session draws instead (`collapsedBar`).
 */
import { type CollapseListener, installCollapseListener } from "./collapse-listener.ts";
import { HiddenNotice } from "./hidden-notice.ts";
import type { OverlayControl, RawInput, WidgetHost } from "./host-ui.ts";

/** What the visibility needs from the session. */
export interface VisibilityHost {
	rawInput?: RawInput;
	widgets?: WidgetHost;
	/** True when `data` is the collapse key. */
	isCollapseKey(data: string): boolean;
	/** The collapse key was pressed while hidden. */
	onToggle(): void;
	/** The line above Pi's editor while hidden. */
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
	private readonly notice: HiddenNotice;

	constructor(host: VisibilityHost) {
		this.notice = new HiddenNotice(host.widgets, host.noticeText, host.noticeStyle);
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
			this.notice.set(hidden);
		} else {
			// Nothing could bring a really hidden overlay back: shrink to one line that still takes the key.
			this.hiddenAs = hidden ? "bar" : undefined;
		}
	}

	dispose(): void {
		this.listener.dispose();
		this.notice.set(false);
	}
}
