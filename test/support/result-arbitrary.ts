/**
 * A fast-check generator of finished questionnaire results for the envelope and budget property
 * tests: some questions answered (any kind), notes anywhere, every user string drawn from the
 * caller's string arbitrary, so each suite keeps its own string mix.
 */
import fc from "fast-check";
import {
	type Answer,
	type Collected,
	finishedResult,
	type HostKind,
	type QuestionNote,
	type QuestionnaireResult,
} from "../../src/protocol/result.ts";

/** How a finished questionnaire ended. */
export type Ended = "submitted" | "declined" | "interrupted" | "timed_out";

/** A result with the question texts it is about, as `resultText` takes them. */
export interface Scenario {
	questions: string[];
	result: QuestionnaireResult;
}

/** Finished results over one to four questions, on a host drawn from `host`, with strings from `strings`. */
export function finishedScenario(strings: fc.Arbitrary<string>, host: fc.Arbitrary<HostKind>): fc.Arbitrary<Scenario> {
	const answerSlot = fc.record({
		answered: fc.boolean(),
		kind: fc.constantFrom("option", "custom", "multi") as fc.Arbitrary<Answer["kind"]>,
		value: strings,
		labels: fc.array(strings, { maxLength: 3 }),
		custom: fc.option(strings, { nil: undefined }),
		preview: fc.option(strings, { nil: undefined }),
		notes: fc.option(strings, { nil: undefined }),
	});
	return fc
		.record({
			questions: fc.array(strings, { minLength: 1, maxLength: 4 }),
			ended: fc.constantFrom("submitted", "declined", "interrupted", "timed_out") as fc.Arbitrary<Ended>,
			host,
			slots: fc.array(answerSlot, { minLength: 4, maxLength: 4 }),
			globalNote: fc.option(strings, { nil: undefined }),
		})
		.map(({ questions, ended, host, slots, globalNote }) => {
			const answers: Answer[] = [];
			const questionNotes: QuestionNote[] = [];
			questions.forEach((question, questionIndex) => {
				const slot = slots[questionIndex]!;
				if (!slot.answered) {
					if (slot.notes !== undefined) questionNotes.push({ questionIndex, question, notes: slot.notes });
					return;
				}
				const answer: Answer =
					slot.kind === "multi"
						? {
								questionIndex,
								question,
								kind: "multi",
								answer: slot.custom === undefined ? slot.labels : [...slot.labels, slot.custom],
								...(slot.custom === undefined ? {} : { custom: slot.custom }),
							}
						: { questionIndex, question, kind: slot.kind, answer: slot.value };
				if (slot.kind === "option" && slot.preview !== undefined) answer.preview = slot.preview;
				if (slot.notes !== undefined) answer.notes = slot.notes;
				answers.push(answer);
			});
			const collected: Collected =
				globalNote === undefined ? { answers, questionNotes } : { answers, questionNotes, globalNote };
			return { questions, result: finishedResult(host, questions.length, ended, collected) };
		});
}
