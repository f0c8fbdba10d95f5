/**
 * The tool's `prepareArguments` hook, run by Pi before it checks the schema: repairs what a model meant
 * (tool/repair-arguments.ts), then makes sure a call that still cannot be shown costs one turn at most.
 * A call the schema would reject is refused here with validation's full report (every problem, with its
 * path, the limit and the fix), instead of Pi's schema errors now and the business problems in the
 * next turn. A call the schema accepts goes on to `execute`, which reports business problems itself
 * (with `details`). Pure: no Pi import.
 */
import { DEFAULT_LIMITS, type TextLimits } from "../protocol/budget.ts";
import { resultText } from "../protocol/envelope.ts";
import { notShownResult, type Problem, type QuestionnaireResult } from "../protocol/result.ts";
import { validateQuestionnaire } from "../protocol/validation.ts";
import { repairArguments } from "./repair-arguments.ts";

/** An invalid call's result, here and in `execute`. */
export function invalidCallResult(problems: Problem[]): QuestionnaireResult {
	return notShownResult("programmatic", "invalid_questions", "The questionnaire arguments are invalid.", problems);
}

/** The arguments Pi should validate and pass to `execute`; throws (Pi's way to refuse) with the model's text. */
export function prepareAskArguments(args: unknown, limits: TextLimits = DEFAULT_LIMITS): unknown {
	// Nothing at all: Pi knows why (typically arguments that were not JSON) and says so better.
	if (isEmptyObject(args)) return args;
	const repaired = repairArguments(args);
	const validation = validateQuestionnaire(repaired);
	if (validation.ok || validation.fitsSchema) return repaired;
	throw new Error(resultText(invalidCallResult(validation.problems), [], limits));
}

function isEmptyObject(value: unknown): boolean {
	return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
