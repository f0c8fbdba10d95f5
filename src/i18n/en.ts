/**
 * The English messages table: every string the user sees — the dialog walker (control rows, dialog
 * titles, review texts), the TUI view and session, and the transcript renderers. Flat on purpose: one
 * key per string, placeholders as small functions, so another locale is one more object of the same
 * shape (`Messages`). The text sent to
 * the model is not here: it stays English and lives in `protocol/envelope.ts`.
 * Callers sanitize untrusted pieces before passing them in; nothing here escapes anything.
 * Key names (Enter, Esc, Tab) are not here: they read the same in every locale (`key-names.ts`).
 */
import type { Outcome } from "../protocol/result.ts";
import type { HintId } from "../state/hints.ts";

/** A count with its thousands grouped ("29,700"): read at a glance, and the same in every locale here. */
export function digits(n: number): string {
	return n.toLocaleString("en-US");
}

/** The English table; the default everywhere, and the fallback for unknown locales. */
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
	done: (n: number): string => (n === 0 ? "Done — none of these" : `Done — ${n} selected`),
	noneOfThese: "none of these",
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
	/** Row (review, "Stop answering?", the /answer list): decline, in words that say what the agent is told. */
	decline: "Decline — the agent is told you declined",
	/** Title of "Stop answering?", asked when the person leaves (src/state/leave.ts), on every host. */
	discardTitle: (answered: number, total: number): string =>
		`Stop answering? You have answered ${answered} of ${total} question${total === 1 ? "" : "s"}.`,
	/** Row: return to the questionnaire. */
	keepAnswering: "Keep answering",
	/** Row (review, "Stop answering?", accessible choices): put the questionnaire aside; /answer reopens it. */
	answerLater: "Answer later",
	/** Row ("Stop answering?" in /answer, the /answer list): settle a pending one answered in the conversation. */
	answeredInChat: "Answered in chat — the agent is told to take your answers from the chat",

	// ── Full TUI view (src/tui/view): owned by the view; keys start with `view`. ──
	/** Control row of a question tab: type a free-text answer. */
	viewTypeRow: "Type something.",
	/** Control row of a multi-select tab: commit the checked options. */
	viewNextRow: "Next",
	viewNextRowNone: "Next: none of these",
	/** The last tab, and the Submit choice on it. */
	viewSubmit: "Submit",
	/** The Answer later choice on the Submit tab. */
	viewAnswerLater: "Answer later",
	/** The Cancel choice on the Submit tab. */
	viewCancel: "Cancel",
	/** Marks an answered question (tab bar, Submit tab). */
	viewAnsweredMark: "✔",
	/** Marks an unanswered question (tab bar, Submit tab). */
	viewUnansweredMark: "□",
	/** Shown after a label the model recommends. */
	viewRecommended: "(Recommended)",
	/** A checked multi-select box. */
	viewChecked: "[x]",
	/** An unchecked multi-select box. */
	viewUnchecked: "[ ]",
	/** Points at the focused row. */
	viewPointer: "›",
	/** Rows of the option list scrolled out above. */
	viewMoreAbove: (n: number): string => `↑ ${n} more`,
	/** Rows of the option list scrolled out below. */
	viewMoreBelow: (n: number): string => `↓ ${n} more`,
	/** Lines of the Submit tab's summary that do not fit. */
	viewMoreLines: (n: number): string => `… ${n} more line${n === 1 ? "" : "s"}`,
	/** Title of the note editor on a question tab. */
	viewNoteFor: (header: string): string => `Note for ${header}:`,
	/** Title of the note editor on the Submit tab. */
	viewNoteOnAll: "Note on all questions:",
	/** A question's saved note, shown under the question. */
	viewNote: (note: string): string => `Note: ${note}`,
	/** The saved global note on the Submit tab. */
	viewGlobalNote: (note: string): string => `Note on all questions: ${note}`,
	/** The preview's scroll position; `hint` says which key scrolls further. */
	viewPreviewPosition: (first: number, last: number, total: number, hint: string): string =>
		`lines ${first}–${last} of ${total}${hint === "" ? "" : ` · ${hint}`}`,
	/** The position in a long preview not yet laid out to its end: `known` lines so far, more to come. */
	viewPreviewPartial: (first: number, last: number, known: number, hint: string): string =>
		`lines ${first}–${last} of ≥ ${known}${hint === "" ? "" : ` · ${hint}`}`,
	/** Scroll hint: more lines below. */
	viewPreviewMore: (key: string): string => `${key} more`,
	/** Scroll hint: at the end, scroll back up. */
	viewPreviewBack: (key: string): string => `${key} back`,
	/** Beside the options when the focused row has no preview. */
	viewNoPreview: "No preview for this row.",
	/** Title line of the Submit tab. */
	viewReviewTitle: "Review your answers",
	/** A typed answer on the Submit tab. */
	viewTyped: (text: string): string => `"${text}"`,
	viewTypedMoreLines: (n: number): string => `+${n} more line${n === 1 ? "" : "s"}`,
	/** A multi-select question committed with nothing checked. */
	viewNoneChosen: "none of these",
	/** Stands for an unanswered question on the Submit tab. */
	viewUnanswered: "unanswered",
	/** One question's line on the Submit tab. */
	viewSummaryLine: (mark: string, header: string, answer: string): string => `${mark} ${header}: ${answer}`,
	/** Under the summary when some questions are unanswered: Submit closes them unanswered, Answer later does not. */
	viewPartialHint: "Submit sends what you have answered and closes the questionnaire; Answer later keeps it open.",
	/** Under a text longer than the model receives (config `limits`): the editor and the Submit tab. */
	viewModelSees: (shown: number, total: number): string =>
		`The model will see the first ${digits(shown)} of ${digits(total)} characters`,
	/** Starts each of those warnings on the Submit tab. */
	viewCutMark: "!",
	/** On the Submit tab when the whole answer is over `limits.totalText`. */
	viewModelTotal: (limit: number): string =>
		`The model receives at most ${digits(limit)} characters in all: the longest texts will be shortened further`,
	/** The one line left when the questionnaire is collapsed and cannot really hide. */
	viewCollapsed: (key: string): string => `Questionnaire collapsed — press ${key} to reopen`,
	/** The countdown of an untouched questionnaire (config `timeout`); `clock` is like "4:59". */
	viewClosesIn: (clock: string): string => `Closes in ${clock} if nobody answers · any key stops the countdown`,
	/** The same countdown with config `onTimeout: "defer"`: the questionnaire is put aside, not closed. */
	viewPutAsideIn: (clock: string): string =>
		`Put aside in ${clock} if nobody answers (/answer reopens it) · any key stops the countdown`,
	/** Between footer hints. */
	viewHintSeparator: " · ",
	/** Footer hint words, by the keymap's hint id (`src/state/keymap.ts`); the keys are shown before them. */
	viewHints: {
		navigate: "navigate",
		select: "select",
		toggle: "toggle",
		typeAnswer: "type an answer",
		next: "next",
		submit: "submit",
		cancel: "cancel",
		decline: "decline",
		keepAnswering: "keep answering",
		answeredInChat: "answered in chat",
		confirm: "confirm",
		saveNote: "save note",
		switchTab: "switch tab",
		note: "note",
		overallNote: "overall note",
		scrollPreview: "scroll preview",
		externalEditor: "external editor",
		back: "back",
		show: "show",
		hide: "hide",
		answerLater: "answer later",
	} as Readonly<Record<HintId, string>>,
	// ── end of the full TUI view block ──

	// ── Interactive TUI session (src/tui/session.ts, run.ts): keys start with `tui`. ──
	/** Pi's "waiting for the user" status while the questionnaire is open (OSC 7501), naming what it asks. */
	tuiBlocked: (asked: string): string => `The agent is waiting for your answer: ${asked}`,
	/** A notice while the questionnaire waits for the person to send or clear what they are typing in Pi's editor. */
	tuiWaitsForEditor: (asked: string): string =>
		`The agent asks: ${asked} — it opens once you send or clear what you are typing.`,
	/** The desktop notification's title when a questionnaire opens; its body says what is asked. */
	tuiNotifyTitle: (count: number): string =>
		count === 1 ? "Pi asks you a question" : `Pi asks you ${count} questions`,
	/** Printed while the external editor owns the terminal (a GUI editor leaves it blank otherwise). */
	tuiExternalEditorWaiting: "Waiting for the external editor; Pi resumes when it exits.",
	/** Status line after the external editor failed; the draft is kept. */
	tuiExternalEditorFailed: (reason: string): string => `External editor failed: ${reason} (your text is kept)`,
	/** Notification after an internal error closed the questionnaire. */
	tuiFailed: (reason: string): string => `The questionnaire closed after an internal error: ${reason}`,
	// ── end of the interactive TUI session block ──

	// ── Accessible prompts (src/tui/accessible): keys start with `accessible`. ──
	/** Under a choice: how to answer; `cancel` is one of the `accessibleCancel…` sentences. */
	accessibleChooseHint: (count: number, cancel: string): string =>
		`Type a number from 1 to ${count}, then press Enter. ${cancel}`,
	/** What the cancel key (`key`) does on a choice, by the rule of src/state/leave.ts. */
	accessibleCancelDeclines: (key: string): string => `${key} declines: the agent is told you declined.`,
	accessibleCancelAsks: (key: string): string => `${key} asks how you want to leave.`,
	accessibleCancelLater: (key: string): string => `${key} puts it aside to answer later.`,
	accessibleCancelBack: (key: string): string => `${key} goes back.`,
	/** Under a text question: how to answer. */
	accessibleInputHint: (cancel: string): string =>
		`Type your text, then press Enter. ${cancel} goes back, keeping what you typed.`,
	/** The input's suggestion or current value, shown as text above it. */
	accessiblePlaceholder: (text: string): string => `(${text})`,
	/** After a reply that is not one of the numbers. */
	accessibleNotAChoice: (typed: string, count: number): string =>
		typed === ""
			? `Nothing typed. Type a number from 1 to ${count}.`
			: `"${typed}" is not a choice. Type a number from 1 to ${count}.`,
	/** Before the text being typed. */
	accessiblePrompt: "> ",
	// ── end of the accessible prompts block ──

	// ── Transcript renderers (src/pi/render-call.ts, render-result.ts): keys start with `render`. ──
	/** After a multi-select question's header in the expanded call. */
	renderMultiSelect: "(multi-select)",
	/** After an option that has a preview in the expanded call. */
	renderHasPreview: "(preview)",
	/** The result row while the user is still being asked. */
	renderWaiting: "Waiting for the user…",
	/** What became of the questionnaire, by outcome. */
	renderOutcome: {
		answered: "Answered",
		partial: "Partly answered",
		declined: "Declined",
		interrupted: "Interrupted",
		timed_out: "Timed out",
		not_shown: "Not shown",
		deferred: "Answer later",
		answered_in_chat: "Answered in chat",
	} as Readonly<Record<Outcome, string>>,
	/** A questionnaire the answer timeout put aside (config `onTimeout: "defer"`): nobody chose Answer later. */
	renderTimedOutPending: "Timed out · still pending",
	/** An outcome with the host's reason, e.g. `Not shown: no UI`. */
	renderOutcomeReason: (outcome: string, reason: string): string => `${outcome}: ${reason}`,
	/** The questions left unanswered, e.g. `Unanswered: Cache, Auth`. */
	renderUnanswered: (names: string): string => `Unanswered: ${names}`,
	/** One question left unanswered in the expanded result. */
	renderNotAnswered: (name: string): string => `${name}: not answered`,
	/** A question's name followed by its answer or note, e.g. `Cache:`. */
	renderNamed: (name: string): string => `${name}:`,
	/** Stands for a question without a header or text. */
	renderQuestionNumber: (n: number): string => `Q${n}`,
	/** After an answer the user typed. */
	renderTyped: "(typed)",
	/** Label before a question's note (continuation lines are indented to its width). */
	renderQuestionNote: "note: ",
	/** Who answered, when another extension did (its name): never the person. */
	renderAnsweredBy: (name: string): string => `answered by extension ${name}, not you`,
	/** Who answered, when the person did through a client they paired (its name). */
	renderAnsweredFrom: (name: string): string => `you answered from ${name}`,
	/** Label before the note on the whole questionnaire. */
	renderGlobalNote: "Note: ",
	/** What Pi's expand key does, shown after the key. */
	renderExpand: "to expand",
	/** An error result without text. */
	renderError: "Error",
	/** A result without text. */
	renderNoResult: "No result",
	/** Above a late answer's result rows: when its questionnaire was asked (local time, if known). */
	renderLateAnswer: (asked: string | undefined): string =>
		asked === undefined ? "Late answer" : `Late answer · asked ${asked}`,
	/** Above a subagent's questionnaire answered here, kept in the transcript (the parent's model does not read it). */
	renderRelayedTrace: (asked: string | undefined): string =>
		asked === undefined ? "A subagent's question" : `A subagent's question · asked ${asked}`,
	// ── end of the transcript renderers block ──

	// ── pending questionnaires and /answer (src/pi/pending-*.ts, src/pi/answer-command.ts) ──
	/** Pi's footer status while questionnaires wait, e.g. `2 questionnaires waiting · /answer`. */
	pendingStatus: (count: number): string =>
		`${count} ${count === 1 ? "questionnaire" : "questionnaires"} waiting · /answer`,
	/** The /answer command in Pi's command list. */
	pendingCommand: "Answer a questionnaire you put aside or that was cut short",
	/** /answer with nothing pending. */
	pendingNone: "No questionnaire is waiting for answers.",
	/** /answer without an interactive UI (print or JSON mode). */
	pendingNeedsUi: "/answer needs Pi's interactive UI or an RPC client.",
	/** The pick list's title. */
	pendingPickTitle: (count: number): string => `${count} questionnaires are waiting. Which one do you want to answer?`,
	/**
	 * One pending questionnaire in the pick list, e.g. `1. Cache · Targets — 1 of 2 answered · 5 min ago`;
	 * without the age when the time asked cannot be right.
	 */
	pendingPickRow: (n: number, headers: string, progress: string, age: string | undefined): string =>
		age === undefined ? `${n}. ${headers} — ${progress}` : `${n}. ${headers} — ${progress} · ${age}`,
	/** How far one got, in the pick list. */
	pendingProgress: (answered: number, total: number): string => `${answered} of ${total} answered`,
	/** The pick list's last row: settle one without answering it here. */
	pendingCloseRow: "Close one without answering it here…",
	/** The title of the list to close one from. */
	pendingCloseTitle: "Close which questionnaire?",
	/** The question after picking it; the rows are `answeredInChat`, `decline` and `pendingKeepWaiting`. */
	pendingCloseHow: (headers: string): string => `${headers}: how do you want to close it?`,
	/** Row: leave it pending. */
	pendingKeepWaiting: "Keep it waiting",
	/** /answer on a questionnaire that is already open. */
	pendingAlreadyOpen: "That questionnaire is already open.",
	/** /answer while another questionnaire is on screen (perhaps hidden): this one waits its turn. */
	pendingWaitsForScreen:
		"It opens once the questionnaire already on screen is answered or put aside (Ctrl+] shows a hidden one).",
	/** How long ago a questionnaire was asked. */
	pendingAgeNow: "just now",
	pendingAgeMinutes: (n: number): string => `${n} min ago`,
	pendingAgeHours: (n: number): string => `${n} h ago`,
	pendingAgeDays: (n: number): string => (n === 1 ? "yesterday" : `${n} days ago`),
	/** Our session records that could not be read at session start. */
	pendingSkipped: (n: number): string =>
		`${n} saved ${n === 1 ? "questionnaire record" : "questionnaire records"} could not be read and ${n === 1 ? "was" : "were"} skipped.`,
	/**
	 * Pending questionnaires whose questions were their tool call's arguments, and that call is no longer in
	 * the session branch (cut or edited): they cannot be shown again.
	 */
	pendingQuestionsLost: (n: number): string =>
		`${n === 1 ? "A pending questionnaire's" : `${n} pending questionnaires'`} questions are no longer in this session branch (${n === 1 ? "its tool call is" : "their tool calls are"} missing), so ${n === 1 ? "it cannot be" : "they cannot be"} answered here.`,
	/**
	 * The first of our records the session file would not take (a full disk, a read-only folder): said once,
	 * whatever was being written (a questionnaire shown, typed, answered or put aside).
	 */
	pendingNotSaved: (reason: string): string =>
		`The session file cannot be written (${reason}): what you give in questionnaires is not being saved. Answers still reach the agent and pending questionnaires stay in /answer while Pi runs; they are saved when writing works again, and lost if Pi closes before.`,
	/** Writing works again after `pendingNotSaved`: what was kept in memory is in the session now. */
	pendingSavedAgain: "The session file can be written again: what you gave in questionnaires is saved.",
	/** Above Pi's editor while a late answer waits in Pi's queue for the agent's running step to end. */
	pendingLateAnswerQueued: (headers: string): string =>
		`Late answer for ${headers} queued · the agent gets it when its current step ends`,
	/** /answer could not show the questionnaire. */
	pendingNotShown: (reason: string): string => `The questionnaire could not be shown: ${reason}`,
	/** /answer's submit when another Pi on the same session answered it first: nothing was sent from here. */
	pendingAnsweredElsewhere: "Another Pi answered this questionnaire first; nothing was sent from here.",

	// ── questionnaires relayed from a Pi below (src/relay, src/host/labelled-ui.ts) ──
	/** Above a relayed questionnaire: who asks, e.g. `Asked by a subagent · depth 1 · /home/me/app`. */
	relayFrom: (depth: number, cwd: string): string => `Asked by a subagent · depth ${depth} · ${cwd}`,
	/** The same when its spawner named it, e.g. `Asked by subagent "scout" · depth 1 · /home/me/app`. */
	relayFromNamed: (name: string, depth: number, cwd: string): string =>
		`Asked by subagent "${name}" · depth ${depth} · ${cwd}`,
	/** After who asks: the start of the task the subagent was given. */
	relayTask: (task: string): string => `Task: ${task}`,
	/** A notice when a relayed questionnaire on screen closed because its asker stopped waiting (killed, stopped). */
	relayAskerGone: (label: string): string =>
		`${label} — closed: the subagent stopped waiting for these answers (it ended or was stopped).`,
	/** A notice while a relayed questionnaire waits for the person to send or clear what they are typing. */
	relayWaitsForEditor: (label: string): string =>
		`${label} — a question waits: it opens once you send or clear what you are typing.`,
	/** The pairing code, shown only on Pi's screen (and the desktop notification): the person types it into the client. */
	relayPairingCode: (name: string, code: string): string =>
		`Pairing code ${code}: "${name}" asks to answer your questions from outside Pi. If you started it, type the code there (good for 2 minutes). If not, ignore this, and never give the code to the agent.`,
	/** The desktop notification's title for a pairing code. */
	relayPairingTitle: "pi-ask pairing code",
	/** Once the person typed the code: the client may now list and answer. */
	relayPaired: (name: string): string => `Paired "${name}": it can now list and answer your questions.`,
};

/** The words of one locale: every locale table has exactly the English table's shape. */
export type Messages = typeof en;
