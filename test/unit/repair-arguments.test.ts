/**
 * The argument repair behind the `prepareArguments` hook: each real-world shape it accepts, the ones it
 * leaves alone, and properties — it never changes a well-formed call (same reference), never throws nor
 * modifies its input, a repaired call validates and passes the schema the model reads, and the hook
 * either passes a call on or refuses it with the full report.
 */
import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { prepareAskArguments } from "../../src/tool/prepare-arguments.ts";
import { repairArguments } from "../../src/tool/repair-arguments.ts";
import { QuestionnaireParams } from "../../src/tool/schema.ts";
import { deepFreeze } from "../../src/util/freeze.ts";
import { arbQuestionnaire } from "../support/questionnaire-arbitrary.ts";
import {
	MODEL_MEMORY as MEMORY,
	MODEL_CACHE_QUESTION as QUESTION,
	MODEL_REDIS as REDIS,
} from "../support/questions.ts";

type Json = Record<string, unknown>;

const CALL = { questions: [QUESTION] };
const withQuestion = (patch: Json) => ({ questions: [{ ...QUESTION, ...patch }] });
const repaired = (input: unknown) => repairArguments(deepFreeze(input));

describe("repairArguments: what it repairs", () => {
	it.each([
		["questions as a JSON string", { questions: JSON.stringify([QUESTION]) }],
		["questions as fenced JSON", { questions: `\`\`\`json\n${JSON.stringify([QUESTION])}\n\`\`\`` }],
		["questions holding the encoded call", { questions: JSON.stringify(CALL) }],
		["the whole call as a JSON string", JSON.stringify(CALL)],
		["the questions array as the whole call", [QUESTION]],
		["one question as the whole call", QUESTION],
		["one question object instead of an array", { questions: QUESTION }],
		["options as a JSON string", withQuestion({ options: JSON.stringify([REDIS, MEMORY]) })],
		[
			"field names in other case and spacing",
			{
				Questions: [
					{
						Question: "Which cache?",
						" header ": "Cache",
						OPTIONS: [{ Label: "Redis", "Description ": "Shared." }, MEMORY],
					},
				],
			},
		],
		[
			"snake and kebab case",
			{
				questions: [
					{
						...QUESTION,
						options: [
							{ "la-bel": "Redis", description: "Shared." },
							{ label: "Memory", descrip_tion: "Simple." },
						],
					},
				],
			},
		],
	])("%s", (_name, input) => {
		expect(repaired(input)).toEqual(CALL);
	});

	it("a plain-string option becomes the label, with no description", () => {
		expect(repaired(withQuestion({ options: ["Redis", "Memory"] }))).toEqual(
			withQuestion({
				options: [
					{ label: "Redis", description: "" },
					{ label: "Memory", description: "" },
				],
			}),
		);
	});

	it.each([
		["true", true],
		[" TRUE ", true],
		["yes", true],
		["1", true],
		[1, true],
		["false", false],
		["No", false],
		["0", false],
		[0, false],
	])("multiSelect %p becomes %p", (value, flag) => {
		expect(repaired(withQuestion({ multiSelect: value }))).toEqual(withQuestion({ multiSelect: flag }));
		expect(repaired(withQuestion({ multi_select: value }))).toEqual(withQuestion({ multiSelect: flag }));
	});

	it("null optional fields are dropped; a null or missing description becomes empty; a missing header numbers the tab", () => {
		const input = {
			questions: [
				QUESTION,
				{
					question: "Which DB?",
					header: null,
					multiSelect: null,
					options: [{ label: "A", description: null, preview: null }, { label: "B" }],
				},
			],
		};
		expect(repaired(input)).toEqual({
			questions: [
				QUESTION,
				{
					question: "Which DB?",
					header: "Q2",
					options: [
						{ label: "A", description: "" },
						{ label: "B", description: "" },
					],
				},
			],
		});
	});
});

describe("repairArguments: what it leaves for validation to report", () => {
	it.each([
		["a null question", withQuestion({ question: null })],
		["a null label", withQuestion({ options: [{ label: null, description: "x" }, MEMORY] })],
		[
			"too many options",
			withQuestion({
				options: [
					REDIS,
					MEMORY,
					{ label: "C", description: "" },
					{ label: "D", description: "" },
					{ label: "E", description: "" },
				],
			}),
		],
		["an empty options list", withQuestion({ options: [] })],
		["a string that is not JSON", { questions: "Which cache? Redis or Memory" }],
		["JSON that is not an array or object", { questions: "42" }],
		["an unclear flag", withQuestion({ multiSelect: "maybe" })],
		[
			"two variants of one field name",
			{ questions: [{ ...QUESTION, multiSelect: undefined, MultiSelect: true, multi_select: false }] },
		],
		["numbers and nulls", 42],
		["null", null],
	])("%s", (_name, input) => {
		expect(repaired(input)).toBe(input);
	});

	it("a question's other fields are still repaired around what it leaves", () => {
		expect(repaired(withQuestion({ question: null, multiSelect: "true" }))).toEqual(
			withQuestion({ question: null, multiSelect: true }),
		);
	});
});

