/**
 * The web inbox as a person sees it, on a 390-px phone and a 1280-px desktop, compared with screenshots
 * committed in test/golden/ (UPDATE_GOLDEN=1 writes them; look before committing). The page is served by
 * the real HTTP server and the built script and style, from a fixed inbox (no Pi: the same text every
 * run), in the Chromium of @sparticuz/chromium, rendering with the font shipped in that package only
 * (FONTCONFIG_PATH at its fontconfig, which lists no system folder) and software GL: the same pixels on any machine, up to
 * anti-aliasing, which the tolerance absorbs (docs/serve.md says why pixels and not a DOM golden). Also:
 * nothing is wider than the phone, and every control is large enough to tap. PI_ASK_WRITE_DOCS=1 writes
 * the README's phone screenshot (docs/images/serve-phone.png).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServeServer } from "../../src/serve/http.ts";
import type { InboxSnapshot } from "../../src/serve/inbox.ts";
import { PairingDesk } from "../../src/serve/pairing-desk.ts";
import { launchBrowser } from "../support/browser.ts";
import { GOLDEN_DIR, UPDATE_GOLDEN } from "../support/golden.ts";
import { REPO_ROOT } from "../support/pi.ts";

/** A pixel differs when a channel moves more than this; a screen matches when at most this share differs. */
const CHANNEL_TOLERANCE = 40;
const SHARE_TOLERANCE = 0.004;

const minutesAgo = (m: number) => Date.now() - m * 60_000 - 5_000;

const SNAPSHOT: InboxSnapshot = {
	version: 1,
	problems: [],
	items: [
		{
			key: "4242/q_queue",
			id: "q_queue",
			state: "pending",
			askedAt: minutesAgo(40),
			pi: { pid: 4242, cwd: "/home/me/shop-api" },
			from: { name: "scout", cwd: "/home/me/shop-api", depth: 1 },
			questions: [
				{
					question: "Which queue should the worker use?",
					header: "Queue",
					options: [
						{ label: "SQS", description: "Managed." },
						{ label: "Postgres", description: "One less service." },
					],
				},
			],
		},
		{
			key: "4242/q_cache",
			id: "q_cache",
			state: "open",
			askedAt: minutesAgo(2),
			pi: { pid: 4242, cwd: "/home/me/shop-api" },
			questions: [
				{
					question: "Where should the API client cache responses?",
					header: "Cache",
					options: [
						{
							label: "In-memory LRU",
							description: "Simplest; lost on restart.",
							preview: "```ts\nconst cache = new LRUCache({ max: 500 });\n```\nNo new dependency.",
						},
						{ label: "SQLite file", description: "Survives restarts." },
						{ label: "Redis", description: "Shared across instances." },
					],
				},
				{
					question: "Which platforms must the first release support?",
					header: "Platforms",
					multiSelect: true,
					options: [
						{ label: "Linux", description: "The servers." },
						{ label: "macOS", description: "The team's laptops." },
					],
				},
			],
		},
	],
};

let server: Server | undefined;
let browser: Browser | undefined;
let dir = "";
let url = "";
const desk = new PairingDesk();

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), "serve-screens-"));
	server = createServeServer({
		inbox: { snapshot: () => SNAPSHOT, onChange: () => () => {}, answer: async () => ({ verdict: "gone" }) },
		desk,
		devices: join(dir, "serve-devices.json"),
		assets: {
			js: readFileSync(join(REPO_ROOT, "dist", "serve-app.js"), "utf8"),
			css: readFileSync(join(REPO_ROOT, "dist", "serve-app.css"), "utf8"),
		},
	});
	await new Promise<void>((r) => server?.listen(0, "127.0.0.1", r));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	browser = await launchBrowser({ ownFonts: true });
});

afterAll(async () => {
	await browser?.close();
	server?.closeAllConnections();
	await new Promise((r) => server?.close(r));
	rmSync(dir, { recursive: true, force: true });
});

/**
 * A page of the inbox at `width` × `height`, paired, with the first preview open: in English and light
 * unless `languages` and `scheme` say otherwise (what the browser says the person prefers).
 */
async function inbox(
	width: number,
	height: number,
	mobile: boolean,
	{ languages = ["en-US"], scheme = "light" }: { languages?: string[]; scheme?: "light" | "dark" } = {},
): Promise<Page> {
	const context = await browser!.createBrowserContext();
	const page = await context.newPage();
	await page.evaluateOnNewDocument((list: string[]) => {
		Object.defineProperty(navigator, "languages", { get: () => list });
	}, languages);
	await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
	await page.setViewport({ width, height, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
	await page.goto(url);
	await page.waitForSelector("#code");
	await page.type("#code", desk.newCode());
	await page.keyboard.press("Enter");
	await page.waitForSelector(".card fieldset");
	await page.click(".preview summary");
	await page.evaluate(() => window.scrollTo(0, 0));
	// No caret blinking into the picture.
	await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
	return page;
}

/** The share of pixels that differ between two PNGs of one size (decoded in the page's own canvas). */
async function difference(page: Page, a: Buffer, b: Buffer): Promise<number> {
	return page.evaluate(
		async (pngA, pngB, tolerance) => {
			const pixels = async (base64: string) => {
				const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
				const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
				const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
				const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
				context.drawImage(bitmap, 0, 0);
				return {
					w: bitmap.width,
					h: bitmap.height,
					data: context.getImageData(0, 0, bitmap.width, bitmap.height).data,
				};
			};
			const [x, y] = [await pixels(pngA), await pixels(pngB)];
			if (x.w !== y.w || x.h !== y.h) return 1;
			let differing = 0;
			for (let i = 0; i < x.data.length; i += 4)
				for (let c = 0; c < 3; c++)
					if (Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)) > tolerance) {
						differing++;
						break;
					}
			return differing / (x.w * x.h);
		},
		a.toString("base64"),
		b.toString("base64"),
		CHANNEL_TOLERANCE,
	);
}

