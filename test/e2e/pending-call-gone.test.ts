/**
 * A pending questionnaire's record names its tool call, whose arguments hold the questions. When that call
 * is no longer in the session (here its id rewritten, as a hand edit or a cut branch would leave it), the
 * real `pi` restarts normally and says in one warning that the questionnaire cannot be answered here; it is
 * not counted as waiting.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Step } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { pendingScript } from "../support/pending.ts";
import { slashCommand } from "../support/pi-tui.ts";
import { CACHE_QUESTION } from "../support/questions.ts";

const pi = perTest({ cols: 110, rows: 34 });

async function start(steps: Step[], options: { prompt?: string; sessionDir?: string; resume?: boolean } = {}) {
	const h = pi.current ?? (await pi.harness(steps));
	return { h, session: pi.tui(options) };
}

/** Gives every ask_user_question call in the session files under `dir` another id. */
function renameCalls(dir: string): number {
	let renamed = 0;
	for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
		if (!name.endsWith(".jsonl")) continue;
		const file = join(dir, name);
		const lines = readFileSync(file, "utf8").split("\n");
		const out = lines.map((line) => {
			if (!line.includes('"toolCall"')) return line;
			const entry = JSON.parse(line);
			for (const part of entry.message?.content ?? [])
				if (part.type === "toolCall" && part.name === "ask_user_question") {
					part.id = `${part.id}_gone`;
					renamed++;
				}
			return JSON.stringify(entry);
		});
		writeFileSync(file, out.join("\n"));
	}
	return renamed;
}

describe("a pending questionnaire whose call is gone", () => {
	it("restart: one warning says so, nothing waits, Pi runs on", async () => {
		const sessionDir = pi.tempDir("pi-ask-sessions-");
		const first = await start(pendingScript(CACHE_QUESTION), { prompt: "Ask me.", sessionDir });
		await first.session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		first.session.keys("C-l");
		await first.session.waitForScreen("Carrying on meanwhile.", "the agent going on");
		slashCommand(first.session, "/quit");
		await first.session.waitForExit("Pi quitting");
		first.session.close();
		expect(renameCalls(sessionDir)).toBe(1);

		const { session } = await start([], { sessionDir, resume: true });
		const screen = await session.waitForScreen("no longer in this session branch", "the warning");
		expect(screen).not.toContain("questionnaire waiting");
		expect(screen.match(/no longer in this session branch/g)).toHaveLength(1);
		slashCommand(session, "/answer");
		await session.waitForScreen("No questionnaire is waiting for answers.", "/answer with nothing waiting");
	});
});
