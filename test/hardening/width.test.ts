/**
 * Guarantee 2 (width): for every terminal width 1–300 and generated Unicode (CJK, emoji ZWJ sequences,
 * combining marks, tabs, control characters, bidi, surrogate halves) in every field, the whole
 * questionnaire in every state reachable by random key sequences (options, previews scrolled, drafts,
 * notes, the external editor's answer, the Submit tab, the discard confirmation, collapse, pastes) never
 * draws a line wider than the terminal and never throws. It runs on pi-tui's main-screen TUI, which
 * itself stops on an over-wide line, and then in Pi's real InteractiveMode (regular mode) across widths.
 */
import { existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { askTurn, echoTurn, startInteractive } from "../support/interactive.ts";
import { report } from "./support/corpus.ts";
import { PiLikeHost } from "./support/pi-host.ts";

const FULL = process.env.HARDENING_FULL === "1";
const figures = { propertyRuns: 0, widthsSeen: new Set<number>(), keys: 0, frames: 0, sweepWidths: 0, piWidths: "" };
afterAll(() => report("width", { ...figures, widthsSeen: figures.widthsSeen.size, mode: FULL ? "full" : "quick" }));

const PIECES = [
	"漢字かな交じり文",
	"한국어",
	"ＡＢＣ全角",
	"👩‍💻",
	"👨‍👩‍👧‍👦",
	"🏳️‍🌈",
	"👍🏽",
	"🇯🇵",
	"e\u0301",
	"\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
	"ที่นี่",
	"مرحبا",
	"क्‍ष",
	"\t",
	"\n",
	"\r\n",
	"\r",
	"\x1b[2J",
	"\x1b]8;;http://x\x07",
	"\x9b31m",
	"\x00\x07\x08\x7f",
	"\u202e",
	"\u200b\u200d",
	"\uFE0F",
	"\uD83D",
	"word ",
	"a much longer stretch of ordinary words ",
	"x".repeat(70),
	"`code`",
	"\n```\ncode ブロック\n```\n",
	"[link](http://e.x)",
	"# heading\n",
	"| a | 表 |\n|---|---|\n| 1 | 2 |\n",
];

/** Generated text: pieces above mixed with arbitrary code points. */
const text = (max: number) =>
	fc
		.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: "binary", maxLength: 6 })), {
			minLength: 1,
			maxLength: max,
		})
		.map((parts) => parts.join(""));

const questionnaire = fc
	.array(
		fc.record({
			question: text(6),
			header: text(3),
			multiSelect: fc.boolean(),
			options: fc.array(fc.record({ label: text(3), description: text(5), preview: fc.option(text(12)) }), {
				minLength: 2,
				maxLength: 4,
			}),
		}),
		{ minLength: 1, maxLength: 4 },
	)
	.map(
		(qs): Questionnaire => ({
			// Visible, distinct prefixes: the validator rejects blank and duplicate texts, which is not under test here.
			questions: qs.map((q, i) => ({
				question: `Q${i} ${q.question}`,
				header: `H${i} ${q.header}`,
				multiSelect: q.multiSelect,
				options: q.options.map((o, k) => ({
					label: `${k}-${o.label}`,
					description: `d ${o.description}`,
					...(o.preview === null ? {} : { preview: `p ${o.preview}` }),
				})),
			})),
		}),
	);

const KEYS = [
	"\x1b[A",
	"\x1b[B",
	"\x1b[C",
	"\x1b[D",
	"\r",
	"\t",
	"\x1b[Z",
	" ",
	"1",
	"2",
	"5",
	"n",
	"\x1b",
	"\x1b[1;2B",
	"\x1b[1;2A",
	"\x1b[6~",
	"\x1d",
	"\x7f",
	"\x07", // Ctrl+G: the fake external editor answers with generated text
	"\x1b[13;2u",
	"x",
	"語",
];
const key = fc.oneof(
	{ weight: 8, arbitrary: fc.constantFrom(...KEYS) },
	{ weight: 1, arbitrary: text(4).map((t) => `\x1b[200~${t}\x1b[201~`) },
);

