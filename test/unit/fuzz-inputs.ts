/**
 * Fuzz inputs for ask_user_question's arguments, shared by the CI fuzz test and `npm run fuzz`:
 * fast-check arbitraries (anything, JSON, and a near-valid questionnaire with mutations) and a fake
 * dialog UI that answers from a seeded random script. No vitest here: `scripts/fuzz.ts` runs on plain Node.
 *
 * Mutations cover what a prompt-injected model or a buggy caller can send: wrong types, missing
 * fields, huge strings, deep nesting, `__proto__` / `constructor` / `prototype` as own keys (built
 * with JSON.parse), NaN, ±Infinity, -0, arrays where objects belong, sparse arrays, null-prototype
 * objects, very many keys, duplicates, reserved and blank labels, hostile text, throwing getters and Proxies.
 */
import fc from "fast-check";
import { HOSTILE_STRINGS } from "../support/hostile-strings.ts";

/** One generated call: the arguments, the seed the fake UI answers from, and the family it came from. */
export interface FuzzCase {
	family: string;
	input: unknown;
	seed: number;
}

type Json = Record<string, unknown>;

const hostile = fc.constantFrom(...HOSTILE_STRINGS.map((h) => h.text));
const text = fc.oneof(
	{ weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }) },
	{ weight: 2, arbitrary: hostile },
	{ weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
	{ weight: 1, arbitrary: fc.constantFrom("", "  ", "\u200b\u200e", "Other", "type something.", " NEXT ", "other…") },
);

/** A string of `size` characters built from a short piece, so a 1 MB text costs nothing to generate. */
const hugeText = fc
	.tuple(
		fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
		fc.constantFrom(5_000, 70_000, 300_000, 1_000_000),
	)
	.map(([piece, size]) => piece.repeat(Math.ceil(size / piece.length)));

/** A questionnaire that passes validation (distinct texts, no reserved labels). */
const validQuestionnaire: fc.Arbitrary<Json> = fc
	.array(
		fc.record(
			{
				question: text,
				header: text,
				multiSelect: fc.boolean(),
				options: fc.array(
					fc.record({ label: text, description: text, preview: text }, { requiredKeys: ["label", "description"] }),
					{
						minLength: 2,
						maxLength: 4,
					},
				),
			},
			{ requiredKeys: ["question", "header", "options"] },
		),
		{ minLength: 1, maxLength: 4 },
	)
	.map((questions) => ({
		// Numbering keeps texts distinct and visible, so most of these stay valid until mutated.
		questions: questions.map((q, i) => ({
			...q,
			question: `Q${i} ${q.question}`,
			header: `H${i} ${q.header}`,
			options: q.options.map((o, j) => ({ ...o, label: `L${j} ${o.label}`, description: `D ${o.description}` })),
		})),
	}));

/** Values of every JavaScript kind the validator could meet where a string, array or object belongs. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
	fc.constantFrom<unknown>(null, undefined, 0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
	fc.constantFrom<unknown>(true, false, "", "   ", 1n, Symbol("s"), [], {}, () => "fn", new Date(Number.NaN)),
	fc.constantFrom<unknown>(new Map([["label", "x"]]), new Set(["x"]), new String("boxed"), new Uint8Array(3)),
	fc.constant(null).map(() => Object.create(null) as unknown),
	hostile,
	hugeText,
	fc.anything({ maxDepth: 2, withNullPrototype: true, withSparseArray: true, withBigInt: true, withBoxedValues: true }),
);

/** `value` nested `depth` times in arrays or objects. */
const deep = fc.tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean(), oddValue).map(([depth, arrays, leaf]) => {
	let value: unknown = leaf;
	for (let i = 0; i < depth; i++) value = arrays ? [value] : { questions: value };
	return value;
});

/** An object with own `__proto__`, `constructor` or `prototype` keys, built the way JSON.parse builds them. */
function withOwnKey(target: unknown, key: string, value: unknown): unknown {
	if (typeof target !== "object" || target === null || Array.isArray(target)) return target;
	const entries = [[key, value], ...Object.entries(target)].map(([k, v]) => `${JSON.stringify(k)}:${safeJson(v)}`);
	return JSON.parse(`{${entries.join(",")}}`);
}

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value) ?? "null";
	} catch {
		return "null";
	}
}

type Mutation = (node: unknown, key: string, parent: Json | unknown[]) => void;

const set = (parent: Json | unknown[], key: string, value: unknown) => {
	(parent as Json)[key] = value;
};

