/**
 * Every line the transcript renderers return fits the width Pi renders at (1…120; a sample of them in
 * `npm test`, every one under `npm run hardening`), for hostile, CJK and emoji text in every field, and
 * carries no escape sequence but the theme's own styling. Pi's regular (main-screen) mode crashes on a
 * line wider than the terminal, so this is not cosmetic.
 */

import type { Component } from "@earendil-works/pi-tui";
import { visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderAskCall } from "../../src/pi/render-call.ts";
import { renderAskResult } from "../../src/pi/render-result.ts";
import { finishedResult, notShownResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { sweepWidths } from "../support/sweep.ts";

const COLORS: Record<string, number> = { success: 32, warning: 33, error: 31, muted: 90, accent: 36, toolTitle: 35 };
/** A theme that styles like Pi's: real SGR, so widths are measured as the terminal sees them. */
const sgrTheme = {
	fg: (color: string, text: string) => `\x1b[${COLORS[color] ?? 37}m${text}\x1b[39m`,
	bold: (text: string) => `\x1b[1m${text}\x1b[22m`,
};
/** A theme that adds no escapes at all: any ESC in the output came from untrusted text. */
const inertTheme = { fg: (_c: string, text: string) => `[${text}]`, bold: (text: string) => text };

const EXTRA = [
	{ name: "cjk", text: "キャッシュ戦略を選んでください日本語中文한국어" },
	{ name: "emoji", text: "👩‍💻🏳️‍🌈👍🏽 ship it 🚀🚀🚀" },
	{ name: "long word", text: "x".repeat(300) },
	{ name: "multi-line", text: "one\ntwo\r\nthree\u2028four\tfive" },
];
const CORPUS = [...HOSTILE_STRINGS, ...EXTRA];
const SWEEP_CHARS = 160;

function args(s: string) {
	return {
		questions: [
			{
				question: s,
				header: s,
				options: [
					{ label: s, description: s, preview: s },
					{ label: "b", description: s },
				],
			},
			{ question: `${s}?`, header: `${s}2`, multiSelect: true, options: [{ label: s, description: "" }] },
		],
	};
}

function results(s: string): QuestionnaireResult[] {
	const answers = [
		{ questionIndex: 0, question: s, kind: "custom" as const, answer: s, notes: s },
		{ questionIndex: 1, question: s, kind: "multi" as const, answer: [s, s], custom: s },
	];
	const note = [{ questionIndex: 1, question: s, notes: s }];
	return [
		finishedResult("tui", 2, "submitted", { answers, globalNote: s }),
		finishedResult("tui", 2, "submitted", { answers: answers.slice(0, 1), questionNotes: note, globalNote: s }),
		finishedResult("tui", 2, "declined", { answers, questionNotes: note, globalNote: s }),
		finishedResult("tui", 2, "interrupted", { answers: answers.slice(1) }),
		notShownResult("tui", "invalid_questions", s, [{ path: s, message: s }]),
	];
}

/** Every component the renderers produce for one untrusted string, collapsed and expanded. */
function components(s: string, theme: typeof sgrTheme): Component[] {
	const a = args(s);
	const context = { args: a, keyHint: (_id: string, d: string) => theme.fg("muted", `ctrl+o ${d}`) };
	const out: Component[] = [];
	for (const expanded of [false, true]) {
		out.push(renderAskCall(a, theme, { expanded }));
		for (const details of [...results(s), { outcome: "answered" }, undefined]) {
			const content = [{ type: "text", text: s }];
			out.push(renderAskResult({ content, details }, { expanded, isPartial: false }, theme, context));
		}
	}
	return out;
}

function expectFits(lines: readonly string[], width: number, label: string): void {
	for (const line of lines) {
		const w = visibleWidth(line);
		if (w > width) throw new Error(`${label}: line of width ${w} > ${width}: ${JSON.stringify(line)}`);
	}
}

describe("render width safety", () => {
	// Each string (cut to SWEEP_CHARS; the cut may split a surrogate pair, one more hostile case) at every
	// narrow width and a stride of the wider ones, shifted per string so the corpus covers every width 1…120
	// many times over; the full strings at a spread of widths. HARDENING_FULL=1: every width for every string.
	it.each(CORPUS.map((h, i) => [h.name, h.text, i] as const))("%s fits the widths 1…120", (name, text, i) => {
		const all = components(text.slice(0, SWEEP_CHARS), sgrTheme);
		for (const width of sweepWidths(120, { dense: 8, stride: 12, offset: i })) {
			for (const component of all) expectFits(component.render(width), width, `${name} @${width}`);
		}
	});

	it("covers widths 1…120 with CJK and the whole corpus joined (every one under npm run hardening)", () => {
		const all = components(CORPUS.map((h) => h.text.slice(0, 6)).join(" 日本語 "), sgrTheme);
		for (const width of sweepWidths(120, { dense: 24, stride: 6 })) {
			for (const component of all) expectFits(component.render(width), width, `joined @${width}`);
		}
	});

	it.each(CORPUS.filter((h) => h.text.length > SWEEP_CHARS).map((h) => [h.name, h.text] as const))(
		"%s, in full, fits a spread of widths",
		(name, text) => {
			for (const component of components(text, sgrTheme)) {
				for (const width of [1, 2, 3, 5, 17, 64, 119]) expectFits(component.render(width), width, `${name} @${width}`);
			}
		},
	);

	it.each(CORPUS.map((h) => [h.name, h.text] as const))("%s reaches the terminal inert", (_name, text) => {
		for (const component of components(text, inertTheme)) {
			for (const width of [1, 7, 40, 120]) assertTerminalSafe(component.render(width).join("\n"), false);
		}
	});

	it("collapsed results stay within two lines at a normal width, whatever the text", () => {
		for (const { text } of CORPUS) {
			for (const details of results(text)) {
				const lines = renderAskResult({ content: [], details }, { expanded: false, isPartial: false }, sgrTheme, {
					args: args(text),
				}).render(100);
				expect(lines.length).toBeLessThanOrEqual(2);
			}
		}
	});

	it("never throws and always fits, for arbitrary arguments, details and content", () => {
		fc.assert(
			fc.property(
				fc.anything(),
				fc.anything(),
				fc.anything(),
				fc.boolean(),
				fc.boolean(),
				fc.integer({ min: 1, max: 130 }),
				(callArgs, details, content, expanded, isPartial, width) => {
					const call = renderAskCall(callArgs, sgrTheme, { expanded, isPartial });
					expectFits(call.render(width), width, "call");
					const view = renderAskResult({ content, details }, { expanded, isPartial }, sgrTheme, { args: callArgs });
					expectFits(view.render(width), width, "result");
				},
			),
			{ numRuns: 300 },
		);
	});

	it("never throws on arbitrary result-shaped details", () => {
		const text = fc.oneof(fc.string(), fc.constantFrom(...CORPUS.map((h) => h.text)));
		const loose = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 }));
		const details = fc.record(
			{
				outcome: fc.constantFrom("answered", "partial", "declined", "interrupted", "timed_out", "not_shown", "x"),
				answers: fc.array(
					fc.record(
						{ questionIndex: fc.oneof(fc.integer(), loose), question: loose, kind: loose, answer: loose, notes: loose },
						{ requiredKeys: [] },
					),
					{ maxLength: 5 },
				),
				unanswered: fc.oneof(fc.array(fc.oneof(fc.integer(), loose), { maxLength: 5 }), loose),
				questionNotes: fc.array(
					fc.record({ questionIndex: fc.integer(), question: loose, notes: loose }, { requiredKeys: [] }),
				),
				globalNote: loose,
				error: fc.oneof(
					loose,
					fc.record({ message: loose, problems: fc.array(fc.record({ path: loose, message: loose })) }),
				),
			},
			{ requiredKeys: ["outcome"] },
		);
		fc.assert(
			fc.property(details, fc.boolean(), fc.integer({ min: 1, max: 130 }), (d, expanded, width) => {
				const view = renderAskResult({ content: [], details: d }, { expanded, isPartial: false }, sgrTheme);
				expectFits(view.render(width), width, "details");
			}),
			{ numRuns: 500 },
		);
	});
});
