/**
 * Result size: the model-facing text of a typical two-answer form (one single-select answer, one
 * multi-select answer), built by the real result builder and envelope.
 */
import { resultText } from "../src/protocol/envelope.ts";
import { finishedResult } from "../src/protocol/result.ts";
import type { Figure } from "./stats.ts";

const QUESTIONS = ["Where should the API client cache responses?", "Which platforms must the first release support?"];

/** The text the model reads back for the typical form. */
export function typicalResultText(): string {
	const result = finishedResult("tui", QUESTIONS.length, "submitted", {
		answers: [
			{ questionIndex: 0, question: QUESTIONS[0] ?? "", kind: "option", answer: "In-memory LRU" },
			{ questionIndex: 1, question: QUESTIONS[1] ?? "", kind: "multi", answer: ["Linux", "macOS"] },
		],
	});
	return resultText(result, QUESTIONS);
}

/** The report row. */
export function resultFigures(): Figure[] {
	const text = typicalResultText();
	return [
		{
			name: "result text, 2-answer form",
			unit: "B",
			samples: [Buffer.byteLength(text, "utf8")],
			target: { stat: "median", max: 300 },
			note: JSON.stringify(text),
		},
	];
}
