/**
 * The Submit review at tiny sizes and with huge typed text: what is shown never starts a paragraph
 * (the partial hint, a cut warning) part-way through it, whatever the width and height; a typed answer
 * or a note shows its first lines and how many more it has, in every locale; labels are never cut so.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import type { LocaleId } from "../../src/i18n/locale.ts";
import { messagesIn } from "../../src/i18n/messages.ts";
import { DEFAULT_LIMITS } from "../../src/protocol/budget.ts";
import { wrapPrefixed } from "../../src/tui/view/lines.ts";
import { type SubmitItemProps, SubmitPane } from "../../src/tui/view/submit-pane.ts";
import { plainViewTheme } from "../support/plain-theme.ts";
import { CACHE, KEYS, PLATFORMS, startSession, typed } from "./session-harness.ts";

const en = messagesIn("en");
/** A typed answer or a note shows its first three lines in the review, then how many more it has. */
const REVIEW_TEXT_LINES = 3;
const CUTS = [
	"! Cache: The model will see the first 4,000 of 29,700 characters",
	"! Note on all questions: The model will see the first 2,000 of 5,120 characters",
];
const UNANSWERED: SubmitItemProps[] = [
	{ header: "Cache", answer: '"a long typed answer"', note: "", typed: true },
	{ header: "Platforms", answer: undefined, note: "", typed: false },
];

function pane(items: SubmitItemProps[], height: number, cuts: readonly string[] = CUTS, locale: LocaleId = "en") {
	return new SubmitPane(
		plainViewTheme,
		{ items, globalNote: "", editing: false, editorLines: [], choice: "submit", height, cuts },
		messagesIn(locale),
	);
}

/**
 * Fails unless every paragraph in `shown` appears from its first line on: read top-down, a line of a
 * paragraph is either its first line or the one after the line before it (the last one shown may end in
 * "…" where the rest was cut). Lines of no paragraph (the summary, the choice) may stand anywhere.
 */
function expectWholeStarts(shown: readonly string[], paragraphs: readonly string[][], what: string): void {
	const matches = (line: string, full: string | undefined) =>
		full !== undefined && (line === full || (line.endsWith("…") && full.startsWith(line.slice(0, -1).trimEnd())));
	let current: { lines: readonly string[]; next: number } | undefined;
	for (const line of shown) {
		if (current && matches(line, current.lines[current.next])) {
			current.next += 1;
			continue;
		}
		const start = paragraphs.find((lines) => matches(line, lines[0]));
		current = start ? { lines: start, next: 1 } : undefined;
		if (start) continue;
		const inner = paragraphs.some((lines) => lines.some((full) => matches(line, full)));
		expect(inner, `${what}: "${line}" starts a paragraph part-way in\n${shown.join("\n")}`).toBe(false);
	}
}

