/**
 * Locale resolution: tags in BCP 47 and POSIX forms, the POSIX precedence of LC_ALL over LC_MESSAGES
 * over LANG (empty counts as unset), the config's `locale` over all of them, English for C/POSIX and
 * for languages without a table. The config leaf's pattern accepts exactly the tags the docs promise
 * to read; a tag it cannot honour is a config warning and the setting is ignored.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Value } from "typebox/value";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.ts";
import { globalConfigPath } from "../../src/config/paths.ts";
import { configSchema } from "../../src/config/schema.ts";
import { LOCALE_PATTERN, resolveLocale } from "../../src/i18n/locale.ts";

const LANGUAGES = new Map([
	["en", "en"],
	["zh", "zh-CN"],
	["ja", "ja"],
]);

/**
 * The locale a tag names, BCP 47 or POSIX, read leniently as src/i18n/locale.ts documents: its language (any
 * case) before `-`, `_`, `.` or `@`, every Chinese tag as Simplified Chinese; `C` and `POSIX`, alone or before
 * `.` or `@`, are English. Undefined: a language we have no table for.
 */
function namedLocale(tag: string): string | undefined {
	if (/^(?:C|POSIX)(?:[.@]|$)/.test(tag)) return "en";
	const language = /^([A-Za-z]*)(?:[-_.@]|$)/.exec(tag)?.[1]?.toLowerCase();
	return language === undefined ? undefined : LANGUAGES.get(language);
}

const pattern = new RegExp(LOCALE_PATTERN);

describe("reading a locale tag", () => {
	it.each([
		["en", "en"],
		["en_US.UTF-8", "en"],
		["en-GB", "en"],
		["EN", "en"],
		["C", "en"],
		["C.UTF-8", "en"],
		["POSIX", "en"],
		["zh-CN", "zh-CN"],
		["zh_CN.UTF-8", "zh-CN"],
		["zh_CN.GB18030", "zh-CN"],
		["zh-Hans", "zh-CN"],
		["zh-Hans-CN", "zh-CN"],
		["zh_SG", "zh-CN"],
		["ZH_cn.utf8", "zh-CN"],
		["zh", "zh-CN"],
		// No Traditional table yet: Simplified reads far better than English for these readers.
		["zh_TW.UTF-8", "zh-CN"],
		["zh-Hant", "zh-CN"],
		["zh_HK", "zh-CN"],
		["ja", "ja"],
		["ja_JP.UTF-8", "ja"],
		["ja-JP", "ja"],
		["ja_JP.eucJP@euro", "ja"],
	] as const)("%s → %s", (tag, locale) => {
		expect(resolveLocale(tag, {})).toBe(locale);
		expect(resolveLocale(undefined, { LANG: tag })).toBe(locale);
		expect(pattern.test(tag)).toBe(true);
	});

	it.each(["", "fr_FR.UTF-8", "de", "c", "posix", "eng", "zhx", "japanese", "C-x", "POSIX_x", "_en", " en"])(
		"%j names no language we have: the config refuses it, and read anyway it gives English",
		(tag) => {
			expect(pattern.test(tag)).toBe(false);
			expect(resolveLocale(tag, { LANG: "ja_JP.UTF-8" })).toBe("en");
		},
	);
});

