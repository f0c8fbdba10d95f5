/**
 * Business validation of the tool's arguments (DESIGN.md §2). Pi checks the schema before `execute`,
 * but `execute` may be reached by other callers, so structure is checked again here, and then the
 * rules a JSON schema cannot say: distinct questions, distinct labels, no label that collides with a
 * runtime control row, no blank text. Every problem is reported at once with its path and a fix, so
 * one retry is enough. Never throws; returns a clean copy holding only known fields.
 *
 * Decisions: an empty or blank `preview` is dropped, not reported (the option simply has no preview,
 * and rejecting would cost the model a turn for nothing); `multiSelect` may be absent or null (false).
 * Strings are kept verbatim (the UI sanitizes them); "blank" means nothing visible is left once
 * whitespace and invisible format characters are removed.
 */

import { deepFreeze } from "../util/freeze.ts";
import { lazyRegExp } from "../util/once.ts";
import { isRecord } from "../util/records.ts";
import type { Question, Questionnaire, QuestionOption } from "./questions.ts";
import { quote } from "./quote.ts";
import type { Problem } from "./result.ts";

/**
 * Either the clean questionnaire, or every problem found (never an empty list); `fitsSchema` says whether
 * the input still passes the tool's JSON schema (the problems are business rules only), so Pi would call
 * `execute` with it.
 */
export type ValidationResult =
	| { ok: true; questionnaire: Questionnaire }
	| { ok: false; problems: Problem[]; fitsSchema: boolean };

/** The path used for a problem with the arguments as a whole (not an object). */
export const ROOT_PATH = "arguments";

/** Structural limits, shared with the schema's minItems/maxItems. */
const LIMITS = { minQuestions: 1, maxQuestions: 4, minOptions: 2, maxOptions: 4 } as const;

/**
 * Entries past this index are not inspected: the count problem already asks the model to remove them,
 * and a runaway array must not produce thousands of problems.
 */
const MAX_INSPECTED = 16;

/** Control-row labels the runtime adds itself, in comparable form (see `comparable`, trailing dots dropped). */
const RESERVED = new Set(["other", "type something", "next"]);

/**
 * Control and format characters (zero-width, bidi, BOM, soft hyphen): invisible, so ignored when comparing.
 * From a string: V8 checks a regex literal's Unicode classes while compiling, on the first call's path.
 */
const invisible = lazyRegExp(String.raw`[\p{Cc}\p{Cf}]`, "gu");

/** The form two labels or questions are compared in: NFKC, invisibles removed, whitespace collapsed, lower case. */
export function comparable(text: string): string {
	// Whitespace first: tabs and newlines are also control characters, and must separate words, not vanish.
	return text
		.normalize("NFKC")
		.replace(/\s+/g, " ")
		.replace(invisible(), "")
		.replace(/ {2,}/g, " ")
		.trim()
		.toLowerCase();
}

