/**
 * `pi-ask serve` end to end (issue #32), with a real `pi --mode rpc`, the scripted model, the person's
 * real `pi-ask serve` (in a pseudo-terminal, as a person runs it) and a real Chromium paired with it:
 * - question open in Pi (its dialog request reaches the RPC client) → its card on the page;
 * - Send pressed on the page → the model's next request (the answer in its tool result);
 * - what 1,000 quick requests of a client that is not paired cost serve: wall time, serve's CPU time
 *   (/proc), and its resident memory before and after;
 * - serve's resident memory idle and with 50 questionnaires of 5 Pis listed and one page open.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "puppeteer-core";
import { launchBrowser } from "../test/support/browser.ts";
import { contentText, type Step } from "../test/support/fake-model.ts";
import { pendingSession } from "../test/support/pending-sessions.ts";
import { pairedAlready } from "../test/support/person-pi-ask.ts";
import { createHarness, type PiHarness, type RpcSession } from "../test/support/pi.ts";
import { askStep } from "../test/support/questions.ts";
import { send } from "../test/support/serve-http.ts";
import { cardOf, pairedPage } from "../test/support/serve-page.ts";
import { type RunningServe, startServe } from "../test/support/serve-run.ts";
import type { Figure } from "./stats.ts";

const TICKS_PER_MS = 100 / 1000;

/** serve's CPU time so far (user + system, ms) and resident memory (MB), from /proc. */
function usage(pid: number): { cpuMs: number; rssMb: number } {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	const ticks = Number(fields[11]) + Number(fields[12]);
	const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
	return { cpuMs: ticks / TICKS_PER_MS, rssMb: Number(rss) / 1024 };
}

function p95(samples: readonly number[]): number {
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
}

/** The model: "Ask N." asks question N; a tool result is answered in words and its arrival noted. */
function model(arrivals: number[]): Step {
	return (request) => {
		const last = request.messages.at(-1);
		const asked = last?.role === "user" ? /^Ask (\d+)\.$/.exec(contentText(last.content))?.[1] : undefined;
		if (asked !== undefined)
			return askStep({
				question: `Bench question ${asked}: which cache?`,
				header: "Cache",
				options: [
					{ label: "Redis", description: "Shared." },
					{ label: "SQLite", description: "Local." },
				],
			});
		if (last?.role === "tool") arrivals.push(performance.now());
		return { text: "Noted." };
	};
}

export async function serveFigures(runs: number): Promise<Figure[]> {
	const arrivals: number[] = [];
	const h: PiHarness = await createHarness(Array.from({ length: runs * 2 + 50 }, () => model(arrivals)));
	const rpcs: RpcSession[] = [];
	let serve: RunningServe | undefined;
	let browser: Browser | undefined;
	try {
		const person = { agentDir: h.agentDir, config: h.cwd };
		pairedAlready(person, "pi-ask bench");
		const rpc = h.rpc({ timeoutMs: 60_000 });
		rpcs.push(rpc);
		await rpc.command({ type: "get_state" });
		serve = await startServe(person);
		browser = await launchBrowser();
		const page = await pairedPage(browser, serve, "Bench phone");
		const pid = serve.pid();
		if (pid === undefined) throw new Error("serve's process not found");
		const idle = usage(pid);

		const shown: number[] = [];
		const answered: number[] = [];
		for (let i = 0; i < runs; i++) {
			let opened = 0;
			const run = rpc.prompt(`Ask ${i}.`, {
				timeoutMs: 30_000,
				onDialog: () => {
					opened ||= performance.now();
					return new Promise(() => {});
				},
			});
			const key = await cardOf(page, `Bench question ${i}:`, 10_000);
			shown.push(performance.now() - opened);
			await page.click(`.card[data-key="${key}"] label.option input`);
			await page.click(`.card[data-key="${key}"] button[type=submit]`);
			await page.waitForSelector(`.card[data-key="${key}"] .review:not([hidden]) .send`);
			const before = arrivals.length;
			const sent = performance.now();
			await page.click(`.card[data-key="${key}"] .review .send`);
			await run;
			answered.push((arrivals[before] ?? Number.NaN) - sent);
		}

		// A thousand quick requests of a client that is not paired, 100 at a time.
		const port = Number(new URL(serve.url).port);
		const before = usage(pid);
		const t0 = performance.now();
		for (let round = 0; round < 10; round++)
			await Promise.all(Array.from({ length: 100 }, () => send(port, "/api/inbox")));
		const floodMs = performance.now() - t0;
		const after = usage(pid);

		// Fifty questionnaires of five more Pis, listed on the open page.
		for (let i = 0; i < 5; i++) {
			const sessionDir = h.cwd.replace(/\/?$/, `/sessions-${i}`);
			pendingSession(h.cwd, sessionDir, i, 10);
			rpcs.push(h.rpc({ sessionDir, continueSession: true, timeoutMs: 60_000 }));
		}
		await page.waitForFunction(() => document.querySelectorAll(".card:not(.done)").length === 50, { timeout: 60_000 });
		await new Promise((r) => setTimeout(r, 2_000));
		const full = usage(pid);

		const latency = (name: string, samples: number[]): Figure => ({
			name,
			unit: "ms",
			samples,
			target: { stat: "max", max: 1_000 },
			note: `p95 ${p95(samples).toFixed(0)} ms over ${samples.length} runs; one pi --mode rpc, Chromium at 390 px`,
		});
		return [
			latency("serve: open in Pi → on the page", shown),
			latency("serve: Send on the page → model's next request", answered),
			{
				name: "serve: 1,000 unpaired requests, wall",
				unit: "ms",
				samples: [floodMs],
				note: "100 at a time from one address: 30 burst, then 429 before any file is read",
			},
			{ name: "serve: CPU for those 1,000", unit: "ms", samples: [after.cpuMs - before.cpuMs] },
			{ name: "serve: RSS idle (one page open)", unit: "MB", samples: [idle.rssMb] },
			{ name: "serve: RSS after the 1,000", unit: "MB", samples: [after.rssMb] },
			{
				name: "serve: RSS with 50 listed (6 Pis)",
				unit: "MB",
				samples: [full.rssMb],
				target: { stat: "max", max: 100 },
			},
		];
	} finally {
		serve?.stop();
		await browser?.close();
		await Promise.all(rpcs.map((r) => r.close()));
		await h.dispose();
	}
}
