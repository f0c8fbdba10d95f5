/**
 * Past ask_user_question calls keep their look before the tool registers (pi/tool-definition.ts
 * `drawBeforeRegistered`). Root cause: the tool now registers at session start (so another package's tool
 * of that name cannot conflict), and Pi draws the conversation of /reload, /resume, /new and a fork before
 * that; those calls showed as raw JSON arguments until something redrew them (pending-tui's /reload test
 * failed when the drawing won the race).
 */
import type { ExtensionAPI, ToolRendererResolver, ToolRenderers } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.ts";
import { drawBeforeRegistered } from "../../src/pi/tool-definition.ts";

function install(providedElsewhere = false, withResolvers = true) {
	const resolvers: ToolRendererResolver[] = [];
	const pi = (withResolvers
		? { registerToolRenderer: (r: ToolRendererResolver) => resolvers.push(r) }
		: {}) as unknown as ExtensionAPI;
	drawBeforeRegistered(pi, defaultConfig, () => providedElsewhere);
	const resolve = (name: string, registered?: ToolRenderers) => {
		const [resolver] = resolvers;
		if (resolver === undefined) throw new Error("no resolver registered");
		return resolver(name, () => registered);
	};
	return { resolvers, resolve };
}

describe("drawBeforeRegistered", () => {
	it("draws ask_user_question calls with our renderers while no tool of that name is registered", () => {
		const drawn = install().resolve("ask_user_question");
		expect(typeof drawn?.renderCall).toBe("function");
		expect(typeof drawn?.renderResult).toBe("function");
	});

	it("a registered tool's renderers win, and other tools are not ours to draw", () => {
		const registered: ToolRenderers = { renderShell: "self" };
		const { resolve } = install();
		expect(resolve("ask_user_question", registered)).toBe(registered);
		expect(resolve("read")).toBeUndefined();
		expect(resolve("read", registered)).toBe(registered);
	});

	it("never draws another package's calls as ours, even when it has no renderers", () => {
		expect(install(true).resolve("ask_user_question")).toBeUndefined();
	});

	it("registers nothing on a Pi without renderer resolvers", () => {
		expect(install(false, false).resolvers).toEqual([]);
	});
});
