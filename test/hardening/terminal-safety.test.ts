/**
 * Guarantee 1 (terminal safety), in process: every hostile string of the corpus in every model-supplied
 * field (question, header, label, description, preview — also inside a markdown code block and a link)
 * and in every user-supplied one (typed answer, note, global note), shown through the real questionnaire
 * on pi-tui's main-screen TUI with Pi's dark theme. For each (string, field):
 * - every line the questionnaire hands to pi-tui carries no escape sequence but SGR (and pi-tui's own
 *   cursor/OSC 8 close markers) and fits the terminal;
 * - the byte stream the terminal receives carries nothing but pi-tui's own frame sequences;
 * - a string holding a control or bidi character leaves a visible stand-in on screen;
 * - the model-facing text has no raw control, bidi or separator character (JSON-quoted, \u-escaped);
 * - the transcript renderers (call and result, collapsed and expanded) pass the same checks.
 */
import type { Component } from "@earendil-works/pi-tui";
import { visibleWidth } from "@earendil-works/pi-tui";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAskCall } from "../../src/pi/render-call.ts";
import { renderAskResult } from "../../src/pi/render-result.ts";
import { resultText } from "../../src/protocol/envelope.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { notShownResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { assertTerminalSafe } from "../support/hostile-strings.ts";
import {
	CORPUS,
	everyField,
	expectsMarker,
	framed,
	MARKER,
	MODEL_FIELDS,
	type ModelField,
	questionnaireWith,
	report,
	USER_FIELDS,
	type UserField,
	withoutSgr,
} from "./support/corpus.ts";
import { assertModelTextSafe } from "./support/model-text.ts";
import { PiLikeHost, piInternals } from "./support/pi-host.ts";
import { assertStreamSafe } from "./support/recording-terminal.ts";

/** HARDENING_FULL=1 (npm run hardening): longer tours, more widths. */
const FULL = process.env.HARDENING_FULL === "1";
const COLS = 110;
const ROWS = 32;
const K = {
	up: "\x1b[A",
	down: "\x1b[B",
	shiftDown: "\x1b[1;2B",
	enter: "\r",
	escape: "\x1b",
	tab: "\t",
	collapse: "\x1d",
	paste: (text: string) => `\x1b[200~${text}\x1b[201~`,
};

let host: PiLikeHost;
const figures = {
	strings: CORPUS.length,
	cases: 0,
	blankRejected: 0,
	rendererLines: 0,
	frames: 0,
	linesChecked: 0,
	streamBytes: 0,
	markersSeen: 0,
};

beforeAll(async () => {
	host = await PiLikeHost.create({ cols: COLS, rows: ROWS, recordLines: true, emulate: false });
	host.start();
});

afterAll(() => {
	host.stop();
	report("terminal safety (pi-tui host)", {
		...figures,
		fields: `${MODEL_FIELDS.length} model + ${USER_FIELDS.length} user`,
		mode: FULL ? "full" : "quick",
	});
});

/**
 * The questionnaire with `text` in `field`, as the validator accepts it. A string the validator treats as
 * blank (only controls and invisibles) is rejected for a question or header (the model gets a safe problem
 * list) and dropped as a preview; it is then shown framed by visible text, so it still reaches the screen.
 */
function accepted(field: ModelField, text: string): { questionnaire: Questionnaire; shown: string } {
	const v = validateQuestionnaire(questionnaireWith(field, text));
	const previewDropped =
		v.ok && field.startsWith("preview") && v.questionnaire.questions[0]?.options[0]?.preview === undefined;
	if (v.ok && !previewDropped) return { questionnaire: v.questionnaire, shown: text };
	if (!v.ok) {
		const rejected = notShownResult("programmatic", "invalid_questions", "invalid", v.problems);
		assertModelTextSafe(resultText(rejected, []));
		expect(v.problems.every((p) => p.path.startsWith("questions[0]."))).toBe(true);
	}
	figures.blankRejected++;
	return { questionnaire: validated(questionnaireWith(field, framed(text))), shown: framed(text) };
}

function validated(questionnaire: Questionnaire): Questionnaire {
	const v = validateQuestionnaire(questionnaire);
	if (!v.ok) throw new Error(`rejected: ${JSON.stringify(v.problems).slice(0, 300)}`);
	return v.questionnaire;
}

/** Runs `tour` on an open questionnaire, drawing a frame after each step; returns the result. */
async function drive(questionnaire: Questionnaire, tour: readonly (readonly string[])[]): Promise<QuestionnaireResult> {
	host.lines.length = 0;
	host.terminal.clearWritten();
	const opened = await host.open(questionnaire);
	host.frame();
	for (const keys of tour) {
		if (opened.doneCalls() > 0) break;
		host.press(...keys);
		if (opened.doneCalls() === 0) host.frame();
		figures.frames++;
	}
	// Three cancels end it from any mode: leave an editor, then decline (nothing given) or ask, then put aside.
	if (opened.doneCalls() === 0) host.press(K.escape, K.escape, K.escape);
	const result = await opened.result;
	expect(opened.doneCalls()).toBe(1);
	if (host.notices.length > 0) throw new Error(`the questionnaire failed: ${host.notices.join("; ")}`);
	if (!result) throw new Error("no result");
	return result;
}

