/**
 * A few lines across the top of Pi's screen, for what the person must see while a questionnaire covers the
 * bottom: Pi's notices land in the chat below the newest message, under the questionnaire's overlay, so a
 * person answering it would never see them (a storage fault, a pairing code). The line takes no keys. It goes
 * when `showing()` turns false (checked at every frame) or when the returned close is called; `gone` runs
 * once then, or at once where it cannot be drawn. Never throws.
 */
import { padToWidth, wrapBlock } from "../text/fit.ts";
import type { HostUi } from "../tui/host-ui.ts";
import { once } from "../util/once.ts";

/** The line stays this short: the questionnaire below keeps the rest of the screen. */
const MAX_LINES = 3;

/** Shows `text` (plain, already sanitized) on top while `showing()`; returns what closes it. */
export function showOnTop(
	ui: Pick<HostUi, "custom">,
	text: string,
	{ showing, gone = () => {} }: { showing: () => boolean; gone?: () => void },
): () => void {
	let close = () => {};
	const finish = once(gone);
	try {
		const shown = ui.custom<undefined>(
			(_tui, theme, _keys, done) => {
				close = () => {
					done(undefined);
					finish();
				};
				return {
					render(width: number): readonly string[] {
						// What it stood beside is gone: so is the line (after this frame; done() redraws).
						if (!showing()) setImmediate(close);
						return wrapBlock(` ${text}`, width)
							.slice(0, MAX_LINES)
							.map((row) => theme.fg("warning", padToWidth(row, width)));
					},
					invalidate() {},
				};
			},
			{ overlay: true, overlayOptions: { anchor: "top-left", width: "100%", margin: 0, nonCapturing: true } },
		);
		void Promise.resolve(shown).then(finish, finish);
	} catch {
		finish();
	}
	return () => close();
}
