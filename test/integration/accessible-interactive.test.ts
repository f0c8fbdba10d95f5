/**
 * Accessible mode in Pi's real interactive mode (InteractiveMode on a virtual terminal, in process),
 * through the package entry: with PI_ASK_ACCESSIBLE=1 the tool shows plain numbered prompts in place of
 * Pi's editor, one question at a time; typed numbers answer a two-question form (a wrong number
 * re-prompts), the review submits, and the model reads the answers. Pi reports itself blocked meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { askTurn, echoTurn, interactivePerTest } from "../support/interactive.ts";
import { CACHE_QUESTION as CACHE, PLATFORM_QUESTION as PLATFORMS } from "../support/questions.ts";

const BOX = /[\u2500-\u257f]/;

const saved = { accessible: process.env.PI_ASK_ACCESSIBLE, noColor: process.env.NO_COLOR };
beforeEach(() => {
	process.env.PI_ASK_ACCESSIBLE = "1";
	process.env.NO_COLOR = "1";
});
afterEach(() => {
	for (const [name, value] of [
		["PI_ASK_ACCESSIBLE", saved.accessible],
		["NO_COLOR", saved.noColor],
	] as const) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}
});
// Registered after the environment hooks: vitest runs later afterEach hooks first, so Pi closes before
// the variables are restored, as before.
const startInteractive = interactivePerTest();

/** The prompt's own lines: from the question's title down to the "Type …" instruction. */
function promptLines(screen: string, title: string): string[] {
	const lines = screen.split("\n");
	const start = lines.findLastIndex((line) => line.includes(title));
	const end = lines.findIndex((line, i) => i > start && line.includes("then press Enter"));
	return start < 0 || end < 0 ? [] : lines.slice(start, end + 1);
}

describe("accessible mode in interactive Pi", () => {
	it("answers a two-question form with typed numbers, one question at a time", async () => {
		const h = await startInteractive({ responses: [askTurn({ questions: [CACHE, PLATFORMS] }), echoTurn] });
		const done = h.prompt("ask me");
		const first = await h.waitFor((s) => s.includes("Type a number from 1 to"), "the first prompt");
		const cache = promptLines(first, "[1/2] Cache");
		expect(cache.map((l) => l.trim())).toEqual(
			expect.arrayContaining(["1. In-memory LRU — Simplest; lost on restart.", "4. Type something…"]),
		);
		for (const line of cache) expect(line).not.toMatch(BOX);
		expect(cache.join("\n")).not.toContain("Platforms");
		expect(h.terminal.statuses).toContainEqual(expect.objectContaining({ state: "blocked", kind: "question" }));

		h.press("9", "\r");
		await h.waitFor((s) => s.includes('"9" is not a choice'), "the re-prompt");
		h.press("2", "\r");
		const second = await h.waitFor((s) => s.includes("[2/2] Platforms"), "the second question");
		const platforms = promptLines(second, "[2/2] Platforms");
		expect(platforms.map((l) => l.trim())).toContain("1. [ ] Linux — x64 and arm64.");
		for (const line of platforms) expect(line).not.toMatch(BOX);

		h.press("1", "\r");
		await h.waitFor((s) => s.includes("1. [x] Linux"), "Linux checked");
		h.press("3", "\r");
		await h.waitFor((s) => s.includes("3. [x] Windows"), "Windows checked");
		h.press("4", "\r"); // Done — 2 selected
		await h.waitFor((s) => s.includes("Review your answers"), "the review");
		h.press("1", "\r"); // Submit
		await done;
		const [text] = h.toolResults();
		expect(text).toContain('"SQLite file"');
		expect(text).toContain('"Linux"');
		expect(text).toContain('"Windows"');
		await h.waitFor((s) => s.includes("model read:"), "the model's reply");
	});

	it("Escape on the first question declines, and Pi's editor comes back", async () => {
		const h = await startInteractive({ responses: [askTurn({ questions: [CACHE] }), echoTurn] });
		const done = h.prompt("ask me");
		await h.waitFor((s) => s.includes("Type a number from 1 to"), "the prompt");
		h.press("\x1b");
		await done;
		expect(h.toolResults()[0]).toMatch(/declined/i);
		const screen = await h.waitFor((s) => s.includes("model read:"), "the model's reply");
		expect(screen).not.toContain("Type a number from 1 to");
	});
});
