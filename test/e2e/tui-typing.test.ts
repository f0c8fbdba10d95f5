/**
 * Typing your own answer in the real `pi` binary's TUI, as a person types it (tmux, or `script` +
 * xterm-headless): text typed on the "Type something." row reaches the model exactly, digits, `n`,
 * `j` and `k` included; leaving the draft editor with Esc or Tab and then submitting sends the typed
 * text as the answer (the rule: a non-empty draft counts as the answer, as a note does).
 */
import { describe, expect, it } from "vitest";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import type { PiHarness } from "../support/pi.ts";
import { askStep, echoStep } from "../support/questions.ts";
import type { TuiSession } from "../support/tty.ts";

const CACHE = {
	question: "Where should responses be cached?",
	header: "Cache",
	options: [
		{ label: "Memory", description: "Lost on restart." },
		{ label: "SQLite", description: "Survives restarts." },
	],
};
const PLATFORMS = {
	question: "Which platforms ship first?",
	header: "Platforms",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 and arm64." },
		{ label: "macOS", description: "Universal." },
	],
};

const startPi = tuiPerTest();

async function start(...questions: object[]): Promise<StartedTui> {
	const started = await startPi([askStep(...questions), echoStep], "Ask me.", { cols: 100, rows: 30 });
	await started.session.waitForScreen((s) => s.includes(CACHE.question), "the questionnaire");
	return started;
}

async function modelResult(harness: PiHarness, session: TuiSession): Promise<string> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		const received = harness.fake.requests.at(-1)?.lastToolResult;
		if (received !== undefined) return received;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`no tool result reached the model (${session.backend}); screen:\n${await session.screen()}`);
}

describe("typing your own answer in the real pi TUI", () => {
	it("typed on the Type something. row, the model receives exactly the typed text", async () => {
		const { harness, session } = await start(CACHE);
		// Up wraps to "Type something."; every key from there on is text: "2" chooses nothing, "n"
		// opens no note, "j"/"k" move nothing.
		session.keys("Up");
		session.type("2 nodes, nothing fits jk");
		await session.waitForScreen("2 nodes, nothing fits jk", "the typed text in the editor");
		expect(harness.fake.requests.at(-1)?.lastToolResult).toBeUndefined();
		session.keys("Enter");
		expect(await modelResult(harness, session)).toBe(
			`User answered: "${CACHE.question}" = "2 nodes, nothing fits jk" (typed by the user). Continue with these answers.`,
		);
	});

	it.each(["Escape", "Tab"])("%s out of a draft, then Submit: the typed text is the answer", async (leave) => {
		const { harness, session } = await start(CACHE, PLATFORMS);
		session.keys("Up");
		session.type("Valkey");
		await session.waitForScreen("Valkey", "the draft");
		session.keys(leave);
		// The tab marker and the Submit page show it answered; Shift+Tab from Cache reaches Submit.
		session.keys(leave === "Tab" ? "Tab" : "BTab");
		const review = await session.waitForScreen('Cache: "Valkey"', "the Submit page with the typed answer");
		expect(review).toContain("Platforms: unanswered");
		session.keys("Enter");
		expect(await modelResult(harness, session)).toBe(
			`User answered 1 of 2 questions: "${CACHE.question}" = "Valkey" (typed by the user). ` +
				`Unanswered: "${PLATFORMS.question}". Do not assume answers to unanswered questions.`,
		);
	});
});
