/**
 * Questionnaires and scripted model turns shared by the end-to-end, integration and unit tests, plus predicates for
 * picking RPC dialog rows by meaning rather than by index (the walker owns row order and wording).
 */
import type { Question } from "../../src/protocol/questions.ts";
import type { Step } from "./fake-model.ts";
import type { UiRequest } from "./pi.ts";

/** The tool name, spelled once for the tests. */
export const ASK = "ask_user_question";

/** One single-select question. */
export const CACHE_QUESTION: Question = {
	question: "Where should the API client cache responses?",
	header: "Cache",
	options: [
		{ label: "In-memory LRU", description: "Simplest; lost on restart." },
		{ label: "SQLite file", description: "Survives restarts." },
		{ label: "Redis", description: "Shared across instances." },
	],
};

/** One multi-select question. */
export const PLATFORM_QUESTION: Question = {
	question: "Which platforms must the first release support?",
	header: "Platforms",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 and arm64." },
		{ label: "macOS", description: "Universal binary." },
		{ label: "Windows", description: "Needs a signing certificate." },
	],
};

/** A small single-select question: two options with one-word descriptions. */
export const SMALL_CACHE_QUESTION: Question = {
	question: "Which cache?",
	header: "Cache",
	options: [
		{ label: "Redis", description: "shared" },
		{ label: "Memory", description: "simple" },
	],
};

/** A small multi-select question: two options with one-word descriptions. */
export const SMALL_TARGETS_QUESTION: Question = {
	question: "Which targets?",
	header: "Targets",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64" },
		{ label: "macOS", description: "arm64" },
	],
};

/** The small cache question's options as models write them (sentences with full stops), untyped. */
export const MODEL_REDIS = { label: "Redis", description: "Shared." };
export const MODEL_MEMORY = { label: "Memory", description: "Simple." };
/**
 * The small cache question as a model sends it: the base the argument-shape tests bend out of shape. Its
 * words are in docs/arguments.md's real-world-arguments table (a call encoded twice is echoed back whole).
 */
export const MODEL_CACHE_QUESTION = { question: "Which cache?", header: "Cache", options: [MODEL_REDIS, MODEL_MEMORY] };

/** `question` with `previews[i]` as the preview of its option i (undefined: that option keeps none). */
export function withPreviews(question: Question, ...previews: (string | undefined)[]): Question {
	return {
		...question,
		options: question.options.map((option, i) => {
			const preview = previews[i];
			return preview === undefined ? option : { ...option, preview };
		}),
	};
}

/** The model calls ask_user_question with these questions. */
export function askStep(...questions: object[]): Step {
	return { toolCall: { name: ASK, arguments: { questions } } };
}

/** The model answers with what it received, so assertions can also read it from the transcript. */
export const echoStep: Step = (request) => ({ text: `received: ${request.lastToolResult ?? "(no tool result)"}` });

/** Finds the option whose text satisfies `pick`; throws with all options when none does. */
export function option(request: UiRequest, pick: (row: string) => boolean, what = "row"): string {
	const rows = request.options ?? [];
	const found = rows.find(pick);
	if (found === undefined) {
		throw new Error(`no ${what} in ${request.method} ${JSON.stringify(request.title)}: ${JSON.stringify(rows)}`);
	}
	return found;
}

/** Row predicates for the walker's rows (see src/dialogs). */
export const rows = {
	/** A numbered option row ("2. Redis — …" or "[ ] 2. Redis — …"). */
	numbered: (n: number) => (row: string) => row.replace(/^\[[ xX✓]\]\s*/, "").startsWith(`${n}. `),
	typeSomething: (row: string) => /^type something/i.test(row.trim()),
	addNote: (row: string) => /^add a note/i.test(row.trim()),
	back: (row: string) => row.includes("← Back") || /^back\b/i.test(row.trim()),
	done: (row: string) => /^done\b/i.test(row.trim()),
	submit: (row: string) => /^submit\b/i.test(row.trim()),
	decline: (row: string) => /^decline\b/i.test(row.trim()),
	edit: (header: string) => (row: string) => row.trim().startsWith(`Edit ${header}`),
	checked: (row: string) => /^\[[xX✓]\]/.test(row.trim()),
} as const;

/** Whether a select dialog is about the question with this text or header. */
export function isAbout(request: UiRequest, question: { question: string; header: string }): boolean {
	return request.title.includes(question.question) || request.title.includes(question.header);
}
