/**
 * Questionnaires that outlive their call, in the real `pi` binary's TUI (tmux, or `script` +
 * xterm-headless), asserting what the fake model receives: Answer later returns `deferred` at once and
 * the agent goes on; `/answer` reopens it with what was given; submitting sends the late answer as a
 * message that starts the next turn. Across a restart of Pi (`--continue`) the footer shows it waiting
 * and `/answer` still answers it. `/reload` while `/answer` has it open keeps it pending with what was
 * given, and the call still has exactly one tool result. (Pi refuses `/reload` while a tool call runs.)
 * No cancel key declines (src/state/leave.ts): in `/answer`, Esc Esc puts it aside again and the model
 * reads nothing; Ctrl+C Ctrl+C (Pi's quit gesture) on a questionnaire with an answer puts it aside with
 * the answer, reachable through `/answer`; "Answered in chat" settles it with a truthful late answer.
 */
import { describe, expect, it } from "vitest";
import { contentText, type ParsedRequest, type Step } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { DEFERRED_ADVICE, LATE, lastUserText, pendingScript } from "../support/pending.ts";
import type { PiHarness } from "../support/pi.ts";
import { modelRequest, slashCommand } from "../support/pi-tui.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

const WAITING = "1 questionnaire waiting · /answer";

const pi = perTest({ cols: 110, rows: 34 });

/** Pi on the test's harness, made by the first start with `steps` as the model's script. */
async function start(steps: Step[], options: { prompt?: string; sessionDir?: string; resume?: boolean } = {}) {
	const h = pi.current ?? (await pi.harness(steps));
	return { h, session: pi.tui(options) };
}

/** The tool results a request holds for the call `id`. */
const toolResults = (request: ParsedRequest, id: string) =>
	request.messages.filter((m) => m.role === "tool" && m.tool_call_id === id);

