/**
 * Two Pis on one session file (`--session` twice), both listing one pending questionnaire: the first to
 * submit it in `/answer` answers it; the second is told another Pi answered first and sends nothing. The
 * model gets one late answer (src/pi/settle-claim.ts).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Step } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { lastUserText } from "../support/pending.ts";
import { modelRequest, slashCommand } from "../support/pi-tui.ts";
import { askStep, CACHE_QUESTION } from "../support/questions.ts";
import { type TuiSession, tmuxAvailable } from "../support/tty.ts";

const pi = perTest({ cols: 110, rows: 34 });
const WAITING = "1 questionnaire waiting · /answer";
const LATE = /^Late answer to the ask_user_question questionnaire/;
const echoLate: Step = (r) => ({ text: `late: ${lastUserText(r).slice(0, 40)}` });

/** Picks option `n` in the /answer questionnaire on screen and submits it. */
async function submitOption(session: TuiSession, n: string): Promise<void> {
	slashCommand(session, "/answer");
	await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire reopened");
	session.keys(n);
	const after = await session.waitForScreen(
		(s) => s.includes("Review your answers") || !s.includes(CACHE_QUESTION.question),
		"the answer taken",
	);
	if (after.includes("Review your answers")) session.keys("Enter");
}

describe.skipIf(!tmuxAvailable())("two Pis on one session", () => {
	it("the pending questionnaire is answered once: the second Pi is told and sends nothing", async () => {
		const dir = pi.tempDir("pi-ask-two-");
		const h = await pi.harness([askStep(CACHE_QUESTION), { text: "Carrying on." }, echoLate, echoLate]);
		const first = pi.tui({ prompt: "Ask me.", sessionDir: dir });
		await first.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		first.keys("C-l");
		await first.waitForScreen(WAITING, "put aside in the first Pi");
		await first.waitForScreen("Carrying on.", "the model going on");
		const file = readdirSync(dir, { recursive: true })
			.map(String)
			.find((f) => f.endsWith(".jsonl"));
		expect(file).toBeDefined();
		const second = pi.tui({ sessionDir: dir, extraArgs: ["--session", join(dir, file ?? "")] });
		await second.waitForScreen(WAITING, "the same questionnaire waiting in the second Pi");

		await submitOption(first, "2");
		const late = await modelRequest(h, first, 3);
		expect(lastUserText(late)).toMatch(LATE);

		await submitOption(second, "1");
		await second.waitForScreen("Another Pi answered this questionnaire first", "the second Pi told");
		await second.waitForScreen((s) => !s.includes(WAITING), "the second Pi's footer cleared");
		await new Promise((r) => setTimeout(r, 1_500));
		expect(h.fake.requests.filter((r) => LATE.test(lastUserText(r)))).toHaveLength(1);
	});
});