/** The checks every case shares. */
function checkShown(text: string, what: string): void {
	const distinct = new Set(host.lines);
	for (const line of distinct) {
		assertTerminalSafe(line);
		if (visibleWidth(line) > COLS) throw new Error(`${what}: line wider than ${COLS}: ${JSON.stringify(line)}`);
	}
	figures.linesChecked += distinct.size;
	const stream = host.terminal.written();
	figures.streamBytes += stream.length;
	assertStreamSafe(stream);
	if (expectsMarker(text)) {
		const shown = [...distinct].some((line) => MARKER.test(withoutSgr(line)));
		if (!shown) throw new Error(`${what}: no visible trace of the control characters`);
		figures.markersSeen++;
	}
}

function checkModelText(result: QuestionnaireResult, questionnaire: Questionnaire): void {
	const text = resultText(
		result,
		questionnaire.questions.map((q) => q.question),
	);
	assertModelTextSafe(text);
}

/**
 * Browses every state a model-supplied string shows in: the option list with its preview, the preview
 * scrolled, the note editor, the answered question, the Submit tab's review, the collapsed bar. Each step
 * draws one frame; the quick tour (npm test) draws the states the string can appear in, the full tour
 * (HARDENING_FULL=1) every step in between too.
 */
const MODEL_TOUR: readonly (readonly string[])[] = FULL
	? [
			[K.shiftDown, K.shiftDown],
			[K.down],
			[K.up],
			["n"],
			[K.escape],
			["1"],
			[K.tab],
			[K.collapse],
			[K.collapse],
			[K.enter],
		]
	: [[K.shiftDown, K.shiftDown], ["n"], [K.escape, "1", K.tab], [K.collapse], [K.collapse, K.enter]];

function userTour(field: UserField, text: string): (readonly string[])[] {
	switch (field) {
		case "typed answer":
			return [[K.paste(text)], [K.enter], [K.tab], [K.enter]];
		case "note":
			return [["n"], [K.paste(text)], [K.enter], ["1"], [K.tab], [K.enter]];
		case "global note":
			return [[K.tab], [K.tab], ["n"], [K.paste(text)], [K.enter], [K.enter]];
	}
}

describe("a plain questionnaire shows no stand-ins (control for the marker check)", () => {
	it("no MARKER in a benign tour", async () => {
		const q = validated(questionnaireWith("question", "Which approach should we take?"));
		await drive(q, MODEL_TOUR);
		expect(host.lines.length).toBeGreaterThan(10);
		expect(host.lines.some((line) => MARKER.test(withoutSgr(line)))).toBe(false);
	});
});

describe.each(MODEL_FIELDS)("model field: %s", (field: ModelField) => {
	it(`all ${CORPUS.length} strings: safe lines, safe stream, visible traces, safe model text`, async () => {
		for (const { name, text } of CORPUS) {
			try {
				const { questionnaire: q, shown } = accepted(field, text);
				const result = await drive(q, MODEL_TOUR);
				checkShown(shown, `${field} / ${name}`);
				checkModelText(result, q);
				figures.cases++;
			} catch (error) {
				throw new Error(`${field} / ${name}: ${(error as Error).message}`);
			}
		}
	});
});

describe.each(USER_FIELDS)("user field: %s", (field: UserField) => {
	it(`all ${CORPUS.length} strings typed (pasted): safe lines, safe stream, visible traces, safe model text`, async () => {
		for (const { name, text } of CORPUS) {
			const q = validated(questionnaireWith("question", "Which approach should we take?"));
			try {
				const result = await drive(q, userTour(field, text));
				checkShown(text, `${field} / ${name}`);
				checkModelText(result, q);
				figures.cases++;
			} catch (error) {
				throw new Error(`${field} / ${name}: ${(error as Error).message}`);
			}
		}
	});
});

describe("transcript renderers", () => {
	const WIDTHS = [1, 7, 40, 120];
	let theme: Awaited<ReturnType<typeof piInternals>>["theme"];
	beforeAll(async () => {
		theme = (await piInternals()).theme;
	});

	/** The string in every field of the call and of the result, with Pi's theme, collapsed and expanded. */
	function components(text: string): Component[] {
		const q = everyField(text);
		const result: QuestionnaireResult = {
			outcome: "answered",
			cancelled: false,
			host: "tui",
			answers: [
				{ questionIndex: 0, question: text, kind: "custom", answer: text, notes: text },
				{ questionIndex: 1, question: text, kind: "multi", answer: [text, "One"] },
			],
			globalNote: text,
		};
		const content = [{ type: "text", text: resultText(result, [text, text]) }];
		const out: Component[] = [];
		for (const expanded of [false, true]) {
			out.push(renderAskCall(q, theme, { expanded }));
			out.push(renderAskResult({ content, details: result }, { expanded, isPartial: false }, theme, { args: q }));
			out.push(renderAskResult({ content, details: undefined }, { expanded, isPartial: false }, theme, { args: q }));
		}
		return out;
	}

	it(`all ${CORPUS.length} strings in every field of the call and the result: safe lines within every width`, () => {
		let lines = 0;
		for (const { name, text } of CORPUS) {
			for (const component of components(text)) {
				for (const width of WIDTHS) {
					for (const line of component.render(width)) {
						try {
							assertTerminalSafe(line);
						} catch (error) {
							throw new Error(`${name} @${width}: ${(error as Error).message}`);
						}
						if (visibleWidth(line) > width) throw new Error(`${name} @${width}: too wide ${JSON.stringify(line)}`);
						lines++;
					}
				}
			}
		}
		figures.rendererLines = lines;
	});
});
