/**
 * Turns one parsed config file into a layer of settings, using a schema from `schema.ts`; then builds
 * the config from layers (a later layer wins, per setting). A setting whose value is wrong is left out
 * of the layer (so a lower layer or the default applies) and reported by its dotted path; unknown keys
 * are reported and ignored; the valid settings still apply.
 *
 * The schema's sections are walked here and each leaf value is checked with `Value.Check` against its
 * own schema. Not one `Value.Errors` call on the whole file: TypeBox stops at `maxErrors` (a global
 * setting, 8 by default, shared with Pi) and reports unknown keys as a summary placed after one error
 * per key, so a file with many unknown keys loses the summary; its `instancePath` is also unescaped,
 * so a key containing `/` cannot be located. Generic over the schema, so tests use any shape.
 * Imports only TypeBox.
 */
import type { TObject, TSchema } from "typebox";
import { Value } from "typebox/value";
import { lazyRegExp } from "../util/once.ts";
import { isRecord } from "../util/records.ts";

/** Settings by dotted path (`guidance.description`), as read from one file. */
export type Layer = Map<string, unknown>;

/** A layer plus what was wrong in the file: phrases like `guidance.foo: unknown key`, in file order. */
export interface LayerRead {
	values: Layer;
	problems: string[];
}

/** The optional annotations a leaf schema carries (see `schema.ts`). */
interface LeafNotes {
	expected?: unknown;
	default?: unknown;
}

type Node = TSchema & LeafNotes & { type?: unknown; properties?: unknown; additionalProperties?: unknown };

/** A key shown bare in a message: letters, digits, `_`, `$`, `-` (see util/once.ts for why not a literal). */
const plainKey = lazyRegExp(String.raw`^[\p{L}\p{N}_$-]+$`, "u");

/** Unknown key names longer than this are cut in messages (the file is the user's, but stays readable). */
const MAX_KEY_CHARS = 40;

/** Reads the settings of one file's top-level object, in file order. Never throws for JSON input. */
export function readLayer(schema: TObject, data: Record<string, unknown>): LayerRead {
	const read: LayerRead = { values: new Map(), problems: [] };
	readSection(schema, data, [], read);
	return read;
}

/** The config from layers, lowest first: each setting from the last layer that has it, else its `default`. */
export function buildConfig(schema: TObject, layers: readonly Layer[]): Record<string, unknown> {
	const merged: Layer = new Map();
	for (const layer of layers) for (const [key, value] of layer) merged.set(key, value);
	return build(schema, merged, []);
}

function build(section: Node, values: Layer, prefix: string[]): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [name, child] of Object.entries(propertiesOf(section))) {
		const path = [...prefix, name];
		if (isSection(child)) {
			out[name] = build(child, values, path);
			continue;
		}
		const key = dotted(path);
		const value = values.has(key) ? values.get(key) : structuredClone(child.default);
		if (value !== undefined) out[name] = value;
	}
	return out;
}

function readSection(section: Node, data: Record<string, unknown>, prefix: string[], read: LayerRead): void {
	const properties = propertiesOf(section);
	for (const name of Object.keys(data)) {
		const child = Object.hasOwn(properties, name) ? properties[name] : undefined;
		if (child === undefined) {
			read.problems.push(`${[...prefix, showKey(name)].join(".")}: unknown key`);
			continue;
		}
		const path = [...prefix, name];
		const value = data[name];
		if (isSection(child)) {
			if (isRecord(value)) readSection(child, value, path, read);
			else read.problems.push(`${dotted(path)}: expected an object`);
		} else if (Value.Check(child, value)) {
			read.values.set(dotted(path), value);
		} else {
			read.problems.push(
				`${dotted(path)}: expected ${typeof child.expected === "string" ? child.expected : "a valid value"}`,
			);
		}
	}
}

function isSection(node: Node): boolean {
	return node.type === "object" && typeof node.properties === "object" && node.additionalProperties === false;
}

function propertiesOf(node: Node): Record<string, Node> {
	return (node.properties ?? {}) as Record<string, Node>;
}

function dotted(path: readonly string[]): string {
	return path.join(".");
}

/** A user's key as shown in a path: bare when it is a plain word, else JSON-quoted (and cut when long). */
function showKey(name: string): string {
	if (plainKey().test(name) && name.length <= MAX_KEY_CHARS) return name;
	const cut = name.length > MAX_KEY_CHARS ? `${name.slice(0, MAX_KEY_CHARS)}…` : name;
	return JSON.stringify(cut);
}
