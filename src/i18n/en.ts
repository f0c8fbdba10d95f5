/**
 * The English messages table: every string the user sees in the dialog walker (control rows,
 * dialog titles, review texts). Flat on purpose: one key per string, placeholders as small
 * functions, so another locale is one more object of the same shape (`Messages`). The text sent to
 * the model is not here: it stays English and lives in `protocol/envelope.ts`.
 * Callers sanitize untrusted pieces before passing them in; nothing here escapes anything.
 */

/** The English table; the default for every walker. */
export const en = {
	/** Where a question sits in the form, e.g. `[1/2]`. */
	position: (index: number, total: number): string => `[${index}/${total}]`,
	/** A question dialog's first line, e.g. `[1/2] Cache — Which cache?`. */
	questionTitle: (position: string, header: string, question: string): string => `${position} ${header} — ${question}`,
	/** Added to a multi-select question's title. */
	multiHint: "Choose any number, then Done.",
	/** Added to a question's title when it already has an answer. */
	currentAnswer: (answer: string): string => `Current answer: ${answer}`,
	/** Added to a question's title when it has a note. */
	currentNote: (note: string): string => `Note: ${note}`,
	/** One option row, e.g. `1. Redis — In-memory store`. */
	optionRow: (n: number, label: string, description: string): string =>
		description === "" ? `${n}. ${label}` : `${n}. ${label} — ${description}`,
	/** A multi-select row that is selected. */
	checkedRow: (row: string): string => `[x] ${row}`,
	/** A multi-select row that is not selected. */
	uncheckedRow: (row: string): string => `[ ] ${row}`,
	/** The multi-select row holding the user's typed text (choosing it removes the text). */
	typedRow: (text: string): string => `[x] Typed: ${text}`,
	/** The multi-select commit row. */
	done: (n: number): string => `Done — ${n} selected`,
	/** Control row: type a free-text answer. */
	typeSomething: "Type something…",
	/** Control row: attach a note to the question (optional). */
	addNote: "Add a note…",
	/** Control row: change the question's existing note. */
	editNote: "Edit note…",
	/** Control row: open the options' previews. */
	showPreviews: "Show previews…",
	/** Control row: go to the previous question. */
	back: "← Back",
	/** Title of the free-text input. */
	typeTitle: (position: string, header: string, question: string): string =>
		`${position} ${header} — ${question}\nType your answer:`,
	/** Placeholder of the free-text input. */
	typePlaceholder: "Your answer",
	/** Title of the note input. */
	noteTitle: (position: string, header: string): string =>
		`${position} ${header} — note (optional; leave empty to remove it)`,
	/** Placeholder of the note input when the question has no note yet. */
	notePlaceholder: "Optional note",
	/** First line of the previews dialog. */
	previewsTitle: (position: string, header: string): string => `${position} ${header} — previews`,
	/** Heading of one option's preview inside the previews dialog. */
	previewHeading: (n: number, label: string): string => `── ${n}. ${label} ──`,
	/** The previews dialog's only row. */
	backToOptions: "← Back to options",
	/** First line of the review dialog. */
	reviewTitle: "Review your answers",
	/** One question's line in the review. */
	reviewLine: (position: string, header: string, answer: string): string => `${position} ${header}: ${answer}`,
	/** Stands for a question left unanswered. */
	unanswered: "(unanswered)",
	/** A typed answer shown in a title. */
	typedAnswer: (text: string): string => `"${text}" (typed)`,
	/** Joins several chosen labels in a title. */
	listSeparator: ", ",
	/** A note shown under its question in the review. */
	reviewNote: (note: string): string => `    Note: ${note}`,
	/** Review row: send the answers. */
	submit: "Submit",
	/** Review row: go back to one question. */
	edit: (header: string): string => `Edit ${header}`,
	/** Review row: decline the whole questionnaire. */
	decline: "Decline",
	/** Title of the dialog shown when the user cancels after answering something. */
	discardTitle: (answered: number, total: number): string =>
		`Stop answering? You have answered ${answered} of ${total} question${total === 1 ? "" : "s"}.`,
	/** Row: return to the questionnaire. */
	keepAnswering: "Keep answering",
	/** Row: drop the answers and decline. */
	discard: (n: number): string => `Discard ${n} answer${n === 1 ? "" : "s"} and decline`,
};