describe("the Submit review at tiny sizes", () => {
	it("the focused choice is always shown whole where it fits, the choices before it standing as …", () => {
		const labels = { submit: "Submit", later: "Answer later", cancel: "Cancel" } as const;
		for (const choice of ["submit", "later", "cancel"] as const) {
			const items = UNANSWERED.slice(0, 1);
			const row = (width: number) =>
				new SubmitPane(plainViewTheme, { items, globalNote: "", editing: false, editorLines: [], choice, height: 9 })
					.render(width)
					.at(-1);
			expect(row(40), choice).toBe(
				{
					submit: "› Submit     Answer later     Cancel",
					later: "  Submit   › Answer later     Cancel",
					cancel: "  Submit     Answer later   › Cancel",
				}[choice],
			);
			for (let width = labels[choice].length + 4; width < 40; width++) {
				expect(row(width), `${choice} at ${width}`).toContain(`› ${labels[choice]}`);
				expect(visibleWidth(row(width) ?? ""), `${choice} at ${width}`).toBeLessThanOrEqual(width);
			}
		}
		expect(
			new SubmitPane(plainViewTheme, {
				items: [],
				globalNote: "",
				editing: false,
				editorLines: [],
				choice: "cancel",
				height: 3,
			}).render(20),
		).toEqual(["… › Cancel"]);
	});

	it("never starts the hint or a warning part-way, at any width from 8 to 60 and any height from 1 to 12", () => {
		for (let width = 8; width <= 60; width++) {
			const paragraphs = [
				wrapPrefixed(en.viewPartialHint, width, "", ""),
				...CUTS.map((cut) => wrapPrefixed(cut, width, "", "  ")),
			];
			for (let height = 1; height <= 12; height++) {
				const lines = pane(UNANSWERED, height).render(width);
				const what = `${width}×${height}`;
				expect(lines.length, what).toBeLessThanOrEqual(height);
				for (const line of lines) expect(visibleWidth(line), what).toBeLessThanOrEqual(width);
				expectWholeStarts(lines, paragraphs, what);
				// The choice stays last, the warnings nearest it.
				expect(lines.at(-1), what).toMatch(/Submit|…/);
			}
		}
	});

	it("keeps the warning nearest the choice whole when it fits, the ones above it cut at their end or left out", () => {
		// 18 columns: 20 less the padding.
		expect(pane(UNANSWERED, 8).render(18)).toEqual([
			"! Cache: The …",
			"! Note on all",
			"  questions: The",
			"  model will see",
			"  the first 2,000",
			"  of 5,120",
			"  characters",
			"› Submit     Answ…",
		]);
		expect(pane(UNANSWERED, 3).render(18)).toEqual(["! Note on all", "  questions: The …", "› Submit     Answ…"]);
		expect(pane(UNANSWERED, 1).render(18)).toEqual(["› Submit     Answ…"]);
	});

	it("at 20×8 and other small terminals the screen never begins a paragraph part-way", () => {
		for (const [columns, rows] of [
			[20, 8],
			[20, 6],
			[16, 8],
			[24, 8],
			[24, 12],
			[30, 10],
			[40, 8],
		] as const) {
			const h = startSession([CACHE, PLATFORMS], { columns, rows, limits: { ...DEFAULT_LIMITS, customAnswer: 10 } });
			h.screen();
			const k = KEYS.legacy;
			h.press(k.down, k.down, k.down, typed("a thirty character long answer", "legacy"), k.enter, k.tab);
			const inner = columns >= 20 ? columns - 2 : columns;
			const pad = columns >= 20 ? 1 : 0;
			const screen = h.lines().map((line) => line.slice(pad));
			const cut = "! Cache: The model will see the first 10 of 30 characters";
			expectWholeStarts(
				screen,
				[wrapPrefixed(en.viewPartialHint, inner, "", ""), wrapPrefixed(cut, inner, "", "  ")],
				`${columns}×${rows}`,
			);
			expect(
				screen.some((line) => line.startsWith("! Cache:")),
				`${columns}×${rows}`,
			).toBe(true);
		}
	});

	it("at 20×8 the Submit tab's title gives up its second line first, so the whole warning stays", () => {
		const h = startSession([CACHE, PLATFORMS], {
			columns: 20,
			rows: 8,
			limits: { ...DEFAULT_LIMITS, customAnswer: 10 },
		});
		h.screen();
		const k = KEYS.legacy;
		h.press(k.down, k.down, k.down, typed("a thirty character long answer", "legacy"), k.enter, k.tab);
		expect(h.lines().map((line) => line.trimEnd())).toEqual([
			" ‹  Submit",
			" Review your …",
			" ! Cache: The",
			"   model will see",
			"   the first 10 of",
			"   30 characters",
			" › Submit     Answ…",
		]);
	});
});

