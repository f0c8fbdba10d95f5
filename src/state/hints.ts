/**
 * The footer hints' ids: what each keymap entry's hint says, as a word-free id. The view puts them into
 * the locale's words (`viewHints` in the messages tables), so the core stays free of any language.
 */

/** What a footer hint says. */
export type HintId =
	| "navigate"
	| "select"
	| "toggle"
	| "typeAnswer"
	| "next"
	| "submit"
	| "cancel"
	| "decline"
	| "keepAnswering"
	| "answeredInChat"
	| "confirm"
	| "saveNote"
	| "switchTab"
	| "note"
	| "overallNote"
	| "scrollPreview"
	| "externalEditor"
	| "back"
	| "show"
	| "hide"
	| "answerLater";
