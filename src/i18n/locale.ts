/**
 * Which locale the person reads: the config's `locale` setting, else the POSIX locale variables, else
 * English. Pure (the environment is passed in) and cheap enough to run once per tool call.
 *
 * Tags are read leniently: BCP 47 (`zh-Hans-CN`, `ja-JP`), POSIX (`zh_CN.UTF-8`, `en_US@euro`), any
 * case for the language. Only the language decides, because every locale we ship is the only one of
 * its language.
 * Decision: every Chinese tag (`zh_TW`, `zh-Hant`, `zh_HK` included) gets Simplified Chinese: a
 * Traditional Chinese reader reads it far more easily than English, and a Traditional table can be
 * added later without changing callers.
 * Decision: `C` and `POSIX` (with or without a codeset) mean English; so does a language we have no
 * table for (`fr_FR.UTF-8`), without looking further down the variables, as POSIX does.
 */

/** A locale with a complete messages table. */
export type LocaleId = "en" | "zh-CN" | "ja";

/** The locale variables read, highest precedence first (POSIX: `LC_ALL` overrides `LC_MESSAGES` overrides `LANG`). */
const LOCALE_VARIABLES = ["LC_ALL", "LC_MESSAGES", "LANG"] as const;

/** The environment, as far as the locale is concerned (`process.env` fits). */
export type LocaleEnv = Readonly<Partial<Record<string, string | undefined>>>;

/**
 * A JSON Schema pattern accepting exactly the tags {@link parseLocale} understands (the config's
 * `locale` setting uses it, so a tag we cannot honour is reported as a config warning).
 */
export const LOCALE_PATTERN = "^(?:(?:[Ee][Nn]|[Zz][Hh]|[Jj][Aa])(?:[-_.@][\\s\\S]*)?|(?:C|POSIX)(?:[.@][\\s\\S]*)?)$";

const LANGUAGES: Readonly<Record<string, LocaleId>> = { en: "en", zh: "zh-CN", ja: "ja" };

/** The supported locale a tag names, or undefined when the tag names a language without a table. */
function parseLocale(tag: string): LocaleId | undefined {
	const name = tag.split(/[.@]/)[0] ?? "";
	if (name === "C" || name === "POSIX") return "en";
	const language = (name.split(/[-_]/)[0] ?? "").toLowerCase();
	return Object.hasOwn(LANGUAGES, language) ? LANGUAGES[language] : undefined;
}

/**
 * The locale to use: `configured` (the config's `locale`) when set, else the first non-empty of
 * `LC_ALL`, `LC_MESSAGES`, `LANG` in `env`, else English. A tag naming a language without a table
 * gives English.
 */
export function resolveLocale(configured: string | undefined, env: LocaleEnv): LocaleId {
	if (configured !== undefined) return parseLocale(configured) ?? "en";
	for (const name of LOCALE_VARIABLES) {
		const value = env[name];
		// POSIX treats a variable set to "" as unset.
		if (typeof value === "string" && value !== "") return parseLocale(value) ?? "en";
	}
	return "en";
}
