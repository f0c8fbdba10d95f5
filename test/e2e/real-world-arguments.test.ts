/**
 * What real models send, through the real `pi` (RPC mode, the scripted fake model): each shape below
 * is one tool call; the test asserts the exact text the model receives back and whether a dialog
 * appeared. Recoverable shapes are repaired by the tool's `prepareArguments` hook and shown (no turn
 * lost); unrecoverable ones get one error result naming every problem, and nothing is shown.
 * The same observations make the README's "Real-world arguments" table, which must match them
 * (`PI_ASK_WRITE_README=1 npx vitest run test/e2e/real-world-arguments.test.ts` rewrites it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sharedRpc } from "../support/lifecycle.ts";
import { piVersion, REPO_ROOT, type UiHandler, type UiRequest } from "../support/pi.ts";
import { ASK, echoStep, option, rows } from "../support/questions.ts";

const pi = sharedRpc();

/** True when the Pi under test (the devDependency, or PI_ASK_PI_HOME's) is `version` or later. */
function piVersionAtLeast(version: string): boolean {
	const [a, b] = [piVersion(), version].map((v) => v.split(".").map(Number));
	for (let i = 0; i < 3; i++) if ((a?.[i] ?? 0) !== (b?.[i] ?? 0)) return (a?.[i] ?? 0) > (b?.[i] ?? 0);
	return true;
}

const REDIS = { label: "Redis", description: "Shared." };
const MEMORY = { label: "Memory", description: "Simple." };
const QUESTION = { question: "Which cache?", header: "Cache", options: [REDIS, MEMORY] };
const ANSWERED = 'User answered: "Which cache?" = "Redis". Continue with these answers.';
const ANSWERED_MULTI = 'User answered: "Which cache?" = ["Redis"]. Continue with these answers.';
const problems = (...lines: string[]) =>
	`ask_user_question was not shown: the arguments have ${lines.length} problem${lines.length === 1 ? "" : "s"}. ` +
	`Fix all of them and call again.${lines.map((line) => `\n- ${line}`).join("")}`;
const TOO_MANY_QUESTIONS =
	"questions: Has 5 questions; at most 4 allowed. Keep the ones that matter most or merge related ones; ask the rest in a later call.";
const RESERVED = (label: string, j: number) =>
	`questions[0].options[${j}].label: ${JSON.stringify(label)} is reserved: the UI adds its own rows for typing a custom answer ("Type something.") and moving on ("Next"). Remove this option, or name the concrete choice it stands for.`;

interface Shape {
	/** What the model did, for the README table. */
	name: string;
	/** The tool call's arguments: an object, or the raw JSON text sent. */
	args: Record<string, unknown> | string;
	/** The exact text the model receives back. */
	receives: string;
	/** Whether a dialog appeared. */
	shown: boolean;
	/** The option rows of the first dialog, when it matters. */
	rows?: string[];
}

const withQuestion = (patch: Record<string, unknown>) => ({ questions: [{ ...QUESTION, ...patch }] });
const fiveOptions = ["A", "B", "C", "D", "E", "F"].map((label) => ({ label, description: `Pick ${label}.` }));

