/**
 * What a questionnaire has collected so far, by index: the one form every host reports while the person
 * answers, the session records (src/pending) and a host restores when the questionnaire reopens
 * (`/answer`). Indexes and typed text only, never display strings parsed back.
 * Pure data; imports nothing from Pi or the terminal.
 */

/** One committed answer by option index: an option, typed text, or several options plus typed text. */
export type IndexedAnswer =
	| { kind: "option"; option: number }
	| { kind: "custom"; text: string }
	| { kind: "multi"; options: number[]; text?: string };

/** What was typed in `answer`: a typed answer, or a multi-select's typed part; undefined when nothing was. */
export function typedPart(answer: IndexedAnswer | null | undefined): string | undefined {
	return answer?.kind === "custom" || answer?.kind === "multi" ? answer.text : undefined;
}

/** The options `answer` chose: its option, or a multi-select's ticked ones; none for a typed answer. */
export function chosenOptions(answer: IndexedAnswer | null | undefined): number[] {
	if (answer?.kind === "option") return [answer.option];
	return answer?.kind === "multi" ? answer.options : [];
}

/** Everything given so far, one entry per question ("" and [] = none). */
export interface Progress {
	answers: (IndexedAnswer | undefined)[];
	/** Options ticked on a multi-select question not yet committed (a committed one's are in its answer). */
	ticks: number[][];
	notes: string[];
	drafts: string[];
	globalNote: string;
}

/** Nothing given yet, for `count` questions. */
export function emptyProgress(count: number): Progress {
	return {
		answers: Array.from({ length: count }, () => undefined),
		ticks: Array.from({ length: count }, () => []),
		notes: Array.from({ length: count }, () => ""),
		drafts: Array.from({ length: count }, () => ""),
		globalNote: "",
	};
}

/** How many questions have a committed answer. */
export function answeredCount(progress: Progress): number {
	return progress.answers.filter((a) => a !== undefined).length;
}
