/**
 * The config's JSON Schema (draft-07, what editors such as VS Code complete and check with), made
 * from the TypeBox schema in `src/config/schema.ts` plus the `AskConfig` field docs. TypeBox schemas
 * are JSON Schema already; this drops the loader's private annotations (`expected`, `~…`) and adds a
 * `description` to every section and setting. Also lists the settings for the reference.
 */
import type { TSchema } from "typebox";
import type { FieldDocs } from "./jsdoc.ts";

/** A schema node as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** One setting (a leaf of the schema): its dotted path, its schema and its description. */
export interface Setting {
	path: string;
	schema: JsonSchema;
	description: string;
	/** The loader's phrase for a valid value (its warnings say "expected …"), when the schema has one. */
	expected?: string;
}

/** Keys that only the loader reads: never written to the published schema. */
const PRIVATE_KEYS = new Set(["expected"]);

/** The draft the file declares. */
export const DRAFT = "http://json-schema.org/draft-07/schema#";

/** The JSON Schema document for the config file `root` describes. */
export function configJsonSchema(root: TSchema, docs: FieldDocs): JsonSchema {
	return {
		$schema: DRAFT,
		title: "pi-ask-user-question configuration",
		description:
			"Settings of the ask_user_question extension for the Pi coding agent: <agent dir>/ask-user-question.json " +
			"(global) and <project>/.pi/ask-user-question.json (project, when trusted; wins per setting).",
		...convert(root as JsonSchema, [], docs),
	};
}

/** The settings of `root`, in schema order. */
export function listSettings(root: TSchema, docs: FieldDocs): Setting[] {
	const out: Setting[] = [];
	const walk = (node: JsonSchema, path: string[]): void => {
		for (const [name, child] of Object.entries(propertiesOf(node))) {
			const here = [...path, name];
			if (isSection(child)) walk(child, here);
			else
				out.push({
					path: here.join("."),
					schema: convert(child, here, docs),
					description: describe(child, here, docs),
					...(typeof child.expected === "string" ? { expected: child.expected } : {}),
				});
		}
	};
	walk(root as JsonSchema, []);
	return out;
}

/** A section: an object that lists its keys and rejects others (as `section()` in schema.ts builds). */
export function isSection(node: JsonSchema): boolean {
	return node.type === "object" && typeof node.properties === "object" && node.additionalProperties === false;
}

function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
	return (node.properties ?? {}) as Record<string, JsonSchema>;
}

function describe(node: JsonSchema, path: string[], docs: FieldDocs): string {
	const doc = docs.get(path.join("."));
	if (doc) return doc;
	if (typeof node.description === "string") return node.description;
	return typeof node.expected === "string" ? `Expected: ${node.expected}.` : "";
}

function convert(node: JsonSchema, path: string[], docs: FieldDocs): JsonSchema {
	const out: JsonSchema = {};
	if (path.length > 0) {
		const description = describe(node, path, docs);
		if (description) out.description = description;
	}
	for (const [key, value] of Object.entries(node)) {
		if (PRIVATE_KEYS.has(key) || key.startsWith("~") || (key === "description" && path.length > 0)) continue;
		if (key === "properties") {
			out.properties = Object.fromEntries(
				Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [
					name,
					convert(child, [...path, name], docs),
				]),
			);
		} else if ((key === "items" || key === "not") && isObject(value)) {
			out[key] = convert(value, [], docs);
		} else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
			out[key] = value.map((v: unknown) => (isObject(v) ? convert(v, [], docs) : v));
		} else {
			out[key] = structuredClone(value);
		}
	}
	return out;
}

function isObject(value: unknown): value is JsonSchema {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