async function matchesGolden(page: Page, name: string): Promise<void> {
	const shot = Buffer.from(await page.screenshot({ type: "png" }));
	const file = join(GOLDEN_DIR, name);
	if (UPDATE_GOLDEN || !existsSync(file)) {
		writeFileSync(file, shot);
		if (!UPDATE_GOLDEN) throw new Error(`${name}: no golden yet; wrote one (look at it, then commit it)`);
		return;
	}
	const share = await difference(page, shot, readFileSync(file));
	if (share > SHARE_TOLERANCE) writeFileSync(join(dir, name), shot);
	expect(
		share,
		`${name}: ${(share * 100).toFixed(2)}% of pixels differ (this run's: ${join(dir, name)})`,
	).toBeLessThanOrEqual(SHARE_TOLERANCE);
}

/** Elements past the viewport's right edge, and controls smaller than a fingertip (24 px, WCAG 2.5.8). */
function layoutProblems(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth;
		const problems: string[] = [];
		if (document.documentElement.scrollWidth > width)
			problems.push(`scrolls sideways: ${document.documentElement.scrollWidth}px`);
		for (const el of document.querySelectorAll<HTMLElement>("#app *")) {
			const box = el.getBoundingClientRect();
			if (box.width === 0 || el.closest("[hidden]")) continue;
			// Inside a box that scrolls (a preview's code), it may be wider: the box is checked itself.
			let inScroller = false;
			for (let up = el.parentElement; up !== null && up.id !== "app"; up = up.parentElement)
				if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) inScroller = true;
			if (inScroller) continue;
			const name = `${el.tagName.toLowerCase()}.${el.className}`;
			if (box.right > width + 0.5) problems.push(`${name} ends at ${Math.round(box.right)}px`);
			const control = el.matches("button, input[type=text], textarea, summary, label.option");
			if (control && box.height < 24) problems.push(`${name} is ${Math.round(box.height)}px high`);
		}
		return problems;
	});
}

describe("pi-ask serve's page, pixel by pixel", () => {
	it("on a 390-px phone: matches its golden, nothing wider than the screen, every control tappable", async () => {
		const page = await inbox(390, 844, true);
		expect(await layoutProblems(page)).toEqual([]);
		await matchesGolden(page, "serve-phone.png");
		if (process.env.PI_ASK_WRITE_DOCS === "1") {
			// The README's picture, in the machine's own fonts (a monospace one for code), at a phone's density.
			const own = browser;
			browser = await launchBrowser();
			const shown = await inbox(390, 844, true);
			await shown.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
			await shown.screenshot({ path: join(REPO_ROOT, "docs", "images", "serve-phone.png") });
			await browser.close();
			browser = own;
		}
	}, 30_000);

	it("speaks the browser's language (zh-CN, ja, else English) and follows its dark preference", async () => {
		const read = (page: Page) =>
			page.evaluate(() => ({
				lang: document.documentElement.lang,
				title: document.querySelector("h1")?.textContent,
				background: getComputedStyle(document.body).backgroundColor,
			}));
		expect(await read(await inbox(390, 844, true, { languages: ["ja-JP", "en"] }))).toMatchObject({
			lang: "ja",
			title: "回答待ちの質問",
		});
		expect(await read(await inbox(390, 844, true, { languages: ["zh-TW"] }))).toMatchObject({
			lang: "zh-CN",
			title: "等待回答的问题",
		});
		const light = await read(await inbox(390, 844, true, { languages: ["fr-FR"] }));
		expect(light).toMatchObject({ lang: "en", title: "Questions waiting" });
		const dark = await read(await inbox(390, 844, true, { scheme: "dark" }));
		const luminance = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, c) => sum + Number(c), 0);
		expect(luminance(dark.background)).toBeLessThan(luminance(light.background));
		expect(luminance(dark.background)).toBeLessThan(150);
	}, 60_000);

	it("on a 1280-px desktop: matches its golden", async () => {
		const page = await inbox(1280, 800, false);
		expect(await layoutProblems(page)).toEqual([]);
		await matchesGolden(page, "serve-desktop.png");
	}, 30_000);
});
