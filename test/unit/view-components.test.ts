/**
 * View components on their own: every line fits every width 1…160 (a sample in `npm test`, every one
 * under `npm run hardening`) with wide, joined and hostile text, in plain and ANSI themes; caches return
 * the same array for the same props and width; the option list's window keeps the focused row; the
 * footer drops whole hints; key names read like keys.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { sanitizeBlock, sanitizeInline } from "../../src/text/sanitize.ts";
import { EditorArea } from "../../src/tui/view/editor-area.ts";
import { FooterBar } from "../../src/tui/view/footer-bar.ts";
import { defaultKeyLabel, hintKeys, keyName } from "../../src/tui/view/key-labels.ts";
import { OptionList, type OptionListProps, type RowProps } from "../../src/tui/view/option-list.ts";
import { PreviewPane } from "../../src/tui/view/preview-pane.ts";
import { SubmitPane } from "../../src/tui/view/submit-pane.ts";
import { TabBar } from "../../src/tui/view/tab-bar.ts";
import { TextBlock } from "../../src/tui/view/text-block.ts";
import type { ViewTheme } from "../../src/tui/view/theme.ts";
import { plainViewTheme } from "../support/plain-theme.ts";
import { sweepWidths } from "../support/sweep.ts";
import { ansiTheme, expectFits, NASTY, plain, trimmed } from "./view-fixtures.ts";

/** Each theme with the offset of its width sweep: the two together meet more of the wider widths. */
const THEMES: [string, ViewTheme, number][] = [
	["plain", plainViewTheme, 0],
	["ansi", ansiTheme, 3],
];
const inline = NASTY.map(sanitizeInline);
const block = NASTY.map(sanitizeBlock);

function rows(texts: string[], multi: boolean): RowProps[] {
	return [
		...texts.map(
			(t, i): RowProps => ({
				kind: "option",
				number: i < 9 ? `${i + 1}.` : "",
				label: t,
				description: block[(i + 3) % block.length] ?? "",
				recommended: i % 3 === 0,
				focused: i === 1,
				checked: i % 2 === 0,
			}),
		),
		{ kind: "type", label: "Type something.", draft: inline[0] ?? "", editing: false, focused: false, answered: true },
		...(multi ? [{ kind: "next" as const, label: "Next", focused: false }] : []),
	];
}

describe.each(THEMES)("every component fits every width (%s theme)", (_name, theme, offset) => {
	// Every width to 40, then every 7th (every width under HARDENING_FULL=1; test/support/sweep.ts).
	const WIDTHS = sweepWidths(160, { offset });

	it("tab bar", () => {
		const bar = new TabBar(theme, {
			tabs: inline
				.slice(0, 8)
				.map((label, i) => ({ label, mark: i % 2 ? "✔" : "□", answered: i % 2 === 1, active: i === 5 })),
		});
		for (const w of WIDTHS) {
			const lines = bar.render(w);
			expect(lines.length).toBe(1);
			expectFits(lines, w);
		}
	});

	it("option list (single and multi, with and without the editor, at many heights)", () => {
		for (const multi of [false, true])
			for (const editing of [false, true]) {
				const r = rows(inline.slice(0, 12), multi).map((row) =>
					row.kind === "type"
						? { ...row, editing, focused: editing }
						: row.kind === "option" && editing
							? { ...row, focused: false }
							: row,
				);
				for (const height of [0, 1, 2, 3, 7, 1000]) {
					const list = new OptionList(theme, { rows: r, multi, numberWidth: 3, editorLines: ["──", "typed"], height });
					for (const w of WIDTHS) {
						const lines = list.render(w);
						expect(lines.length).toBeLessThanOrEqual(height);
						expectFits(lines, w);
					}
				}
			}
	});

	it("preview pane (markdown with hostile text, scrolled)", () => {
		// Each hostile string once, in the markdown constructs that lay text out differently.
		const spread = NASTY.map((t) => t.slice(0, 200)).map(
			(t, i) => [`# ${t}`, `- ${t}`, `\`\`\`\n${t}\n\`\`\``, `> ${t}`, t][i % 5],
		);
		const markdown = `${spread.join("\n\n")}\n\n| a | b |\n|---|---|\n| ${inline[0]} | ${inline[1]} |\n\n[link](http://evil.example)`;
		const pane = new PreviewPane(theme);
		for (const w of WIDTHS)
			for (const height of [0, 1, 2, 5, 1000]) {
				pane.setProps({ id: "0:0", markdown, offset: 3, height, upKeys: ["Shift+↑"], downKeys: ["Shift+↓"] });
				const lines = pane.render(w);
				expect(lines.length).toBeLessThanOrEqual(height);
				expectFits(lines, w);
			}
	});

	it("submit pane", () => {
		const items = inline.slice(0, 6).map((header, i) => ({
			header,
			answer: i % 2 ? undefined : (inline[i + 1] ?? ""),
			note: i % 3 ? "" : (inline[i + 2] ?? ""),
			typed: i % 4 === 0,
		}));
		for (const editing of [false, true])
			for (const height of [0, 1, 3, 100]) {
				const pane = new SubmitPane(theme, {
					items,
					globalNote: inline[3] ?? "",
					editing,
					editorLines: ["──", "x"],
					choice: "cancel",
					height,
				});
				for (const w of WIDTHS) {
					const lines = pane.render(w);
					expect(lines.length).toBeLessThanOrEqual(height);
					expectFits(lines, w);
				}
			}
	});

	it("footer, text blocks and the editor area", () => {
		const footer = new FooterBar(theme, {
			hints: inline.slice(0, 6).map((label, i) => ({ keys: i ? "Ctrl+]" : "", label })),
		});
		const text = new TextBlock(theme, { text: block.join("\n"), style: "bold", height: 4 });
		const area = new EditorArea(theme, { title: `Note for ${inline[0]}:`, editorLines: ["─", "a"], height: 2 });
		for (const w of WIDTHS) {
			for (const c of [footer, text, area]) expectFits(c.render(w), w);
			expect(footer.render(w).length).toBeLessThanOrEqual(1);
			expect(text.render(w).length).toBeLessThanOrEqual(4);
		}
	});
});

