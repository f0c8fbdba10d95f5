/**
 * The web inbox under load, with real Pis: five `pi --mode rpc` (each serves a relay), each resuming a
 * session that holds ten pending questionnaires (written with Pi's own SessionManager and our pending
 * store, as a Pi that was put aside ten times leaves it), give fifty; the page lists all fifty and each
 * answered on the page reaches its own Pi's agent as a late answer naming the device. Then a thousand
 * quick requests from a client that is not paired are refused past the small burst, and none reads a
 * question. Timings are printed, not asserted: the figures are the bench's (`npm run bench --
 * --only=serve`, docs/serve.md).
 */
import type { Browser } from "puppeteer-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { contentText } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { pendingSession } from "../support/pending-sessions.ts";
import { pairedAlready } from "../support/person-pi-ask.ts";
import type { RpcSession } from "../support/pi.ts";
import { send } from "../support/serve-http.ts";
import { pairedPage, until } from "../support/serve-page.ts";
import { type RunningServe, startServe } from "../support/serve-run.ts";

const PIS = 5;
const EACH = 10;

const pi = perTest();

let browser: Browser | undefined;
let serve: RunningServe | undefined;
const rpcs: RpcSession[] = [];
afterEach(async () => {
	serve?.stop();
	serve = undefined;
	await browser?.close();
	browser = undefined;
	await Promise.all(rpcs.splice(0).map((r) => r.close()));
});

describe("pi-ask serve under load", () => {
	it("lists fifty questionnaires of five Pis and answers them all on the page; a stranger's flood is refused", async () => {
		const h = await pi.harness();
		const config = pi.tempDir("pi-ask-config-");
		const person = { agentDir: h.agentDir, config };
		pairedAlready(person, "pi-ask in the test");
		const started = Date.now();
		for (let i = 0; i < PIS; i++) {
			const sessionDir = pi.tempDir("pi-ask-sessions-");
			pendingSession(h.cwd, sessionDir, i, EACH);
			const rpc = h.rpc({ sessionDir, continueSession: true, timeoutMs: 60_000 });
			rpcs.push(rpc);
		}
		// Each Pi says how many wait once its session is restored.
		await Promise.all(
			rpcs.map((rpc) =>
				rpc.waitFor(
					(e) => e.method === "setStatus" && String(e.statusText).startsWith(`${EACH} questionnaires waiting`),
					"the restored pending questionnaires",
					60_000,
				),
			),
		);
		const restoredMs = Date.now() - started;

		serve = await startServe(person);
		browser = await launchBrowser();
		const page = await pairedPage(browser, serve, "Pixel 7");
		const listing = Date.now();
		await page.waitForFunction(
			(n) => document.querySelectorAll(".card:not(.done)").length === n,
			{ timeout: 20_000 },
			PIS * EACH,
		);
		const listedMs = Date.now() - listing;
		const projects = await page.$$eval(".card .state", (s) => s.map((e) => e.textContent));
		expect(new Set(projects)).toEqual(new Set(["put aside"]));

		// Every card answered on the page, one after another, as a person tapping through them would.
		const answering = Date.now();
		const verdicts = await page.evaluate(async () => {
			const out: string[] = [];
			for (const card of [...document.querySelectorAll<HTMLElement>(".card:not(.done)")]) {
				card.querySelector<HTMLInputElement>("label.option input")?.click();
				card.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
				card.querySelector<HTMLButtonElement>(".review .send")?.click();
				const verdict = card.querySelector(".verdict");
				for (let i = 0; i < 400 && (verdict?.textContent ?? "") === ""; i++)
					await new Promise((r) => setTimeout(r, 25));
				out.push(verdict?.textContent ?? "");
			}
			return out;
		});
		const answeredMs = Date.now() - answering;
		expect(verdicts).toEqual(Array.from({ length: PIS * EACH }, () => "Answered."));

		// Each Pi's agent gets its own ten, as late answers naming the device.
		const late = () =>
			h.fake.requests
				.flatMap((r) => r.messages.filter((m) => m.role === "user").map((m) => contentText(m.content)))
				.filter((t) => t.startsWith("Late answer") && t.includes('"Pixel 7 via pi-ask in the test"'));
		await until(
			"fifty late answers",
			async () =>
				new Set(late().map((t) => /Pi \d+, question \d+/.exec(t)?.[0])).size === PIS * EACH ? true : undefined,
			60_000,
		);

		// A thousand quick requests from a client that is not paired: the burst gets the public answers, the rest 429.
		const port = Number(new URL(serve.url).port);
		const flood = Date.now();
		const statuses: Record<string, number> = {};
		const paths = ["/api/inbox", "/api/events", "/api/me", "/"];
		for (let round = 0; round < 10; round++)
			for (const reply of await Promise.all(
				Array.from({ length: 100 }, (_, i) => send(port, paths[i % paths.length] ?? "/")),
			)) {
				statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
				if (reply.body.includes("question")) statuses.leaked = (statuses.leaked ?? 0) + 1;
			}
		const floodMs = Date.now() - flood;
		expect(statuses.leaked).toBeUndefined();
		expect(statuses["429"]).toBeGreaterThanOrEqual(950);
		expect((statuses["200"] ?? 0) + (statuses["401"] ?? 0)).toBeLessThanOrEqual(50);
		console.log(
			`serve load: ${PIS} Pis restored ${PIS * EACH} pending in ${restoredMs} ms; listed on the page in ${listedMs} ms; answered in ${answeredMs} ms; 1,000 stranger requests in ${floodMs} ms: ${JSON.stringify(statuses)}`,
		);
	}, 150_000);
});
