/**
 * The locale tables: every locale has every key of the English table with the same kind of value, every
 * placeholder function has the same arity and shows each of its arguments, nothing is blank, and the
 * complete locales (zh-CN, ja) really are translated — a string with English words in `en` is never
 * left in English. Key names stay untranslated and live outside the tables.
 */
import { describe, expect, it } from "vitest";
import { digits, en } from "../../src/i18n/en.ts";
import { KEY_NAMES } from "../../src/i18n/key-names.ts";
import { type Messages, messagesIn } from "../../src/i18n/messages.ts";
import { KEYMAP } from "../../src/state/index.ts";
import { contextOf, everyMode, LOCALES, ZH_FORM } from "./i18n-fixtures.ts";

type Leaf = { path: string; value: unknown };

/** Every leaf of a table, by dotted path (nested records such as `viewHints` included). */
function leaves(table: unknown, prefix = ""): Leaf[] {
	if (typeof table !== "object" || table === null) return [{ path: prefix, value: table }];
	return Object.entries(table).flatMap(([key, value]) =>
		typeof value === "object" && value !== null
			? leaves(value, `${prefix}${key}.`)
			: [{ path: `${prefix}${key}`, value }],
	);
}

/** Distinct sample arguments: numbers (counts, positions) and strings (headers, answers, keys). */
const NUMBER_ARGS = [4711, 4722, 4733, 4744];
const STRING_ARGS = ["«alpha»", "«beta»", "«gamma»", "«delta»"];

/** What a leaf shows: the string itself, or the function's output for both kinds of sample argument. */
function shown(value: unknown): string[] {
	if (typeof value === "string") return [value];
	if (typeof value !== "function") return [];
	const fn = value as (...args: unknown[]) => unknown;
	return [NUMBER_ARGS, STRING_ARGS].map((args) => String(fn(...args.slice(0, fn.length))));
}

const english = leaves(en);
const others = LOCALES.filter((l) => l !== "en");

describe("every locale table", () => {
	it("is listed and returned by messagesIn for its tag", () => {
		expect(new Set(LOCALES.map(messagesIn)).size).toBe(LOCALES.length);
		expect(messagesIn("en")).toBe(en);
	});

	it.each(LOCALES)("%s has exactly the English keys, with the same kind of value and arity", (locale) => {
		const table = leaves(messagesIn(locale));
		expect(table.map((l) => l.path)).toEqual(english.map((l) => l.path));
		for (const [i, leaf] of table.entries()) {
			const base = english[i]!;
			expect(typeof leaf.value, leaf.path).toBe(typeof base.value);
			if (typeof base.value === "function")
				expect((leaf.value as (...a: unknown[]) => unknown).length, leaf.path).toBe(
					(base.value as (...a: unknown[]) => unknown).length,
				);
		}
	});

	it.each(LOCALES)("%s shows every placeholder's argument (numbers and strings) and nothing blank", (locale) => {
		for (const leaf of leaves(messagesIn(locale))) {
			if (typeof leaf.value === "function") {
				const fn = leaf.value as (...args: unknown[]) => unknown;
				expect(fn.length, `${leaf.path} takes arguments`).toBeGreaterThan(0);
				for (const args of [NUMBER_ARGS, STRING_ARGS]) {
					const out = fn(...args.slice(0, fn.length));
					expect(typeof out, leaf.path).toBe("string");
					// Counts may be shown with their thousands grouped ("4,711").
					for (const arg of args.slice(0, fn.length))
						expect([String(arg), typeof arg === "number" ? digits(arg) : ""], leaf.path).toSatisfy((forms: string[]) =>
							forms.some((form) => form !== "" && (out as string).includes(form)),
						);
				}
			} else {
				expect(typeof leaf.value, leaf.path).toBe("string");
				expect((leaf.value as string).length, leaf.path).toBeGreaterThan(0);
			}
		}
	});

	it.each(LOCALES)("%s has no control characters (the view and dialogs print it raw)", (locale) => {
		// Only the walker's multi-line input title may break a line.
		for (const leaf of leaves(messagesIn(locale)))
			for (const text of shown(leaf.value))
				expect(text.replace(/\n/g, ""), leaf.path).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
	});
});

describe("the complete translations", () => {
	// Key names (Enter, Esc) and the name Pi stay untranslated; the sample arguments are not the table's words.
	const keyNames = new RegExp(`\\b(${[...Object.values(KEY_NAMES), "Pi"].join("|")})\\b`, "g");
	// Names stay as they are: the /answer and pi-ask commands, Pi, RPC.
	const names = /\/answer\b|\bpi-ask\b|\bPi\b|\bRPC\b/g;
	const hasEnglishWords = (text: string) =>
		/[A-Za-z]{2,}/.test(text.replace(/«\w+»/g, "").replace(keyNames, "").replace(names, ""));

	it.each(others)("%s leaves nothing in English", (locale) => {
		const table = leaves(messagesIn(locale));
		const untranslated = english.filter((base, i) => {
			const english = shown(base.value);
			const translated = shown(table[i]?.value);
			return english.some((text, j) => hasEnglishWords(text) && translated[j] === text);
		});
		expect(untranslated.map((l) => l.path)).toEqual([]);
	});

	it.each(others)("%s writes its words in its own script (CJK), not Latin letters", (locale) => {
		for (const [i, base] of english.entries()) {
			if (!shown(base.value).some(hasEnglishWords)) continue;
			for (const text of shown(leaves(messagesIn(locale))[i]?.value)) {
				expect(text, english[i]?.path).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
				expect(hasEnglishWords(text), `${english[i]?.path}: ${text}`).toBe(false);
			}
		}
	});

	it("zh-CN uses the wording a Chinese developer expects for the control rows", () => {
		const zh = messagesIn("zh-CN");
		expect(zh.typeSomething).toBe("输入其他内容…");
		expect(zh.addNote).toBe("添加备注…");
		expect(zh.submit).toBe("提交");
		expect(zh.back).toBe("← 返回");
		expect(zh.viewSubmit).toBe("提交");
		expect(zh.viewHints.cancel).toBe("取消");
	});
});

describe("footer hints", () => {
	it("every hint the keymap can show has words in every locale", () => {
		const ids = new Set<string>();
		for (const binding of KEYMAP)
			for (const { state } of everyMode(contextOf(ZH_FORM))) {
				const hint = binding.hint(state);
				if (hint !== undefined) ids.add(hint);
			}
		expect(ids.size).toBeGreaterThan(10);
		for (const locale of LOCALES) {
			const words: Messages["viewHints"] = messagesIn(locale).viewHints;
			for (const id of ids) expect(words[id as keyof typeof words], `${locale} ${id}`).toBeTruthy();
		}
	});
});

describe("key names", () => {
	it("are the same in every locale: the names printed on the keys", () => {
		expect(KEY_NAMES.enter).toBe("Enter");
		expect(KEY_NAMES.escape).toBe("Esc");
		expect(KEY_NAMES.tab).toBe("Tab");
		for (const locale of LOCALES) expect(Object.keys(messagesIn(locale))).not.toContain("viewKeyNames");
	});
});