describe("caching", () => {
	const props: OptionListProps = {
		rows: rows(["Alpha", "Beta"], false),
		multi: false,
		numberWidth: 3,
		editorLines: [],
		height: 10,
	};

	it("returns the same array for the same props and width, a fresh one after a width change", () => {
		const list = new OptionList(plainViewTheme, props);
		const first = list.render(40);
		expect(list.render(40)).toBe(first);
		list.setProps({ ...props, rows: props.rows.map((r) => ({ ...r })) });
		expect(list.render(40)).toBe(first);
		const narrower = list.render(30);
		expect(narrower).not.toBe(first);
		expect(list.render(40)).not.toBe(first);
	});

	it("re-renders after a props change or invalidate", () => {
		const list = new OptionList(plainViewTheme, props);
		const first = list.render(40);
		list.setProps({ ...props, height: 2 });
		expect(list.render(40)).not.toBe(first);
		const second = list.render(40);
		list.invalidate();
		const third = list.render(40);
		expect(third).not.toBe(second);
		expect(third).toEqual(second);
	});
});

describe("option list", () => {
	it("numbers options, marks the focused one, wraps long labels under the label column", () => {
		const list = new OptionList(plainViewTheme, {
			rows: [
				{
					kind: "option",
					number: "1.",
					label: "Short",
					description: "",
					recommended: false,
					focused: false,
					checked: false,
				},
				{
					kind: "option",
					number: "2.",
					label: "A label long enough to wrap onto a second line",
					description: "Its description",
					recommended: true,
					focused: true,
					checked: true,
				},
				{ kind: "type", label: "Type something.", draft: "my draft", editing: false, focused: false, answered: false },
			],
			multi: false,
			numberWidth: 3,
			editorLines: [],
			height: 20,
		});
		expect(trimmed(list.render(30))).toEqual([
			"  1. Short",
			"› 2. A label long enough to",
			"     wrap onto a second line",
			"     (Recommended) ✔",
			"     Its description",
			'     Type something.  "my dra…',
		]);
	});

	it("shows check boxes for multi-select and the editor under the type row while editing", () => {
		const list = new OptionList(plainViewTheme, {
			rows: [
				{
					kind: "option",
					number: "1.",
					label: "Linux",
					description: "",
					recommended: false,
					focused: false,
					checked: true,
				},
				{ kind: "type", label: "Type something.", draft: "x", editing: true, focused: true, answered: false },
				{ kind: "next", label: "Next", focused: false },
			],
			multi: true,
			numberWidth: 3,
			editorLines: ["───", "hello"],
			height: 20,
		});
		expect(trimmed(list.render(40))).toEqual([
			"  [x] 1. Linux",
			"›        Type something.",
			"         ───",
			"         hello",
			"         Next",
		]);
	});

	it("scrolls to keep the focused row visible and says how many rows are cut off", () => {
		const many: RowProps[] = Array.from({ length: 20 }, (_, i) => ({
			kind: "option",
			number: i < 9 ? `${i + 1}.` : "",
			label: `Option ${i + 1}`,
			description: "",
			recommended: false,
			focused: i === 10,
			checked: false,
		}));
		const list = new OptionList(plainViewTheme, {
			rows: many,
			multi: false,
			numberWidth: 3,
			editorLines: [],
			height: 6,
		});
		const lines = trimmed(list.render(40));
		expect(lines).toHaveLength(6);
		expect(lines[0]).toMatch(/^ {2}↑ \d+ more$/);
		expect(lines[5]).toMatch(/^ {2}↓ \d+ more$/);
		expect(lines.some((l) => l.startsWith("›") && l.includes("Option 11"))).toBe(true);
	});

	/** The list at 30 columns in `height` lines: row i is "R<i>" and heights[i] − 1 description lines, `focus` focused. */
	function windowed(heights: readonly number[], focus: number, height: number): string[] {
		const rows: RowProps[] = heights.map((lines, i) => ({
			kind: "option",
			number: "",
			label: `R${i}`,
			description: Array.from({ length: lines - 1 }, (_, j) => `r${i}.${j + 1}`).join("\n"),
			recommended: false,
			focused: i === focus,
			checked: false,
		}));
		return trimmed(
			new OptionList(plainViewTheme, { rows, multi: false, numberWidth: 0, editorLines: [], height }).render(30),
		);
	}

	it("window: all rows when they fit, focused row kept, indicators only when rows are cut", () => {
		expect(windowed([1, 1, 1], 1, 3)).toEqual(["  R0", "› R1", "  R2"]);
		expect(windowed([1, 1, 1, 1, 1], 0, 3)).toEqual(["› R0", "  R1", "  ↓ 3 more"]);
		expect(windowed([1, 1, 1, 1, 1], 4, 3)).toEqual(["  ↑ 3 more", "  R3", "› R4"]);
		expect(windowed([2, 2, 2, 2, 2], 2, 6)).toContain("› R2");
		// A focused row taller than the window keeps its start, the label.
		expect(windowed([10], 0, 4)).toEqual(["› R0", "  r0.1", "  r0.2", "  r0.3"]);
		expect(windowed([1, 1], 1, 0)).toEqual([]);
		for (let total = 1; total < 8; total++)
			for (let focus = 0; focus < total; focus++)
				for (let h = 0; h < 10; h++) {
					const heights = Array.from({ length: total }, (_, i) => 1 + (i % 3));
					const lines = windowed(heights, focus, h);
					const where = `${heights} focus ${focus} in ${h}`;
					expect(lines.length, where).toBeLessThanOrEqual(h);
					if (h > 0) expect(lines, where).toContain(`› R${focus}`);
					// Rows shown are one run, and each indicator counts exactly the rows cut off on its side.
					const shown = heights.flatMap((_, i) => (lines.some((l) => l.endsWith(` R${i}`)) ? [i] : []));
					if (shown.length === 0) continue;
					const first = shown[0] ?? 0;
					const last = shown.at(-1) ?? 0;
					expect(shown, where).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
					const above = lines.find((l) => l.includes("↑"));
					const below = lines.find((l) => l.includes("↓"));
					if (above !== undefined) expect(above, where).toBe(`  ↑ ${first} more`);
					if (below !== undefined) expect(below, where).toBe(`  ↓ ${total - 1 - last} more`);
					if (h >= 3) {
						expect(above === undefined, where).toBe(first === 0);
						expect(below === undefined, where).toBe(last === total - 1);
					}
				}
	});
});

