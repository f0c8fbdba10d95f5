/**
 * The lazily laid out preview (lazy-markdown.ts, markdown-blocks.ts): cut into pieces, it renders exactly
 * the lines pi-tui's Markdown renders for the whole document (Pi's real markdown theme with syntax
 * highlighting, and a plain one), for hand-made tricky documents, hostile text and random documents;
 * it lays out only what is asked for; the pane says "of ≥ N" until the end is known.
 */
import { getMarkdownTheme, initTheme } from "@earendil-works/pi-coding-agent";
import { Markdown, type MarkdownTheme } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fitLine } from "../../src/text/fit.ts";
import { sanitizeBlock } from "../../src/text/sanitize.ts";
import { LazyMarkdown } from "../../src/tui/view/lazy-markdown.ts";
import { canCut, nextPiece } from "../../src/tui/view/markdown-blocks.ts";
import { PreviewPane } from "../../src/tui/view/preview-pane.ts";
import { plainMarkdownTheme, plainViewTheme } from "../support/plain-theme.ts";
import { ansiTheme, expectFits, NASTY, trimmed } from "./view-fixtures.ts";

// The real one, counted: making a document reads its whole text once through it.
vi.mock("../../src/tui/view/markdown-blocks.ts", async (real) => {
	const blocks = await real<typeof import("../../src/tui/view/markdown-blocks.ts")>();
	return { ...blocks, canCut: vi.fn(blocks.canCut) };
});

let piTheme: MarkdownTheme;
beforeAll(() => {
	initTheme("dark");
	piTheme = getMarkdownTheme();
});
afterEach(() => vi.restoreAllMocks());

