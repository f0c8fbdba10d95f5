/**
 * A long preview through the session: the position line gives the exact line count once the preview on
 * screen is laid out to its end (while the person reads, after the previews the next keys may show),
 * and PgUp / PgDn scroll it by a page (what the pane shows, less the line kept from the last page), at
 * any terminal size. Over an option without a preview the same keys jump to the first / last row.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { keyOverridesFrom } from "../../src/tui/key-config.ts";
import { type Encoding, KEYS, startSession } from "./session-harness.ts";

/** `count` one-line paragraphs: 2 × count − 1 lines at any width (a blank line between two), and cut into pieces. */
function paragraphs(count: number): string {
	return Array.from({ length: count }, (_, i) => `row ${i + 1}`).join("\n\n");
}

const ROWS = 3000; // about 26 KB: laid out piece by piece
const TOTAL = 2 * ROWS - 1;
const QUESTIONS: Question[] = [
	{
		question: "Which schema?",
		header: "Schema",
		options: [
			{ label: "Generated", description: "", preview: paragraphs(ROWS) },
			{ label: "Hand-written", description: "", preview: paragraphs(40) },
			{ label: "None", description: "" },
		],
	},
];

/** The preview's position line on the screen ("lines 1–20 of 5999 · …"), without the list beside it. */
function position(screen: string): string {
	const line = screen.split("\n").find((l) => /lines \d+–\d+ of/.test(l)) ?? "";
	return line.slice(line.indexOf("lines "));
}

/** The first and last line numbers the position line gives, and its total ("≥ N" while counting). */
function window(screen: string): { first: number; last: number; total: string } {
	const m = /lines (\d+)–(\d+) of (≥ )?(\d+)/.exec(position(screen));
	if (!m) throw new Error(`no position line in:\n${screen}`);
	return { first: Number(m[1]), last: Number(m[2]), total: `${m[3] ?? ""}${m[4]}` };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each(["legacy", "kitty"] as Encoding[])("a long preview (%s keys)", (encoding) => {
	const k = KEYS[encoding];

	it("reads 'of ≥ N' while only its first screen is laid out, then the exact count, and asks for that frame", () => {
		const h = startSession(QUESTIONS, { columns: 120, rows: 30 });
		const before = window(h.screen());
		expect(before.total).toMatch(/^≥ \d+$/);
		expect(Number(before.total.slice(2))).toBeLessThan(TOTAL);
		h.tui.requestRender.mockClear();
		vi.runAllTimers();
		expect(vi.getTimerCount()).toBe(0);
		expect(h.tui.requestRender).toHaveBeenCalledTimes(1);
		expect(window(h.screen())).toEqual({ first: 1, last: before.last, total: String(TOTAL) });
	});

	it("a key while it is counted stops the counting; the next quiet spell finishes it", () => {
		const h = startSession(QUESTIONS, { columns: 120, rows: 30 });
		h.screen();
		vi.advanceTimersByTime(60);
		h.press(k.pageDown);
		expect(vi.getTimerCount()).toBe(0);
		expect(window(h.screen()).total).toMatch(/^≥ /);
		vi.runAllTimers();
		expect(window(h.screen()).total).toBe(String(TOTAL));
	});

	it.each([
		[120, 30],
		[80, 24],
		[60, 15],
		[200, 50],
		[40, 12],
	])("at %i×%i PgDn shows the next page (its first line is the last one's last), PgUp goes back", (columns, rows) => {
		const h = startSession(QUESTIONS, { columns, rows });
		const top = window(h.screen());
		expect(top.first).toBe(1);
		const page = top.last - top.first; // lines shown, less the one kept
		expect(page).toBeGreaterThan(0);
		h.press(k.pageDown);
		expect(window(h.screen())).toMatchObject({ first: top.last, last: top.last + page });
		h.press(k.pageDown);
		expect(window(h.screen())).toMatchObject({ first: top.last + page, last: top.last + 2 * page });
		h.press(k.pageUp, k.pageUp);
		expect(window(h.screen())).toMatchObject({ first: 1, last: top.last });
		h.press(k.pageUp);
		expect(window(h.screen())).toMatchObject({ first: 1, last: top.last });
		// The focus stayed on the option: PgUp / PgDn paged the preview, they did not jump rows.
		expect(h.session.getState().focus[0]).toBe(0);
	});

	it("pages to the very end, where the line reads the exact count and names the keys back", () => {
		const h = startSession(QUESTIONS, { columns: 120, rows: 30 });
		h.screen();
		for (let i = 0; i < 400; i++) h.press(k.pageDown);
		const end = window(h.screen());
		expect(end).toMatchObject({ last: TOTAL, total: String(TOTAL) });
		expect(position(h.screen())).toMatch(/Shift\+↑\/PgUp back$/);
		h.press(k.pageDown);
		expect(window(h.screen())).toEqual(end);
	});

	it("follows the terminal: a taller one pages by more", () => {
		const h = startSession(QUESTIONS, { columns: 120, rows: 20 });
		const small = window(h.screen());
		h.terminal.rows = 50;
		const tall = window(h.screen());
		expect(tall.last).toBeGreaterThan(small.last);
		h.press(k.pageDown);
		expect(window(h.screen()).first).toBe(tall.last);
	});

	it("over an option without a preview PgDn / PgUp jump to the last / first row", () => {
		const h = startSession(QUESTIONS, { columns: 120, rows: 30 });
		h.screen();
		h.press(k.down, k.down); // "None": no preview
		h.press(k.pageDown);
		expect(h.session.getState().focus[0]).toBe(3); // Type something.
		h.press(k.pageUp);
		expect(h.session.getState().focus[0]).toBe(0);
	});

	it("remapped (keys.previewPageDown): the new key pages and the position line names it", () => {
		const h = startSession(QUESTIONS, {
			columns: 120,
			rows: 30,
			keys: keyOverridesFrom({ previewPageDown: "ctrl+d", previewPageUp: "ctrl+u" }),
		});
		expect(position(h.screen())).toMatch(/Shift\+↓\/Ctrl\+D more$/);
		const top = window(h.screen());
		h.press(encoding === "legacy" ? "\x04" : "\x1b[100;5u");
		expect(window(h.screen()).first).toBe(top.last);
		// PgDn over the preview is no longer a preview key, and the row jumps keep out of the preview's way.
		h.press(k.pageDown);
		expect(h.session.getState().focus[0]).toBe(0);
		expect(window(h.screen()).first).toBe(top.last);
	});
});

describe("the position line in a narrow pane", () => {
	it.each([
		[120, " · Shift+↓/PgDn more"],
		[40, " · Shift+↓/PgDn more"],
		[37, " · Shift+↓ more"],
		[30, ""],
		[20, ""],
	])("at %i columns drops the page key, then every key, before it would cut the figures", (columns, hint) => {
		const h = startSession(QUESTIONS, { columns, rows: 30 });
		expect(position(h.screen())).toMatch(/^lines 1–\d+ of ≥ \d+/);
		expect(position(h.screen()).replace(/^lines 1–\d+ of ≥ \d+/, "")).toBe(hint);
	});
});