describe("huge typed text in the review", () => {
	const huge = "lorem ipsum dolor sit amet ".repeat(1_100).trim(); // about 30 KB, one line

	it.each([20, 40, 80, 120])("a 30 KB typed answer shows %i columns' first lines, then how many more", (width) => {
		const items: SubmitItemProps[] = [{ header: "Cache", answer: en.viewTyped(huge), note: "", typed: true }];
		const full = wrapPrefixed(en.viewSummaryLine(en.viewAnsweredMark, "Cache", en.viewTyped(huge)), width, "", "  ");
		expect(full.length).toBeGreaterThan(REVIEW_TEXT_LINES + 1);
		const lines = pane(items, 100, []).render(width);
		expect(lines.slice(0, REVIEW_TEXT_LINES - 1)).toEqual(full.slice(0, REVIEW_TEXT_LINES - 1));
		expect(lines[REVIEW_TEXT_LINES - 1]).toMatch(/…$/);
		expect(lines[REVIEW_TEXT_LINES]?.trim()).toBe(`+${full.length - REVIEW_TEXT_LINES} more lines`);
		// Nothing after it but the choice: no "… N more lines" of the pane itself, which had room for everything.
		expect(lines.slice(REVIEW_TEXT_LINES + 1)).toEqual([lines.at(-1)]);
		expect(lines).toHaveLength(REVIEW_TEXT_LINES + 2);
	});

	it("a note and the note on all questions are held to the same few lines", () => {
		const items: SubmitItemProps[] = [{ header: "Cache", answer: "Redis", note: huge, typed: false }];
		const p = new SubmitPane(plainViewTheme, {
			items,
			globalNote: huge,
			editing: false,
			editorLines: [],
			choice: "submit",
			height: 100,
		});
		const lines = p.render(60);
		expect(lines[0]).toBe("✔ Cache: Redis");
		expect(lines.filter((l) => /^\s*\+\d+ more lines$/.test(l))).toHaveLength(2);
		expect(lines).toHaveLength(1 + 2 * (REVIEW_TEXT_LINES + 1) + 1);
	});

	it("text one line over the cap is shown whole (the count would take that line anyway)", () => {
		const lineCount = (text: string) =>
			wrapPrefixed(en.viewSummaryLine(en.viewAnsweredMark, "Cache", en.viewTyped(text)), 40, "", "  ").length;
		let words = 1;
		while (lineCount("word ".repeat(words).trim()) <= REVIEW_TEXT_LINES) words++;
		const text = "word ".repeat(words).trim();
		expect(lineCount(text)).toBe(REVIEW_TEXT_LINES + 1);
		const items: SubmitItemProps[] = [{ header: "Cache", answer: en.viewTyped(text), note: "", typed: true }];
		const lines = pane(items, 100, []).render(40);
		expect(lines).toHaveLength(REVIEW_TEXT_LINES + 2);
		expect(lines.some((l) => l.includes("more line") || l.includes("…"))).toBe(false);
		// One word more and it is cut to the cap, with the count.
		const over = "word ".repeat(words + 12).trim();
		const cut = pane([{ header: "Cache", answer: en.viewTyped(over), note: "", typed: true }], 100, []).render(40);
		expect(cut[REVIEW_TEXT_LINES]?.trim()).toBe(`+${lineCount(over) - REVIEW_TEXT_LINES} more lines`);
	});

	it("chosen labels are never cut so, however many lines they take", () => {
		const labels = Array.from({ length: 4 }, (_, i) => `A rather long option label number ${i + 1}`).join(", ");
		const items: SubmitItemProps[] = [{ header: "Targets", answer: labels, note: "", typed: false }];
		const lines = pane(items, 100, []).render(20);
		expect(lines.length).toBeGreaterThan(REVIEW_TEXT_LINES + 2);
		expect(lines.some((l) => l.includes("more line"))).toBe(false);
	});

	it.each([
		["zh-CN", "另有"],
		["ja", "ほか"],
	] as const)("in %s the count reads in its words", (locale, word) => {
		const m = messagesIn(locale);
		const items: SubmitItemProps[] = [{ header: "缓存", answer: m.viewTyped(huge), note: "", typed: true }];
		const lines = pane(items, 100, [], locale).render(40);
		expect(lines[REVIEW_TEXT_LINES]).toContain(word);
		expect(lines[REVIEW_TEXT_LINES]).toMatch(/\d+/);
	});

	it("through the session: a 30 KB paste as the typed answer reads three lines and the count on the Submit page", () => {
		const h = startSession([CACHE, PLATFORMS], { columns: 100, rows: 40 });
		h.screen();
		const k = KEYS.legacy;
		h.press(k.down, k.down, k.down, k.enter);
		h.press(`\x1b[200~${huge}\x1b[201~`);
		h.press(k.enter, k.tab);
		const screen = h.screen();
		expect(screen).toContain("Review your answers");
		expect(screen).toMatch(/\+\d+ more lines/);
		expect(screen).not.toMatch(/… \d+ more lines/);
		expect(screen).toContain("! Cache: The model will see the first 4,000 of");
		expect(screen.split("\n").filter((l) => l.includes("lorem ipsum"))).toHaveLength(REVIEW_TEXT_LINES);
	});
});