const OSC8 = /\x1b\]8;[^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** What the pane showed before: the whole document through one Markdown, cleaned and fitted. */
function whole(markdown: string, theme: MarkdownTheme, width: number): string[] {
	return new Markdown(sanitizeBlock(markdown), 0, 0, theme)
		.render(width)
		.map((line) => fitLine(line.replace(OSC8, ""), width));
}

/** Every line, cut into the smallest pieces the cutter allows. */
function pieced(markdown: string, theme: MarkdownTheme, width: number): readonly string[] {
	const { lines, complete } = new LazyMarkdown(markdown, theme, 0).linesAt(width, Number.POSITIVE_INFINITY);
	expect(complete).toBe(true);
	return lines;
}

function pieceCount(markdown: string): number {
	let n = 0;
	for (let at = 0; at < markdown.length; at = nextPiece(markdown, at, 0).next) n++;
	return n;
}

const TRICKY = [
	"# Title\n\nA paragraph with **bold**, `code` and a [link](http://evil.example).\n\n## Next\n\nText.",
	"para\n\n- a\n- b\n\nafter the list\n\n1. one\n\n2. two\n\nloose list done",
	"```js\nconst a = 1;\n\n\nconst b = 2;\n```\n\nafter code\n\n~~~\n```\n\ninside tilde fence\n~~~\n\nend",
	"<!--\n\nhidden\n\n-->\n\nshown\n\n<pre>\n\nkept\n\n</pre>\n\nafter pre",
	"$$\nx = 1\n\ny = 2\n$$\n\ntext after math\n\n\\[\na\n\nb\n\\]\n\nlast",
	"    indented code\n\n    still code\n\nparagraph\n\n> quote\n\n> another quote\n\nafter",
	"| a | b |\n|---|---|\n| 1 | 2 |\n\nafter table\n\n---\n\nafter rule\n\nSetext\n===\n\nok\n\n\n\nthree blanks above",
	"- item\n\n  continued item paragraph\n\n  ```\n  nested\n\n  fence\n  ```\n\nback at top\n\n* star\n\n+ plus",
	"text\r\n\r\nwindows lines\r\n\r\n# heading\u2028with separator\u2029\n\nlast",
	"\n\n\nleading blanks\n\ntrailing blanks\n\n\n",
	"Paragraph\n<div>\nhtml inside\n</div>\n\nnext\n\n<div>\n\nblock html\n\n</div>\n\nend",
];

describe("pieces render as the whole document", () => {
	it("hand-made documents, Pi's theme and a plain one, at several widths", () => {
		// Cut where it is safe; lists, HTML blocks and math stay in one piece with what touches them.
		expect(TRICKY.map(pieceCount)).toEqual([4, 1, 4, 3, 3, 4, 7, 1, 2, 2, 1]);
		// HTML blocks and display math are never cut: what opens or closes there depends on what came before.
		expect(TRICKY.map(canCut)).toEqual(TRICKY.map((_, i) => ![3, 4, 10].includes(i)));
		for (const doc of TRICKY) {
			for (const theme of [piTheme, plainMarkdownTheme, ansiTheme.markdown])
				for (const width of [1, 7, 30, 80, 139]) expect(pieced(doc, theme, width)).toEqual(whole(doc, theme, width));
		}
	});

	it("hostile and wide text in every construct", () => {
		const doc = NASTY.map((t, i) => [`# ${t}`, t, `\`\`\`\n${t}\n\n${t}\n\`\`\``, `> ${t}`, `- ${t}`][i % 5]).join(
			"\n\n",
		);
		for (const width of [3, 40, 120]) {
			const lines = pieced(doc, piTheme, width);
			expect(lines).toEqual(whole(doc, piTheme, width));
			expectFits(lines, width);
		}
	});

	it("random documents", () => {
		const word = fc.constantFrom(
			"alpha",
			"beta",
			"日本語",
			"**bold**",
			"`code`",
			"[x](http://e.x)",
			"_em_",
			"1.",
			"-",
			"$$",
		);
		const text = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));
		const block = fc.oneof(
			text,
			text.map((t) => `## ${t}`),
			text.map((t) => `> ${t}`),
			fc.array(text, { minLength: 1, maxLength: 3 }).map((items) => items.map((t) => `- ${t}`).join("\n")),
			fc.array(text, { minLength: 1, maxLength: 3 }).map((lines) => `\`\`\`ts\n${lines.join("\n\n")}\n\`\`\``),
			text.map((t) => `    ${t}`),
			text.map((t) => `<!-- ${t}\n\n${t} -->`),
			text.map((t) => `${t}\n---`),
			fc.constant("---"),
			fc.constant("| a | b |\n|---|---|\n| 1 | 2 |"),
			text.map((t) => `$$\n${t}\n\n${t}\n$$`),
			text.map((t) => `1. ${t}\n2. ${t}\n   - ${t}`),
			text.map((t) => `<div>\n${t}\n</div>`),
			text.map((t) => `<pre>\n${t}\n\n${t}\n</pre>`),
			text.map((t) => `~~~\n${t}\n\n\`\`\`\n~~~`),
			text.map((t) => `${t}\n> ${t}\n${t}`),
			text.map((t) => `${t}\n- ${t}\n\n  ${t}`),
			text.map((t) => `2024 ${t}\n\t${t}`),
			fc.constant("* * *"),
			text.map((t) => `> ${t}\n\`\`\`\n${t}\n\n${t}\n\`\`\``),
			text.map((t) => `- ${t}\n\`\`\`\n${t}\n\n${t}\n\`\`\``),
			text.map((t) => `- \`\`\`\n  ${t}\n\n${t}\n  \`\`\``),
			text.map((t) => `    \`\`\`\n    ${t}`),
			text.map((t) => `\`\`\`\`md\n\`\`\`\n${t}\n\n\`\`\`\n\`\`\`\``),
			text.map((t) => `${t}\n\`\`\`\n${t}`),
		);
		const gap = fc.constantFrom("\n\n", "\n\n\n", "\n", "\n  \n");
		const doc = fc.array(fc.tuple(block, gap), { minLength: 1, maxLength: 12 }).map((parts) => parts.flat().join(""));
		fc.assert(
			fc.property(doc, fc.integer({ min: 1, max: 100 }), (markdown, width) => {
				expect(pieced(markdown, plainMarkdownTheme, width)).toEqual(whole(markdown, plainMarkdownTheme, width));
			}),
			{ numRuns: 300 },
		);
	});

	it("keeps documents with link definitions whole (links resolve across blocks)", () => {
		const doc = "See [the docs][d].\n\nMore text.\n\n[d]: http://evil.example";
		expect(canCut(doc)).toBe(false);
		expect(pieced(doc, ansiTheme.markdown, 60)).toEqual(whole(doc, ansiTheme.markdown, 60));
	});
});

