/**
 * The web inbox's page as end-to-end tests drive it in a real browser: pair a device with the code serve's
 * terminal shows, find a questionnaire's card by its question, answer it (an option, review, send) or put
 * it aside, and read its verdict. Cards are found by their `data-key` (the page's own handle).
 */
import type { Browser, Page } from "puppeteer-core";
import type { RunningServe } from "./serve-run.ts";

export async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await get();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

/** A page of `browser`, paired as `name` with serve's newest code, showing the inbox. */
export async function pairedPage(
	browser: Browser,
	serve: RunningServe,
	name: string,
	previous?: string,
): Promise<Page> {
	const code = await serve.code(previous);
	const page = await browser.newPage();
	page.setDefaultTimeout(10_000);
	await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
	await page.goto(serve.url);
	await page.waitForSelector("#code");
	await page.click("#device-name", { count: 3 });
	await page.type("#device-name", name);
	await page.type("#code", code);
	await page.keyboard.press("Enter");
	await page.waitForSelector("header.top");
	return page;
}

/** The key of the card (still open for answers) whose question contains `question`, once it shows. */
export async function cardOf(page: Page, question: string, ms = 20_000): Promise<string> {
	const handle = await page.waitForFunction(
		(q) =>
			[...document.querySelectorAll<HTMLElement>(".card:not(.done)")].find((c) =>
				[...c.querySelectorAll("legend")].some((l) => l.textContent?.includes(q)),
			)?.dataset.key,
		{ timeout: ms },
		question,
	);
	return String(await handle.jsonValue());
}

export const card = (key: string) => `.card[data-key="${key}"]`;

/** Picks option `n` (0-based) of each question in the card, reviews and sends; resolves with the verdict. */
export async function answerCard(page: Page, key: string, n = 0): Promise<string> {
	await page.evaluate(
		(selector, index) => {
			for (const set of document.querySelectorAll(`${selector} fieldset.question`))
				set.querySelectorAll<HTMLInputElement>("label.option input")[index]?.click();
		},
		card(key),
		n,
	);
	await page.click(`${card(key)} button[type=submit]`);
	await page.click(`${card(key)} .review:not([hidden]) .send`);
	return verdict(page, key, (text) => text !== "" && !text.startsWith("Put aside"));
}

/** The card's verdict once `ready` says it is the one awaited. */
export async function verdict(page: Page, key: string, ready: (text: string) => boolean): Promise<string> {
	return until(`the verdict of ${key}`, async () => {
		const text = await page.$eval(`${card(key)} .verdict`, (v) => v.textContent ?? "").catch(() => "");
		return ready(text) ? text : undefined;
	});
}

/** What a script of model text set, if any ran: the hostile strings set `window.__pwned`. */
export function pwned(page: Page): Promise<string> {
	return page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? "nothing ran");
}
