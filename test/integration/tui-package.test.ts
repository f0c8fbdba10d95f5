/**
 * The package as Pi loads it (src/index.ts's default export) in real interactive mode: the tool's
 * execute chooses the TUI path, lazily loads runTuiQuestionnaire, and the overlay answers the model.
 * Invalid arguments never open anything.
 */
import { describe, expect, it } from "vitest";
import { askTurn, echoTurn, interactivePerTest } from "../support/interactive.ts";
import { CACHE_QUESTION as CACHE } from "../support/questions.ts";

const startInteractive = interactivePerTest();

describe("the package in interactive mode", () => {
	it("ask_user_question opens the overlay and the model reads the answer", async () => {
		const harness = await startInteractive({ responses: [askTurn({ questions: [CACHE] }), echoTurn] });
		const done = harness.prompt("ask me");
		await harness.waitFor((s) => s.includes(CACHE.question), "the questionnaire");
		harness.press("n", ..."short".split(""), "\r", "2");
		await done;
		const [text] = harness.toolResults();
		expect(text).toContain('"SQLite file"');
		expect(text).toContain('"short"');
		await harness.waitFor((s) => s.includes("model read:"), "the model's reply");
	});

	it("invalid arguments come back to the model without opening anything", async () => {
		const twice = { ...CACHE, options: [CACHE.options[0], CACHE.options[0]] };
		const harness = await startInteractive({ responses: [askTurn({ questions: [twice] }), echoTurn] });
		await harness.prompt("ask me");
		expect(harness.toolResults()[0]).toMatch(/duplicate|same label/i);
		expect(await harness.screen()).not.toContain("Type something.");
	});
});
