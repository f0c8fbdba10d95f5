/**
 * What a person sees of the questionnaire in the real `pi` TUI (tmux, or `script` + xterm-headless)
 * when the terminal changes around it: a window grown from small to large (and back) shows the whole
 * dialog, footer and bottom border included; a hidden (collapsed) questionnaire leaves one line saying
 * so and naming the key that reopens it, gone once reopened.
 */
import { describe, expect, it } from "vitest";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import { askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION } from "../support/questions.ts";

const startPi = tuiPerTest();

/** The dialog's last row, its bottom border, is the screen's last row (tmux ends its capture with a newline). */
function bottomBorderShown(screen: string, cols: number): boolean {
	return screen.trimEnd().split("\n").at(-1) === "─".repeat(cols);
}

/** The key hints line is on screen. */
function footerShown(screen: string): boolean {
	return screen.split("\n").some((line) => line.includes("navigate"));
}

/**
 * The footer as laid out for a narrow terminal (cut at a whole hint, ending in "…"). A terminal that
 * shrinks cuts the old wide lines itself, so only this shows that the dialog was really drawn again.
 */
function narrowFooterShown(screen: string): boolean {
	return screen.split("\n").some((line) => line.includes("navigate") && line.trimEnd().endsWith("· …"));
}

async function openAt(cols: number, rows: number, questions: object[] = [CACHE_QUESTION]): Promise<StartedTui> {
	const started = await startPi([askStep(...questions), echoStep], "We need a cache. Ask me.", { cols, rows });
	await started.session.waitForScreen("In-memory LRU", `the questionnaire at ${cols}×${rows}`);
	return started;
}

describe("the dialog follows the terminal", () => {
	it("opened at 60×15 and grown to 120×40, the footer and bottom border are on screen; shrinking back too", async () => {
		const { harness, session } = await openAt(60, 15);
		session.resize(120, 40);
		const big = await session.waitForScreen(
			(s) => bottomBorderShown(s, 120) && footerShown(s) && s.includes("Type something."),
			"the whole dialog at 120×40",
		);
		expect(big).toContain("Ctrl+] hide");
		session.resize(60, 15);
		await session.waitForScreen((s) => bottomBorderShown(s, 60) && narrowFooterShown(s), "the whole dialog at 60×15");
		session.keys("Down");
		session.resize(120, 40);
		await session.waitForScreen((s) => bottomBorderShown(s, 120) && footerShown(s), "the whole dialog again");
		session.keys("Enter");
		await session.waitForScreen("received:", "the model's reply");
		expect(harness.fake.requests.at(-1)?.lastToolResult).toContain('"SQLite file"');
	});

	it("opened at 20×8 and grown to 120×40, the footer and bottom border are on screen", async () => {
		const { session } = await openAt(20, 8);
		session.keys("Down");
		session.resize(120, 40);
		await session.waitForScreen(
			(s) => bottomBorderShown(s, 120) && footerShown(s) && s.includes("Type something."),
			"the whole dialog at 120×40",
		);
	});
});

describe("a hidden questionnaire stays visible", () => {
	const HIDDEN_LINE = "Questionnaire collapsed — press Ctrl+] to reopen";

	it("collapse: the hidden line is on screen; reopen: it is gone; ending while hidden removes it too", async () => {
		const { harness, session } = await openAt(100, 30);
		expect(await session.screen()).not.toContain(HIDDEN_LINE);
		session.keys("C-]");
		const hidden = await session.waitForScreen(HIDDEN_LINE, "the hidden line");
		expect(hidden).not.toContain("navigate");
		session.keys("C-]");
		const back = await session.waitForScreen((s) => footerShown(s) && !s.includes(HIDDEN_LINE), "the dialog back");
		expect(back).toContain("In-memory LRU");
		// Hidden again, then the agent is interrupted (Escape reaches Pi's editor): the line goes with the dialog.
		session.keys("C-]");
		await session.waitForScreen(HIDDEN_LINE, "the hidden line again");
		session.keys("Escape");
		await session.waitForScreen((s) => !s.includes(HIDDEN_LINE) && !s.includes("Working"), "the line gone");
		expect(harness.fake.requests).toHaveLength(1);
	});
});

describe("a cut is never silent", () => {
	it("a 30 KB paste: the editor and the Submit review say what the model will see, before Submit", async () => {
		const { harness, session } = await openAt(100, 30, [CACHE_QUESTION, PLATFORM_QUESTION]);
		const pasted = "lorem ipsum dolor sit amet ".repeat(1_100).slice(0, 29_700).trim();
		session.keys("Down", "Down", "Down", "Enter"); // the "Type something." row's editor
		await session.waitForScreen((s) => !s.includes("SQLite file") || s.includes("external editor"), "the editor");
		session.paste(pasted);
		await session.waitForScreen("The model will see the first 4,000 of 29,699 characters", "the editor's warning");
		expect(harness.fake.requests).toHaveLength(1);
		session.keys("Enter"); // the typed answer, on to Platforms
		await session.waitForScreen(PLATFORM_QUESTION.question, "the second question");
		session.keys("Tab");
		await session.waitForScreen(
			(s) => s.includes("Review your answers") && s.includes("! Cache: The model will see the first 4,000 of 29,699"),
			"the Submit review's warning",
		);
		expect(harness.fake.requests).toHaveLength(1);
		session.keys("Enter");
		// The model's long reply scrolls its first line away: wait for the request itself.
		await session.waitForScreen(() => harness.fake.requests.length === 2, "the tool result reaching the model");
		const received = harness.fake.requests.at(-1)?.lastToolResult ?? "";
		expect(received).toContain(`"${pasted.slice(0, 4_000)}" [… 25699 more characters] (typed by the user)`);
	});
});
