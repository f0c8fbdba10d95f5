/**
 * Choosing the accessible path: only in Pi's terminal UI, when the config says `ui: "accessible"` or
 * the environment sets PI_ASK_ACCESSIBLE; execute then runs the lazily loaded TUI module with
 * `accessible` on, and without it the overlay as before. RPC and no-UI sessions are unaffected.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { executeAskUserQuestion } from "../../src/ask/execute.ts";
import { defaultConfig } from "../../src/config/schema.ts";
import { chooseHostPath, wantsAccessible } from "../../src/host/choose.ts";
import type { TuiLoad } from "../../src/host/load-tui.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { CACHE } from "./session-harness.ts";

describe("chooseHostPath with accessible", () => {
	it.each([
		[{ hasUI: true, mode: "tui", accessible: true }, "accessible"],
		[{ hasUI: true, mode: "tui", accessible: false }, "tui"],
		[{ hasUI: true, mode: "rpc", accessible: true }, "dialogs"],
		[{ hasUI: true, mode: undefined, accessible: true }, "dialogs"],
		[{ hasUI: false, mode: "tui", accessible: true }, "none"],
	])("%o → %s", (host, path) => {
		expect(chooseHostPath(host)).toBe(path);
	});
});

describe("wantsAccessible", () => {
	it("follows the config's ui, else PI_ASK_ACCESSIBLE", () => {
		expect(wantsAccessible("accessible", {})).toBe(true);
		expect(wantsAccessible("standard", {})).toBe(false);
		expect(wantsAccessible(undefined, {})).toBe(false);
		for (const on of ["1", "true", "YES", " on "])
			expect(wantsAccessible("standard", { PI_ASK_ACCESSIBLE: on }), on).toBe(true);
		for (const off of ["0", "", "false", "no", "off", "2"])
			expect(wantsAccessible(undefined, { PI_ASK_ACCESSIBLE: off }), off).toBe(false);
	});
});

describe("execute on the accessible path", () => {
	const saved = process.env.PI_ASK_ACCESSIBLE;
	afterEach(() => {
		if (saved === undefined) delete process.env.PI_ASK_ACCESSIBLE;
		else process.env.PI_ASK_ACCESSIBLE = saved;
	});

	const answered: QuestionnaireResult = {
		outcome: "answered",
		cancelled: false,
		host: "tui",
		answers: [{ questionIndex: 0, question: CACHE.question, kind: "option", answer: "Redis" }],
	};

	function run(env: { ui?: "standard" | "accessible"; mode?: string; flag?: string }) {
		if (env.flag === undefined) delete process.env.PI_ASK_ACCESSIBLE;
		else process.env.PI_ASK_ACCESSIBLE = env.flag;
		const runner = vi.fn(async () => answered);
		const load: TuiLoad = { ok: true, run: runner };
		const ui = { select: vi.fn(async () => undefined), input: vi.fn(async () => undefined) };
		const done = executeAskUserQuestion(
			{ questions: [CACHE] },
			{
				hasUI: true,
				mode: env.mode ?? "tui",
				ui: ui as unknown as ExtensionUIContext,
				config: { ...defaultConfig(), ui: env.ui ?? "standard" },
				loadTui: async () => load,
			},
		);
		return { done, runner, ui };
	}

	it("config ui: accessible runs the TUI module with accessible on", async () => {
		const { done, runner } = run({ ui: "accessible" });
		expect((await done).details).toEqual(answered);
		expect(runner).toHaveBeenCalledWith(
			expect.anything(),
			expect.anything(),
			expect.objectContaining({ accessible: true }),
		);
	});

	it("PI_ASK_ACCESSIBLE=1 does too, whatever the config says", async () => {
		const { done, runner } = run({ flag: "1" });
		await done;
		expect(runner).toHaveBeenCalledWith(
			expect.anything(),
			expect.anything(),
			expect.objectContaining({ accessible: true }),
		);
	});

	it("without either, the overlay as before", async () => {
		const { done, runner } = run({});
		await done;
		expect(runner).toHaveBeenCalledWith(
			expect.anything(),
			expect.anything(),
			expect.objectContaining({ accessible: false }),
		);
	});

	it("in RPC mode the dialogs run, accessible or not", async () => {
		const { done, runner, ui } = run({ ui: "accessible", mode: "rpc" });
		expect((await done).details).toMatchObject({ host: "rpc" });
		expect(runner).not.toHaveBeenCalled();
		expect(ui.select).toHaveBeenCalled();
	});
});
