/**
 * Regression: the dialog kept the height of the terminal it opened in. Root cause: Pi 1.6.0 calls an
 * `overlayOptions` function once, when the overlay opens, and keeps the object; its `maxHeight` was a
 * row count, so after growing from 15 to 40 rows Pi still cut every frame to 13 rows (no footer, no
 * bottom border), while the session drew for 36. Now the height is a percentage, which Pi resolves
 * against the terminal on every frame, and the session computes the same number.
 *
 * Pi's real InteractiveMode on a virtual terminal (in process), with this package's extension, opened
 * small and grown, shrunk and grown again; after each resize the whole dialog must be on screen.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { askTurn, echoTurn, interactivePerTest } from "../support/interactive.ts";
import { CACHE_QUESTION as CACHE } from "../support/questions.ts";

const startInteractive = interactivePerTest();

/** The dialog's last row is its bottom border, right at the bottom of the screen. */
function bottomBorderShown(screen: string, cols: number): boolean {
	return screen.split("\n").at(-1) === "─".repeat(cols);
}

/** The key hints line (the footer) is on screen. */
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

async function openAt(cols: number, rows: number) {
	const h = await startInteractive({ cols, rows, responses: [askTurn({ questions: [CACHE] }), echoTurn] });
	const done = h.prompt("ask me");
	await h.waitFor((s) => s.includes("Redis") || s.includes("In-memory"), "the questionnaire");
	return { h, done };
}

async function resizeAndLook(h: Awaited<ReturnType<typeof openAt>>["h"], cols: number, rows: number) {
	h.terminal.resize(cols, rows);
	const redrawn = cols < 100 ? narrowFooterShown : footerShown;
	const screen = await h.waitFor(
		(s) => bottomBorderShown(s, cols) && redrawn(s),
		`the footer and bottom border at ${cols}×${rows}`,
	);
	for (const line of screen.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(cols);
	return screen;
}

describe("the dialog follows the terminal's size", () => {
	it("opened at 60×15, grown to 120×40: footer and bottom border shown; shrinking and growing again too", async () => {
		const { h, done } = await openAt(60, 15);
		await h.waitFor((s) => bottomBorderShown(s, 60) && narrowFooterShown(s), "the whole dialog at 60×15");
		const big = await resizeAndLook(h, 120, 40);
		expect(footerShown(big)).toBe(true);
		// The grown dialog uses the room: every option and the typed-answer row are there.
		for (const text of ["In-memory LRU", "SQLite file", "Redis", "Type something."]) expect(big).toContain(text);
		const small = await resizeAndLook(h, 60, 15);
		expect(small.split("\n").filter((line) => line.trim() !== "").length).toBeLessThanOrEqual(15);
		expect(footerShown(await resizeAndLook(h, 120, 40))).toBe(true);
		h.press("2");
		await done;
		expect(h.toolResults()[0]).toContain('"SQLite file"');
	});

	it("opened at 20×8, grown to 120×40, after a key: footer and bottom border shown", async () => {
		const { h, done } = await openAt(20, 8);
		h.press("\x1b[B");
		const big = await resizeAndLook(h, 120, 40);
		expect(footerShown(big)).toBe(true);
		expect(big).toContain("Type something.");
		h.press("\r");
		await done;
		expect(h.toolResults()[0]).toContain('"SQLite file"');
	});

	it("collapsed while small, grown, reopened: the whole dialog comes back at the new size", async () => {
		const { h, done } = await openAt(60, 15);
		h.press("\x1d");
		await h.waitFor((s) => !s.includes("navigate"), "the dialog hidden");
		h.terminal.resize(120, 40);
		await h.screen();
		h.press("\x1d");
		const screen = await h.waitFor((s) => bottomBorderShown(s, 120) && footerShown(s), "the dialog back, whole");
		expect(screen).toContain("Type something.");
		h.press("1");
		await done;
		expect(h.toolResults()[0]).toContain('"In-memory LRU"');
	});
});
