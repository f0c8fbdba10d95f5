/**
 * The schema-driven layer logic, on a made-up schema with the shapes later settings will use
 * (a default, a nested section, a union), so adding a setting needs no change here.
 */
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { buildConfig, readLayer } from "../../src/config/layer.ts";

const strict = { additionalProperties: false } as const;
const SCHEMA = Type.Object(
	{
		bell: Type.Optional(Type.Boolean({ expected: "true or false", default: false })),
		ui: Type.Optional(Type.Union([Type.Literal("overlay"), Type.Literal("accessible")], { expected: "one of ..." })),
		limits: Type.Optional(
			Type.Object(
				{
					maxRows: Type.Optional(Type.Integer({ minimum: 1, expected: "a whole number ≥ 1", default: 8 })),
					tags: Type.Optional(Type.Array(Type.String(), { expected: "an array of strings", default: ["a"] })),
					deep: Type.Optional(Type.Object({ x: Type.Optional(Type.String({ expected: "a string" })) }, strict)),
				},
				strict,
			),
		),
	},
	strict,
);

describe("readLayer", () => {
	it("keeps every valid setting and reports nothing", () => {
		const read = readLayer(SCHEMA, { bell: true, limits: { maxRows: 3, deep: { x: "y" } } });
		expect(read.problems).toEqual([]);
		expect([...read.values]).toEqual([
			["bell", true],
			["limits.maxRows", 3],
			["limits.deep.x", "y"],
		]);
	});

	it("drops exactly the bad settings, reports each path once, keeps the rest", () => {
		const read = readLayer(SCHEMA, { bell: "yes", ui: "overlay", limits: { maxRows: 0, tags: [1, 2, "ok"] } });
		expect(read.problems).toEqual([
			"bell: expected true or false",
			"limits.maxRows: expected a whole number ≥ 1",
			"limits.tags: expected an array of strings",
		]);
		expect([...read.values]).toEqual([["ui", "overlay"]]);
		expect(readLayer(SCHEMA, { ui: "fullscreen" }).problems).toEqual(["ui: expected one of ..."]);
	});

	it("reports unknown keys at any depth with their full path, and ignores them", () => {
		const read = readLayer(SCHEMA, { extra: 1, limits: { deep: { x: "k", y: 2 }, other: [] }, bell: true });
		expect(read.problems).toEqual(["extra: unknown key", "limits.deep.y: unknown key", "limits.other: unknown key"]);
		expect(Object.fromEntries(read.values)).toEqual({ bell: true, "limits.deep.x": "k" });
	});

	it("reports a section that is not an object once, and drops everything under it", () => {
		for (const limits of ["big", 3, null, [1], true]) {
			const read = readLayer(SCHEMA, { limits, bell: true });
			expect(read.problems).toEqual(["limits: expected an object"]);
			expect([...read.values]).toEqual([["bell", true]]);
		}
		expect(readLayer(SCHEMA, { limits: { deep: "x" } }).problems).toEqual(["limits.deep: expected an object"]);
	});

	it("lists every unknown key, however many (TypeBox's Value.Errors stops at 8 errors)", () => {
		const data = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
		expect(readLayer(SCHEMA, data).problems).toEqual(Array.from({ length: 12 }, (_, i) => `k${i}: unknown key`));
	});

	it("quotes odd key names (JSON escapes, cut when long) so a path stays one readable line", () => {
		const data = JSON.parse('{"__proto__": 1, "a/b~c": 2, "": 3, "x\\u001b[2Jy": 4}');
		data["k".repeat(50)] = 5;
		expect(readLayer(SCHEMA, data).problems).toEqual([
			"__proto__: unknown key",
			'"a/b~c": unknown key',
			'"": unknown key',
			'"x\\u001b[2Jy": unknown key',
			`"${"k".repeat(40)}…": unknown key`,
		]);
	});

	it("never reads settings through the prototype chain", () => {
		const data = Object.create({ bell: true }) as Record<string, unknown>;
		expect([...readLayer(SCHEMA, data).values]).toEqual([]);
	});
});

describe("buildConfig", () => {
	it("creates every section, applies defaults, and leaves settings without one absent", () => {
		expect(buildConfig(SCHEMA, [])).toEqual({ bell: false, limits: { maxRows: 8, tags: ["a"], deep: {} } });
	});

	it("lets a later layer win per setting", () => {
		const global = new Map<string, unknown>([
			["bell", true],
			["limits.maxRows", 4],
			["ui", "overlay"],
		]);
		const project = new Map<string, unknown>([["limits.maxRows", 6]]);
		expect(buildConfig(SCHEMA, [global, project])).toEqual({
			bell: true,
			ui: "overlay",
			limits: { maxRows: 6, tags: ["a"], deep: {} },
		});
	});

	it("hands out fresh copies of defaults", () => {
		const first = buildConfig(SCHEMA, []) as { limits: { tags: string[] } };
		first.limits.tags.push("mutated");
		expect(buildConfig(SCHEMA, [])).toMatchObject({ limits: { tags: ["a"] } });
	});
});