describe("pending questionnaires in the real pi TUI", () => {
	it("answer Q1, Answer later: deferred, the agent goes on; /answer restores it; submit sends the late answer", async () => {
		const { h, session } = await start(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION), {
			prompt: "Plan it. Ask me.",
		});
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		session.keys("2");
		await session.waitForScreen(PLATFORM_QUESTION.question, "the Platforms tab");
		// Up twice from the first option: the Type something. row, where typing opens the draft.
		session.keys("Up", "Up");
		session.type("BSD");
		await session.waitForScreen("BSD", "the typed draft");
		// Esc leaves the draft editor (the typed text kept as the answer); Answer later is a key of the options.
		session.keys("Escape");
		await session.waitForScreen((s) => !s.includes("external editor"), "the draft editor closed");
		session.keys("C-l");
		const second = await modelRequest(h, session, 2);
		expect(second.lastToolResult).toBe(
			`Answers given so far (may still change): "${CACHE_QUESTION.question}" = "SQLite file". ` +
				`"${PLATFORM_QUESTION.question}" = [] plus typed "BSD". ${DEFERRED_ADVICE}`,
		);
		await session.waitForScreen(
			(s) => s.includes("Carrying on meanwhile.") && s.includes(WAITING),
			"the agent going on",
		);

		// Everything was given, so it reopens on the Submit tab; Shift+Tab goes back to Platforms to tick Linux too.
		slashCommand(session, "/answer");
		const reopened = await session.waitForScreen("Review your answers", "the questionnaire reopened");
		expect(reopened).toContain("Cache: SQLite file");
		expect(reopened).toContain('Platforms: "BSD"');
		session.keys("BTab");
		await session.waitForScreen(PLATFORM_QUESTION.question, "the Platforms tab");
		session.keys("Space", "Tab");
		await session.waitForScreen("Review your answers", "the Submit tab");
		session.keys("Enter");
		const third = await modelRequest(h, session, 3);
		const late = lastUserText(third);
		expect(late).toMatch(LATE);
		expect(late.replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "SQLite file". ` +
				`"${PLATFORM_QUESTION.question}" = ["Linux"] plus typed "BSD". Continue with these answers.`,
		);
		expect(toolResults(third, "call_1")).toHaveLength(1);
		const screen = await session.waitForScreen("late: Late answer", "the model's reply to the late answer");
		expect(screen).toContain("Late answer · asked");
		expect(screen).not.toContain(WAITING);
	});

	it("restart: defer, quit Pi, start it again with --continue: the footer shows it, /answer submits, the model gets it", async () => {
		const sessionDir = pi.tempDir("pi-ask-sessions-");
		const first = await start(pendingScript(CACHE_QUESTION), { prompt: "Ask me.", sessionDir });
		await first.session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		first.session.keys("C-l");
		await first.session.waitForScreen("Carrying on meanwhile.", "the agent going on");
		slashCommand(first.session, "/quit");
		// Exited: the session is closed and written (the goodbye line may not reach a loaded machine's screen).
		await first.session.waitForExit("Pi quitting");
		first.session.close();

		const { h, session } = await start([], { sessionDir, resume: true });
		await session.waitForScreen(WAITING, "the footer after the restart");
		slashCommand(session, "/answer");
		await session.waitForScreen(CACHE_QUESTION.question, "the restored questionnaire");
		session.keys("3");
		const review = await session.waitForScreen(
			(s) => s.includes("Review your answers") || h.fake.requests.length >= 3,
			"the answer taken",
		);
		if (review.includes("Review your answers")) session.keys("Enter");
		const late = lastUserText(await modelRequest(h, session, 3));
		expect(late.replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "Redis". Continue with these answers.`,
		);
		await session.waitForScreen((s) => !s.includes(WAITING), "the footer cleared");
	});

	it("/reload while /answer has it open: still pending with what was given; the call keeps one tool result", async () => {
		const { h, session } = await start(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION), {
			prompt: "Plan it. Ask me.",
		});
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		session.keys("C-l");
		await session.waitForScreen("Carrying on meanwhile.", "the agent going on");
		slashCommand(session, "/answer");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire reopened");
		session.keys("2");
		await session.waitForScreen(PLATFORM_QUESTION.question, "Cache answered");
		// Hide it to reach Pi's editor, then reload.
		session.keys("C-]");
		await session.waitForScreen("press Ctrl+] to reopen", "the questionnaire hidden");
		slashCommand(session, "/reload");
		await session.waitForScreen((s) => s.includes("Reloaded") && s.includes(WAITING), "reloaded, still waiting");

		slashCommand(session, "/answer");
		const reopened = await session.waitForScreen(PLATFORM_QUESTION.question, "reopened after the reload");
		expect(reopened).toMatch(/✔ Cache/);
		session.keys("Space", "Tab");
		await session.waitForScreen("Review your answers", "the Submit tab");
		session.keys("Enter");
		const third = await modelRequest(h, session, 3);
		expect(lastUserText(third).replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "SQLite file". "${PLATFORM_QUESTION.question}" = ["Linux"]. Continue with these answers.`,
		);
		expect(toolResults(third, "call_1")).toHaveLength(1);
		expect(h.fake.requests).toHaveLength(3);
	});
});

describe("no cancel key declines (issue 19, points 3, 4 and 8)", () => {
	/** True when a tool result or user message the model got so far reads "declined" (the system prompt's guidance may). */
	const modelReadDeclined = (h: PiHarness) =>
		h.fake.requests.some((r) =>
			r.messages.some((m) => (m.role === "tool" || m.role === "user") && /declin/i.test(contentText(m.content))),
		);

	it("(c) put aside, /answer, Esc, Esc: still waiting, the model never reads 'declined'; Answered in chat tells the truth", async () => {
		const { h, session } = await start(pendingScript(CACHE_QUESTION), { prompt: "Ask me." });
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		session.keys("C-l");
		await session.waitForScreen((s) => s.includes("Carrying on meanwhile.") && s.includes(WAITING), "put aside");
		expect(h.fake.requests).toHaveLength(2);

		slashCommand(session, "/answer");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire reopened");
		session.keys("Escape");
		const asked = await session.waitForScreen(/Stop answering\?/, "Stop answering?");
		expect(asked).toContain("Answered in chat — the agent is told to take your answers from the chat");
		expect(asked).toContain("Decline — the agent is told you declined");
		session.keys("Escape");
		await session.waitForScreen(
			(s) => !s.includes("Stop answering?") && !s.includes(CACHE_QUESTION.question) && s.includes(WAITING),
			"left /answer, still waiting",
		);
		// Nothing was sent: no turn started, and no request ever read "declined".
		await new Promise((r) => setTimeout(r, 1_000));
		expect(h.fake.requests).toHaveLength(2);
		expect(modelReadDeclined(h)).toBe(false);

		// Still reachable; this time the person says they answered in chat: the model is told exactly that.
		slashCommand(session, "/answer");
		await session.waitForScreen(CACHE_QUESTION.question, "reopened again");
		session.keys("Escape");
		await session.waitForScreen(/Stop answering\?/, "Stop answering? again");
		session.keys("Down", "Down");
		await session.waitForScreen(/› Answered in chat/, "Answered in chat highlighted");
		session.keys("Enter");
		const late = lastUserText(await modelRequest(h, session, 3));
		expect(late).toMatch(LATE);
		expect(late.replace(LATE, "")).toBe(
			"User says they answered these questions in the chat instead of in the questionnaire. " +
				"Take the answers from the conversation; do not ask the same questions again.",
		);
		expect(modelReadDeclined(h)).toBe(false);
		await session.waitForScreen((s) => !s.includes(WAITING), "the footer cleared");
	});

	it("(d) Ctrl+C Ctrl+C with an answer: the model never reads 'declined', the answer is still reachable", async () => {
		const { h, session } = await start(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION), {
			prompt: "Plan it. Ask me.",
		});
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		session.keys("2");
		await session.waitForScreen(PLATFORM_QUESTION.question, "Cache answered");
		session.keys("C-c");
		const asked = await session.waitForScreen(/Stop answering\?/, "Stop answering?");
		expect(asked).toContain("You have answered 1 of 2 questions.");
		session.keys("C-c");
		const second = await modelRequest(h, session, 2);
		expect(second.lastToolResult).toBe(
			`Answers given so far (may still change): "${CACHE_QUESTION.question}" = "SQLite file". ${DEFERRED_ADVICE}`,
		);
		await session.waitForScreen(WAITING, "the footer");
		expect(modelReadDeclined(h)).toBe(false);

		slashCommand(session, "/answer");
		const reopened = await session.waitForScreen(PLATFORM_QUESTION.question, "reopened with the answer");
		expect(reopened).toMatch(/✔ Cache/);
		session.keys("Space", "Tab");
		await session.waitForScreen("Review your answers", "the Submit tab");
		session.keys("Enter");
		const late = lastUserText(await modelRequest(h, session, 3));
		expect(late.replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "SQLite file". "${PLATFORM_QUESTION.question}" = ["Linux"]. Continue with these answers.`,
		);
		expect(modelReadDeclined(h)).toBe(false);
	});
});