/** "Other (please specify)", "Other:", "Other - describe": the typed-answer row again, in other words. */
const OTHER_WITH_REMARK = /^other\s*[(:,\-–—]/u;

/**
 * True when `label` would be mistaken for a runtime control row ("Other", "Other (please specify)",
 * "Type something.", "Next").
 */
export function isReservedLabel(label: string): boolean {
	const form = comparable(label).replace(/[.…\s]+$/u, "");
	return RESERVED.has(form) || OTHER_WITH_REMARK.test(form);
}

/** Validates the tool's arguments. Never throws, whatever `input` is. */
export function validateQuestionnaire(input: unknown): ValidationResult {
	const problems: Problem[] = [];
	let questionnaire: Questionnaire | undefined;
	try {
		questionnaire = readQuestionnaire(input, problems);
	} catch {
		// Plain JSON cannot get here; a hostile getter or Proxy could. Still answer, never throw.
		schemaProblem(problems, ROOT_PATH, "Could not be read. Send plain JSON arguments.");
	}
	if (problems.length > 0 || questionnaire === undefined) {
		return { ok: false, problems, fitsSchema: !problems.some((p) => BREAKS_SCHEMA.has(p)) };
	}
	// Read-only from here on: every host path, and other extensions on the event bus, share it.
	return { ok: true, questionnaire: deepFreeze(questionnaire) };
}

type Fields = Record<string, unknown>;

/** The problems the tool's JSON schema would also reject (a wrong type, a missing field, a count). */
const BREAKS_SCHEMA = new WeakSet<Problem>();

function schemaProblem(problems: Problem[], path: string, message: string): void {
	const problem = { path, message };
	BREAKS_SCHEMA.add(problem);
	problems.push(problem);
}

function readQuestionnaire(input: unknown, problems: Problem[]): Questionnaire | undefined {
	if (!isRecord(input)) {
		schemaProblem(problems, ROOT_PATH, `Must be an object like {"questions": [...]}; got ${kindOf(input)}.`);
		return undefined;
	}
	const list = readArray(input, "questions", "questions", problems, {
		min: LIMITS.minQuestions,
		max: LIMITS.maxQuestions,
		noun: "question",
		fix: "an array of 1-4 questions, each {question, header, options}",
		tooFew: "Ask 1-4 questions.",
		tooMany: "Keep the ones that matter most or merge related ones; ask the rest in a later call.",
	});
	if (list === undefined) return undefined;
	const questions = list.map((entry, i) => readQuestion(entry, `questions[${i}]`, problems));
	reportDuplicates(
		list.map((entry) => textOf(entry, "question")),
		(i) => `questions[${i}].question`,
		"question",
		"Make each question distinct, or merge them into one.",
		problems,
	);
	return allDefined(questions) ? { questions } : undefined;
}

function readQuestion(entry: unknown, path: string, problems: Problem[]): Question | undefined {
	if (!isRecord(entry)) {
		schemaProblem(problems, path, `Must be an object {question, header, options}; got ${kindOf(entry)}.`);
		return undefined;
	}
	const question = readText(entry, "question", path, "the full question, ending with '?'", problems);
	const header = readText(entry, "header", path, "a short tab title (≤16 columns)", problems);
	const multiSelect = readFlag(entry, "multiSelect", path, problems);
	const list = readArray(entry, "options", `${path}.options`, problems, {
		min: LIMITS.minOptions,
		max: LIMITS.maxOptions,
		noun: "option",
		fix: "an array of 2-4 options, each {label, description}",
		tooFew: "Add a distinct alternative; the user can always type their own answer, so never add 'Other'.",
		tooMany: "Keep the most distinct choices; the user can always type their own answer.",
	});
	const options = (list ?? []).map((option, j) => readOption(option, `${path}.options[${j}]`, problems));
	const labels = (list ?? []).map((option) => textOf(option, "label"));
	reportReserved(labels, path, problems);
	reportDuplicates(
		labels.map((label) => (label === undefined || isReservedLabel(label) ? undefined : label)),
		(j) => `${path}.options[${j}].label`,
		"label",
		"Give each option a distinct label.",
		problems,
	);
	if (question === undefined || header === undefined || multiSelect === undefined || list === undefined) {
		return undefined;
	}
	if (!allDefined(options)) return undefined;
	return { question, header, multiSelect, options };
}

function readOption(entry: unknown, path: string, problems: Problem[]): QuestionOption | undefined {
	if (!isRecord(entry)) {
		schemaProblem(problems, path, `Must be an object {label, description, preview?}; got ${kindOf(entry)}.`);
		return undefined;
	}
	const label = readText(entry, "label", path, "a 1-5 word label", problems);
	// May be empty: an option without a description is still a clear choice (and not worth a turn).
	const description = readText(entry, "description", path, "what choosing this option means", problems, true);
	const preview = readPreview(entry, path, problems);
	if (label === undefined || description === undefined || preview === null) return undefined;
	return preview === undefined ? { label, description } : { label, description, preview };
}

/** A required string field, non-blank unless `blankAllowed`. */
function readText(
	fields: Fields,
	key: string,
	parent: string,
	what: string,
	problems: Problem[],
	blankAllowed = false,
): string | undefined {
	const path = `${parent}.${key}`;
	const value = own(fields, key);
	if (value === undefined) {
		schemaProblem(problems, path, `Missing. Add ${what}.`);
	} else if (typeof value !== "string") {
		schemaProblem(problems, path, `Must be a string (${what}); got ${kindOf(value)}.`);
	} else if (!blankAllowed && isBlank(value)) {
		problems.push({ path, message: `Empty. Write ${what}.` });
	} else {
		return value;
	}
	return undefined;
}

/** `multiSelect`: absent or null means false. */
function readFlag(fields: Fields, key: string, parent: string, problems: Problem[]): boolean | undefined {
	const value = own(fields, key);
	if (value === undefined || value === null) return false;
	if (typeof value === "boolean") return value;
	schemaProblem(problems, `${parent}.${key}`, `Must be true or false, or omitted; got ${kindOf(value)}.`);
	return undefined;
}

/** `preview`: a markdown string; absent, null or blank means no preview. `null` return marks a problem. */
function readPreview(fields: Fields, parent: string, problems: Problem[]): string | undefined | null {
	const value = own(fields, "preview");
	if (value === undefined || value === null) return undefined;
	if (typeof value === "string") return isBlank(value) ? undefined : value;
	schemaProblem(problems, `${parent}.preview`, `Must be a markdown string, or omitted; got ${kindOf(value)}.`);
	return null;
}

interface ArrayRules {
	min: number;
	max: number;
	noun: string;
	fix: string;
	tooFew: string;
	tooMany: string;
}

/** A required array field with a count range; returns the entries to inspect, or undefined if unusable. */
function readArray(
	fields: Fields,
	key: string,
	path: string,
	problems: Problem[],
	rules: ArrayRules,
): unknown[] | undefined {
	const value = own(fields, key);
	if (value === undefined) {
		schemaProblem(problems, path, `Missing. Add ${rules.fix}.`);
		return undefined;
	}
	if (!Array.isArray(value)) {
		schemaProblem(problems, path, `Must be ${rules.fix}; got ${kindOf(value)}.`);
		return undefined;
	}
	const count = value.length;
	const counted = `${count} ${rules.noun}${count === 1 ? "" : "s"}`;
	if (count < rules.min) {
		schemaProblem(problems, path, `Has ${counted}; needs ${rules.min}-${rules.max}. ${rules.tooFew}`);
	} else if (count > rules.max) {
		schemaProblem(problems, path, `Has ${counted}; at most ${rules.max} allowed. ${rules.tooMany}`);
	}
	return Array.from({ length: Math.min(count, MAX_INSPECTED) }, (_, i) => value[i]);
}

function reportReserved(labels: readonly (string | undefined)[], path: string, problems: Problem[]): void {
	labels.forEach((label, j) => {
		if (label === undefined || !isReservedLabel(label)) return;
		problems.push({
			path: `${path}.options[${j}].label`,
			message:
				`${excerpt(label)} is reserved: the UI adds its own rows for typing a custom answer ("Type something.") ` +
				`and moving on ("Next"). Remove this option, or name the concrete choice it stands for.`,
		});
	});
}

/** Reports each later entry whose comparable form equals an earlier one. `undefined` entries are skipped. */
function reportDuplicates(
	values: readonly (string | undefined)[],
	pathOf: (index: number) => string,
	noun: string,
	fix: string,
	problems: Problem[],
): void {
	const first = new Map<string, number>();
	values.forEach((value, i) => {
		if (value === undefined) return;
		const key = comparable(value);
		const earlier = first.get(key);
		if (earlier === undefined) {
			first.set(key, i);
			return;
		}
		const message = `Same ${noun} as ${pathOf(earlier)} (compared ignoring case and surrounding spaces). ${fix}`;
		problems.push({ path: pathOf(i), message });
	});
}

/** A field's text when `entry` is an object holding a non-blank string there (for cross-entry checks). */
function textOf(entry: unknown, key: string): string | undefined {
	if (!isRecord(entry)) return undefined;
	const value = own(entry, key);
	return typeof value === "string" && !isBlank(value) ? value : undefined;
}

function isBlank(text: string): boolean {
	return text.replace(invisible(), "").trim() === "";
}

/** Reads an own property only: an inherited `questions` (prototype tricks) counts as missing. */
function own(fields: Fields, key: string): unknown {
	return Object.hasOwn(fields, key) ? fields[key] : undefined;
}

function allDefined<T>(values: readonly (T | undefined)[]): values is T[] {
	return values.every((v) => v !== undefined);
}

function kindOf(value: unknown): string {
	if (value === undefined) return "nothing";
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "number" && Number.isNaN(value)) return "NaN";
	const type = typeof value;
	return type === "object" ? "an object" : `a ${type}`;
}

/** The model's own text, quoted and cut short, for a message that must say which entry is meant. */
function excerpt(text: string): string {
	const chars = Array.from(text.trim());
	return quote(chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : chars.join(""));
}
