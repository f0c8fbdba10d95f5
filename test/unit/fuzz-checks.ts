/**
 * The fuzz oracle, shared by the CI fuzz test and `npm run fuzz`: runs one generated case through
 * `validateQuestionnaire` and `executeAskUserQuestion` (dialog host, with a fake UI that answers from
 * a seeded random script) and throws a `FuzzViolation` naming the broken guarantee. No vitest here.
 *
 * Guarantees checked per case: neither function throws; validation is deterministic; a valid input
 * gives a questionnaire result (answers that point at real questions and options), an invalid one a
 * single `invalid_questions` result carrying exactly the validator's problems, each with a well-formed
 * path that points into the input; the model text is one text part, within the total budget, free of
 * raw control characters, with every quoted piece a valid JSON string; the input is not modified.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { type AskToolResult, executeAskUserQuestion } from "../../src/ask/execute.ts";
import { countChars, DEFAULT_LIMITS, omissionMarker } from "../../src/protocol/budget.ts";
import { quote } from "../../src/protocol/quote.ts";
import type { Problem, QuestionnaireResult } from "../../src/protocol/result.ts";
import { validateQuestionnaire } from "../../src/protocol/validation.ts";
import type { FuzzCase } from "./fuzz-inputs.ts";

/** The floor text-slots.ts promises: a cut string still shows 32 characters (or all of it), however tight the total. */
const MIN_KEEP = 32;

/** docs/reliability.md: `details` keep up to 256 Ki characters per string; a longer one is cut and marked. */
const DETAILS_CAP = 256 * 1024;

/**
 * Whether `kept` is `text` as `details` hold it: all of it, or (over the cap) a start of it of at most the
 * cap, then the marker counting the characters left out.
 */
function heldInDetails(kept: unknown, text: string): boolean {
	if (kept === text) return true;
	const total = countChars(text);
	if (typeof kept !== "string" || total <= DETAILS_CAP) return false;
	const space = kept.lastIndexOf(" [… ");
	const start = kept.slice(0, Math.max(0, space));
	const shown = countChars(start);
	return (
		space > 0 &&
		text.startsWith(start) &&
		shown <= DETAILS_CAP &&
		kept.slice(space + 1) === omissionMarker(total - shown)
	);
}

/** A broken guarantee, with the case that broke it. */
export class FuzzViolation extends Error {
	override name = "FuzzViolation";
}

/** What one case did, for the figures. */
export interface CaseReport {
	valid: boolean;
	outcome: QuestionnaireResult["outcome"];
	problems: number;
	dialogs: number;
	textChars: number;
}

/** A seeded PRNG (mulberry32): the same seed replays the same user. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const TYPED = [
	"",
	"   ",
	"ok",
	"Redis, but only in prod",
	"\u001b[2J\u202eevil\u0007",
	"😀👨‍👩‍👧🇫🇷",
	"x".repeat(10_000),
];

/** A fake `ctx.ui` whose select/input answer from a seeded script: picks, cancels, strays, throws, huge pastes. */
export function scriptedUi(seed: number, abort?: AbortController): { ui: ExtensionUIContext; dialogs: () => number } {
	const next = random(seed);
	let dialogs = 0;
	const abortAt = next() < 0.05 ? Math.floor(next() * 6) : -1;
	const step = () => {
		if (dialogs++ === abortAt) abort?.abort();
	};
	const ui = {
		async select(_title: string, options: string[]): Promise<string | undefined> {
			step();
			const roll = next();
			if (roll < 0.06) return undefined;
			if (roll < 0.08) throw new Error("select failed");
			if (roll < 0.1) return "not one of the rows";
			return options[Math.floor(next() * options.length)];
		},
		async input(): Promise<string | undefined> {
			step();
			const roll = next();
			if (roll < 0.1) return undefined;
			if (roll < 0.12) throw new Error("input failed");
			if (roll < 0.13) return "p".repeat(1_000_000);
			return TYPED[Math.floor(next() * TYPED.length)];
		},
		async confirm(): Promise<boolean> {
			step();
			return next() < 0.5;
		},
		async editor(): Promise<string | undefined> {
			step();
			return undefined;
		},
		notify(): void {},
	};
	return { ui: ui as unknown as ExtensionUIContext, dialogs: () => dialogs };
}

