/**
 * Where the questionnaire sits on screen: an overlay anchored at the bottom, full width, at most
 * `dialogHeight(rows)` rows tall. The session renders the view with the same height, so what it draws
 * is exactly what Pi shows (the view scrolls and shrinks itself; Pi would only cut the bottom off).
 */
import type { OverlayOptions } from "@earendil-works/pi-tui";

/** Share of the terminal's rows the dialog may take; the rest keeps a little of the transcript in view. */
const HEIGHT_SHARE = 0.9;

/** Rows the dialog may use on a terminal `rows` tall (at least 1). */
export function dialogHeight(rows: number): number {
	const r = Number.isFinite(rows) ? Math.floor(rows) : 24;
	return Math.max(1, Math.floor(r * HEIGHT_SHARE));
}

/** The overlay options for a terminal `rows` tall; Pi re-reads them on every frame (resize). */
export function overlayOptions(rows: number): OverlayOptions {
	return { anchor: "bottom-center", width: "100%", maxHeight: dialogHeight(rows), margin: 0 };
}