describe("tab bar", () => {
	const tabs = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].map((label, i) => ({
		label,
		mark: "□",
		answered: false,
		active: i === 3,
	}));

	it("shows every tab when they fit", () => {
		expect(trimmed(new TabBar(plainViewTheme, { tabs }).render(80))).toEqual([
			" □ Alpha   □ Bravo   □ Charlie   □ Delta   □ Echo",
		]);
	});

	it("keeps the active tab visible with overflow marks when they do not fit", () => {
		const [line] = trimmed(new TabBar(plainViewTheme, { tabs }).render(24));
		expect(line).toContain("Delta");
		expect(line?.startsWith("‹")).toBe(true);
		expect(visibleWidth(line ?? "")).toBeLessThanOrEqual(24);
	});

	it("cuts long headers with an ellipsis", () => {
		const [line] = plain(
			new TabBar(plainViewTheme, {
				tabs: [{ label: "A header far longer than sixteen", mark: "✔", answered: true, active: true }],
			}).render(80),
		);
		expect(line).toBe(" ✔ A header far lo… ");
	});
});

describe("footer", () => {
	it("drops whole hints from the end and ends in …", () => {
		const footer = new FooterBar(plainViewTheme, {
			hints: [
				{ keys: "↑/↓", label: "navigate" },
				{ keys: "Enter", label: "select" },
				{ keys: "Esc", label: "cancel" },
			],
		});
		expect(plain(footer.render(80))).toEqual(["↑/↓ navigate · Enter select · Esc cancel"]);
		expect(plain(footer.render(35))).toEqual(["↑/↓ navigate · Enter select · …"]);
		expect(plain(footer.render(16))).toEqual(["↑/↓ navigate · …"]);
	});
});

