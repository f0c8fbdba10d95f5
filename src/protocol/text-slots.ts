/**
 * How the model-facing text is fitted into its size budget (`budget.ts`). The text is built as pieces: our
 * own wording, and slots, each slot a user string with its own cap (preview echo, typed answer, note). When
 * the whole text is still over `totalText`, the longest slots are shortened first ("water-filling"), each
 * keeping at least `MIN_KEEP` characters, so every question stays named. A cut slot reads
 * `"kept text" [… N more characters]`: the marker sits outside the quotes, so the quoted part is still a
 * valid JSON string and the marker cannot be mistaken for what the user wrote. Guarantee: the text has at
 * most `totalText` characters, or it is the floor (every slot at its minimum). What the pieces say is
 * `envelope.ts`'s business; this file only quotes, cuts and measures them.
 */

import { countChars, cutText, omissionMarker } from "./budget.ts";
import { plain, quote } from "./quote.ts";

/** A cut slot still shows this many characters (or all of it, if shorter), however tight the total. */
const MIN_KEEP = 32;

/** A user string in the text: JSON-quoted (or `plain`), at most `cap` characters of it. */
export interface Slot {
	text: string;
	cap: number;
	plain?: boolean;
}

/** A piece of the text: our own wording, or a slot. */
export type Piece = string | Slot;

export function slot(text: string, cap: number = Number.POSITIVE_INFINITY): Slot {
	return { text, cap };
}

/**
 * Renders `pieces`, each slot cut to its cap, then shortens the longest slots until the text has at
 * most `total` characters; falls back to the floor (every slot at `MIN_KEEP` or its cap) when nothing fits.
 */
export function fitPieces(pieces: readonly Piece[], total: number): string {
	const slots = pieces.filter((p): p is Slot => typeof p !== "string");
	const sizes = slots.map((s) => countChars(s.text));
	const render = (keep: readonly number[]): string => {
		let i = 0;
		return pieces
			.map((piece) => {
				if (typeof piece === "string") return piece;
				const index = i++;
				return renderSlot(piece, keep[index] ?? 0, sizes[index] ?? 0);
			})
			.join("");
	};
	const wanted = slots.map((s, i) => Math.min(sizes[i] ?? 0, s.cap));
	// Each kept character shows as at least one, so a sum over the total cannot fit: skip rendering it whole.
	if (sum(wanted) <= total) {
		const text = render(wanted);
		if (countChars(text) <= total) return text;
	}
	const floor = wanted.map((w) => Math.min(w, MIN_KEEP));
	const at = (level: number) => wanted.map((w, i) => Math.max(floor[i] ?? 0, Math.min(w, level)));
	// The highest level whose text fits. Escapes and markers make the length hard to predict, so each
	// trial is rendered; no slot can keep more than `total` characters, which bounds every trial.
	let best = render(floor);
	if (countChars(best) > total) return best;
	let low = 0;
	let high = Math.min(total, Math.max(0, ...wanted));
	while (low < high) {
		const mid = Math.ceil((low + high) / 2);
		const text = render(at(mid));
		if (countChars(text) <= total) {
			low = mid;
			best = text;
		} else {
			high = mid - 1;
		}
	}
	return best;
}

function renderSlot(slot: Slot, keep: number, size: number): string {
	const { kept, omitted } = cutText(slot.text, keep, size);
	const shown = slot.plain ? plain(kept) : quote(kept);
	return omitted > 0 ? `${shown} ${omissionMarker(omitted)}` : shown;
}

function sum(values: readonly number[]): number {
	return values.reduce((a, b) => a + b, 0);
}
