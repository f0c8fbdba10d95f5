/**
 * Repairs the argument shapes real models send when their intent is unambiguous, before Pi checks
 * the schema (Pi's `prepareArguments` hook; README "Real-world arguments"): `questions` (or the whole
 * call, or `options`) sent as a JSON-encoded string, one question object where an array belongs, an
 * option given as a plain string (it becomes the label), boolean-like strings and numbers for
 * `multiSelect`, `null` or missing optional text (`preview` dropped, `description` empty, `header`
 * "Q1"…), and field names in another case or spacing (`MultiSelect`, `multi_select`, ` label `).
 *
 * Nothing else is guessed: counts, reserved labels, a `null` question or label stay as they are, for
 * validation to report with their paths. Pure (no Pi import), never throws, never modifies its input,
 * and returns the input itself when nothing needed repair, so a well-formed call is passed on untouched.
 */
import { isRecord } from "../util/records.ts";

type Fields = Record<string, unknown>;

const ROOT_KEYS = ["questions"] as const;
const QUESTION_KEYS = ["question", "header", "multiSelect", "options"] as const;
const OPTION_KEYS = ["label", "description", "preview"] as const;

/** The arguments with every unambiguous repair applied; `input` itself when none applies. */
export function repairArguments(input: unknown): unknown {
	try {
		return repairRoot(input);
	} catch {
		// Plain JSON cannot get here; a hostile getter or Proxy could. Leave it for validation to report.
		return input;
	}
}

function repairRoot(input: unknown): unknown {
	const decoded = decodeJson(input);
	if (Array.isArray(decoded)) return { questions: repairQuestions(decoded) };
	if (!isRecord(decoded)) return input;
	const fields = renameKeys(decoded, ROOT_KEYS);
	// A lone question sent as the whole call.
	if (!Object.hasOwn(fields, "questions") && looksLikeQuestion(fields)) return { questions: repairQuestions([fields]) };
	if (!Object.hasOwn(fields, "questions")) return fields;
	return withField(fields, "questions", repairQuestions(fields.questions));
}

function repairQuestions(value: unknown): unknown {
	const decoded = decodeJson(value);
	if (isRecord(decoded)) {
		// `{"questions": [...]}` encoded as the value of `questions`, or one question where the array belongs.
		const nested = renameKeys(decoded, ROOT_KEYS);
		if (Array.isArray(nested.questions)) return repairQuestions(nested.questions);
		if (looksLikeQuestion(nested)) return [repairQuestion(nested, 0)];
		return value;
	}
	if (!Array.isArray(decoded)) return value;
	return mapItems(decoded, (entry, i) => repairQuestion(entry, i));
}

function repairQuestion(entry: unknown, index: number): unknown {
	if (!isRecord(entry)) return entry;
	let fields = renameKeys(entry, QUESTION_KEYS);
	// A short tab title is cosmetic: without one, the tab is numbered rather than the call refused.
	if (fields.header === undefined || fields.header === null) fields = withField(fields, "header", `Q${index + 1}`);
	if (Object.hasOwn(fields, "multiSelect")) {
		const flag = booleanLike(fields.multiSelect);
		if (flag === null) fields = without(fields, "multiSelect");
		else if (flag !== undefined) fields = withField(fields, "multiSelect", flag);
	}
	if (Object.hasOwn(fields, "options")) fields = withField(fields, "options", repairOptions(fields.options));
	return fields;
}

function repairOptions(value: unknown): unknown {
	const decoded = decodeJson(value);
	if (!Array.isArray(decoded)) return value;
	return mapItems(decoded, repairOption);
}

function repairOption(entry: unknown): unknown {
	// A plain string names the choice: it becomes the label.
	if (typeof entry === "string") return { label: entry, description: "" };
	if (!isRecord(entry)) return entry;
	let fields = renameKeys(entry, OPTION_KEYS);
	if (fields.description === undefined || fields.description === null) fields = withField(fields, "description", "");
	if (Object.hasOwn(fields, "preview") && fields.preview === null) fields = without(fields, "preview");
	return fields;
}

/**
 * `true`/`false` for boolean-like values ("true", " Yes ", "0", 1), `null` for null (omit the field),
 * `undefined` for anything else (left for validation to report).
 */
function booleanLike(value: unknown): boolean | null | undefined {
	if (value === null) return null;
	if (typeof value === "boolean") return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value !== "string") return undefined;
	const word = value.trim().toLowerCase();
	if (word === "true" || word === "yes" || word === "1") return true;
	if (word === "false" || word === "no" || word === "0") return false;
	return undefined;
}

function looksLikeQuestion(fields: Fields): boolean {
	return Object.hasOwn(fields, "question") && Object.hasOwn(fields, "options");
}

/** A JSON array or object encoded in a string (optionally in a ```json fence), decoded; else `value`. */
function decodeJson(value: unknown): unknown {
	if (typeof value !== "string") return value;
	const text = value
		.trim()
		.replace(/^```(?:json)?\s*/i, "")
		.replace(/\s*```$/, "");
	if (!text.startsWith("[") && !text.startsWith("{")) return value;
	try {
		const parsed: unknown = JSON.parse(text);
		return Array.isArray(parsed) || isRecord(parsed) ? parsed : value;
	} catch {
		return value;
	}
}

/** The comparable form of a field name: case, spaces, `_` and `-` ignored (`Multi_Select` → `multiselect`). */
function keyForm(key: string): string {
	return key.replace(/[\s_-]+/g, "").toLowerCase();
}

/**
 * `fields` with each misspelt known key renamed to its exact spelling, when the exact key is absent and
 * exactly one variant of it is present (two variants would be a guess).
 */
function renameKeys(fields: Fields, known: readonly string[]): Fields {
	let out: Fields | undefined;
	for (const key of known) {
		if (Object.hasOwn(fields, key)) continue;
		const variants = Object.keys(fields).filter((k) => keyForm(k) === keyForm(key));
		const variant = variants[0];
		if (variants.length !== 1 || variant === undefined) continue;
		out ??= { ...fields };
		out[key] = out[variant];
		delete out[variant];
	}
	return out ?? fields;
}

/** `fields` with `key` set to `value`: `fields` itself when it already holds exactly that. */
function withField(fields: Fields, key: string, value: unknown): Fields {
	if (Object.hasOwn(fields, key) && fields[key] === value) return fields;
	return { ...fields, [key]: value };
}

function without(fields: Fields, key: string): Fields {
	const { [key]: _dropped, ...rest } = fields;
	return rest;
}

/** `items` mapped by `map`: the same array when every item maps to itself. */
function mapItems(items: readonly unknown[], map: (item: unknown, index: number) => unknown): unknown[] {
	let out: unknown[] | undefined;
	items.forEach((item, i) => {
		const next = map(item, i);
		if (next === item) return;
		out ??= items.slice();
		out[i] = next;
	});
	return out ?? (items as unknown[]);
}
