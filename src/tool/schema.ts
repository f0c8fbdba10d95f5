/**
 * The tool's parameter schema (DESIGN.md §2), sent to the model with every request. It enforces only
 * structure (1–4 questions, 2–4 options, required fields); length limits are advice in the
 * descriptions, because a rejected call costs the model a whole turn and the UI fits long text.
 * Extra properties are allowed on purpose: unknown fields are dropped by `validateQuestionnaire`.
 * Descriptions are kept short: every byte here is paid on every request.
 */
import { type Static, Type } from "typebox";

const OptionSchema = Type.Object({
	label: Type.String({ description: "1-5 words (≤60 chars). Recommended first, suffixed ' (Recommended)'." }),
	description: Type.String({ description: "What choosing it means: trade-offs, consequences." }),
	preview: Type.Optional(
		Type.String({ description: "Optional markdown shown beside the options: code, config, a layout sketch." }),
	),
});

const QuestionSchema = Type.Object({
	question: Type.String({ description: "The full question, ending with '?'." }),
	header: Type.String({ description: "Short tab title, ≤16 columns, e.g. 'Cache'." }),
	multiSelect: Type.Optional(Type.Boolean({ description: "True when choices are not exclusive. Default false." })),
	options: Type.Array(OptionSchema, {
		minItems: 2,
		maxItems: 4,
		description: "2-4 distinct choices. No 'Other': the user can always type an answer.",
	}),
});

/** The `ask_user_question` parameters: `{ questions: [{ question, header, multiSelect?, options }] }`. */
export const QuestionnaireParams = Type.Object({
	questions: Type.Array(QuestionSchema, { minItems: 1, maxItems: 4, description: "1-4 related questions." }),
});

/** The parameters as Pi hands them to `execute` after schema validation (before business validation). */
export type QuestionnaireParamsInput = Static<typeof QuestionnaireParams>;
