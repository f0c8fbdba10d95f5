/**
 * The compat smoke: what must work on every Pi version the package supports — the TUI (answer, and
 * decline with Escape, in tmux), an RPC round trip, the tool hidden in print mode, and `pi install` of the
 * packed tarball followed by a question — on the Pi install at `piHome` (undefined: the devDependency).
 * Defined once, run by test/e2e/compat.test.ts for the oldest supported version and the devDependency,
 * and by `npm run compat` (scripts/compat.ts) for every listed version. Each check also asserts that Pi
 * said nothing about the extension (no load failure, no warning).
 */
import { afterEach, describe, expect, it } from "vitest";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import { tarballSource } from "../support/pack.ts";
import { createHarness, type PiHarness, type RpcEvent, runPiRaw, runPrint, toolResultText } from "../support/pi.ts";
import { ASK, askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import type { TuiSession } from "../support/tty.ts";
import { choose, scriptedUser } from "../support/user.ts";

/** The checks, by name, in the order of docs/pi-versions.md's table columns. */
export const SMOKE_CHECKS = [
	"TUI answer",
	"TUI decline",
	"RPC round trip",
	"print mode hides the tool",
	"packed tarball install",
] as const;

const ANSWERED_REDIS =
	'User answered: "Where should the API client cache responses?" = "Redis". Continue with these answers.';

/** Notices about the extension in an RPC run: notify requests and extension errors. */
function notices(events: RpcEvent[]): RpcEvent[] {
	return events.filter(
		(e) => (e.type === "extension_ui_request" && e.method === "notify") || e.type === "extension_error",
	);
}

/** Polls until the fake model has received a tool result; presses Enter meanwhile when `enter` is set. */
async function untilToolResult(harness: PiHarness, session: TuiSession, press?: string): Promise<string> {
	for (let attempt = 0; attempt < 6; attempt++) {
		if (press !== undefined && attempt < 4) session.keys(press);
		const deadline = Date.now() + 1_500;
		while (Date.now() < deadline) {
			const result = harness.fake.requests.at(-1)?.lastToolResult;
			if (result !== undefined) return result;
			await new Promise((r) => setTimeout(r, 50));
		}
	}
	throw new Error(`the model never received a tool result; screen:\n${await session.screen()}`);
}

/** Defines the smoke for the Pi at `piHome()` (read when the tests run); `tarball()` is the packed package. */
export function defineCompatSmoke(label: string, piHome: () => string | undefined, tarball: () => string): void {
	describe(`compat smoke on ${label}`, () => {
		const startPi = tuiPerTest(piHome);
		let h: PiHarness | undefined;
		afterEach(async () => {
			await h?.dispose();
			h = undefined;
		});

		const startAsking = async (): Promise<StartedTui> => {
			const started = await startPi([askStep(CACHE_QUESTION), echoStep], "We need a cache. Ask me.");
			await started.session.waitForScreen(
				(screen) => screen.includes(CACHE_QUESTION.question) && screen.includes("SQLite file"),
				"the question dialog",
			);
			return started;
		};

		it("TUI answer: the question is shown, keys answer it, the model receives the option", async () => {
			const { harness, session } = await startAsking();
			session.keys("Down");
			const received = await untilToolResult(harness, session, "Enter");
			expect(received).toBe(
				'User answered: "Where should the API client cache responses?" = "SQLite file". Continue with these answers.',
			);
			await session.waitForScreen("received: User answered:", "the model's reply");
		});

		it("TUI decline: Escape declines and the model is told not to assume answers", async () => {
			const { harness, session } = await startAsking();
			session.keys("Escape");
			const received = await untilToolResult(harness, session);
			expect(received).toMatch(/^User declined to answer the questions\. Do not assume answers/);
		});

		it("RPC round trip: a question answered over JSONL dialogs, nothing said about the extension", async () => {
			h = await createHarness([askStep(CACHE_QUESTION), echoStep]);
			const rpc = h.rpc({ piHome: piHome() });
			const user = scriptedUser([choose(rows.numbered(3), "option 3 (Redis)", CACHE_QUESTION.question)]);
			const run = await rpc.prompt("where should we cache?", { onDialog: user.handler });
			expect(user.remaining(), rpc.stderr()).toEqual([]);
			expect(run.toolEnds.map(toolResultText)).toEqual([ANSWERED_REDIS]);
			expect(h.fake.requests.at(-1)?.lastToolResult).toBe(ANSWERED_REDIS);
			await rpc.close();
			expect(notices(rpc.events)).toEqual([]);
			expect(rpc.stderr()).toBe("");
		});

		it("print mode hides the tool: `pi -p` offers read but not ask_user_question", async () => {
			h = await createHarness([{ text: "print answer" }]);
			const result = await runPrint("hello", h.options({ piHome: piHome() }));
			expect(result.stderr).toBe("");
			expect(result.code).toBe(0);
			expect(result.stdout).toContain("print answer");
			expect(h.fake.requests.at(-1)?.tools).toContain("read");
			expect(h.fake.requests.at(-1)?.tools).not.toContain(ASK);
		});

		it("packed tarball install: `pi install` it, then a plain `pi --mode rpc` answers a question", async () => {
			h = await createHarness([askStep(CACHE_QUESTION), echoStep]);
			const install = await runPiRaw(["install", tarballSource(tarball())], {
				agentDir: h.agentDir,
				cwd: h.cwd,
				timeoutMs: 120_000,
				piHome: piHome(),
			});
			expect(install.code, `${install.stdout}\n${install.stderr}`).toBe(0);
			const rpc = h.rpc({ loadExtension: false, noExtensions: false, piHome: piHome() });
			const user = scriptedUser([choose(rows.numbered(3), "option 3 (Redis)", CACHE_QUESTION.question)]);
			const run = await rpc.prompt("where should we cache?", { onDialog: user.handler });
			expect(user.remaining(), rpc.stderr()).toEqual([]);
			expect(run.toolEnds.map(toolResultText)).toEqual([ANSWERED_REDIS]);
			await rpc.close();
			expect(notices(rpc.events)).toEqual([]);
			expect(rpc.stderr()).toBe("");
		}, 150_000);
	});
}
