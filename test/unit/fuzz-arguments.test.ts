/**
 * Input fuzzing in CI (issue 4, guarantee 3): generated argument objects (500 in `npm test`, 2,000 under
 * `npm run hardening`) through the validator and `execute` (dialog host, scripted random user). `npm run
 * fuzz` runs the same oracle on 100,000+ inputs and prints the figures. See fuzz-inputs.ts for what is
 * generated, fuzz-checks.ts for what is asserted.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finishedResult } from "../../src/protocol/result.ts";
import { propertyRuns } from "../support/sweep.ts";
import { checkCase, checkContent, checkProblems, checkQuoted, snapshot } from "./fuzz-checks.ts";
import { fuzzCase } from "./fuzz-inputs.ts";

/** 500 generated inputs in `npm test`, 2,000 under `npm run hardening`; FUZZ_CI_RUNS sets any other count. */
const RUNS = Number(process.env.FUZZ_CI_RUNS ?? propertyRuns(500, 2_000));

describe("fuzzing ask_user_question's arguments", () => {
	it(`${RUNS} generated inputs: no exception, a questionnaire or one invalid_questions result, well-formed text`, async () => {
		const outcomes = new Map<string, number>();
		let valid = 0;
		await fc.assert(
			fc.asyncProperty(fuzzCase, async (fuzz) => {
				const report = await checkCase(fuzz);
				if (report.valid) valid++;
				outcomes.set(report.outcome, (outcomes.get(report.outcome) ?? 0) + 1);
			}),
			{ numRuns: RUNS },
		);
		// The generator must keep reaching both sides, or the oracle checks nothing interesting.
		expect(valid).toBeGreaterThan(RUNS * 0.15);
		expect(RUNS - valid).toBeGreaterThan(RUNS * 0.4);
		for (const outcome of ["answered", "declined", "not_shown"]) expect(outcomes.get(outcome) ?? 0).toBeGreaterThan(0);
	}, 60_000);
});

describe("the fuzz oracle itself catches what it should", () => {
	const input = { questions: [{ question: "Q", header: "H", options: [{ label: "A" }, "x"] }] };

	it("accepts problems whose paths point into the input, the last key possibly missing", () => {
		const problems = [
			{ path: "arguments", message: "m" },
			{ path: "questions", message: "m" },
			{ path: "questions[0].multiSelect", message: "m" },
			{ path: "questions[0].options[0].description", message: "m" },
			{ path: "questions[0].options[1]", message: "m" },
		];
		expect(() => checkProblems(problems, input)).not.toThrow();
	});

	it.each([
		[[], "no problem listed"],
		[[{ path: "questions[0].options[0].label", message: "" }], "without a message"],
		[[{ path: "questions[0].nope", message: "m" }], "malformed path"],
		[[{ path: "questions[0]..header", message: "m" }], "malformed path"],
		[[{ path: "questions[1].header", message: "m" }], "does not point into the input"],
		[[{ path: "questions[0].options[2]", message: "m" }], "does not point into the input"],
		[[{ path: "questions[0].options[1].label", message: "m" }], "does not point into the input"],
		[
			[
				{ path: "questions", message: "m" },
				{ path: "questions", message: "m" },
			],
			"listed twice",
		],
	])("rejects %j", (problems, why) => {
		expect(() => checkProblems(problems, input)).toThrow(why);
	});

	it("rejects model text that is raw, unquotable, split or over the total", () => {
		const result = (text: string) => ({
			content: [{ type: "text" as const, text }],
			details: finishedResult("rpc", 1, "declined", { answers: [] }),
		});
		expect(checkContent(result('User answered: "a\\"b". Fine.'))).toContain("Fine");
		expect(() => checkContent(result("a\u001b[2Jb"))).toThrow("raw control");
		expect(() => checkContent(result("a\nb"))).toThrow("raw control");
		expect(() => checkContent(result('"bad \\x escape"'))).toThrow("not a JSON string");
		expect(() => checkContent(result("x".repeat(16_001)))).toThrow("characters");
		expect(() => checkContent({ ...result("a"), content: [] })).toThrow("exactly one");
	});

	it("requires short questions and chosen labels quoted in full", () => {
		const details = finishedResult("rpc", 1, "submitted", {
			answers: [{ questionIndex: 0, question: "Which?", kind: "option", answer: "Redis" }],
		});
		expect(() => checkQuoted(details, 'User answered: "Which?" = "Redis".')).not.toThrow();
		expect(() => checkQuoted(details, 'User answered: Which? = "Redis".')).toThrow("not quoted");
		expect(() => checkQuoted(details, 'User answered: "Which?" = "Red" [… 2 more characters].')).toThrow("not quoted");
	});

	it("sees any change to an input: values, keys, prototypes, -0, shared references", () => {
		const shared = { label: "x".repeat(1000) };
		const make = () => ({ questions: [shared, shared, { n: 0 }], extra: Object.create(null) as object });
		const base = snapshot(make());
		expect(snapshot(make())).toBe(base);
		const changes: ((v: ReturnType<typeof make>) => void)[] = [
			(v) => {
				v.questions.pop();
			},
			(v) => {
				(v.questions[2] as { n: number }).n = -0;
			},
			(v) => {
				v.questions[0] = { label: `${"x".repeat(999)}y` };
			},
			(v) => {
				Object.setPrototypeOf(v.extra, {});
			},
			(v) => {
				Object.defineProperty(v, "hidden", { value: 1, enumerable: false });
			},
		];
		for (const change of changes) {
			const value = make();
			change(value);
			expect(snapshot(value)).not.toBe(base);
		}
	});
});
