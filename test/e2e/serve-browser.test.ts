/**
 * `pi-ask serve` in a real browser (Chromium from @sparticuz/chromium) against the real pi TUI (tmux) and
 * the scripted model: the person's pi-ask is paired, serve runs in a terminal of its own; a browser that
 * is not paired sees the pairing form and nothing else, and a wrong code is refused; the device pairs with
 * the code serve's terminal shows; a questionnaire that opens in the TUI shows on the page within about a
 * second, its hostile text inert (no script runs, no markup is made of it); answered on the page, the
 * TUI dialog closes and the model reads that the user answered through that device. A second one, answered
 * in the TUI, leaves the page saying so.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { perTest } from "../support/lifecycle.ts";
import { pairedAlready } from "../support/person-pi-ask.ts";
import { askStep, echoStep } from "../support/questions.ts";
import { pairedPage, until } from "../support/serve-page.ts";
import { type RunningServe, startServe } from "../support/serve-run.ts";

const pi = perTest({ cols: 120, rows: 40 });
const PAIRED = "pi-ask in the test";

/** Model text that would run script, make markup or hide itself if the page treated it as HTML. */
const HOSTILE = {
	question: `<script>window.__pwned="question"</script><img src=x onerror="window.__pwned='img'"> Which \u202eehcac\u202c should we use?`,
	header: "<b>Cache",
	options: [
		{
			label: "<svg onload=\"window.__pwned='label'\">Redis",
			description: `<a href="javascript:window.__pwned='desc'">docs</a> \\x1b[31m`,
			preview: [
				"## Plan <script>window.__pwned='heading'</script>",
				"<img src=x onerror=\"window.__pwned='preview'\">",
				"[click me](javascript:window.__pwned='link') and [the docs](https://example.com/docs)",
				'<style>body{display:none}</style><iframe src="javascript:alert(1)"></iframe>',
				"```ts\nconst cache = new Redis();\n```",
			].join("\n\n"),
		},
		{ label: "Memory", description: "Simple; lost on restart." },
	],
};

const PHONE_QUESTION = {
	question: "Where should the API client cache responses?",
	header: "Cache",
	options: [
		{
			label: "In-memory LRU",
			description: "Simplest; lost on restart.",
			preview: "```ts\nconst cache = new LRUCache({ max: 500 });\n```",
		},
		{ label: "SQLite file", description: "Survives restarts." },
		{ label: "Redis", description: "Shared across instances." },
	],
};

let browser: Browser | undefined;
let serve: RunningServe | undefined;
afterEach(async () => {
	serve?.stop();
	serve = undefined;
	await browser?.close();
	browser = undefined;
});

const text = (page: Page) => page.evaluate(() => document.body.textContent ?? "");

describe("pi-ask serve in a real browser", () => {
	it("pairs a device with the terminal's code; a question from the TUI is answered on the page, inert and named", async () => {
		const h = await pi.harness([askStep(HOSTILE), echoStep, askStep(PHONE_QUESTION), echoStep]);
		const config = pi.tempDir("pi-ask-config-");
		const person = { agentDir: h.agentDir, config };
		const tui = pi.tui({ paneEnv: { XDG_CONFIG_HOME: config } });
		await until("the relay", async () => {
			try {
				return readFileSync(join(h.agentDir, "ask-user-question", "relays", `${tui.piPid()}.json`), "utf8");
			} catch {
				return undefined;
			}
		});
		pairedAlready(person, PAIRED);
		serve = await startServe(person);
		expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
		const first = await serve.code();
		browser = await launchBrowser();

		// A browser that is not paired: the pairing form; a wrong code refused; nothing of the inbox.
		const stranger = await (await browser.createBrowserContext()).newPage();
		await stranger.goto(serve.url);
		await stranger.waitForSelector("#code");
		await stranger.type("#code", first === "000000" ? "111111" : "000000");
		await stranger.click("form.pair button");
		await stranger.waitForFunction(() => document.querySelector(".error")?.textContent?.includes("Wrong code"));
		expect(await stranger.evaluate(async () => (await fetch("/api/inbox")).status)).toBe(401);

		// The device pairs with the code the terminal shows (a new one, asked for with Enter).
		serve.newCode();
		const page = await pairedPage(browser, serve, "Pixel 7", first);
		expect(serve.output()).toContain('Paired "Pixel 7"');

		// A question opens in the TUI and shows on the page within about a second.
		tui.type("Decide the cache.");
		tui.keys("Enter");
		await tui.waitForScreen("should we", "the hostile questionnaire in the TUI");
		const opened = Date.now();
		await page.waitForSelector(".card fieldset", { timeout: 5_000 });
		const shownMs = Date.now() - opened;
		expect(shownMs).toBeLessThan(1_500);
		console.log(`pi-ask serve: question on the page ${shownMs} ms after the TUI showed it`);

		// Its text is text: no script ran, no element was made of it, links are inert.
		await page.click(".preview summary");
		await page.click(".md-link");
		const inert = await page.evaluate(() => ({
			pwned: (window as unknown as { __pwned?: string }).__pwned ?? "nothing ran",
			made: document.querySelectorAll("#app script, #app img, #app svg, #app style, #app iframe, #app b").length,
			javascript: document.querySelectorAll('a[href^="javascript"], [onerror], [onload], [onmouseover]').length,
			legend: document.querySelector(".card legend")?.textContent ?? "",
			links: [...document.querySelectorAll(".md a")].map((a) => a.getAttribute("href")),
			visible: getComputedStyle(document.body).display,
		}));
		expect(inert).toMatchObject({ pwned: "nothing ran", made: 0, javascript: 0, links: ["https://example.com/docs"] });
		expect(inert.visible).not.toBe("none");
		expect(inert.legend).toContain("<script>window.__pwned");
		expect(await text(stranger)).not.toContain("should we use");

		// Answered on the page with the keyboard: 1, Enter (review), Enter (send).
		await page.focus(".card input[type=radio]");
		await page.keyboard.press("1");
		await page.keyboard.press("Enter");
		await page.waitForSelector(".review:not([hidden]) .send");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector(".verdict")?.textContent === "Answered.");
		await tui.waitForScreen("received:", "the model going on after the page's answer");
		expect(h.fake.requests.at(-1)?.lastToolResult).toMatch(
			new RegExp(`^User \\(through "Pixel 7 via ${PAIRED}", a client they paired\\) answered: `),
		);
		expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? "nothing ran")).toBe(
			"nothing ran",
		);

		// A second one, answered in the TUI: the page says it was answered elsewhere.
		tui.type("And the next one.");
		tui.keys("Enter");
		await tui.waitForScreen(PHONE_QUESTION.question, "the second questionnaire in the TUI");
		await page.waitForFunction(
			(q) => [...document.querySelectorAll(".card:not(.done) legend")].some((l) => l.textContent?.includes(q)),
			{},
			PHONE_QUESTION.question,
		);
		tui.keys("1");
		await page.waitForFunction(() =>
			[...document.querySelectorAll(".verdict")].some((v) => v.textContent === "Answered elsewhere."),
		);
	}, 90_000);
});
