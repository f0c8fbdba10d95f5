/**
 * Whether the questionnaire is on screen: the one owner of the overlay handle, the listener that brings a
 * hidden overlay back (Pi routes no keys to a hidden overlay), the line above Pi's editor that says it is
 * hidden, and the one-line bar drawn instead where nothing could bring a really hidden overlay back. The
 * session tells it what the reducer decided (`set`) and asks what to draw (`collapsedBar`).
 */
import { type CollapseListener, installCollapseListener, type RawInput } from "./collapse-listener.ts";
import { HiddenNotice, type WidgetHost } from "./hidden-notice.ts";
import type { OverlayControl } from "./session-options.ts";

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
	private hidden = false;
	private bar = false;
	private readonly listener: CollapseListener;
	private readonly notice: HiddenNotice;

	constructor(host: VisibilityHost) {
		this.notice = new HiddenNotice(host.widgets, host.noticeText, host.noticeStyle);
		this.listener = installCollapseListener(host.rawInput, {
			matches: (data) => host.isCollapseKey(data),
			onToggle: host.onToggle,
			isCollapsed: () => this.hidden && !host.closed(),
		});
	}

	/** The overlay handle from `custom()`'s `onHandle`; until then collapsing draws the one-line bar. */
	setOverlay(overlay: OverlayControl): void {
		this.overlay = overlay;
	}

	/** True while the questionnaire is drawn as the one-line bar. */
	get collapsedBar(): boolean {
		return this.bar;
	}

	set(hidden: boolean): void {
		if (this.overlay && this.listener.available) {
			this.hidden = hidden;
			this.bar = false;
			this.overlay.setHidden(hidden);
			this.notice.set(hidden);
		} else {
			// Nothing could bring a really hidden overlay back: shrink to one line that still takes the key.
			this.bar = hidden;
		}
	}

	dispose(): void {
		this.listener.dispose();
		this.notice.set(false);
	}
}
