/**
 * The late answer in the transcript (Pi's message renderer): the tool's title with the headers, a line
 * saying it is a late answer asked at the person's local time, then the same result rows as the tool
 * result, on the tool-result background; malformed details fall back to the text; every line fits every
 * width 1…120 (a sample in `npm test`, every one under `npm run hardening`) for hostile, CJK and emoji
 * text, and only the theme's styling reaches the terminal.
 */
import type { MessageRenderer } from "@earendil-works/pi-coding-agent";
import { visibleWidth } from "@earendil-works/pi-tui";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderLateAnswer } from "../../src/pi/render-late-answer.ts";
import { lateAnswerMessage } from "../../src/protocol/late-answer-text.ts";
import { type Answer, finishedResult } from "../../src/protocol/result.ts";
import { assertTerminalSafe, HOSTILE_STRINGS } from "../support/hostile-strings.ts";
import { SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION } from "../support/questions.ts";
import { sweepWidths } from "../support/sweep.ts";

// Type check: the renderer plugs straight into Pi's registerMessageRenderer.
const _plugs: MessageRenderer = (message, options, theme) => renderLateAnswer(message, options, theme);
void _plugs;

/** Asked at 08:12 on 2026-12-04 in the person's time zone, whichever it is: shown as such, to the minute. */
const ASKED = new Date(2026, 11, 4, 8, 12, 30).getTime();
const ASKED_SHOWN = "2026-12-04 08:12";
const plain = {
	fg: (_c: string, text: string) => text,
	bold: (text: string) => text,
	bg: (_c: string, t: string) => t,
};
const marked = {
	fg: (color: string, text: string) => `<${color}>${text}</>`,
	bold: (text: string) => `*${text}*`,
	bg: (color: string, text: string) => `{${color}}${text}{/}`,
};
const sgr = {
	fg: (_c: string, text: string) => `\x1b[36m${text}\x1b[39m`,
	bold: (text: string) => `\x1b[1m${text}\x1b[22m`,
	bg: (_c: string, text: string) => `\x1b[48;5;22m${text}\x1b[49m`,
};
const redis: Answer = { questionIndex: 0, question: "Which cache?", kind: "option", answer: "Redis" };
const linux: Answer = { questionIndex: 1, question: "Which targets?", kind: "multi", answer: ["Linux"] };

function message(answers: Answer[] = [redis, linux], ended: "submitted" | "declined" = "submitted") {
	const pending = {
		id: "call_1",
		askedAt: ASKED,
		questionnaire: { questions: [SMALL_CACHE_QUESTION, SMALL_TARGETS_QUESTION] },
	};
	return lateAnswerMessage(pending, finishedResult("tui", 2, ended, { answers }));
}

function lines(m: { content: unknown; details?: unknown }, expanded = false, width = 60, theme = plain): string[] {
	return [...renderLateAnswer(m, { expanded, outputPad: 1 }, theme).render(width)].map((l) => l.trimEnd());
}