/** Runs one case and checks every guarantee; throws `FuzzViolation` on the first broken one. */
export async function checkCase(fuzz: FuzzCase): Promise<CaseReport> {
	const before = snapshot(fuzz.input);
	const validation = call("validateQuestionnaire", () => validateQuestionnaire(fuzz.input));
	const again = call("validateQuestionnaire (again)", () => validateQuestionnaire(fuzz.input));
	if (fingerprint(validation) !== fingerprint(again)) fail("validation is not deterministic");
	const abort = new AbortController();
	const { ui, dialogs } = scriptedUi(fuzz.seed, abort);
	let result: AskToolResult;
	try {
		result = await executeAskUserQuestion(fuzz.input, { hasUI: true, mode: "rpc", ui, signal: abort.signal });
	} catch (error) {
		fail(`executeAskUserQuestion threw: ${describe(error)}`);
	}
	const details = result.details;
	const text = checkContent(result);
	if (validation.ok) {
		if (!["answered", "partial", "declined", "interrupted", "deferred"].includes(details.outcome)) {
			fail(`a valid input ended ${details.outcome} (${details.error?.code ?? "no error"})`);
		}
		checkAnswers(details, validation.questionnaire.questions);
		checkQuoted(details, text);
	} else {
		checkProblems(validation.problems, fuzz.input);
		if (details.outcome !== "not_shown" || details.error?.code !== "invalid_questions") {
			fail(`an invalid input ended ${details.outcome} / ${details.error?.code}`);
		}
		if (fingerprint(details.error.problems) !== fingerprint(validation.problems)) {
			fail("the result's problems differ from the validator's");
		}
		if (result.isError !== true) fail("an invalid_questions result is not marked isError");
	}
	if (snapshot(fuzz.input) !== before) fail("the input was modified");
	return {
		valid: validation.ok,
		outcome: details.outcome,
		problems: validation.ok ? 0 : validation.problems.length,
		dialogs: dialogs(),
		textChars: countChars(text),
	};
}

/** Raw characters that must never reach the model; a newline only separates problem lines. */
const RAW_UNSAFE =
	/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** Checks the model text of a tool result; returns it. */
export function checkContent(result: AskToolResult): string {
	if (result.content.length !== 1 || result.content[0]?.type !== "text") fail("content is not exactly one text part");
	const text = result.content[0]?.text ?? "";
	if (text === "") fail("the model text is empty");
	const invalid = result.details.error?.code === "invalid_questions";
	if (RAW_UNSAFE.test(invalid ? text.replaceAll("\n", " ") : text.replaceAll("\n", "\u0000"))) {
		fail("the model text carries a raw control");
	}
	if (countChars(text) > DEFAULT_LIMITS.totalText) fail(`the model text has ${countChars(text)} characters`);
	for (const match of text.matchAll(QUOTED)) {
		try {
			JSON.parse(match[0]);
		} catch {
			fail(`a quoted piece is not a JSON string: ${match[0].slice(0, 80)}`);
		}
	}
	return text;
}

interface CleanQuestion {
	question: string;
	multiSelect?: boolean;
	options: { label: string }[];
}

function checkAnswers(details: QuestionnaireResult, questions: readonly CleanQuestion[]): void {
	if (details.host !== "rpc") fail(`host is ${details.host}`);
	const seen = new Set<number>();
	for (const answer of details.answers) {
		const question = questions[answer.questionIndex];
		if (question === undefined || seen.has(answer.questionIndex)) fail(`answer for question ${answer.questionIndex}`);
		seen.add(answer.questionIndex);
		// `details` hold every string capped at DETAILS_CAP (and marked), so compare with the capped form.
		if (!heldInDetails(answer.question, question.question)) fail("an answer names another question");
		const isOption = (label: unknown) => question.options.some((o) => heldInDetails(label, o.label));
		const chosen = answer.kind === "multi" && Array.isArray(answer.answer) ? answer.answer : [answer.answer];
		const picked = answer.custom === undefined || answer.kind !== "multi" ? chosen : chosen.slice(0, -1);
		if (answer.kind !== "custom" && picked.some((label) => typeof label !== "string" || !isOption(label))) {
			fail("an answer holds a label that is not an option");
		}
		if ((answer.kind === "multi") !== (question.multiSelect === true)) fail("answer kind does not match multiSelect");
	}
	for (const index of details.unanswered ?? []) if (seen.has(index)) fail("a question is both answered and unanswered");
}

/**
 * User and model strings reach the model JSON-quoted: every answer's question and chosen label of at
 * most MIN_KEEP characters (never shortened, however tight the budget) appears quoted in full.
 */
export function checkQuoted(details: QuestionnaireResult, text: string): void {
	if (details.outcome === "declined") return; // the declined text lists notes, not answers
	for (const answer of details.answers) {
		const labels = answer.kind === "option" ? [String(answer.answer)] : [];
		for (const piece of [answer.question, ...labels]) {
			if (countChars(piece) <= MIN_KEEP && !text.includes(quote(piece)))
				fail(`${quote(piece)} is not quoted in the text`);
		}
	}
}

/** The path of a problem with the arguments as a whole (not an object). */
const ROOT_PATH = "arguments";

