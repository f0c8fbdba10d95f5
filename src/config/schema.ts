/**
 * The config file's shape, as one TypeBox schema: the single place a setting is declared. A setting is
 * a leaf: any schema that is not a section (`section(...)`: an object that rejects unknown keys). Each
 * leaf carries `expected` (the phrase a warning uses when the value is wrong) and may carry `default`
 * (used when no file sets it; without one the key stays absent and the caller applies its built-in).
 *
 * Adding a setting: one leaf line here, plus its field in `AskConfig`; a type test keeps the two equal.
 *
 * Decision: empty or whitespace-only texts and empty guideline lists are refused (warning + the lower
 * layer or built-in applies). They are far likelier a placeholder or a slip than a wish for a tool
 * with no description; someone who wants fewer tokens writes a shorter text.
 * Decision: the `limits` defaults come from `DEFAULT_LIMITS` (one source of truth for the figures);
 * any whole number ≥ 1 is accepted, as large as wanted (a huge cap simply means "no cut").
 * Imports nothing but TypeBox's type builder and the pure budget defaults.
 */
import { type TObject, type TProperties, Type } from "typebox";
import { DEFAULT_LIMITS } from "../protocol/budget.ts";

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

/** The whole config file. */
export const CONFIG_SCHEMA = section({
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
});
