/** Business validation: every rule, every problem at once with a path, never a throw, clean copies. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Question, Questionnaire } from "../../src/protocol/questions.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import { arbQuestionnaire } from "../support/questionnaire-arbitrary.ts";

/** The path of a problem with the arguments as a whole (not an object). */
const ROOT_PATH = "arguments";

type Json = Record<string, unknown>;

const option = (label: string, extra: Json = {}) => ({ label, description: `Pick ${label}`, ...extra });
const question = (text: string, labels: string[] = ["Alpha", "Beta"], extra: Json = {}) => ({
	question: text,
	header: "Topic",
	options: labels.map((l) => option(l)),
	...extra,
});
const args = (...questions: unknown[]) => ({ questions });

function problemsOf(input: unknown) {
	const result = validateQuestionnaire(input);
	if (result.ok) throw new Error(`expected problems, got ok: ${JSON.stringify(result.questionnaire)}`);
	return result.problems;
}
const pathsOf = (input: unknown) => problemsOf(input).map((p) => p.path);

describe("validateQuestionnaire: valid input", () => {
	it("returns a deeply frozen questionnaire: shared with every host path and other extensions, read-only", () => {
		const result = validateQuestionnaire(args(question("Which cache?"), question("Which targets?")));
		if (!result.ok) throw new Error("valid input refused");
		const q = result.questionnaire;
		for (const value of [q, q.questions, q.questions[0], q.questions[0]?.options, q.questions[0]?.options[0]])
			expect(Object.isFrozen(value)).toBe(true);
		expect(() => {
			(q.questions[0] as { question: string }).question = "changed";
		}).toThrow(TypeError);
	});

	it("returns a clean copy: known fields only, multiSelect as a boolean, no preview when absent", () => {
		const input = {
			questions: [
				{
					...question("Which cache?"),
					extra: 1,
					options: [option("Redis", { preview: "```\nredis\n```", x: 2 }), option("Memory")],
				},
				question("Which targets?", ["Linux", "macOS"], { multiSelect: true }),
			],
			more: true,
		};
		const result = validateQuestionnaire(input);
		expect(result).toEqual({
			ok: true,
			questionnaire: {
				questions: [
					{
						question: "Which cache?",
						header: "Topic",
						multiSelect: false,
						options: [
							{ label: "Redis", description: "Pick Redis", preview: "```\nredis\n```" },
							{ label: "Memory", description: "Pick Memory" },
						],
					},
					{
						question: "Which targets?",
						header: "Topic",
						multiSelect: true,
						options: [
							{ label: "Linux", description: "Pick Linux" },
							{ label: "macOS", description: "Pick macOS" },
						],
					},
				],
			},
		});
		if (result.ok) {
			expect(result.questionnaire.questions[0]).not.toBe(input.questions[0]);
			expect(Object.getPrototypeOf(result.questionnaire)).toBe(Object.prototype);
		}
	});

	it("keeps strings verbatim (no trimming; the UI sanitizes)", () => {
		const result = validateQuestionnaire(args(question("  Which?\n", [" A ", "B\u001b[31m"])));
		expect(result.ok && result.questionnaire.questions[0]?.options.map((o) => o.label)).toEqual([" A ", "B\u001b[31m"]);
		expect(result.ok && result.questionnaire.questions[0]?.question).toBe("  Which?\n");
	});

	it("treats null multiSelect as false and drops a null, empty or blank preview", () => {
		const q = {
			...question("Q?"),
			multiSelect: null,
			options: [option("A", { preview: "" }), option("B", { preview: " \n\u200b" }), option("C", { preview: null })],
		};
		const result = validateQuestionnaire(args(q));
		expect(result.ok).toBe(true);
		if (result.ok) {
			expect(result.questionnaire.questions[0]?.multiSelect).toBe(false);
			for (const o of result.questionnaire.questions[0]?.options ?? []) expect(o).not.toHaveProperty("preview");
		}
	});

	it("accepts the limits exactly: 4 questions of 4 options", () => {
		const labels = ["A", "B", "C", "D"];
		expect(
			validateQuestionnaire(
				args(question("1?", labels), question("2?", labels), question("3?", labels), question("4?", labels)),
			).ok,
		).toBe(true);
	});

	it("allows the same label in different questions, and labels that merely contain a reserved word", () => {
		const result = validateQuestionnaire(
			args(question("1?", ["Yes", "No"]), question("2?", ["Yes", "Other team", "Next week"])),
		);
		expect(result.ok).toBe(true);
	});
});