/** How one mutation changes the value at a chosen place. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
	fc.constant<Mutation>((_node, key, parent) => {
		if (Array.isArray(parent)) parent.splice(Number(key), 1);
		else delete parent[key];
	}),
	oddValue.map(
		(value): Mutation =>
			(_node, key, parent) =>
				set(parent, key, value),
	),
	hugeText.map(
		(value): Mutation =>
			(_node, key, parent) =>
				set(parent, key, value),
	),
	deep.map(
		(value): Mutation =>
			(_node, key, parent) =>
				set(parent, key, value),
	),
	fc.tuple(fc.constantFrom("__proto__", "constructor", "prototype"), fc.oneof(oddValue, validQuestionnaire)).map(
		([own, value]): Mutation =>
			(node, key, parent) =>
				set(parent, key, withOwnKey(node, own, value)),
	),
	fc.constant<Mutation>((node, key, parent) => set(parent, key, [node])),
	fc.constant<Mutation>((node, key, parent) => {
		if (typeof node === "object" && node !== null) set(parent, key, Object.assign(Object.create(null), node));
	}),
	fc.constant<Mutation>((node, key, parent) => {
		if (!Array.isArray(node)) return;
		const sparse: unknown[] = [];
		node.forEach((entry, i) => {
			sparse[i * 2] = entry;
		});
		set(parent, key, sparse);
	}),
	fc.integer({ min: 1_000, max: 20_000 }).map(
		(count): Mutation =>
			(node, key, parent) => {
				if (typeof node !== "object" || node === null) return;
				const many: Json = { ...node };
				for (let i = 0; i < count; i++) many[`k${i}`] = i;
				set(parent, key, many);
			},
	),
	fc.integer({ min: 0, max: 1_000 }).map(
		(count): Mutation =>
			(node, key, parent) => {
				if (Array.isArray(node))
					set(
						parent,
						key,
						Array.from({ length: count }, (_, i) => node[i % node.length]),
					);
			},
	),
	fc.constant<Mutation>((node, key, parent) => {
		// A duplicate: the same text as a sibling, changed only in case and spacing.
		if (typeof node !== "string" || Array.isArray(parent)) return;
		set(parent, key, ` ${node.toUpperCase()}  `);
	}),
	fc.constant<Mutation>((node, key, parent) => {
		if (typeof node !== "object" || node === null) return;
		const trap = { ...node };
		Object.defineProperty(trap, "label", {
			enumerable: true,
			get: () => {
				throw new Error("getter");
			},
		});
		set(parent, key, trap);
	}),
	fc.constant<Mutation>((_node, key, parent) => {
		// No `has` trap: fast-check itself asks `in` of every generated value.
		const hostileProxy = new Proxy(
			{},
			{
				get: () => {
					throw new Error("proxy");
				},
				getOwnPropertyDescriptor: () => {
					throw new Error("proxy");
				},
			},
		);
		set(parent, key, hostileProxy);
	}),
);

type Place = { node: unknown; key: string; parent: Json | unknown[] };

/** Every (node, key, parent) place in `root`'s own tree (not inside values a mutation brought in). */
function places(root: Json, own: ReadonlySet<unknown>): Place[] {
	const out: Place[] = [];
	const walk = (parent: Json | unknown[]) => {
		for (const key of Object.keys(parent)) {
			const node = (parent as Json)[key];
			out.push({ node, key, parent });
			if (own.has(node)) walk(node as Json);
		}
	};
	walk(root);
	return out;
}

function containers(value: unknown, into = new Set<unknown>()): Set<unknown> {
	if (typeof value !== "object" || value === null) return into;
	into.add(value);
	for (const child of Object.values(value)) containers(child, into);
	return into;
}

/** A valid questionnaire with 0-3 mutations at random places (the wrapper object is mutable too). */
const nearValid: fc.Arbitrary<unknown> = fc
	.tuple(validQuestionnaire, fc.array(fc.tuple(fc.nat(), mutation), { maxLength: 3 }))
	.map(([questionnaire, mutations]) => {
		// A fresh copy: fast-check may hand the same generated value to several shrink attempts.
		const box: Json = { root: structuredClone(questionnaire) };
		const own = containers(box);
		for (const [where, mutate] of mutations) {
			const all = places(box, own);
			const place = all[where % all.length];
			try {
				if (place) mutate(place.node, place.key, place.parent);
			} catch {
				// A mutation that reads a trap an earlier one planted (a throwing getter or Proxy) is skipped.
			}
		}
		return box.root;
	});

const anything = fc.anything({
	maxDepth: 4,
	withObjectString: true,
	withNullPrototype: true,
	withBigInt: true,
	withBoxedValues: true,
	withDate: true,
	withMap: true,
	withSet: true,
	withTypedArray: true,
	withSparseArray: true,
	stringUnit: "grapheme",
});

/** The families of inputs, with weights that keep about a third of all calls valid enough to run the walker. */
const families: [string, number, fc.Arbitrary<unknown>][] = [
	["anything", 2, anything],
	["questions: anything", 2, anything.map((questions) => ({ questions }))],
	["questions: [anything]", 2, fc.array(anything, { maxLength: 6 }).map((questions) => ({ questions }))],
	["json value", 1, fc.jsonValue()],
	["JSON.parse(json)", 1, fc.json().map((json) => JSON.parse(json) as unknown)],
	["valid", 4, validQuestionnaire],
	["near-valid", 8, nearValid],
];

/** One fuzz case: an input from a weighted family, plus a seed for the fake UI. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
	...families.map(([family, weight, arbitrary]) => ({
		weight,
		arbitrary: fc.tuple(arbitrary, fc.integer()).map(([input, seed]): FuzzCase => ({ family, input, seed })),
	})),
);
