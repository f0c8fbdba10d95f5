/**
 * The argument shapes real models send, one tool call each, with what the extension makes of them on the
 * Pi under test: the exact text the model receives back and whether a dialog appears. Run through the
 * real `pi` by test/e2e/real-world-arguments.test.ts (with the extension) and
 * test/e2e/pi-own-validation.test.ts (Pi on its own, without the argument repair).
 */
import { isOlderVersion } from "../../src/pi/pi-version.ts";
import { piVersion } from "./pi.ts";
import { MODEL_MEMORY as MEMORY, MODEL_CACHE_QUESTION as QUESTION, MODEL_REDIS as REDIS } from "./questions.ts";

/** True when the Pi under test (the devDependency, or PI_ASK_PI_HOME's) is `version` or later. */
const piAtLeast = (version: string): boolean => !isOlderVersion(piVersion(), version);

const ANSWERED = 'User answered: "Which cache?" = "Redis". Continue with these answers.';
const ANSWERED_MULTI = 'User answered: "Which cache?" = ["Redis"]. Continue with these answers.';
const problems = (...lines: string[]) =>
	`ask_user_question was not shown: the arguments have ${lines.length} problem${lines.length === 1 ? "" : "s"}. ` +
	`Fix all of them and call again.${lines.map((line) => `\n- ${line}`).join("")}`;
const TOO_MANY_QUESTIONS =
	"questions: Has 5 questions; at most 4 allowed. Keep the ones that matter most or merge related ones; ask the rest in a later call.";
const RESERVED = (label: string, j: number) =>
	`questions[0].options[${j}].label: ${JSON.stringify(label)} is reserved: the UI adds its own rows for typing a custom answer ("Type something.") and moving on ("Next"). Remove this option, or name the concrete choice it stands for.`;

export interface Shape {
	/** What the model did, for docs/arguments.md's table. */
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

export const SHAPES: Shape[] = [
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
		receives: piAtLeast("1.3.0")
			? 'Invalid arguments for tool "ask_user_question": Tool arguments must be a JSON object\n\nReceived arguments:\n' +
				JSON.stringify(JSON.stringify({ questions: [QUESTION] }))
			: ANSWERED,
		shown: !piAtLeast("1.3.0"),
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