describe("validateQuestionnaire: structure", () => {
	it.each([null, undefined, 42, Number.NaN, "questions", true, [], [args(question("Q?"))]])(
		"rejects %p at the root",
		(input) => {
			const problems = problemsOf(input);
			expect(problems).toHaveLength(1);
			expect(problems[0]?.path).toBe(ROOT_PATH);
			expect(problems[0]?.message).toMatch(/Must be an object like \{"questions"/);
		},
	);

	it("reports a missing or wrong-typed questions array", () => {
		expect(problemsOf({})).toEqual([
			{ path: "questions", message: expect.stringMatching(/^Missing\. Add an array of 1-4 questions/) },
		]);
		expect(problemsOf({ questions: {} })[0]?.message).toMatch(/^Must be an array of 1-4 questions.*got an object\.$/);
		expect(problemsOf({ questions: "x" })[0]?.message).toMatch(/got a string\.$/);
	});

	it("reports question counts outside 1-4", () => {
		expect(problemsOf(args())).toEqual([
			{ path: "questions", message: "Has 0 questions; needs 1-4. Ask 1-4 questions." },
		]);
		const five = Array.from({ length: 5 }, (_, i) => question(`Q${i}?`));
		expect(problemsOf(args(...five))).toEqual([
			{ path: "questions", message: expect.stringMatching(/^Has 5 questions; at most 4 allowed\./) },
		]);
	});

	it("reports option counts outside 2-4", () => {
		expect(problemsOf(args(question("Q?", ["Only"])))).toEqual([
			{ path: "questions[0].options", message: expect.stringMatching(/^Has 1 option; needs 2-4\..*never add 'Other'/) },
		]);
		expect(pathsOf(args(question("Q?", ["A", "B", "C", "D", "E"])))).toEqual(["questions[0].options"]);
		expect(pathsOf(args(question("Q?", [])))).toEqual(["questions[0].options"]);
	});

	it("reports entries that are not objects", () => {
		expect(problemsOf(args(null, "q", question("Q?")))).toEqual([
			{ path: "questions[0]", message: "Must be an object {question, header, options}; got null." },
			{ path: "questions[1]", message: "Must be an object {question, header, options}; got a string." },
		]);
		const q = { ...question("Q?"), options: [[], option("B"), 7] };
		expect(pathsOf(args(q))).toEqual(["questions[0].options[0]", "questions[0].options[2]"]);
	});

	it.each(["question", "header", "options"])("reports a missing %s", (key) => {
		const q: Json = question("Q?");
		delete q[key];
		expect(problemsOf(args(q))).toEqual([
			{ path: `questions[0].${key}`, message: expect.stringMatching(/^Missing\. Add /) },
		]);
	});

	it.each(["label", "description"])("reports a missing option %s", (key) => {
		const broken: Json = option("A");
		delete broken[key];
		expect(pathsOf(args({ ...question("Q?"), options: [option("B"), broken] }))).toEqual([
			`questions[0].options[1].${key}`,
		]);
	});

	it("reports wrong-typed fields with what was received", () => {
		const q = {
			question: 1,
			header: ["h"],
			multiSelect: "true",
			options: [{ label: null, description: {}, preview: 3 }, option("B")],
		};
		expect(problemsOf(args(q))).toEqual([
			{
				path: "questions[0].question",
				message: "Must be a string (the full question, ending with '?'); got a number.",
			},
			{ path: "questions[0].header", message: "Must be a string (a short tab title (≤16 columns)); got an array." },
			{ path: "questions[0].multiSelect", message: "Must be true or false, or omitted; got a string." },
			{ path: "questions[0].options[0].label", message: "Must be a string (a 1-5 word label); got null." },
			{
				path: "questions[0].options[0].description",
				message: "Must be a string (what choosing this option means); got an object.",
			},
			{ path: "questions[0].options[0].preview", message: "Must be a markdown string, or omitted; got a number." },
		]);
	});

	it("reports NaN as NaN", () => {
		expect(problemsOf(args({ ...question("Q?"), header: Number.NaN }))[0]?.message).toMatch(/got NaN\.$/);
	});
});

describe("validateQuestionnaire: business rules", () => {
	it.each(["question", "header"])("reports a blank %s", (key) => {
		for (const blank of ["", "   ", "\n\t", "\u200b\u2060", "\ufeff "]) {
			expect(problemsOf(args({ ...question("Q?"), [key]: blank }))).toEqual([
				{ path: `questions[0].${key}`, message: expect.stringMatching(/^Empty\. Write /) },
			]);
		}
	});

	it("reports a blank option label", () => {
		const q = { ...question("Q?"), options: [option("A"), { ...option("B"), label: "  " }] };
		expect(pathsOf(args(q))).toEqual(["questions[0].options[1].label"]);
	});

	it("accepts an empty or blank option description: the option is still a clear choice", () => {
		for (const blank of ["", "  "]) {
			const q = { ...question("Q?"), options: [option("A"), { ...option("B"), description: blank }] };
			expect(validateQuestionnaire(args(q)).ok).toBe(true);
		}
	});

	it("reports duplicate question texts, compared trimmed and case-insensitively", () => {
		const problems = problemsOf(args(question("Which DB?"), question("Other?"), question("  which db? ")));
		expect(problems).toEqual([
			{ path: "questions[2].question", message: expect.stringMatching(/^Same question as questions\[0\]\.question /) },
		]);
	});

	it("reports duplicate labels within a question, compared trimmed and case-insensitively", () => {
		expect(problemsOf(args(question("Q?", ["Redis", "Memory", " redis ", "REDIS"])))).toEqual([
			{
				path: "questions[0].options[2].label",
				message: expect.stringMatching(/^Same label as questions\[0\]\.options\[0\]\.label .*distinct label/),
			},
			{
				path: "questions[0].options[3].label",
				message: expect.stringMatching(/^Same label as questions\[0\]\.options\[0\]\.label/),
			},
		]);
	});

	it("checks duplicates even when the entries have other problems", () => {
		const q2 = { question: "q?", options: [] }; // missing header, no options, same text as q1
		const q1 = { ...question("Q?"), options: [{ label: "A" }, { label: "a", description: 1 }] };
		expect(pathsOf(args(q1, q2)).sort()).toEqual(
			[
				"questions[0].options[0].description",
				"questions[0].options[1].description",
				"questions[0].options[1].label",
				"questions[1].header",
				"questions[1].options",
				"questions[1].question",
			].sort(),
		);
	});

	it.each([
		"Other",
		"other",
		" OTHER ",
		"Other.",
		"Type something.",
		"type something",
		"Type something…",
		"Type something...",
		"Next",
		"next\n",
		"Ot\u200bher",
		"Ｏｔｈｅｒ",
		"Other (please specify)",
		"other: describe",
		"Other - type it",
		"Other, please specify",
	])("reports the reserved label %p", (label) => {
		expect(problemsOf(args(question("Q?", ["Fine", label])))).toEqual([
			{ path: "questions[0].options[1].label", message: expect.stringMatching(/is reserved: .*Remove this option/) },
		]);
	});

	it.each(["Others", "Other team", "Otherwise (keep it)", "Next week", "Something", "Type"])(
		"does not reserve %p",
		(label) => {
			expect(validateQuestionnaire(args(question("Q?", ["Fine", label]))).ok).toBe(true);
		},
	);

	it("quotes the reserved label safely in the message", () => {
		const message = problemsOf(args(question("Q?", ["Fine", "Other\u001b"])))[0]?.message ?? "";
		expect(message.startsWith('"Other\\u001b" is reserved')).toBe(true);
	});

	it("lists 'Other' and a duplicate label together, each with its path", () => {
		const problems = problemsOf(args(question("Q?", ["Other", "Redis", "redis"])));
		expect(problems).toEqual([
			{ path: "questions[0].options[0].label", message: expect.stringContaining("is reserved") },
			{
				path: "questions[0].options[2].label",
				message: expect.stringContaining("Same label as questions[0].options[1].label"),
			},
		]);
	});

	it("reports reserved duplicates once each, as reserved", () => {
		expect(problemsOf(args(question("Q?", ["Next", "next", "A"]))).map((p) => p.message.includes("reserved"))).toEqual([
			true,
			true,
		]);
	});

	it("reports every problem of a thoroughly broken call at once", () => {
		const input = args(
			question("Same?", ["Other", "A"]),
			{ question: "same?", header: "", options: [option("X")] },
			null,
			question("Fine?", ["B", "b"], { multiSelect: 1 }),
			question("Fifth?"),
		);
		expect(pathsOf(input).sort()).toEqual(
			[
				"questions",
				"questions[0].options[0].label",
				"questions[1].header",
				"questions[1].options",
				"questions[1].question",
				"questions[2]",
				"questions[3].multiSelect",
				"questions[3].options[1].label",
			].sort(),
		);
	});

	it("compares with NFKC, invisibles removed and whitespace collapsed", () => {
		expect(pathsOf(args(question("Q?", ["a b c", "  Ａ\u200b  b\tC "])))).toEqual(["questions[0].options[1].label"]);
	});
});

describe("validateQuestionnaire: hostile input", () => {
	it("ignores inherited and __proto__ fields", () => {
		const inherited = JSON.parse(`{"__proto__": ${JSON.stringify(args(question("Q?")))}}`);
		expect(pathsOf(inherited)).toEqual(["questions"]);
		expect(pathsOf(Object.create(args(question("Q?"))))).toEqual(["questions"]);
		const polluted = JSON.parse(
			`{"questions": [${JSON.stringify(question("Q?")).slice(0, -1)}, "__proto__": {"multiSelect": true}, "constructor": 1}]}`,
		);
		const result = validateQuestionnaire(polluted);
		expect(result.ok && result.questionnaire.questions[0]?.multiSelect).toBe(false);
		expect(({} as Json).multiSelect).toBeUndefined();
	});

	it("accepts objects without a prototype", () => {
		const q = Object.assign(Object.create(null), question("Q?"));
		expect(validateQuestionnaire(Object.assign(Object.create(null), { questions: [q] })).ok).toBe(true);
	});

	it("handles huge strings, huge arrays, sparse arrays and deep nesting", () => {
		const huge = "x".repeat(2_000_000);
		expect(validateQuestionnaire(args(question(huge, [huge, `${huge}y`]))).ok).toBe(true);
		const many = Array.from({ length: 100_000 }, () => null);
		expect(problemsOf(args(...many)).length).toBeLessThanOrEqual(17);
		// biome-ignore lint/suspicious/noSparseArray: a sparse array is the point
		expect(pathsOf({ questions: [, question("Q?")] })).toEqual(["questions[0]"]);
		let deep: unknown = question("Q?");
		for (let i = 0; i < 100_000; i++) deep = [deep];
		expect(pathsOf(args(deep))).toEqual(["questions[0]"]);
	});

	it("never throws, even on a throwing getter", () => {
		const evil = {
			get questions(): unknown {
				throw new Error("boom");
			},
		};
		expect(problemsOf(evil)).toEqual([{ path: ROOT_PATH, message: expect.any(String) }]);
	});
});

// ---------- property tests ----------

/** Follows a path such as `questions[1].options[0].label` through own properties of `input`. */
function segmentsOf(path: string): (string | number)[] {
	if (path === ROOT_PATH) return [];
	const segments: (string | number)[] = [];
	for (const m of path.matchAll(/([A-Za-z]+)|\[(\d+)\]/g)) segments.push(m[1] ?? Number(m[2]));
	expect(
		segments
			.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`))
			.join("")
			.slice(1),
	).toBe(path);
	return segments;
}

/** True when every segment but the last exists in `input`, and the last is a field of an object or an index in range. */
function pointsInto(input: unknown, path: string): boolean {
	const segments = segmentsOf(path);
	let node: unknown = input;
	for (const [i, segment] of segments.entries()) {
		const last = i === segments.length - 1;
		if (typeof segment === "number") {
			if (!Array.isArray(node) || segment >= node.length) return false;
		} else if (typeof node !== "object" || node === null || Array.isArray(node)) {
			return false;
		} else if (!last && !Object.hasOwn(node, segment)) {
			return false;
		}
		if (!last) node = (node as Record<string | number, unknown>)[segment];
	}
	return true;
}

function checkInvariants(input: unknown): void {
	const result = validateQuestionnaire(input);
	if (result.ok) {
		expect(result).not.toHaveProperty("problems");
	} else {
		expect(result.problems.length).toBeGreaterThan(0);
		for (const p of result.problems) {
			expect(pointsInto(input, p.path), `${p.path} in ${JSON.stringify(input)?.slice(0, 300)}`).toBe(true);
			expect(p.message.length).toBeGreaterThan(0);
		}
	}
}

function normalized(input: { questions: Question[] }): Questionnaire {
	return {
		questions: input.questions.map((q) => ({
			question: q.question,
			header: q.header,
			multiSelect: q.multiSelect ?? false,
			options: q.options.map((o) =>
				o.preview === undefined || o.preview.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() === ""
					? { label: o.label, description: o.description }
					: { label: o.label, description: o.description, preview: o.preview },
			),
		})),
	};
}

/** Replaces a value anywhere in the first question: the result must still obey the invariants. */
type Mutation = (q: { questions: Json[] }) => void;
const arbMutation: fc.Arbitrary<Mutation> = fc.oneof(
	fc
		.record({ key: fc.constantFrom("question", "header", "options", "multiSelect", "__proto__"), value: fc.anything() })
		.map(
			({ key, value }): Mutation =>
				(q) => {
					Object.defineProperty(q.questions[0], key, { value, enumerable: true, configurable: true, writable: true });
				},
		),
	fc.constantFrom("label", "description", "preview").chain((key) =>
		fc.anything().map(
			(value): Mutation =>
				(q) => {
					const options = q.questions[0]?.options;
					if (Array.isArray(options) && typeof options[0] === "object" && options[0] !== null) options[0][key] = value;
				},
		),
	),
	fc.anything().map(
		(value): Mutation =>
			(q) => {
				const options = q.questions[0]?.options;
				if (Array.isArray(options)) options[1] = value;
			},
	),
	fc.anything().map(
		(value): Mutation =>
			(q) => {
				q.questions.push(value as Json);
			},
	),
);

/** One targeted defect with the path it must be reported at. */
type Defect = (q: { questions: Json[] }) => string;
const optionsOf = (q: { questions: Json[] }) => q.questions[0]!.options as Json[];
const arbDefect: fc.Arbitrary<Defect> = fc.oneof(
	fc.constantFrom("question", "header", "options").map(
		(key): Defect =>
			(q) => {
				delete q.questions[0]![key];
				return `questions[0].${key}`;
			},
	),
	fc.constantFrom("question", "header").chain((key) =>
		fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string()), fc.constantFrom("", " \n", "\u200b")).map(
			(value): Defect =>
				(q) => {
					q.questions[0]![key] = value;
					return `questions[0].${key}`;
				},
		),
	),
	fc.constantFrom("Other", " type something ", "NEXT", "Type something…", "other.").map(
		(label): Defect =>
			(q) => {
				optionsOf(q)[1]!.label = label;
				return "questions[0].options[1].label";
			},
	),
	fc
		.constantFrom(
			(s: string) => ` ${s} `,
			(s: string) => `${s}\u200b`,
			(s: string) => s.normalize("NFKD"),
		)
		.map(
			(variant): Defect =>
				(q) => {
					const options = optionsOf(q);
					options[1]!.label = variant(String(options[0]!.label));
					return "questions[0].options[1].label";
				},
		),
	fc.constant<Defect>((q) => {
		q.questions.push({ ...q.questions[0]!, question: ` ${String(q.questions[0]!.question)}\t` });
		return q.questions.length > 4 ? "questions" : `questions[${q.questions.length - 1}].question`;
	}),
	fc.constant<Defect>((q) => {
		optionsOf(q).splice(1);
		return "questions[0].options";
	}),
	fc.oneof(fc.constant(null), fc.integer(), fc.array(fc.string())).map(
		(value): Defect =>
			(q) => {
				optionsOf(q)[0]!.description = value;
				return "questions[0].options[0].description";
			},
	),
);

describe("validateQuestionnaire: properties", () => {
	it("never throws and keeps ok ⇔ no problems, paths inside the input, for anything", () => {
		fc.assert(fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), checkInvariants), {
			numRuns: 500,
		});
		fc.assert(fc.property(fc.jsonValue(), checkInvariants), { numRuns: 500 });
		fc.assert(fc.property(fc.record({ questions: fc.anything() }), checkInvariants), { numRuns: 300 });
		fc.assert(
			fc.property(
				fc.record({
					questions: fc.array(
						fc.record({ question: fc.anything(), header: fc.anything(), options: fc.array(fc.anything()) }),
					),
				}),
				checkInvariants,
			),
			{ numRuns: 300 },
		);
	});

	it("passes valid generated questionnaires unchanged (after normalization)", () => {
		fc.assert(
			fc.property(arbQuestionnaire, (input) => {
				const result = validateQuestionnaire(input);
				expect(result).toEqual({ ok: true, questionnaire: normalized(input) });
				const again = validateQuestionnaire(JSON.parse(JSON.stringify(input)));
				expect(again).toEqual(result);
			}),
			{ numRuns: 300 },
		);
	});

	it("keeps the invariants for valid questionnaires with arbitrary values swapped in", () => {
		fc.assert(
			fc.property(arbQuestionnaire, fc.array(arbMutation, { minLength: 1, maxLength: 4 }), (valid, mutations) => {
				const input = JSON.parse(JSON.stringify(valid)) as { questions: Json[] };
				for (const mutate of mutations) mutate(input);
				checkInvariants(input);
			}),
			{ numRuns: 500 },
		);
	});

	it("reports a targeted defect at its path, next to any other problems", () => {
		fc.assert(
			fc.property(arbQuestionnaire, arbDefect, (valid, defect) => {
				const input = JSON.parse(JSON.stringify(valid)) as { questions: Json[] };
				const path = defect(input);
				const result = validateQuestionnaire(input);
				expect(result.ok).toBe(false);
				expect(result.ok ? [] : result.problems.map((p) => p.path)).toContain(path);
				checkInvariants(input);
			}),
			{ numRuns: 500 },
		);
	});
});