async function exercise(q: Questionnaire, cols: number, rows: number, keys: readonly string[], edited: string) {
	const v = validateQuestionnaire(q);
	if (!v.ok) throw new Error(`generated questionnaire rejected: ${JSON.stringify(v.problems).slice(0, 300)}`);
	const host = await PiLikeHost.create({ cols, rows, recordLines: true, emulate: false });
	host.start();
	try {
		const opened = await host.open(v.questionnaire, {
			editExternally: async () => ({ ok: true, text: edited }),
		});
		host.frame();
		for (const k of keys) {
			if (opened.doneCalls() > 0) break;
			host.press(k);
			await Promise.resolve(); // the fake editor answers on a microtask
			await Promise.resolve();
			if (opened.doneCalls() === 0) host.frame();
			figures.keys++;
			figures.frames++;
		}
		for (const line of host.lines) {
			if (visibleWidth(line) > cols) throw new Error(`line wider than ${cols}: ${JSON.stringify(line)}`);
		}
		if (host.notices.length > 0) throw new Error(`the questionnaire failed: ${host.notices.join("; ")}`);
		if (opened.doneCalls() === 0) host.resetExtensionUI();
		await opened.result;
		expect(opened.doneCalls()).toBe(1);
		figures.widthsSeen.add(cols);
	} finally {
		host.stop();
	}
}

/** A one-question form with two one-letter options. */
function oneQuestion(question: string): Questionnaire {
	const options = ["a", "b"].map((label) => ({ label, description: "d" }));
	return { questions: [{ question, header: "H", options }] };
}

describe("the questionnaire at every width", () => {
	it.each([1, 2, 3])(
		"%i columns: a wide character in the draft or a note keeps the questionnaire open",
		async (cols) => {
			// pi-tui 1.6's Editor overflowed its stack wrapping a wide character into 1 column.
			await exercise(oneQuestion("Q 漢字"), cols, 5, ["\x1b[200~⼀👩‍💻\x1b[201~", "語", "\r", "n", "語", "\r"], "");
		},
	);

	it.each([
		[1, "🏳️‍🌈\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301"],
		[6, `क${"ा".repeat(200)}`],
	])("%i columns: a pasted cluster wider than the editor keeps the questionnaire open", async (cols, cluster) => {
		// pi-tui 1.6's Editor recursed without end wrapping a grapheme wider than its wrap width (one column
		// less than it is given). pi-tui counts each spacing mark of a cluster, so a grapheme can be far wider
		// than 2 columns: sanitizing keeps a cluster's first few marks, which still makes "का…" 7 columns wide.
		// Found by the width property: a flag emoji with 8 combining accents, pasted at 1 column.
		await exercise(
			oneQuestion("Q"),
			cols,
			12,
			[`\x1b[200~${cluster}\x1b[201~`, "\r", "n", `\x1b[200~${cluster}\x1b[201~`, "\r"],
			"",
		);
	});

	it("property: random questionnaires, widths 1–300, heights 3–60, random key sequences", async () => {
		await fc.assert(
			fc.asyncProperty(
				questionnaire,
				fc.integer({ min: 1, max: 300 }),
				fc.integer({ min: 3, max: 60 }),
				fc.array(key, { maxLength: 40 }),
				text(4),
				async (q, cols, rows, keys, edited) => {
					await exercise(q, cols, rows, keys, edited);
					figures.propertyRuns++;
				},
			),
			{ numRuns: FULL ? 3000 : 120 },
		);
	}, 600_000);

	it("sweep: every width 1–300 with the hostile corpus, CJK and emoji in every field", async () => {
		const hostile = HOSTILE_STRINGS.map((h) => h.text);
		const pick = (i: number) => hostile[i % hostile.length] ?? "";
		const tour = FULL
			? ["\x1b[1;2B", "\x1b[B", "n", "語", "\r", "\x1b[B", "\x1b[B", "\r", "漢字", "\r", "\t", "\x1d", "\x1d", "\t"]
			: ["\x1b[B", "n", "語", "\r", "\t", "\t"];
		// Quick mode: every width up to 40 (where layouts switch and break) and every 10th up to 300.
		const widths = Array.from({ length: 300 }, (_, i) => i + 1).filter((w) => FULL || w <= 40 || w % 10 === 0);
		for (const cols of widths) {
			const q: Questionnaire = {
				questions: [0, 1].map((i) => ({
					question: `Q${i} ${pick(cols + i)} 漢字かな交じり文 👨‍👩‍👧‍👦`,
					header: `H${i} ${pick(cols + 2)}`,
					multiSelect: i === 1,
					options: [0, 1, 2].map((k) => ({
						label: `${k} ${pick(cols + k)} ＡＢＣ`,
						description: `d ${pick(cols + k + 3)} e\u0301\u0301`,
						preview: `# ${pick(cols + k + 5)}\n\n\`\`\`\n${pick(cols + k + 7)}\n\`\`\`\n| a | 表 |\n|---|---|\n| 1 | 2 |`,
					})),
				})),
			};
			await exercise(q, cols, 8 + (cols % 40), tour, `edited ${pick(cols)}`);
			figures.sweepWidths++;
		}
	}, 600_000);
});