/** `questions[i]`, `.question|header|multiSelect|options`, `options[j]`, `.label|description|preview`. */
const PATH =
	/^questions(?:\[(\d+)\](?:\.(question|header|multiSelect)|\.options(?:\[(\d+)\](?:\.(label|description|preview))?)?)?)?$/;

/** Checks an invalid input's problems: non-empty, unique, each path well-formed and pointing into `input`. */
export function checkProblems(problems: readonly Problem[], input: unknown): void {
	if (problems.length === 0) fail("invalid, with no problem listed");
	const keys = new Set<string>();
	for (const problem of problems) {
		if (typeof problem.message !== "string" || problem.message.trim() === "") fail("a problem without a message");
		const key = `${problem.path}\u0000${problem.message}`;
		if (keys.has(key)) fail(`problem listed twice: ${problem.path}: ${problem.message}`);
		keys.add(key);
		if (problem.path === ROOT_PATH) continue;
		const match = PATH.exec(problem.path);
		if (!match) fail(`malformed path ${JSON.stringify(problem.path)}`);
		if (!pointsInto(input, match)) fail(`path ${problem.path} does not point into the input`);
	}
}

/** True when every container on the path exists in `input` (the last key itself may be missing). */
function pointsInto(input: unknown, match: RegExpExecArray): boolean {
	const [, question, questionField, option, optionField] = match;
	if (!isRecord(input)) return false;
	if (question === undefined) return true;
	const questions = Object.hasOwn(input, "questions") ? input.questions : undefined;
	if (!Array.isArray(questions) || Number(question) >= questions.length) return false;
	const entry: unknown = questions[Number(question)];
	if (questionField !== undefined || match[0].endsWith(".options") || option !== undefined) {
		if (!isRecord(entry)) return false;
	}
	if (option === undefined) return true;
	const options = Object.hasOwn(entry as object, "options") ? (entry as Record<string, unknown>).options : undefined;
	if (!Array.isArray(options) || Number(option) >= options.length) return false;
	return optionField === undefined || isRecord(options[Number(option)]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function call<T>(what: string, run: () => T): T {
	try {
		return run();
	} catch (error) {
		fail(`${what} threw: ${describe(error)}`);
	}
}

function fail(message: string): never {
	throw new FuzzViolation(message);
}

function describe(error: unknown): string {
	return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A comparable snapshot of a value: its JSON, or "" when it has none (a bigint, a throwing getter).
 * No replacer: one would be called per node and makes the fuzz ten times slower.
 */
function fingerprint(value: unknown): string {
	try {
		return JSON.stringify(value) ?? "undefined";
	} catch {
		return "";
	}
}

/**
 * A structural snapshot of an input for spotting modifications: own keys (symbols too), prototypes,
 * and values read through property descriptors (getters are never called), each object once however
 * often it is referenced (a 1,000-entry array of one 1 MB option stays cheap). Strings are summarized
 * by length and ends. Proxies and other unreadable objects show as such.
 */
export function snapshot(root: unknown): string {
	const ids = new Map<object, number>();
	const out: string[] = [];
	// An explicit stack, not recursion: inputs nest thousands deep, and an overflow would make two
	// snapshots of the same input differ. Entries are values to visit or tokens to emit as they are.
	const stack: ({ value: unknown } | { token: string })[] = [{ value: root }];
	for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
		if ("token" in entry) {
			out.push(entry.token);
			continue;
		}
		const value = entry.value;
		if (typeof value === "string") {
			out.push(value.length > 80 ? `s${value.length}:${value.slice(0, 32)}…${value.slice(-32)}` : `s:${value}`);
		} else if (typeof value === "number") {
			out.push(Object.is(value, -0) ? "n-0" : `n${value}`);
		} else if ((typeof value !== "object" && typeof value !== "function") || value === null) {
			out.push(`${typeof value}:${String(value)}`);
		} else if (ids.has(value)) {
			out.push(`@${ids.get(value)}`);
		} else {
			ids.set(value, ids.size);
			out.push(objectHeader(value));
			const children: ({ value: unknown } | { token: string })[] = [];
			try {
				for (const key of Reflect.ownKeys(value)) {
					const descriptor = Object.getOwnPropertyDescriptor(value, key);
					children.push({ token: `${String(key)}:` });
					children.push(descriptor && "value" in descriptor ? { value: descriptor.value } : { token: "accessor" });
				}
				children.push({ token: "}" });
			} catch {
				children.push({ token: "unreadable}" });
			}
			for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as { value: unknown } | { token: string });
		}
	}
	return out.join("\u0001");
}

function objectHeader(value: object): string {
	try {
		const proto: unknown = Object.getPrototypeOf(value);
		if (proto === null) return "{null";
		if (proto === Object.prototype) return "{";
		return Array.isArray(value) ? "[" : "{other";
	} catch {
		return "{unreadable";
	}
}
