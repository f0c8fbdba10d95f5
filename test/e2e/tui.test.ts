/**
 * The interactive TUI, as a person sees it: the real pi in a tmux pseudo-terminal with the
 * extension loaded. The initial prompt makes the fake model call ask_user_question; the question
 * appears on screen; keys answer it (or, with a `timeout`, nobody does); the model receives the result
 * and its reply is shown.
 * Written against what is visible (question text, option labels), not against a particular layout.
 * Runs in tmux when installed, else under `script` + @xterm/headless (PI_ASK_TTY forces one).
 */
import { describe, expect, it } from "vitest";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import type { PiHarness } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep } from "../support/questions.ts";
import type { TuiSession } from "../support/tty.ts";

const startPi = tuiPerTest();

/** The question is shown as a dialog: its text and an option label on lines other than the tool-call line. */
function dialogShown(screen: string): boolean {
	const lines = screen.split("\n").filter((line) => !line.includes("questions="));
	return (
		lines.some((line) => line.includes(CACHE_QUESTION.question)) && lines.some((line) => line.includes("SQLite file"))
	);
}

/** Presses Enter until the fake model has received a tool result (a review step may need a second Enter). */
async function enterUntilAnswered(session: TuiSession, harness: PiHarness): Promise<string> {
	for (let attempt = 0; attempt < 4; attempt++) {
		session.keys("Enter");
		const deadline = Date.now() + 1_500;
		while (Date.now() < deadline) {
			const result = harness.fake.requests.at(-1)?.lastToolResult;
			if (result !== undefined) return result;
			await new Promise((r) => setTimeout(r, 50));
		}
	}
	throw new Error(`the model never received a tool result (${session.backend}); screen:\n${await session.screen()}`);
}

async function startAsking(): Promise<StartedTui> {
	const started = await startPi([askStep(CACHE_QUESTION), echoStep], "We need a cache. Ask me.");
	await started.session.waitForScreen(dialogShown, "the question dialog");
	return started;
}

describe("the interactive TUI", () => {
	it("shows the question, takes keys, and the model receives the chosen option", async () => {
		const { harness, session } = await startAsking();
		session.keys("Down");
		const received = await enterUntilAnswered(session, harness);
		expect(received).toBe(
			'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
		);
		// The model's reply (the echo of what it received) is rendered.
		const screen = await session.waitForScreen("received: User answered:", "the model's reply");
		expect(screen).toContain('"SQLite file"');
		expect(harness.fake.requests).toHaveLength(2);
	});

	it("with a `timeout`, an untouched questionnaire counts down and ends timed_out; the model is told", async () => {
		const { harness, session } = await startPi(
			[askStep(CACHE_QUESTION), echoStep],
			"We need a cache. Ask me.",
			undefined,
			{
				"ask-user-question.json": JSON.stringify({ timeout: 3 }),
			},
		);
		await session.waitForScreen(/Closes in 0:0[1-3] if nobody answers/, "the countdown");
		await session.waitForScreen("received:", "the model's reply after the timeout");
		expect(harness.fake.requests.at(-1)?.lastToolResult).toMatch(
			/^The questionnaire timed out before the user answered; they may be away\./,
		);
	});

	it("Escape declines and the model is told not to assume answers", async () => {
		const { harness, session } = await startAsking();
		session.keys("Escape");
		await session.waitForScreen("received:", "the model's reply after Escape");
		const received = harness.fake.requests.at(-1)?.lastToolResult ?? "";
		expect(received).toMatch(/^User declined to answer the questions\. Do not assume answers/);
	});
});
