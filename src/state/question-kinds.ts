/**
 * What each kind of question is, as one table: how choosing an option and typed text make its answer,
 * which control rows follow its options, and what its keys say. A `Record` over `QuestionKind`, so a new
 * kind (free text, a follow-up) fails to compile until every rule is written; the core (answers.ts) and
 * the drivers read the table instead of branching on the kind.
 * Must not import Pi, pi-tui or the terminal (only src/protocol and src/state).
 */
import { type IndexedAnswer, typedPart } from "../protocol/progress.ts";
import type { Question } from "../protocol/questions.ts";
import type { Action } from "./actions.ts";
import type { HintId } from "./hints.ts";

/** One option chosen (`single`), or any set of ticked options (`multi`); either may be typed instead. */
export type QuestionKind = "single" | "multi";

/** The kind of a question as the model sent it. */
export function questionKind(question: Question): QuestionKind {
	return question.multiSelect === true ? "multi" : "single";
}

/** A control row the runtime adds after a question's options in the TUI list. */
type ControlRow = "type" | "next";

/** The answer a question holds and its ticks. */
interface Given {
	answer: IndexedAnswer | null;
	ticks: boolean[];
}

/** Where Enter in the draft editor goes: stays there, back to the list, or on to the next question. */
type TypedConfirm = "stay" | "browse" | "advance";

interface KindRules {
	/** The options are check boxes whose ticks make the answer together (else choosing one is the answer). */
	ticks: boolean;
	/** The control rows after the options, in order. */
	controlRows: readonly ControlRow[];
	/** What choosing option `option` makes of what is given. */
	choose(given: Given, option: number): Given;
	/** The answer after "Next"/"Done": what is ticked and typed, or an explicit "none of these". */
	commit(given: Given): IndexedAnswer | null;
	/** The answer when the person leaves the text input holding `text` (trimmed; "" when erased). */
	keep(given: Given, text: string): IndexedAnswer | null;
	/** The form moves on once an option is chosen. */
	choosingMovesOn: boolean;
	/** Enter in the draft editor: `blank` nothing typed, `tookBack` it removed a typed answer. */
	typedConfirm(blank: boolean, tookBack: boolean, answer: IndexedAnswer | null): TypedConfirm;
	/** The TUI's action for choosing an option. */
	optionAction: Extract<Action, { option: number }>["type"];
	/** Enter's footer hint on an option. */
	optionHint: HintId;
}

/** The multi-select answer for ticked options plus optional typed text; null when nothing is chosen. */
function multiAnswer(ticks: readonly boolean[], text: string | undefined): IndexedAnswer | null {
	const options = ticks.flatMap((on, i) => (on ? [i] : []));
	if (options.length === 0 && text === undefined) return null;
	return text === undefined ? { kind: "multi", options } : { kind: "multi", options, text };
}

export const KINDS: Readonly<Record<QuestionKind, KindRules>> = {
	single: {
		ticks: false,
		controlRows: ["type"],
		choose: ({ ticks }, option) => ({ answer: { kind: "option", option }, ticks }),
		commit: ({ answer }) => answer,
		keep: ({ answer }, text) => {
			if (text === "") return answer?.kind === "custom" ? null : answer;
			return answer?.kind === "custom" && answer.text === text ? answer : { kind: "custom", text };
		},
		choosingMovesOn: true,
		typedConfirm: (blank, tookBack, answer) => (blank && !tookBack ? "stay" : answer === null ? "browse" : "advance"),
		optionAction: "answer/optionChosen",
		optionHint: "select",
	},
	multi: {
		ticks: true,
		controlRows: ["type", "next"],
		// The ticks are the answer from the first one on (Next only moves on), so what the tab shows is what
		// gets submitted, even when the person leaves with Tab instead of Next.
		choose: ({ answer, ticks }, option) => {
			const next = ticks.map((on, i) => (i === option ? !on : on));
			return { answer: multiAnswer(next, typedPart(answer)), ticks: next };
		},
		// Next with nothing ticked or typed is an answer too: "none of these", shown and reported as such.
		commit: ({ answer, ticks }) => multiAnswer(ticks, typedPart(answer)) ?? { kind: "multi", options: [] },
		keep: ({ answer, ticks }, text) => {
			const untyped = answer?.kind === "multi" && answer.text === undefined;
			return text === "" && (untyped || answer === null) ? answer : multiAnswer(ticks, text || undefined);
		},
		choosingMovesOn: false,
		typedConfirm: () => "advance",
		optionAction: "multi/optionToggled",
		optionHint: "toggle",
	},
};
