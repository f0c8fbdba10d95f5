/**
 * What a person sees of the questionnaire in the real `pi` TUI (tmux, or `script` + xterm-headless)
 * when the terminal changes around it: a window grown from small to large (and back) shows the whole
 * dialog, footer and bottom border included; a hidden (collapsed) questionnaire leaves one line saying
 * so and naming the key that reopens it, gone once reopened; a long preview gives its exact line count
 * and PgDn moves it by a page.
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

async function openAt(
	cols: number,
	rows: number,
	questions: object[] = [CACHE_QUESTION],
	shown = "In-memory LRU",
): Promise<StartedTui> {
	const started = await startPi([askStep(...questions), echoStep], "We need a cache. Ask me.", { cols, rows });
	await started.session.waitForScreen(shown, `the questionnaire at ${cols}×${rows}`);
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

describe("a tiny terminal", () => {
	it("at 20×8 the Submit page begins no sentence part-way: the hint shows from its first word, cut with …", async () => {
		const { session } = await openAt(20, 8, [CACHE_QUESTION, PLATFORM_QUESTION], "In-memory");
		session.keys("BTab");
		const screen = await session.waitForScreen((s) => s.includes("› Submit"), "the Submit page");
		const lines = screen.split("\n").map((line) => line.trim());
		const hint = lines.findIndex((line) => line.startsWith("Submit sends"));
		expect(hint).toBeGreaterThan(0);
		expect(lines[hint - 1]).toBe("Review your …");
		// From the title to the choice: the hint from its first word, its last line shown cut with "…".
		expect(lines.slice(hint, lines.indexOf("› Submit     Answ…")).at(-1)).toMatch(/…$/);
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
		const review = await session.waitForScreen(
			(s) => s.includes("Review your answers") && s.includes("! Cache: The model will see the first 4,000 of 29,699"),
			"the Submit review's warning",
		);
		// The paste shows its first three lines and how many more; the rest of the review stays in view.
		expect(review).toMatch(/^ {3}\+\d+ more lines$/m);
		expect(review.split("\n").filter((line) => line.includes("lorem ipsum"))).toHaveLength(3);
		expect(review).toContain("□ Platforms: unanswered");
		expect(review).not.toMatch(/… \d+ more lines/);
		expect(harness.fake.requests).toHaveLength(1);
		session.keys("Enter");
		// The model's long reply scrolls its first line away: wait for the request itself.
		await session.waitForScreen(() => harness.fake.requests.length === 2, "the tool result reaching the model");
		const received = harness.fake.requests.at(-1)?.lastToolResult ?? "";
		expect(received).toContain(`"${pasted.slice(0, 4_000)}" [… 25699 more characters] (typed by the user)`);
	});
});

describe("a long preview", () => {
	/** 3,000 one-line paragraphs: 5,999 lines at any width, about 26 KB (laid out piece by piece). */
	const LONG = Array.from({ length: 3_000 }, (_, i) => `row ${i + 1}`).join("\n\n");
	const SCHEMA = {
		question: "Which generated schema should we ship?",
		header: "Schema",
		options: [
			{ label: "Generated", description: "From the OpenAPI file.", preview: LONG },
			{ label: "Hand-written", description: "Kept by hand." },
		],
	};
	const positionOf = (screen: string) => /lines (\d+)–(\d+) of (≥ )?(\d+)/.exec(screen);

	it("the position shows the exact total once the person pauses, and PgDn moves the preview by a page", async () => {
		const { harness, session } = await openAt(120, 30, [SCHEMA], "Hand-written");
		const counted = await session.waitForScreen(
			(s) => positionOf(s)?.[4] === "5999" && !positionOf(s)?.[3],
			"the exact count",
		);
		const top = positionOf(counted);
		expect(top?.[1]).toBe("1");
		const last = Number(top?.[2]);
		expect(counted).toContain("Shift+↓/PgDn more");
		session.keys("NPage");
		const paged = await session.waitForScreen((s) => positionOf(s)?.[1] === String(last), "the next page");
		const page = last - 1;
		expect(positionOf(paged)?.slice(1)).toEqual([String(last), String(last + page), undefined, "5999"]);
		// The page's first line is the last one's last; "row N" sits on line 2N − 1.
		expect(paged).toContain(`row ${Math.ceil((last + 1) / 2)}`);
		session.keys("PPage");
		await session.waitForScreen((s) => positionOf(s)?.[1] === "1", "back at the top");
		// The focus stayed on the option all along: Enter chooses it.
		session.keys("Enter");
		await session.waitForScreen("received:", "the model's reply");
		expect(harness.fake.requests.at(-1)?.lastToolResult).toContain('"Generated"');
	});
});
