/**
 * The preload's rehearsal of a whole tool call (src/pi/call-rehearsal.ts) on the off-screen questionnaire
 * (src/tui/warm-up.ts): the sample goes through the call line and `execute` to a drawn overlay, and ends
 * leaving nothing behind — nothing on the terminal, the screen free, no notification.
 */
import { initTheme } from "@earendil-works/pi-coding-agent";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as execute from "../../src/ask/execute.ts";
import { SCREEN } from "../../src/host/screen.ts";
import { rehearseCall } from "../../src/pi/call-rehearsal.ts";
import * as renderCall from "../../src/pi/render-call.ts";
import * as notify from "../../src/tui/notify.ts";
import { warmUpTui } from "../../src/tui/warm-up.ts";

beforeAll(() => initTheme("dark"));

describe("rehearseCall", () => {
	it("draws the sample through the call line and execute, off screen, and ends it as interrupted", async () => {
		const callLine = vi.spyOn(renderCall, "renderAskCall");
		const run = vi.spyOn(execute, "executeAskUserQuestion");
		const write = vi.spyOn(process.stdout, "write");
		try {
			await expect(warmUpTui({ ask: rehearseCall })).resolves.toBeUndefined();
			expect(callLine).toHaveBeenCalledTimes(1);
			expect(run).toHaveBeenCalledTimes(1);
			const result = await run.mock.results[0]?.value;
			expect(result.details).toMatchObject({ host: "tui", outcome: "interrupted" });
			expect(write).not.toHaveBeenCalled();
		} finally {
			callLine.mockRestore();
			run.mockRestore();
			write.mockRestore();
		}
	});

	it("leaves the screen free and sends no notification", async () => {
		const send = vi.spyOn(notify, "sendNotification");
		try {
			await warmUpTui({ ask: rehearseCall });
			await new Promise((resolve) => setImmediate(resolve));
			expect(SCREEN.busy).toBe(false);
			expect(send).not.toHaveBeenCalled();
		} finally {
			send.mockRestore();
		}
	});
});
