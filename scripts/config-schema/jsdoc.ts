/**
 * Reads the JSDoc sentence of every field of the `AskConfig` interface in `src/config/schema.ts`,
 * keyed by dotted path (`limits.note`). Those comments are where a setting is explained once; the
 * JSON Schema and the configuration reference reuse them, so neither needs its own copy.
 *
 * A small line reader, not a TypeScript parser: it relies on the file's formatting (Biome), one
 * field per line, `/** … *\/` comments (one or several lines) right above the field, a nested
 * section opening with `{` at the end of its line and closing with `};` or `}` on its own line.
 */

/** Field docs by dotted path; sections have entries too. */
export type FieldDocs = Map<string, string>;

const FIELD = /^\s*(\$?[A-Za-z_][\w$]*)\??\s*:\s*(.*)$/;

/** The docs of `interfaceName`'s fields in `source`; throws when the interface is missing. */
export function readFieldDocs(source: string, interfaceName = "AskConfig"): FieldDocs {
	const lines = source.split("\n");
	const start = lines.findIndex((line) => line.startsWith(`export interface ${interfaceName} {`));
	if (start < 0) throw new Error(`interface ${interfaceName} not found`);
	const docs: FieldDocs = new Map();
	const path: string[] = [];
	let pending: string[] | undefined;
	let comment: string[] | undefined;
	for (const raw of lines.slice(start + 1)) {
		const line = raw.trim();
		if (comment !== undefined) {
			comment.push(line.replace(/\*\/$/, "").replace(/^\*\s?/, ""));
			if (line.endsWith("*/")) {
				pending = comment;
				comment = undefined;
			}
			continue;
		}
		if (line.startsWith("/**")) {
			const body = line.slice(3);
			if (body.endsWith("*/")) pending = [body.slice(0, -2)];
			else comment = [body];
			continue;
		}
		if (line === "}" || line === "};") {
			if (path.length === 0) break;
			path.pop();
			continue;
		}
		const field = FIELD.exec(line);
		if (!field) continue;
		const name = field[1] ?? "";
		const doc = (pending ?? []).join(" ").replace(/\s+/g, " ").trim();
		if (doc !== "") docs.set([...path, name].join("."), doc);
		pending = undefined;
		if ((field[2] ?? "").endsWith("{")) path.push(name);
	}
	return docs;
}