describe("resolveLocale", () => {
	it("follows POSIX: LC_ALL, then LC_MESSAGES, then LANG; else English", () => {
		expect(resolveLocale(undefined, {})).toBe("en");
		expect(resolveLocale(undefined, { LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
		expect(resolveLocale(undefined, { LANG: "zh_CN.UTF-8", LC_MESSAGES: "ja_JP.UTF-8" })).toBe("ja");
		expect(resolveLocale(undefined, { LANG: "ja_JP.UTF-8", LC_MESSAGES: "ja_JP.UTF-8", LC_ALL: "zh_CN.UTF-8" })).toBe(
			"zh-CN",
		);
		expect(resolveLocale(undefined, { LC_ALL: "C", LANG: "zh_CN.UTF-8" })).toBe("en");
	});

	it("treats an empty variable as unset, and ignores the other LC_* categories", () => {
		expect(resolveLocale(undefined, { LC_ALL: "", LC_MESSAGES: "", LANG: "ja_JP.UTF-8" })).toBe("ja");
		expect(resolveLocale(undefined, { LC_CTYPE: "zh_CN.UTF-8", LC_TIME: "ja_JP.UTF-8" })).toBe("en");
	});

	it("stops at the first set variable even when it names a language without a table (as POSIX does)", () => {
		expect(resolveLocale(undefined, { LC_ALL: "fr_FR.UTF-8", LANG: "zh_CN.UTF-8" })).toBe("en");
	});

	it("lets the config win over the environment", () => {
		expect(resolveLocale("zh-CN", { LC_ALL: "ja_JP.UTF-8" })).toBe("zh-CN");
		expect(resolveLocale("en", { LC_ALL: "zh_CN.UTF-8" })).toBe("en");
		expect(resolveLocale("ja", {})).toBe("ja");
	});

	it("gives English for a configured tag it cannot honour", () => {
		expect(resolveLocale("fr", { LANG: "zh_CN.UTF-8" })).toBe("en");
	});

	it("never throws and always names a locale, whatever the input", () => {
		const tag = fc.oneof(fc.string(), fc.constantFrom("zh_CN.UTF-8", "C", "ja", "", "en_US"));
		fc.assert(
			fc.property(
				fc.option(tag, { nil: undefined }),
				fc.dictionary(fc.constantFrom("LC_ALL", "LC_MESSAGES", "LANG", "X"), tag),
				(c, env) => {
					expect(["en", "zh-CN", "ja"]).toContain(resolveLocale(c, env));
				},
			),
		);
	});
});

describe("the config's locale pattern", () => {
	const piece = fc.constantFrom(
		"en",
		"EN",
		"zh",
		"Zh",
		"ja",
		"JA",
		"C",
		"POSIX",
		"fr",
		"c",
		"-",
		"_",
		".",
		"@",
		"CN",
		"UTF-8",
		"Hans",
		"\n",
		" ",
		"",
	);

	it("accepts exactly the tags that name a locale we have, which then is the one used", () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.array(piece, { maxLength: 5 }).map((p) => p.join("")),
					fc.string(),
				),
				(tag) => {
					const named = namedLocale(tag);
					expect(pattern.test(tag), JSON.stringify(tag)).toBe(named !== undefined);
					expect(resolveLocale(tag, {}), JSON.stringify(tag)).toBe(named ?? "en");
				},
			),
			{ numRuns: 2000 },
		);
	});
});

describe("the locale setting in a config file", () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), "ask-locale-"));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const loadWith = (locale: unknown) => {
		const file = globalConfigPath(dir);
		mkdirSync(join(file, ".."), { recursive: true });
		writeFileSync(file, JSON.stringify({ locale }));
		return loadConfig({ agentDir: dir, cwd: dir, projectTrusted: false });
	};

	it("is absent by default (the environment decides)", () => {
		const { config } = loadConfig({ agentDir: dir, cwd: dir, projectTrusted: false });
		expect(config.locale).toBeUndefined();
		expect(Value.Check(configSchema(), config)).toBe(true);
	});

	it.each(["zh-CN", "ja", "en", "zh_CN.UTF-8", "zh-Hans"])("accepts %j", (locale) => {
		const { config, warnings } = loadWith(locale);
		expect(warnings).toEqual([]);
		expect(config.locale).toBe(locale);
	});

	it.each(["fr", "", "klingon", 7, ["zh-CN"]])(
		"warns about %j, ignores it, and so ends in English without LANG",
		(value) => {
			const { config, warnings } = loadWith(value);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toContain('locale: expected "en", "zh-CN" or "ja"');
			expect(config.locale).toBeUndefined();
			expect(resolveLocale(config.locale, {})).toBe("en");
		},
	);
});
