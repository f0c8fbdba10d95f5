/**
 * The questionnaire as the model sends it (DESIGN.md §2). Plain types shared by validation, the
 * state machine and every host path; the TypeBox schema in `tool/schema.ts` describes the same shape.
 */

export interface QuestionOption {
	/** Short option label (1–5 words). */
	label: string;
	/** What choosing this option means: trade-offs, consequences. */
	description: string;
	/** Optional markdown shown beside or below the options (code, config, a layout sketch). */
	preview?: string;
}

export interface Question {
	/** The full question. */
	question: string;
	/** A short tab title (≤ 16 columns advised). */
	header: string;
	/** True: the user may pick several options. */
	multiSelect?: boolean;
	options: QuestionOption[];
}

export interface Questionnaire {
	questions: Question[];
}
