/**
 * The preload's off-screen rehearsal (src/tui/warm-up.ts, run by host/load-tui.ts's prewarmTui): it draws a
 * sample questionnaire on stand-ins and ends it, once per process, only after a successful load.
 */
import { initTheme } from "@earendil-works/pi-coding-agent";
import { TuiMainScreen } from "@earendil-works/pi-tui";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QuestionnaireSession } from "../../src/tui/session.ts";
import { warmUpTui } from "../../src/tui/warm-up.ts";

beforeAll(() => initTheme("dark"));
afterEach(() => {
	vi.useRealTimers();
});

/** prewarmTui from a fresh copy of host/load-tui.ts, so its once-per-process load and rehearsal start empty. */
async function freshPrewarm() {
	vi.resetModules();
	return (await import("../../src/host/load-tui.ts")).prewarmTui;
}

const answered = async () => undefined;

/** Lets the load's promise and the timer after it run. */
async function settle(): Promise<void> {
	for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10);
}

describe("warmUpTui", () => {
	it("draws the sample off screen and ends it (it rejects when nothing was drawn)", async () => {
		const write = vi.spyOn(process.stdout, "write");
		try {
			await expect(warmUpTui()).resolves.toBeUndefined();
			expect(write).not.toHaveBeenCalled();
		} finally {
			write.mockRestore();
		}
	});

	it("composites it as an overlay on a pi-tui screen of its own, then stops that screen and leaves no handler", async () => {
		const composite = vi.spyOn(
			TuiMainScreen.prototype as unknown as { compositeOverlays(): unknown },
			"compositeOverlays",
		);
		const stop = vi.spyOn(TuiMainScreen.prototype, "stop");
		const listeners = () => ["exit", "SIGTSTP", "SIGWINCH"].map((event) => process.listenerCount(event));
		const before = listeners();
		try {
			await warmUpTui();
			expect(composite).toHaveBeenCalled();
			expect(stop).toHaveBeenCalledTimes(1);
			expect(listeners()).toEqual(before);
		} finally {
			composite.mockRestore();
			stop.mockRestore();
		}
	});
});

describe("warmUpTui, drawn like the first frame", () => {
	it("draws in the theme it is given, as custom() passes Pi's", async () => {
		const fg = vi.fn((_color: string, text: string) => `\x1b[36m${text}\x1b[39m`);
		const same = (...args: string[]) => args[args.length - 1] ?? "";
		await warmUpTui({ theme: { fg, bg: same, bold: same } });
		expect(fg).toHaveBeenCalledWith("border", expect.any(String));
	});

	it("moves the focus down and back, each key drawn, ending where it started", async () => {
		const take = QuestionnaireSession.prototype.handleInput;
		const focusAfterKey: (number | undefined)[] = [];
		const keys = vi.spyOn(QuestionnaireSession.prototype, "handleInput").mockImplementation(function (
			this: QuestionnaireSession,
			data: string,
		) {
			take.call(this, data);
			focusAfterKey.push(this.getState().focus[0]);
		});
		const frames = vi.spyOn(QuestionnaireSession.prototype, "render");
		try {
			await warmUpTui();
			expect(keys.mock.calls.map(([key]) => key)).toEqual(["\x1b[B", "\x1b[A"]);
			expect(focusAfterKey).toEqual([1, 0]);
			expect(frames.mock.calls.length).toBeGreaterThanOrEqual(3);
		} finally {
			keys.mockRestore();
			frames.mockRestore();
		}
	});

	it("lays the sample out at the terminal's size", async () => {
		const composite = vi.spyOn(
			TuiMainScreen.prototype as unknown as { compositeOverlays(lines: string[], width: number): unknown },
			"compositeOverlays",
		);
		const stdout = process.stdout as { isTTY?: boolean; columns?: number; rows?: number };
		const saved = { isTTY: stdout.isTTY, columns: stdout.columns, rows: stdout.rows };
		Object.assign(stdout, { isTTY: true, columns: 90, rows: 30 });
		try {
			await warmUpTui();
			expect(composite).toHaveBeenCalledWith(expect.any(Array), 90, 30);
		} finally {
			Object.assign(stdout, saved);
			composite.mockRestore();
		}
	});
});

describe("prewarmTui", () => {
	it("rehearses once per process, after the load", async () => {
		const prewarmTui = await freshPrewarm();
		vi.useFakeTimers();
		const warmUp = vi.fn(async () => {});
		const importer = vi.fn(async () => ({ runTuiQuestionnaire: answered, warmUpTui: warmUp }));
		prewarmTui(20, { importer });
		await vi.advanceTimersByTimeAsync(10);
		expect(importer).not.toHaveBeenCalled();
		await settle();
		expect(importer).toHaveBeenCalledTimes(1);
		expect(warmUp).toHaveBeenCalledTimes(1);
		prewarmTui(20, { importer });
		await settle();
		expect(warmUp).toHaveBeenCalledTimes(1);
	});

	it("does not rehearse when cancelled, nor when the load failed", async () => {
		const prewarmTui = await freshPrewarm();
		vi.useFakeTimers();
		const warmUp = vi.fn(async () => {});
		const cancel = prewarmTui(20, { importer: async () => ({ runTuiQuestionnaire: answered, warmUpTui: warmUp }) });
		cancel();
		await settle();
		prewarmTui(20, {
			importer: async () => {
				throw new Error("broken");
			},
		});
		await settle();
		expect(warmUp).not.toHaveBeenCalled();
	});
});
