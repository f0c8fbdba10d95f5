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
 * Imports nothing but TypeBox's type builder.
 */
import { type TObject, type TProperties, Type } from "typebox";

/**
 * The settings after loading. Every section is present; a leaf without a `default` is absent when no
 * file sets it (the caller then uses its built-in).
 */
export interface AskConfig {
	/** The model-facing texts; each one set REPLACES the built-in text (never merged with it). */
	guidance: {
		/** The tool description sent with the schema. */
		description?: string;
		/** The one-line entry in the system prompt's tool list. */
		promptSnippet?: string;
		/** The bullets appended to the system prompt's rules. */
		promptGuidelines?: string[];
	};
}

/** Visible text: at least one non-whitespace character (a blank text is a mistake, never a choice). */
const NON_BLANK = "\\S";

/** A group of settings; unknown keys inside it are reported. */
function section<P extends TProperties>(properties: P): TObject<P> {
	return Type.Object(properties, { additionalProperties: false });
}

/** The whole config file. */
export const CONFIG_SCHEMA = section({
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
});
