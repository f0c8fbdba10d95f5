/**
 * The texts that teach the model when and how to use the tool (DESIGN.md §2). They ride along with
 * every request, so each word must earn its place; together they stay under ~1.5 KB (a test holds the
 * budget). Pi appends `promptGuidelines` flat into the system prompt's rules, away from the tool, so
 * every bullet names the tool. A user config may replace each text wholesale.
 */

/** The tool's name as the model calls it. */
export const TOOL_NAME = "ask_user_question";

/** The tool's human-facing label (transcript, tool lists). */
export const TOOL_LABEL = "Ask User Question";

/** The three model-facing texts a user config can replace. */
export interface GuidanceTexts {
	/** The tool description sent with the schema. */
	description: string;
	/** One line in the system prompt's tool list. */
	promptSnippet: string;
	/** Bullets appended to the system prompt's rules while the tool is active. */
	promptGuidelines: readonly string[];
}

/** The built-in guidance (frozen: callers copy before changing anything). */
export const DEFAULT_GUIDANCE: GuidanceTexts = Object.freeze({
	description:
		"Ask the user 1-4 multiple-choice questions in one dialog and wait for the answers. " +
		"The user can also type their own answer and add notes. " +
		"The result gives the answers, or says the user declined or never saw the questions.",
	promptSnippet: "Ask the user structured multiple-choice questions when a decision is theirs to make",
	promptGuidelines: Object.freeze([
		"Use ask_user_question instead of guessing when a decision is the user's and costly to get wrong: architecture, data compatibility, product behaviour, security, scope, irreversible or destructive actions, or conflicting designs that both look plausible.",
		"Do not use ask_user_question for what code, tests, config or docs can answer (investigate first) or for low-risk details: follow existing patterns.",
		"Batch related questions into one ask_user_question call (at most 4), each with 2-4 distinct options whose descriptions state the trade-offs.",
		'In ask_user_question, put the recommended option first with " (Recommended)" at the end of its label. Never add an "Other" option: the user can always type their own answer.',
		"Set multiSelect in ask_user_question when choices are not exclusive; give options a preview when comparing concrete artifacts (code, config, layouts).",
		"After the user declines an ask_user_question call, do not ask the same thing again.",
	]),
});
