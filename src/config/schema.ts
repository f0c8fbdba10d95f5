/**
 * The config file's shape, as one TypeBox schema: the single place a setting is declared. A setting is
 * a leaf: any schema that is not a section (`section(...)`: an object that rejects unknown keys). Each
 * leaf carries `expected` (the phrase a warning uses when the value is wrong) and may carry `default`
 * (used when no file sets it; without one the key stays absent and the caller applies its built-in).
 *
 * Adding a setting: one leaf line here, plus its field in `AskConfig` (a type test keeps the two equal),
 * plus its default in `defaultConfig` when it has one (a test keeps that equal to the leaves' defaults).
 *
 * The schema is built on first use, not at load: TypeBox's builders cost milliseconds, and with no
 * config file (most users) nothing needs it, since `defaultConfig` spells the defaults out.
 *
 * Decision: empty or whitespace-only texts and empty guideline lists are refused (warning + the lower
 * layer or built-in applies). They are far likelier a placeholder or a slip than a wish for a tool
 * with no description; someone who wants fewer tokens writes a shorter text.
 * Decision: the `limits` defaults come from `DEFAULT_LIMITS` (one source of truth for the figures);
 * any whole number ≥ 1 is accepted, as large as wanted (a huge cap simply means "no cut").
 * Imports nothing but TypeBox's type builder and the pure defaults (budget, notification settings).
 */
import { type TObject, type TProperties, Type } from "typebox";
import { LOCALE_PATTERN } from "../i18n/locale.ts";
import type { NotifySetting } from "../notify/method.ts";
import { REMIND_MAX_SECONDS, REMIND_MIN_SECONDS, REMIND_PATTERN, type RemindSetting } from "../notify/remind.ts";
import { DEFAULT_LIMITS } from "../protocol/budget.ts";
import { once } from "../util/once.ts";
import {
	KEY_OFF,
	KEY_PATTERN,
	KEY_SETTINGS,
	type KeySetting,
	type KeySettingName,
	keySettingDefault,
	QUIET_KEY_PATTERN,
} from "./key-spec.ts";

/**
 * The settings after loading. Every section is present; a leaf without a `default` is absent when no
 * file sets it (the caller then uses its built-in).
 */
