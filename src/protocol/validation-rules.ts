/**
 * The rules on the tool's arguments that a JSON schema cannot say (DESIGN.md §2): no blank text, distinct
 * questions, distinct labels, and no label that a person would take for one of the rows the UI adds itself
 * ("Type something.", "Next"). Two texts are the same when their comparable form is (NFKC, invisible
 * characters removed, whitespace collapsed, lower case), so labels that only differ in ways nobody can see
 * are reported. `validation.ts` reads the structure and calls these on what it found; each problem names
 * its path and a fix.
 */

import { lazyRegExp } from "../util/once.ts";
import { quotedExcerpt } from "./quote.ts";
import type { Problem } from "./result.ts";

/** Control-row labels the runtime adds itself, in comparable form (see `comparable`, trailing dots dropped). */
const RESERVED = new Set(["other", "type something", "next"]);

/**
 * Control and format characters (zero-width, bidi, BOM, soft hyphen): invisible, so ignored when comparing.
 * From a string: V8 checks a regex literal's Unicode classes while compiling, on the first call's path.
 */
const invisible = lazyRegExp(String.raw`[\p{Cc}\p{Cf}]`, "gu");

/** The form labels (here and in answers: read-answer.ts) compare in: NFKC, no invisibles, one space, lower case. */
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

/** What `trim` and `invisible` leave: `\s` is exactly what `trim` removes. */
const visible = lazyRegExp(String.raw`[^\s\p{Cc}\p{Cf}]`, "u");

/**
 * True when nothing visible is left once whitespace and invisible format characters are removed. A search
 * for the first visible character: it stops there, where removing and trimming read a 1 MB preview whole.
 */
export function isBlank(text: string): boolean {
	return !visible().test(text);
}

/** "Other (please specify)", "Other:", "Other - describe": the typed-answer row again, in other words. */
const OTHER_WITH_REMARK = /^other\s*[(:,\-–—]/u;

/**
 * True when `label` would be mistaken for a runtime control row ("Other", "Other (please specify)",
 * "Type something.", "Next").
 */
function isReservedLabel(label: string): boolean {
	const form = comparable(label).replace(/[.…\s]+$/u, "");
	return RESERVED.has(form) || OTHER_WITH_REMARK.test(form);
}

/** Reports each later question whose text is the same as an earlier one's. `undefined` entries are skipped. */
export function reportDuplicateQuestions(questions: readonly (string | undefined)[], problems: Problem[]): void {
	reportDuplicates(
		questions,
		(i) => `questions[${i}].question`,
		"question",
		"Make each question distinct, or merge them into one.",
		problems,
	);
}

/**
 * Reports the option labels of the question at `path` that are reserved, then each later label that is the
 * same as an earlier one (reserved labels already have their problem). `undefined` entries are skipped.
 */
export function reportLabelProblems(labels: readonly (string | undefined)[], path: string, problems: Problem[]): void {
	labels.forEach((label, j) => {
		if (label === undefined || !isReservedLabel(label)) return;
		problems.push({
			path: `${path}.options[${j}].label`,
			message:
				`${quotedExcerpt(label.trim())} is reserved: the UI adds its own rows for typing a custom answer ("Type something.") ` +
				`and moving on ("Next"). Remove this option, or name the concrete choice it stands for.`,
		});
	});
	reportDuplicates(
		labels.map((label) => (label === undefined || isReservedLabel(label) ? undefined : label)),
		(j) => `${path}.options[${j}].label`,
		"label",
		"Give each option a distinct label.",
		problems,
	);
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
