/**
 * Where the questionnaire sits on screen: an overlay anchored at the bottom, full width, at most
 * `dialogHeight(rows)` rows tall. The session renders the view with the same height, so what it draws
 * is exactly what Pi shows (the view scrolls and shrinks itself; Pi would only cut the bottom off).
 *
 * Pi 1.6.0 reads `overlayOptions` once, when the overlay opens (a function is called once, not per
 * frame); only its percentages are re-resolved against the terminal on every frame. So the height is a
 * percentage, and `dialogHeight` is Pi's own arithmetic for it: after a resize both agree again.
 */
import type { OverlayOptions } from "@earendil-works/pi-tui";

/** Percent of the terminal's rows the dialog may take; the rest keeps a little of the transcript in view. */
const HEIGHT_PERCENT = 90;

/** Rows the dialog may use on a terminal `rows` tall (at least 1): what Pi makes of `${HEIGHT_PERCENT}%`. */
export function dialogHeight(rows: number): number {
	const r = Number.isFinite(rows) ? Math.floor(rows) : 24;
	return Math.max(1, Math.min(r, Math.floor((r * HEIGHT_PERCENT) / 100)));
}

/** The overlay options; relative sizes only, so they hold for every terminal size the dialog lives through. */
export function overlayOptions(): OverlayOptions {
	return { anchor: "bottom-center", width: "100%", maxHeight: `${HEIGHT_PERCENT}%`, margin: 0 };
}