describe("laying out only what is read", () => {
	const section = (i: number) =>
		`## Section ${i}\n\nSome prose 日本語 ${i}.\n\n\`\`\`ts\nconst x${i} = ${i};\n\`\`\`\n\n> quote ${i}`;
	const big = Array.from({ length: 20_000 }, (_, i) => section(i)).join("\n\n");

	it("renders the first screen of a megabyte without reading the rest", () => {
		expect(big.length).toBeGreaterThan(1_000_000);
		const renders = vi.spyOn(Markdown.prototype, "render");
		const doc = new LazyMarkdown(big, piTheme);
		const first = doc.linesAt(120, 40);
		expect(first.complete).toBe(false);
		expect(first.lines.length).toBeGreaterThanOrEqual(40);
		expect(first.lines.length).toBeLessThan(100);
		expect(renders.mock.calls.length).toBeLessThan(20);
		expect(first.lines.slice(0, 40)).toEqual(whole(big.slice(0, 4000), piTheme, 120).slice(0, 40));
	});

	// A quadratic cut over these would run for minutes and fail through the timeout; linear takes milliseconds.
	it("cuts hostile shapes into pieces (the timeout is the blow-up guard)", { timeout: 20_000 }, () => {
		const shapes = [
			`${"- ".repeat(200_000)}x`,
			`\`\`\`\n${"a\n\n".repeat(100_000)}`,
			"\n".repeat(300_000),
			`${" ".repeat(100_000)}-${"\t".repeat(100_000)}\`\`\``,
			`- \`\`\`\n${"  x\n\n".repeat(50_000)}y\n`,
			"a".repeat(400_000),
		];
		for (const shape of shapes) {
			let pieces = 0;
			for (let at = 0; at < shape.length; at = nextPiece(shape, at, 256).next) pieces++;
			expect(pieces).toBeGreaterThan(0);
		}
	});

	it("extends as the reader scrolls, and knows the total at the end", () => {
		const doc = `${Array.from({ length: 300 }, (_, i) => section(i)).join("\n\n")}`;
		const lazy = new LazyMarkdown(doc, plainMarkdownTheme);
		expect(lazy.linesAt(80, 30).complete).toBe(false);
		const more = lazy.linesAt(80, 200).lines.length;
		expect(more).toBeGreaterThanOrEqual(200);
		const all = lazy.linesAt(80, Number.POSITIVE_INFINITY);
		expect(all.complete).toBe(true);
		expect(all.lines).toEqual(whole(doc, plainMarkdownTheme, 80));
		expect(lazy.linesAt(60, 10).lines.length).toBeLessThan(all.lines.length);
	});

	it("steps one piece at a time to the lines linesAt would give, then says there is nothing left", () => {
		const doc = Array.from({ length: 200 }, (_, i) => section(i)).join("\n\n");
		const stepped = new LazyMarkdown(doc, piTheme);
		const renders = vi.spyOn(Markdown.prototype, "render");
		let steps = 0;
		while (stepped.layoutStep(100, 60)) {
			steps++;
			expect(renders).toHaveBeenCalledTimes(steps);
		}
		expect(steps).toBeGreaterThan(1);
		expect(stepped.layoutStep(100, 60)).toBe(false);
		const direct = new LazyMarkdown(doc, piTheme).linesAt(100, 60);
		renders.mockClear();
		expect(stepped.linesAt(100, 60)).toEqual(direct);
		expect(renders).not.toHaveBeenCalled();
		// A short document renders whole: one step.
		const short = new LazyMarkdown(section(1), piTheme);
		expect([short.layoutStep(100, 60), short.layoutStep(100, 60)]).toEqual([true, false]);
	});

	it("the pane lays out ahead, nearest first, into the documents it then shows without rendering", () => {
		const doc = (n: number) => Array.from({ length: 200 }, (_, i) => section(n * 1000 + i)).join("\n\n");
		const ahead = [
			{ id: "0:1", markdown: doc(1), offset: 0 },
			{ id: "1:0", markdown: doc(2), offset: 50 },
		];
		const show = (pane: PreviewPane, { id, markdown, offset }: (typeof ahead)[number]) => {
			pane.setProps({ id, markdown, offset, height: 20, upKeys: ["Shift+↑"], downKeys: ["Shift+↓"] });
			return trimmed(pane.render(80));
		};
		let firstSteps = 0;
		for (const first = new LazyMarkdown(doc(1), plainMarkdownTheme); first.layoutStep(80, 20); ) firstSteps++;
		const pane = new PreviewPane(plainViewTheme);
		// One step makes the document, then one a piece.
		for (let i = 0; i <= firstSteps; i++) expect(pane.layoutAhead(ahead, 80, 20)).toBe(true);
		const renders = vi.spyOn(Markdown.prototype, "render");
		const [first, second] = ahead as [(typeof ahead)[number], (typeof ahead)[number]];
		expect(show(pane, first)[19]).toMatch(/^lines 1–19 of ≥ /);
		expect(renders).not.toHaveBeenCalled();
		while (pane.layoutAhead(ahead, 80, 20));
		expect(renders).toHaveBeenCalled();
		renders.mockClear();
		// The second one is laid out past its own offset.
		expect(show(pane, second)[19]).toMatch(/^lines 51–69 of ≥ /);
		expect(renders).not.toHaveBeenCalled();
	});

	it("laying out ahead renders one piece a step, however many previews wait (a key waits for one at most)", () => {
		const doc = (n: number) => Array.from({ length: 200 }, (_, i) => section(n * 1000 + i)).join("\n\n");
		const ahead = [1, 2, 3, 4].map((n) => ({ id: `0:${n}`, markdown: doc(n), offset: 0 }));
		const pane = new PreviewPane(plainViewTheme);
		const renders = vi.spyOn(Markdown.prototype, "render");
		const made = vi.mocked(canCut);
		let steps = 0;
		let documents = 0;
		for (let more = true; more; steps++) {
			renders.mockClear();
			made.mockClear();
			more = pane.layoutAhead(ahead, 80, 20);
			// A piece, or a document made (its whole text read once): never both, never two.
			expect(renders.mock.calls.length + made.mock.calls.length).toBeLessThanOrEqual(1);
			documents += made.mock.calls.length;
		}
		expect(documents).toBe(ahead.length);
		expect(steps).toBeGreaterThan(2 * ahead.length);
	});

	it("the pane says the total is a lower bound until the end is laid out, and never clamps short of it", () => {
		const pane = new PreviewPane(plainViewTheme, {
			id: "0:0",
			markdown: big,
			offset: 5,
			height: 11,
			upKeys: ["Shift+↑"],
			downKeys: ["Shift+↓"],
		});
		const lines = trimmed(pane.render(80));
		expect(lines).toHaveLength(11);
		expect(lines[10]).toMatch(/^lines 6–15 of ≥ \d+ · Shift\+↓ more$/);
		// Its end is not known yet, so it names none that a scroll could be stopped at.
		expect(pane.maxOffset()).toBeUndefined();
		pane.setProps({ ...pane.getProps(), offset: 1000 });
		expect(trimmed(pane.render(80))[10]).toMatch(/^lines 1001–1010 of ≥ \d+ · Shift\+↓ more$/);
		expect(pane.maxOffset()).toBeUndefined();
	});
});