describe("preview pane", () => {
	const markdown = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join("\n\n");

	it("shows a position line and reports the largest offset", () => {
		const pane = new PreviewPane(plainViewTheme, {
			id: "0:0",
			markdown,
			offset: 10,
			height: 21,
			upKeys: ["Shift+↑"],
			downKeys: ["Shift+↓"],
		});
		const lines = trimmed(pane.render(60));
		expect(lines).toHaveLength(21);
		const total = pane.measure(60);
		expect(lines[20]).toBe(`lines 11–30 of ${total} · Shift+↓ more`);
		expect(pane.maxOffset()).toBe(total - 20);
		pane.setProps({ ...pane.getProps(), offset: 100_000 });
		expect(trimmed(pane.render(60)).at(-1)).toBe(`lines ${total - 19}–${total} of ${total} · Shift+↑ back`);
	});

	it("shows short previews whole, without a position line", () => {
		const pane = new PreviewPane(plainViewTheme, {
			id: "0:1",
			markdown: "# Title\n\nbody",
			offset: 0,
			height: 10,
			upKeys: [],
			downKeys: [],
		});
		expect(trimmed(pane.render(40))).toEqual(["Title", "", "body"]);
		expect(pane.maxOffset()).toBe(0);
	});

	it("drops OSC 8 hyperlinks from model markdown", () => {
		const pane = new PreviewPane(ansiTheme, {
			id: "x",
			markdown: "[docs](http://evil.example)",
			offset: 0,
			height: 5,
			upKeys: [],
			downKeys: [],
		});
		expect(pane.render(40).join("\n")).not.toContain("\x1b]8;");
	});
});

describe("key names", () => {
	it("read like keys", () => {
		expect(keyName("shift+tab")).toBe("Shift+Tab");
		expect(keyName("ctrl+]")).toBe("Ctrl+]");
		expect(keyName("ctrl+g")).toBe("Ctrl+G");
		expect(keyName("escape")).toBe("Esc");
		expect(keyName("up")).toBe("↑");
		expect(keyName("n")).toBe("n");
		expect(defaultKeyLabel("askUser.collapse")).toBe("Ctrl+]");
		expect(defaultKeyLabel("tui.select.cancel")).toBe("Esc");
	});

	it("share a modifier when two bindings show together", () => {
		expect(hintKeys(["askUser.previewUp", "askUser.previewDown"], defaultKeyLabel)).toBe("Shift+↑/↓");
		expect(hintKeys(["tui.select.up", "tui.select.down"], defaultKeyLabel)).toBe("↑/↓");
		expect(hintKeys(["tui.select.cancel", "tui.select.confirm"], defaultKeyLabel)).toBe("Esc/Enter");
	});
});