const SHAPES: Shape[] = [
	{ name: "well-formed (control)", args: { questions: [QUESTION] }, receives: ANSWERED, shown: true },
	{
		name: "`questions` as a JSON-encoded string",
		args: { questions: JSON.stringify([QUESTION]) },
		receives: ANSWERED,
		shown: true,
	},
	{
		name: "the whole call JSON-encoded twice",
		args: JSON.stringify(JSON.stringify({ questions: [QUESTION] })),
		// Pi 1.3.0 and later refuse arguments that are not an object before any hook runs; older Pi lets the hook decode them.
		receives: piVersionAtLeast("1.3.0")
			? 'Invalid arguments for tool "ask_user_question": Tool arguments must be a JSON object\n\nReceived arguments:\n' +
				JSON.stringify(JSON.stringify({ questions: [QUESTION] }))
			: ANSWERED,
		shown: !piVersionAtLeast("1.3.0"),
	},
	{
		name: "one question object instead of an array",
		args: { questions: QUESTION },
		receives: ANSWERED,
		shown: true,
	},
	{
		name: "options as plain strings",
		args: withQuestion({ options: ["Redis", "Memory"] }),
		receives: ANSWERED,
		shown: true,
		rows: ["1. Redis", "2. Memory"],
	},
	{
		name: '`"multiSelect": "true"`',
		args: withQuestion({ multiSelect: "true" }),
		receives: ANSWERED_MULTI,
		shown: true,
	},
	{ name: '`"multiSelect": "yes"`', args: withQuestion({ multiSelect: "yes" }), receives: ANSWERED_MULTI, shown: true },
	{ name: '`"multiSelect": 0`', args: withQuestion({ multiSelect: 0 }), receives: ANSWERED, shown: true },
	{
		name: "`null` optional fields (`multiSelect`, `preview`)",
		args: withQuestion({ multiSelect: null, options: [{ ...REDIS, preview: null }, MEMORY] }),
		receives: ANSWERED,
		shown: true,
	},
	{
		name: "`null` or missing `description`",
		args: withQuestion({ options: [{ label: "Redis", description: null }, { label: "Memory" }] }),
		receives: ANSWERED,
		shown: true,
		rows: ["1. Redis", "2. Memory"],
	},
	{
		name: "`header` missing",
		args: { questions: [{ question: "Which cache?", options: [REDIS, MEMORY] }] },
		receives: ANSWERED,
		shown: true,
	},
	{
		name: "field names in other case and spacing (`Question`, ` header `, `OPTIONS`, `Label`)",
		args: {
			Questions: [
				{
					Question: "Which cache?",
					" header ": "Cache",
					OPTIONS: [{ Label: "Redis", Description: "Shared." }, MEMORY],
				},
			],
		},
		receives: ANSWERED,
		shown: true,
	},
	{
		name: "`multi_select` (snake case)",
		args: withQuestion({ multi_select: true }),
		receives: ANSWERED_MULTI,
		shown: true,
	},
	{
		name: "`null` question text",
		args: withQuestion({ question: null }),
		receives: problems("questions[0].question: Must be a string (the full question, ending with '?'); got null."),
		shown: false,
	},
	{
		name: "`null` option label",
		args: withQuestion({ options: [{ label: null, description: "Shared." }, MEMORY] }),
		receives: problems("questions[0].options[0].label: Must be a string (a 1-5 word label); got null."),
		shown: false,
	},
	{
		name: "a fifth question",
		args: { questions: ["One", "Two", "Three", "Four", "Five"].map((n) => ({ ...QUESTION, question: `${n}?` })) },
		receives: problems(TOO_MANY_QUESTIONS),
		shown: false,
	},
	{
		name: "a fifth and a sixth option",
		args: withQuestion({ options: fiveOptions }),
		receives: problems(
			"questions[0].options: Has 6 options; at most 4 allowed. Keep the most distinct choices; the user can always type their own answer.",
		),
		shown: false,
	},
	{
		name: "empty options list",
		args: withQuestion({ options: [] }),
		receives: problems(
			"questions[0].options: Has 0 options; needs 2-4. Add a distinct alternative; the user can always type their own answer, so never add 'Other'.",
		),
		shown: false,
	},
	{
		name: '"Other (please specify)" label',
		args: withQuestion({ options: [REDIS, MEMORY, { label: "Other (please specify)", description: "Type it." }] }),
		receives: problems(RESERVED("Other (please specify)", 2)),
		shown: false,
	},
	{
		name: 'reserved label "Type something."',
		args: withQuestion({ options: [REDIS, { label: "Type something.", description: "Free text." }] }),
		receives: problems(RESERVED("Type something.", 1)),
		shown: false,
	},
	{
		name: 'five questions, one with "Other" and a duplicate label: every problem at once',
		args: {
			questions: [
				{
					...QUESTION,
					options: [REDIS, { label: "Other", description: "Else." }, { label: " redis ", description: "Again." }],
				},
				...["Two", "Three", "Four", "Five"].map((n) => ({ ...QUESTION, question: `${n}?` })),
			],
		},
		receives: problems(
			TOO_MANY_QUESTIONS,
			RESERVED("Other", 1),
			"questions[0].options[2].label: Same label as questions[0].options[0].label (compared ignoring case and surrounding spaces). Give each option a distinct label.",
		),
		shown: false,
	},
	{
		name: "`questions` a string that is not JSON",
		args: { questions: "Which cache? Redis or Memory" },
		receives: problems("questions: Must be an array of 1-4 questions, each {question, header, options}; got a string."),
		shown: false,
	},
];

/** Answers any questionnaire: option 1 (checked, then Done, for a multi-select), then Submit if asked. */
const answerFirstOption: UiHandler = (request: UiRequest) => {
	const offered = request.options ?? [];
	if (offered.some(rows.submit)) return { value: option(request, rows.submit) };
	if (offered.some(rows.checked) && offered.some(rows.done)) return { value: option(request, rows.done) };
	return { value: option(request, rows.numbered(1)) };
};

const observed: { name: string; receives: string; shown: boolean }[] = [];

describe("real-world argument shapes through the real pi", () => {
	it.each(SHAPES.map((shape) => [shape.name, shape] as const))("%s", async (_name, shape) => {
		pi.h.fake.enqueue({ toolCall: { name: ASK, arguments: shape.args } }, echoStep);
		const run = await pi.rpc.prompt("ask", { onDialog: answerFirstOption });
		const received = pi.h.fake.requests.at(-1)?.lastToolResult ?? "(no tool result)";
		observed.push({ name: shape.name, receives: received, shown: run.dialogs.length > 0 });
		expect(received).toBe(shape.receives);
		expect(run.dialogs.length > 0).toBe(shape.shown);
		expect(run.toolEnds).toHaveLength(1);
		// The word "null" never reaches the person or the model.
		expect(JSON.stringify(run.dialogs)).not.toMatch(/\bnull\b/);
		if (shape.rows) expect(run.dialogs[0]?.options).toEqual(expect.arrayContaining(shape.rows));
	});
});

const TABLE_START = "<!-- real-world-arguments:start -->";
const TABLE_END = "<!-- real-world-arguments:end -->";

/** The README table of what was observed, in the order of SHAPES. */
function table(): string {
	const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, "<br>");
	const lines = observed.map((o) => `| ${o.name} | ${cell(o.receives)} | ${o.shown ? "yes" : "no"} |`);
	return [
		TABLE_START,
		"| the model sends | what the model receives | shown? |",
		"| --- | --- | --- |",
		...lines,
		TABLE_END,
	].join("\n");
}

afterAll(() => {
	// Only a complete run on the Pi the README describes (the devDependency) makes the table.
	if (observed.length !== SHAPES.length || process.env.PI_ASK_PI_HOME) return;
	const path = join(REPO_ROOT, "README.md");
	const readme = readFileSync(path, "utf8");
	const start = readme.indexOf(TABLE_START);
	const end = readme.indexOf(TABLE_END) + TABLE_END.length;
	const current = start >= 0 && end > start ? readme.slice(start, end) : "";
	if (process.env.PI_ASK_WRITE_README === "1" && current !== "") {
		writeFileSync(path, readme.slice(0, start) + table() + readme.slice(end));
		return;
	}
	expect(current, "README's Real-world arguments table (PI_ASK_WRITE_README=1 rewrites it)").toBe(table());
});
