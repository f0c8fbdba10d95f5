/**
 * The web inbox's lifecycles, in a real browser (Chromium from @sparticuz/chromium) against the real pi
 * TUI (tmux), a child pi and the scripted model, in one Pi session to keep the wall time down:
 * - a question answered in the TUI marks its card, and the page goes on working;
 * - Answer later on the page closes the TUI's dialog, the model reads that the user will answer later,
 *   and the questionnaire, answered on the page afterwards, reaches the agent as a late answer;
 * - a subagent's question shows labelled with its name and depth (a hostile name, as text), and its
 *   answer from the page reaches the child's model;
 * - a second Pi killed with SIGKILL leaves its card marked as gone;
 * - a browser that is not paired sees none of it, and a code already used is refused there.
 * A page-side check after each step says no script of the model's text ever ran.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { perTest } from "../support/lifecycle.ts";
import { DEFERRED_ADVICE, lastUserText } from "../support/pending.ts";
import { pairedAlready } from "../support/person-pi-ask.ts";
import { askStep, echoStep } from "../support/questions.ts";
import { bashStep, childrenPerTest, parentEcho } from "../support/relay.ts";
import { answerCard, card, cardOf, pairedPage, pwned, until, verdict } from "../support/serve-page.ts";
import { type RunningServe, startServe } from "../support/serve-run.ts";

const child = childrenPerTest();
const pi = perTest({ cols: 120, rows: 40 });
const PAIRED = "pi-ask in the test";
const THROUGH = `User (through "Pixel 7 via ${PAIRED}", a client they paired) answered: `;

const question = (text: string, header: string) => ({
	question: text,
	header,
	options: [
		{ label: "Redis", description: "Shared." },
		{ label: "SQLite", description: "Local." },
	],
});
const IN_TUI = question("Answered in the TUI: which cache?", "TUI");
const LATER = question("Put aside on the page: which store?", "Later");
const FROM_CHILD = question("Asked by the child: which queue?", "Child");
const DIES = question("Asked by the Pi that dies: which log?", "Dies");
const HOSTILE_NAME = `<img src=x onerror="window.__pwned='name'">scout\u202e`;

let browser: Browser | undefined;
let serve: RunningServe | undefined;
afterEach(async () => {
	serve?.stop();
	serve = undefined;
	await browser?.close();
	browser = undefined;
});

describe("pi-ask serve: lifecycles on the page", () => {
	it("TUI answer, Answer later and a late answer, a subagent labelled, a dead Pi, an unpaired browser", async () => {
		const kid = await child([askStep(FROM_CHILD), echoStep]);
		const run = kid.command("Ask the person.", { env: { PI_ASK_RELAY_NAME: HOSTILE_NAME } });
		const h = await pi.harness([
			askStep(IN_TUI),
			echoStep,
			askStep(LATER),
			{ text: "Carrying on meanwhile." },
			(r) => ({ text: `late: ${lastUserText(r)}` }),
			bashStep(run),
			parentEcho,
			askStep(DIES),
		]);
		const config = pi.tempDir("pi-ask-config-");
		const person = { agentDir: h.agentDir, config };
		const tui = pi.tui({ paneEnv: { XDG_CONFIG_HOME: config } });
		const relay = (pid: number | undefined) => join(h.agentDir, "ask-user-question", "relays", `${pid}.json`);
		await until("the relay", async () => {
			try {
				return readFileSync(relay(tui.piPid()), "utf8");
			} catch {
				return undefined;
			}
		});
		pairedAlready(person, PAIRED);
		serve = await startServe(person);
		browser = await launchBrowser();
		const code = await serve.code();
		const page = await pairedPage(browser, serve, "Pixel 7");

		// Answered in the TUI: the card says so; the page goes on (everything below happens on it).
		tui.type("First.");
		tui.keys("Enter");
		await tui.waitForScreen(IN_TUI.question, "the first questionnaire in the TUI");
		const first = await cardOf(page, IN_TUI.question);
		tui.keys("1");
		await tui.waitForScreen("received:", "the model going on after the TUI's answer");
		expect(await verdict(page, first, (t) => t !== "")).toBe("Answered elsewhere.");

		// Answer later on the page: the TUI's dialog closes, the model reads that the user will answer later.
		tui.type("Second.");
		tui.keys("Enter");
		await tui.waitForScreen(LATER.question, "the second questionnaire in the TUI");
		const later = await cardOf(page, LATER.question);
		await page.click(`${card(later)} .later`);
		expect(await verdict(page, later, (t) => t !== "")).toMatch(/^Put aside/);
		await tui.waitForScreen("Carrying on meanwhile.", "the model going on after Answer later");
		expect(h.fake.requests[3]?.lastToolResult).toBe(DEFERRED_ADVICE);
		await page.waitForFunction(
			(s) => document.querySelector(`${s} .state`)?.textContent === "put aside",
			{},
			card(later),
		);
		expect(await page.$eval(`${card(later)} .later`, (b) => (b as HTMLElement).hidden)).toBe(true);

		// Answered on the page afterwards: it reaches the agent as a late answer, through the device.
		expect(await answerCard(page, later, 1)).toBe("Answered.");
		await tui.waitForScreen("late: Late answer", "the model's reply to the late answer");
		const late = lastUserText(h.fake.requests[4]);
		expect(late).toMatch(/^Late answer to the ask_user_question questionnaire asked at .* \(tool call "call_2"\): /);
		expect(late).toContain(`${THROUGH}"${LATER.question}" = "SQLite"`);

		// A subagent's question: labelled with its name (text, not markup) and depth; answered from the page.
		tui.type("Run the child.");
		tui.keys("Enter");
		const fromChild = await cardOf(page, FROM_CHILD.question, 30_000);
		const who = await page.$eval(`${card(fromChild)} .who`, (w) => w.textContent ?? "");
		expect(who).toBe(`asked by ${HOSTILE_NAME} · depth 1`);
		expect(await answerCard(page, fromChild, 0)).toBe("Answered.");
		await tui.waitForScreen("parent saw:", "the parent going on after the child's answer", 30_000);
		expect(kid.harness.fake.requests[1]?.lastToolResult).toBe(
			`${THROUGH}"${FROM_CHILD.question}" = "Redis". Continue with these answers.`,
		);

		// A browser that is not paired sees the pairing form only, and the code the device used is refused.
		const stranger = await (await browser.createBrowserContext()).newPage();
		await stranger.goto(serve.url);
		await stranger.waitForSelector("#code");
		await stranger.type("#code", code);
		await stranger.click("form.pair button");
		await stranger.waitForFunction(() => document.querySelector(".error")?.textContent?.includes("No code is waiting"));
		const sees = await stranger.evaluate(async () => ({
			text: document.body.textContent ?? "",
			inbox: (await fetch("/api/inbox")).status,
			events: (await fetch("/api/events")).status,
		}));
		expect(sees).toMatchObject({ inbox: 401, events: 401 });
		expect(sees.text).not.toMatch(/which (cache|store|queue)/);

		// A second Pi asks, then dies by SIGKILL: its card is marked; the page keeps the others' verdicts.
		const second = pi.tui({ prompt: "Ask from the second Pi.", paneEnv: { XDG_CONFIG_HOME: config } });
		await second.waitForScreen(DIES.question, "the second Pi's questionnaire");
		const dies = await cardOf(page, DIES.question);
		process.kill(second.piPid() ?? 0, "SIGKILL");
		expect(await verdict(page, dies, (t) => t !== "")).toBe("its Pi ended");
		expect(await page.$eval(`${card(dies)} form`, (f) => (f as HTMLElement).hidden)).toBe(true);
		expect(await pwned(page)).toBe("nothing ran");
		expect(await page.$$eval("#app img, #app script", (found) => found.length)).toBe(0);
	}, 120_000);
});