describe("prepareAskArguments (the hook)", () => {
	it("passes a well-formed call on unchanged, and a repaired one repaired", () => {
		const call = deepFreeze(structuredClone(CALL));
		expect(prepareAskArguments(call)).toBe(call);
		expect(prepareAskArguments({ questions: JSON.stringify([QUESTION]) })).toEqual(CALL);
	});

	it("refuses a call the schema would reject with every problem, the limit and the fix, business rules included", () => {
		const five = ["A?", "B?", "C?", "D?", "E?"].map((question) => ({ ...QUESTION, question }));
		five[0] = { ...QUESTION, options: [REDIS, { label: "Other", description: "" }] };
		expect(() => prepareAskArguments({ questions: five })).toThrow(
			/^ask_user_question was not shown: the arguments have 2 problems\. Fix all of them and call again\.\n- questions: Has 5 questions; at most 4 allowed\. .*\n- questions\[0\]\.options\[1\]\.label: "Other" is reserved/,
		);
	});

	it("passes a call the schema accepts on to execute, which reports business problems with details", () => {
		const call = withQuestion({ options: [REDIS, { label: "Other", description: "" }] });
		expect(prepareAskArguments(call)).toBe(call);
	});

	it("leaves an empty call to Pi, which knows why it is empty (arguments that were not JSON)", () => {
		const empty = {};
		expect(prepareAskArguments(empty)).toBe(empty);
	});
});

/** Damage a well-formed call the way real models do; every kind is recoverable. */
type Damage = (call: { questions: Json[] }) => unknown;
const arbDamage: fc.Arbitrary<Damage> = fc.constantFrom<Damage>(
	(c) => ({ questions: JSON.stringify(c.questions) }),
	(c) => JSON.stringify(c),
	(c) => c.questions,
	(c) => ({
		questions: c.questions.map((q) => ({
			...q,
			options: (q.options as Json[]).map((o) => (o.preview === undefined && o.description === "" ? o.label : o)),
		})),
	}),
	(c) => ({
		questions: c.questions.map((q) => ({
			...q,
			multiSelect: q.multiSelect === undefined ? null : String(q.multiSelect).toUpperCase(),
		})),
	}),
	(c) => ({
		questions: c.questions.map((q) => ({
			...q,
			options: (q.options as Json[]).map((o) => ({ ...o, preview: o.preview ?? null })),
		})),
	}),
	(c) => ({ QUESTIONS: c.questions.map(({ question, ...q }) => ({ ...q, " Question ": question })) }),
	(c) => ({ questions: c.questions.map(({ multiSelect, ...q }) => ({ ...q, multi_select: multiSelect })) }),
);

/** The call as validation keeps it (optional fields normalized), for comparing before and after damage. */
const meaning = (input: unknown) => {
	const result = validateQuestionnaire(input);
	return result.ok ? result.questionnaire : result.problems;
};

describe("repairArguments: properties", () => {
	it("never changes a well-formed call: the same reference comes back, and the hook passes it on", () => {
		fc.assert(
			fc.property(arbQuestionnaire, (call) => {
				const frozen = deepFreeze(call);
				expect(repairArguments(frozen)).toBe(frozen);
				expect(prepareAskArguments(frozen)).toBe(frozen);
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws nor modifies its input, for anything; the hook throws only its report", () => {
		const check = (input: unknown) => {
			const before = JSON.stringify(input);
			repairArguments(input);
			try {
				prepareAskArguments(input);
			} catch (error) {
				expect(String((error as Error).message)).toMatch(
					/^ask_user_question was not shown: the arguments have \d+ problems?\./,
				);
			}
			expect(JSON.stringify(input)).toBe(before);
		};
		fc.assert(fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), check), { numRuns: 500 });
		fc.assert(fc.property(fc.jsonValue(), check), { numRuns: 500 });
		fc.assert(fc.property(fc.record({ questions: fc.oneof(fc.jsonValue(), fc.json()) }), check), { numRuns: 300 });
	});

	it("a repaired call validates, means what the undamaged call meant, and passes the schema the model reads", () => {
		fc.assert(
			fc.property(arbQuestionnaire, arbDamage, (call, damage) => {
				const repair = repairArguments(damage(structuredClone(call) as { questions: Json[] }));
				expect(validateQuestionnaire(repair).ok).toBe(true);
				expect(meaning(repair)).toEqual(meaning(call));
				expect(Value.Check(QuestionnaireParams, repair)).toBe(true);
			}),
			{ numRuns: 400 },
		);
	});

	it("whatever the hook passes on either validates and fits the schema, or fits the schema for execute to report", () => {
		const arbCall = fc.oneof(
			arbQuestionnaire.chain((call) =>
				arbDamage.map((damage) => damage(structuredClone(call) as { questions: Json[] })),
			),
			fc.record({
				questions: fc.array(fc.record({ question: fc.jsonValue(), header: fc.jsonValue(), options: fc.jsonValue() })),
			}),
		);
		fc.assert(
			fc.property(arbCall, (input) => {
				let passed: unknown;
				try {
					passed = prepareAskArguments(input);
				} catch {
					return;
				}
				expect(Value.Check(QuestionnaireParams, passed)).toBe(true);
			}),
			{ numRuns: 400 },
		);
	});
});
