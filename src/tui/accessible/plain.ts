/**
 * Plain text for the accessible prompts: no box drawing (a screen reader spells "─" out, line after
 * line), rows numbered once, and lines wrapped to the width without adding any escape sequence, so
 * the output stays free of SGR when NO_COLOR asks for it. Pure functions over already sanitized text.
 */
import { sliceByColumn, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";

/** Box drawing (U+2500–U+257F) as ASCII: horizontal lines "-", vertical lines "|", the rest "+". */
export function withoutBoxDrawing(text: string): string {
	return text.replace(/[\u2500-\u257f]/g, (ch) => {
		if (/[─━┄┅┈┉╌╍═╴╶╸╺╼╾]/.test(ch)) return "-";
		if (/[│┃┆┇┊┋╎╏║╵╷╹╻╽╿]/.test(ch)) return "|";
		return "+";
	});
}

/**
 * Each row read as "N. text". A row that already starts with its own number ("2. Redis", "[x] 2. Linux")
 * keeps it, moved to the front, instead of being numbered twice.
 */
export function numberedRows(rows: readonly string[]): string[] {
	return rows.map((row, i) => {
		const n = i + 1;
		const own = /^(\[[x ]\] )?(\d+)\. (.*)$/s.exec(row);
		if (own && Number(own[2]) === n) return `${n}. ${own[1] ?? ""}${own[3] ?? ""}`;
		return `${n}. ${row}`;
	});
}

/** `text` (may hold newlines) as lines of at most `width` columns; adds no escape sequences. */
export function wrapPlain(text: string, width: number): string[] {
	const w = Math.max(1, width);
	return text
		.split("\n")
		.flatMap((line) => wrapTextWithAnsi(line, w))
		.map((line) => (visibleWidth(line) > w ? sliceByColumn(line, 0, w, true) : line));
}
