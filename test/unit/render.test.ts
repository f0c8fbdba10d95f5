/**
 * Transcript renderers: what the call and each outcome look like collapsed and expanded, with a stub
 * theme that makes colours visible as `<color>text</>`.
 */
import type { ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { renderAskCall } from "../../src/pi/render-call.ts";
import { renderAskResult } from "../../src/pi/render-result.ts";
import { type Answer, finishedResult, notShownResult, type QuestionnaireResult } from "../../src/protocol/result.ts";
import type { QuestionnaireParams } from "../../src/tool/schema.ts";

// Type check: the renderers plug straight into Pi's ToolDefinition.
const _plugs: Pick<ToolDefinition<typeof QuestionnaireParams, QuestionnaireResult>, "renderCall" | "renderResult"> = {
	renderCall: renderAskCall,
	renderResult: renderAskResult,
};
void _plugs;

const theme = {
	fg: (color: string, text: string) => `<${color}>${text}</>`,
	bold: (text: string) => `*${text}*`,
};
/** Identity theme: the plain text a user reads. */
const plain = { fg: (_color: string, text: string) => text, bold: (text: string) => text };

const ARGS = {
	questions: [
		{
			question: "Which cache should we use?",
			header: "Cache",
			options: [
				{ label: "Redis (Recommended)", description: "Fast, in memory" },
				{ label: "Memcached", description: "Simple", preview: "```ts\ncache()\n```" },
			],
		},
		{
			question: "Which platforms?\nPick all that apply.",
			header: "Platforms",
			multiSelect: true,
			options: [
				{ label: "Linux", description: "" },
				{ label: "macOS", description: "Apple" },
			],
		},
	],
};

const CACHE: Answer = { questionIndex: 0, question: "Which cache should we use?", kind: "option", answer: "Redis" };
const PLATFORMS: Answer = {
	questionIndex: 1,
	question: "Which platforms?",
	kind: "multi",
	answer: ["Linux", "macOS"],
};
const CONTENT = [{ type: "text", text: "User answered: ...\nContinue with these answers." }];
const hint = (_id: string, description: string) => `<hint>ctrl+o ${description}</>`;

function result(details: unknown, expanded = false, context: object = { args: ARGS }, t = plain): string[] {
	return [
		...renderAskResult({ content: CONTENT, details }, { expanded, isPartial: false }, t, context).render(120),
	].map((l) => l.trimEnd());
}

describe("renderAskCall", () => {
	it("shows the tool name and the headers on one line", () => {
		expect(renderAskCall(ARGS, plain, {}).render(120)).toEqual(["ask_user_question  Cache · Platforms"]);
		expect(renderAskCall(ARGS, theme, {}).render(120)[0]).toBe(
			"<toolTitle>*ask_user_question*</>  <accent>Cache</><muted> · </><accent>Platforms</>",
		);
	});

	it("stays one line when collapsed, however many or long the headers", () => {
		const many = { questions: ARGS.questions.map((q) => ({ ...q, header: "A very long header indeed ".repeat(5) })) };
		for (const width of [10, 40, 80]) expect(renderAskCall(many, plain, {}).render(width)).toHaveLength(1);
	});

	it("shows every question with its options when expanded", () => {
		const lines = renderAskCall(ARGS, plain, { expanded: true }).render(120);
		expect(lines).toEqual([
			"ask_user_question  Cache · Platforms",
			"Cache",
			"  Which cache should we use?",
			"  • Redis (Recommended) — Fast, in memory",
			"  • Memcached — Simple (preview)",
			"Platforms (multi-select)",
			"  Which platforms?",
			"  Pick all that apply.",
			"  ☐ Linux",
			"  ☐ macOS — Apple",
		]);
	});

	it.each([
		["no arguments yet", undefined],
		["an empty object", {}],
		["questions not an array", { questions: "x" }],
		["junk entries", { questions: [null, 3, { header: 5, options: "no" }, { options: [null, { label: 1 }] }] }],
	])("never throws on %s (streaming arguments)", (_name, args) => {
		for (const expanded of [false, true]) {
			const lines = renderAskCall(args, plain, { expanded, isPartial: true }).render(40);
			expect(lines[0]).toMatch(/^ask_user_question/);
		}
	});

	it("numbers questions whose header has not arrived", () => {
		const lines = renderAskCall({ questions: [{ question: "Q?" }, { header: "  " }] }, plain, {}).render(80);
		expect(lines).toEqual(["ask_user_question  Q1 · Q2"]);
	});

	it("shows an ellipsis while the first question streams in", () => {
		expect(renderAskCall({}, plain, { isPartial: true }).render(80)).toEqual(["ask_user_question  …"]);
		expect(renderAskCall({}, plain, {}).render(80)).toEqual(["ask_user_question"]);
	});
});

describe("renderAskResult", () => {
	it("answered: one line of header: answer pairs", () => {
		const details = finishedResult("tui", 2, "submitted", { answers: [CACHE, PLATFORMS] });
		expect(result(details)).toEqual(["✔ Cache: Redis · Platforms: Linux, macOS"]);
		expect(result(details, false, { args: ARGS }, theme)[0]).toBe(
			"<success>✔</> <muted>Cache:</> Redis<muted> · </><muted>Platforms:</> Linux, macOS",
		);
	});

	it("answered, expanded: one line per answer, with notes and the global note", () => {
		const details = finishedResult("tui", 2, "submitted", {
			answers: [
				{ ...CACHE, notes: "for now\nrevisit in Q3" },
				{ ...PLATFORMS, kind: "custom", answer: "BSD" },
			],
			globalNote: "ship it",
		});
		expect(result(details, true)).toEqual([
			"✔ Answered",
			"✔ Cache: Redis",
			"  note: for now",
			"        revisit in Q3",
			"✔ Platforms: BSD (typed)",
			"Note: ship it",
		]);
	});

	it("collapsed stays within two lines and offers Pi's expand key when there is more", () => {
		const details = finishedResult("tui", 2, "submitted", {
			answers: [{ ...CACHE, notes: "n" }, PLATFORMS],
			globalNote: "overall",
		});
		const lines = result(details, false, { args: ARGS, keyHint: hint });
		expect(lines).toEqual(["✔ Cache: Redis · Platforms: Linux, macOS", "Note: overall · <hint>ctrl+o to expand</>"]);
		const single = finishedResult("tui", 1, "submitted", { answers: [CACHE] });
		expect(result(single, false, { args: ARGS, keyHint: hint })).toEqual(["✔ Cache: Redis"]);
	});

	it("answered by another extension: says who, cleaned and kept short", () => {
		const details = {
			...finishedResult("programmatic", 2, "submitted", { answers: [CACHE, PLATFORMS] }),
			answeredBy: { kind: "extension", name: "phone-bridge" },
		};
		expect(result(details)).toEqual([
			"✔ Cache: Redis · Platforms: Linux, macOS",
			"answered by extension phone-bridge, not you",
		]);
		expect(result(details, true)[1]).toBe("  answered by extension phone-bridge, not you");
		const client = { ...details, answeredBy: { kind: "client", name: "pi-ask on pts/3" } };
		expect(result(client)[1]).toBe("you answered from pi-ask on pts/3");
		// The person in this Pi's own UI needs no line: it was them.
		expect(result({ ...details, answeredBy: { kind: "person" } })).toHaveLength(1);
		const hostile = {
			...details,
			answeredBy: { kind: "extension", name: `\x1b]52;c;aGk=\x07evil\u202e${"x".repeat(80)}` },
		};
		const line = result(hostile)[1] ?? "";
		expect(line).not.toMatch(/[\x1b\x07\u202e]/);
		expect(line.length).toBeLessThan(70);
	});

	it("partial: marks what is unanswered", () => {
		const details = finishedResult("tui", 2, "submitted", {
			answers: [CACHE],
			questionNotes: [{ questionIndex: 1, question: "Which platforms?", notes: "ask ops" }],
		});
		expect(result(details)).toEqual(["◐ Partly answered · Cache: Redis", "○ Unanswered: Platforms"]);
		expect(result(details, true)).toEqual([
			"◐ Partly answered",
			"✔ Cache: Redis",
			"○ Platforms: not answered",
			"  note: ask ops",
		]);
		expect(result(details, false, { args: ARGS }, theme)[1]).toBe("<warning>○ Unanswered: Platforms</>");
	});

	it("declined: says so, shows no (void) answers, keeps the notes", () => {
		const details = finishedResult("tui", 2, "declined", { answers: [{ ...CACHE, notes: "not my call" }] });
		expect(result(details)).toEqual(["✘ Declined"]);
		expect(result(details, false, { args: ARGS }, theme)).toEqual(["<warning>✘ Declined</>"]);
		expect(result(details, true)).toEqual(["✘ Declined", "  Cache: not my call"]);
	});

	it("answered in chat: says so, in the success colour, with no answers from the form", () => {
		const details = finishedResult("tui", 2, "answered_in_chat", { answers: [CACHE] });
		expect(result(details)).toEqual(["✔ Answered in chat"]);
		expect(result(details, false, { args: ARGS }, theme)).toEqual(["<success>✔ Answered in chat</>"]);
	});

	it("interrupted and timed out: the answers so far", () => {
		const none = finishedResult("tui", 2, "interrupted", { answers: [] });
		expect(result(none)).toEqual(["✘ Interrupted"]);
		const some = finishedResult("tui", 2, "timed_out", { answers: [CACHE] });
		expect(result(some)).toEqual(["✘ Timed out · Cache: Redis", "○ Unanswered: Platforms"]);
	});

	it("not shown: the reason, and each problem when expanded", () => {
		const noUi = notShownResult("tui", "no_ui", "no interactive UI");
		expect(result(noUi)).toEqual(["✘ Not shown: no interactive UI"]);
		const invalid = notShownResult("tui", "invalid_questions", "2 problems", [
			{ path: "questions[0].header", message: "is empty" },
			{ path: "questions[1].options[0].label", message: 'equals the control row "Other"' },
		]);
		expect(result(invalid, true)).toEqual([
			"✘ Not shown: 2 problems",
			"  • questions[0].header: is empty",
			'  • questions[1].options[0].label: equals the control row "Other"',
		]);
	});

	it("names questions by their text when the arguments are unavailable", () => {
		const details = finishedResult("tui", 2, "submitted", { answers: [CACHE, { ...PLATFORMS, question: "" }] });
		expect(result(details, false, {})).toEqual(["✔ Which cache should we u…: Redis · Q2: Linux, macOS"]);
	});

	it("while the tool runs: waiting", () => {
		const lines = renderAskResult({ content: [] }, { expanded: false, isPartial: true }, plain).render(80);
		expect(lines.map((l) => l.trimEnd())).toEqual(["Waiting for the user…"]);
	});

	describe("falls back to the content text", () => {
		it.each<[string, unknown]>([
			["absent details", undefined],
			["details from another tool", { foo: 1 }],
			["an unknown outcome", { outcome: "exploded", answers: [] }],
			["a string", "answered"],
		])("for %s", (_name, details) => {
			expect(result(details)).toEqual(["User answered: ..."]);
			expect(result(details, false, { keyHint: hint })).toEqual(["User answered: ...", "<hint>ctrl+o to expand</>"]);
			expect(result(details, true)).toEqual(["User answered: ...", "Continue with these answers."]);
		});

		it("in the error colour for an error result", () => {
			const lines = renderAskResult(
				{ content: [{ type: "text", text: "Tool failed" }], details: undefined },
				{ expanded: false, isPartial: false },
				theme,
				{ isError: true },
			).render(80);
			expect(lines[0]?.trimEnd()).toBe("<error>Tool failed</>");
		});

		it("with no text at all", () => {
			const lines = renderAskResult({ content: 42 }, { expanded: false, isPartial: false }, plain).render(80);
			expect(lines.map((l) => l.trimEnd())).toEqual(["No result"]);
		});
	});

	it("keeps the well-formed parts of damaged details", () => {
		const damaged = {
			outcome: "answered",
			answers: [null, { answer: 7 }, { questionIndex: 1, question: "Which platforms?", answer: ["Linux", 3] }],
			unanswered: "all",
			questionNotes: [{ notes: 5 }],
			error: "x",
		} as unknown as QuestionnaireResult;
		expect(result(damaged)).toEqual(["✔ Platforms: Linux"]);
	});

	it("returns a component that caches per width and can be invalidated", () => {
		const component = renderAskResult(
			{ content: CONTENT, details: finishedResult("tui", 1, "submitted", { answers: [CACHE] }) },
			{ expanded: false, isPartial: false },
			plain,
		);
		const first = component.render(50);
		expect(component.render(50)).toBe(first);
		expect(component.render(20)).not.toBe(first);
		component.invalidate();
		expect(component.render(50)).toEqual(first);
	});
});