export interface AskConfig {
	/** The JSON Schema the file points editors at (`schema/ask-user-question.schema.json`); not a setting. */
	$schema?: string;
	/** The model-facing texts; each one set REPLACES the built-in text (never merged with it). */
	guidance: {
		/** The tool description sent with the schema. */
		description?: string;
		/** The one-line entry in the system prompt's tool list. */
		promptSnippet?: string;
		/** The bullets appended to the system prompt's rules. */
		promptGuidelines?: string[];
	};
	/** Caps, in characters, on what goes back to the model (see `protocol/budget.ts`); always set after loading. */
	limits: {
		/** The chosen option's preview, echoed to the model. */
		previewEcho?: number;
		/** Each answer the user typed. */
		customAnswer?: number;
		/** Each note, the global note included. */
		note?: number;
		/** The whole model-facing text. */
		totalText?: number;
	};
	/**
	 * The questionnaire's own keys, as pi-tui key ids ("ctrl+g", "shift+tab") or lists of them, or "off".
	 * Arrows, Enter and Esc come from Pi's keybindings (tui.select.*, tui.input.submit).
	 */
	keys: {
		/** Extra keys that move up, besides Pi's tui.select.up. */
		up?: "off" | KeySetting;
		/** Extra keys that move down, besides Pi's tui.select.down. */
		down?: "off" | KeySetting;
		/** Checks or unchecks the focused option of a multi-select question. */
		toggle?: "off" | KeySetting;
		/** Next tab, also while typing (a key that types text is refused). */
		tabNext?: "off" | KeySetting;
		/** Previous tab, also while typing (a key that types text is refused). */
		tabPrev?: "off" | KeySetting;
		/** Next tab while choosing; on the Submit tab, the next choice. */
		tabRight?: "off" | KeySetting;
		/** Previous tab while choosing; on the Submit tab, the previous choice. */
		tabLeft?: "off" | KeySetting;
		/** Opens the note of the question (on the Submit tab: the note on all questions). */
		notes?: "off" | KeySetting;
		/** Scrolls the option's preview up. */
		previewUp?: "off" | KeySetting;
		/** Scrolls the option's preview down. */
		previewDown?: "off" | KeySetting;
		/** Scrolls the option's preview up a page (over an option without a preview the key jumps to the first row). */
		previewPageUp?: "off" | KeySetting;
		/** Scrolls the option's preview down a page (over an option without a preview the key jumps to the last row). */
		previewPageDown?: "off" | KeySetting;
		/** Opens the draft or note in $VISUAL / $EDITOR (a key that types text is refused). */
		externalEditor?: "off" | KeySetting;
		/** Hides the questionnaire to read the transcript, and shows it again (a key that types text is refused). */
		collapse?: "off" | KeySetting;
		/** Puts the questionnaire aside to answer later with /answer (also on the Submit tab and in "Stop answering?"). */
		answerLater?: "off" | KeySetting;
		/** Digits 1–9 choose (or toggle) option N; false turns them off. */
		digits?: boolean;
	};
	/** "accessible": plain numbered prompts, one question at a time, for screen readers (also env PI_ASK_ACCESSIBLE=1). */
	ui: "standard" | "accessible";
	/** false: no signal when a questionnaire opens, unless `notify` is set (the older switch; `notify` wins). */
	bell: boolean;
	/**
	 * How a questionnaire that opens tells the person, naming what it asks: "auto" picks what the terminal
	 * understands (OSC 777, OSC 9, OSC 99 for kitty, wrapped for tmux when its allow-passthrough is on; the bell
	 * elsewhere), or one method by name, or "off". Unset: "auto" ("off" with `bell: false`). Never for one
	 * opened with /answer.
	 */
	notify?: NotifySetting;
	/**
	 * Reminds, the same way, while questionnaires wait (put aside or cut short) and Pi is idle with no dialog
	 * open: how many wait and what the oldest asks, after this long of quiet and again after each further
	 * stretch. Seconds (10–86400) or a duration such as "90s", "10m", "1h"; "off" by default.
	 */
	remind: RemindSetting;
	/** The language of everything the questionnaire shows; unset: from LC_ALL, LC_MESSAGES or LANG, else English. */
	locale?: string;
	/**
	 * Seconds an untouched questionnaire waits before it closes as "timed out" (the model is told nobody
	 * answered and not to assume answers); unset: it waits as long as it takes. The first key, or the first
	 * dialog answered, stops the countdown for good. Not applied in accessible mode (WCAG 2.2.1).
	 */
	timeout?: number;
	/**
	 * What the `timeout` does to an untouched questionnaire: "close" ends it as timed out; "defer" keeps it
	 * pending (the model is told the time ran out and the person may answer later; `/answer` opens it).
	 */
	onTimeout: "close" | "defer";
}

/** Visible text: at least one non-whitespace character (a blank text is a mistake, never a choice). */
const NON_BLANK = "\\S";

/** A group of settings; unknown keys inside it are reported. */
function section<P extends TProperties>(properties: P): TObject<P> {
	return Type.Object(properties, { additionalProperties: false });
}

/** A character cap: a whole number ≥ 1, defaulting to its built-in figure. */
function cap(fallback: number) {
	return Type.Optional(Type.Integer({ minimum: 1, expected: "a whole number ≥ 1", default: fallback }));
}

/**
 * A key setting: one key id, a non-empty list of them, or "off". Bindings active while typing take only
 * keys that do not type text (see `key-spec.ts`); a wrong spec is refused with this leaf's `expected`.
 */
function keySetting(name: KeySettingName) {
	const quiet = KEY_SETTINGS[name].whileTyping;
	const key = Type.String({ pattern: quiet ? QUIET_KEY_PATTERN : KEY_PATTERN });
	const expected = quiet
		? `a key id that does not type text (with ctrl, alt or super, or tab, escape, pageUp, pageDown, f1–f12), a non-empty list of them, or "${KEY_OFF}"`
		: `a pi-tui key id (lowercase, like "n", "ctrl+g", "shift+tab"), a non-empty list of them, or "${KEY_OFF}"`;
	return Type.Optional(
		Type.Union([Type.Literal(KEY_OFF), key, Type.Array(key, { minItems: 1 })], {
			expected,
			default: keySettingDefault(name),
		}),
	);
}

/** Every key setting of `KEY_SETTINGS`, in its order. */
function keySettings() {
	const settings = {} as Record<KeySettingName, ReturnType<typeof keySetting>>;
	for (const name of Object.keys(KEY_SETTINGS) as KeySettingName[]) settings[name] = keySetting(name);
	return settings;
}

