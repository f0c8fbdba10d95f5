/**
 * The one line that keeps a hidden questionnaire visible: while the overlay is hidden (collapsed to
 * read the transcript), Pi's widget slot above its editor says so and names the key that reopens it;
 * the line goes away when the questionnaire shows again or ends. Without a widget slot it does nothing.
 */
import type { Component } from "@earendil-works/pi-tui";
import { fitLine } from "../text/fit.ts";
import type { WidgetHost } from "./host-ui.ts";
import type { Style } from "./view/theme.ts";

/** The widget id, one per process: questionnaires never overlap (the tool runs sequentially). */
const WIDGET_KEY = "ask_user_question";

/** Shows and removes the notice; each change reaches the host once. */
export class HiddenNotice {
	private readonly host: WidgetHost | undefined;
	private readonly text: () => string;
	private readonly style: Style;
	private shown = false;

	/** `text` is our own sentence (never untrusted); it is read when the notice is shown. */
	constructor(host: WidgetHost | undefined, text: () => string, style: Style) {
		this.host = host;
		this.text = text;
		this.style = style;
	}

	/** Shows the notice (`true`) or removes it (`false`). */
	set(shown: boolean): void {
		if (shown === this.shown || !this.host) return;
		this.shown = shown;
		try {
			this.host.setWidget(WIDGET_KEY, shown ? () => noticeLine(this.text(), this.style) : undefined);
		} catch {
			// A notice is a courtesy: the questionnaire goes on without it.
		}
	}
}

/** One line, cut to the width (Pi's widgets are indented by one column like this). */
function noticeLine(text: string, style: Style): Component {
	return {
		render: (width) => [style(fitLine(` ${text}`, width))],
		invalidate: () => {},
	};
}