describe("the late answer in the transcript", () => {
	it("collapsed: title and headers, the late line with the local time, the one-line summary", () => {
		expect(lines(message())).toEqual([
			"",
			" ask_user_question  Cache · Targets",
			` Late answer · asked ${ASKED_SHOWN}`,
			" ✔ Cache: Redis · Targets: Linux",
			"",
		]);
	});

	it("a subagent's questionnaire names who asked it, as its dialog did; a malformed origin is left out", () => {
		const from = { name: "scout\x1b[31m", cwd: "/work/app", depth: 1, task: "Pick a cache." };
		const relayed = lateAnswerMessage(
			{ id: "q_1", askedAt: ASKED, questionnaire: { questions: [SMALL_CACHE_QUESTION] }, from },
			finishedResult("tui", 1, "submitted", { answers: [redis] }),
		);
		expect(lines(relayed, false, 100)).toEqual([
			"",
			" ask_user_question  Cache",
			` Late answer · asked ${ASKED_SHOWN}`,
			' Asked by subagent "scout␛[31m" · depth 1 · /work/app · Task: Pick a cache.',
			" ✔ Cache: Redis",
			"",
		]);
		const broken = { ...relayed, details: { ...relayed.details, from: { cwd: 7, depth: "x" } } };
		expect(lines(broken, false, 100)).not.toContain(expect.stringContaining("Asked by"));
		for (let width = 1; width <= 60; width++)
			for (const line of renderLateAnswer(relayed, { expanded: true }, plain).render(width))
				expect(visibleWidth(line)).toBeLessThanOrEqual(width);
	});

	it("expanded: each question's answer, as the tool result shows it", () => {
		expect(lines(message(), true)).toEqual([
			"",
			" ask_user_question  Cache · Targets",
			` Late answer · asked ${ASKED_SHOWN}`,
			" ✔ Answered",
			" ✔ Cache: Redis",
			" ✔ Targets: Linux",
			"",
		]);
	});

	it("a decline reads as one; styled with the theme's colours on the tool-result background", () => {
		const styled = lines(message([], "declined"), false, 60, marked);
		expect(styled[3]).toMatch(/^\{toolSuccessBg\} <warning>✘ Declined<\/> +\{\/\}$/);
		expect(styled[2]).toContain(`<muted>Late answer · asked ${ASKED_SHOWN}</>`);
	});

	it("outputPad sets the padding; it shrinks where the width has no room for it", () => {
		const at = (pad: number, width: number) =>
			[...renderLateAnswer(message(), { expanded: false, outputPad: pad }, plain).render(width)][1];
		expect(at(0, 40)).toMatch(/^ask_user_question/);
		expect(at(3, 40)).toMatch(/^ {3}ask_user_question/);
		expect(at(3, 3)).toMatch(/^ \S /);
		expect(at(3, 1)).toHaveLength(1);
	});

	it("details that are not ours fall back to the message text; a missing time says only late answer", () => {
		const text = "Late answer to the questionnaire asked at …";
		expect(lines({ content: text, details: { questions: "x", result: 3 } })).toEqual([
			"",
			" ask_user_question",
			" Late answer",
			` ${text}`,
			"",
		]);
		expect(lines({ content: text })[3]).toBe(` ${text}`);
	});

	it("the time asked is the local calendar time, to the minute; left out when Date cannot hold it", () => {
		const askedAt = (time: number) => lines({ content: "", details: { ...message().details, askedAt: time } })[2];
		expect(askedAt(new Date(2026, 0, 2, 3, 4, 59).getTime())).toBe(" Late answer · asked 2026-01-02 03:04");
		expect(askedAt(Number.NaN)).toBe(" Late answer");
		expect(askedAt(1e20)).toBe(" Late answer");
	});
});

describe("width and terminal safety", () => {
	const hostile = (s: string) => {
		const question = {
			question: s,
			header: s,
			options: [
				{ label: s, description: s },
				{ label: "b", description: "" },
			],
		};
		const answers = [{ questionIndex: 0, question: s, kind: "custom" as const, answer: s, notes: s }];
		return lateAnswerMessage(
			{ id: s, askedAt: ASKED, questionnaire: { questions: [question] } },
			finishedResult("programmatic", 1, "submitted", { answers, globalNote: s }),
		);
	};

	// Each string at every narrow width and a stride above, shifted per string so the corpus meets every
	// width 1…120 several times over; every width for every string under HARDENING_FULL=1.
	it.each(HOSTILE_STRINGS.map((h, i) => [h.name, h.text, i] as const))(
		"%s fits 1…120 and reaches the terminal inert",
		(_n, text, i) => {
			const m = hostile(text.slice(0, 200));
			for (const expanded of [false, true]) {
				for (const width of sweepWidths(120, { dense: 8, stride: 12, offset: i })) {
					for (const line of renderLateAnswer(m, { expanded }, sgr).render(width))
						if (visibleWidth(line) > width) expect.fail(`line wider than ${width}: ${JSON.stringify(line)}`);
				}
				assertTerminalSafe(renderLateAnswer(m, { expanded }, plain).render(40).join("\n"), false);
			}
		},
	);

	it("never throws and always fits, for arbitrary details and content", () => {
		fc.assert(
			fc.property(
				fc.anything(),
				fc.anything(),
				fc.boolean(),
				fc.integer({ min: 1, max: 130 }),
				(details, content, expanded, width) => {
					for (const line of renderLateAnswer({ content, details }, { expanded, outputPad: 1 }, sgr).render(width))
						expect(visibleWidth(line)).toBeLessThanOrEqual(width);
				},
			),
			{ numRuns: 300 },
		);
	});
});