describe("Pi's InteractiveMode, regular (main-screen) mode, across widths", () => {
	it("the questionnaire with hostile, CJK and emoji text survives every width Pi is resized to", async () => {
		const crashLog = join(tmpdir(), "pi-tui-crash.log");
		const before = existsSync(crashLog) ? statSync(crashLog).mtimeMs : 0;
		const hostile = HOSTILE_STRINGS.map((h) => h.text);
		const q = {
			questions: [0, 1, 2].map((i) => ({
				question: `${i}: ${hostile[i * 7]} 設定画面のレイアウトはどれにしますか？ 👩‍💻`,
				header: `${i} ${hostile[i * 11]}レイアウト`,
				multiSelect: i === 2,
				options: [0, 1, 2, 3].map((k) => ({
					label: `${k} ${hostile[(i * 4 + k) * 3]} タブ 🏳️‍🌈`,
					description: `${hostile[(i * 4 + k) * 5 + 1]} ${"説明".repeat(20)}`,
					preview: `# 見出し\n\n\`\`\`ts\n${"const x = 'とても長いコード行';".repeat(6)}\n\`\`\`\n${hostile[k + 40]}`,
				})),
			})),
		};
		const h = await startInteractive({ cols: 80, rows: 24, tuiMode: "regular", responses: [askTurn(q), echoTurn] });
		const widths = FULL
			? [300, 250, 200, 160, 120, 100, 99, 80, 64, 50, 40, 33, 25, 20, 16, 12, 10, 8, 80]
			: [300, 160, 100, 60, 33, 20, 12, 80];
		try {
			const done = h.prompt("ask me");
			await h.waitFor((s) => s.includes("□"), "the questionnaire");
			const steps = [["\x1b[1;2B", "\x1b[B"], ["n", "注", "\r"], ["\x1b[B", "\x1b[B"], ["\t"], ["1"]];
			for (const [i, cols] of widths.entries()) {
				h.terminal.resize(cols, 24);
				h.press(...(steps[i % steps.length] ?? []));
				await h.screen();
				await new Promise((r) => setTimeout(r, 30));
				expect(h.terminal.running, `Pi stopped at ${cols} columns`).toBe(true);
			}
			// Leave: Esc asks "Stop answering?" (something was given), Esc again puts it aside (never declines).
			h.press("\x1b");
			await h.waitFor((s) => s.includes("Stop answering?"), "Stop answering?");
			h.press("\x1b");
			await done;
			expect(h.toolResults()).toHaveLength(1);
			expect(h.terminal.running).toBe(true);
			const after = existsSync(crashLog) ? statSync(crashLog).mtimeMs : 0;
			expect(after).toBe(before);
			figures.piWidths = widths.join("/");
		} finally {
			await h.close();
		}
	});
});