/** Defaults of the settings that are not caps nor keys (also the schema's `default` annotations). */
const UI_DEFAULT = "standard";
const BELL_DEFAULT = true;
const DIGITS_DEFAULT = true;
const ON_TIMEOUT_DEFAULT = "close";
const REMIND_DEFAULT = "off";

/** The settings when no file sets anything: what `buildConfig(configSchema(), [])` gives, without the schema. */
export function defaultConfig(): AskConfig {
	const keys: AskConfig["keys"] = { digits: DIGITS_DEFAULT };
	for (const name of Object.keys(KEY_SETTINGS) as KeySettingName[]) keys[name] = keySettingDefault(name);
	return {
		guidance: {},
		limits: { ...DEFAULT_LIMITS },
		keys,
		ui: UI_DEFAULT,
		bell: BELL_DEFAULT,
		remind: REMIND_DEFAULT,
		onTimeout: ON_TIMEOUT_DEFAULT,
	};
}

/** The whole config file's schema (built once, on first use). */
export const configSchema = once(buildSchema);

function buildSchema() {
	return section({
		// Editors complete and check the file from its JSON Schema; the key is accepted so it warns of nothing.
		$schema: Type.Optional(Type.String({ expected: "a string (the URL or path of a JSON Schema)" })),
		guidance: Type.Optional(
			section({
				description: Type.Optional(Type.String({ pattern: NON_BLANK, expected: "a non-blank string" })),
				promptSnippet: Type.Optional(Type.String({ pattern: NON_BLANK, expected: "a non-blank string" })),
				promptGuidelines: Type.Optional(
					Type.Array(Type.String({ pattern: NON_BLANK }), {
						minItems: 1,
						expected: "a non-empty array of non-blank strings",
					}),
				),
			}),
		),
		limits: Type.Optional(
			section({
				previewEcho: cap(DEFAULT_LIMITS.previewEcho),
				customAnswer: cap(DEFAULT_LIMITS.customAnswer),
				note: cap(DEFAULT_LIMITS.note),
				totalText: cap(DEFAULT_LIMITS.totalText),
			}),
		),
		keys: Type.Optional(
			section({
				...keySettings(),
				digits: Type.Optional(Type.Boolean({ expected: "true or false", default: DIGITS_DEFAULT })),
			}),
		),
		ui: Type.Optional(
			Type.Union([Type.Literal("standard"), Type.Literal("accessible")], {
				expected: '"standard" or "accessible"',
				default: UI_DEFAULT,
			}),
		),
		bell: Type.Optional(Type.Boolean({ expected: "true or false", default: BELL_DEFAULT })),
		notify: Type.Optional(
			Type.Union(
				[
					Type.Literal("auto"),
					Type.Literal("osc777"),
					Type.Literal("osc9"),
					Type.Literal("osc99"),
					Type.Literal("bell"),
					Type.Literal("off"),
				],
				{ expected: '"auto", "osc777", "osc9", "osc99", "bell" or "off"' },
			),
		),
		remind: Type.Optional(
			Type.Union(
				[
					Type.Literal("off"),
					Type.Number({ minimum: REMIND_MIN_SECONDS, maximum: REMIND_MAX_SECONDS }),
					Type.String({ pattern: REMIND_PATTERN }),
				],
				{
					expected: `"off", a number of seconds from ${REMIND_MIN_SECONDS} to ${REMIND_MAX_SECONDS}, or "90s", "10m", "1h" (at most a day)`,
					default: REMIND_DEFAULT,
				},
			),
		),
		locale: Type.Optional(
			Type.String({
				pattern: LOCALE_PATTERN,
				expected: '"en", "zh-CN" or "ja" (or a locale tag such as "zh_CN.UTF-8")',
			}),
		),
		// At most a day: Node's timers cannot wait past 2^31 ms (about 24.8 days) and fire at once instead.
		timeout: Type.Optional(
			Type.Number({ minimum: 1, maximum: 86_400, expected: "a number of seconds from 1 to 86400 (a day)" }),
		),
		onTimeout: Type.Optional(
			Type.Union([Type.Literal("close"), Type.Literal("defer")], {
				expected: '"close" or "defer"',
				default: ON_TIMEOUT_DEFAULT,
			}),
		),
	});
}
