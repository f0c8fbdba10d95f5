/**
 * Nothing the person gives is lost, in the real `pi` binary's TUI (tmux) against the fake model: with a
 * questionnaire open, Q1 answered and text typed on Q2's "Type something." row, (a) the terminal goes away
 * (the tmux server killed: SIGHUP, then EIO) or (b) Pi is SIGKILLed after a pause; `pi --continue` then shows
 * it waiting, `/answer` shows the typed text, and submitting sends the late answer once. (e) Providers may
 * reuse tool-call ids: three calls all named `call_0`, one answered and two put aside, stay three
 * questionnaires — the footer counts two, and after a restart `/answer` offers both. (f) After SIGKILL the model
 * reads the call that never returned as cut short and still pending (not the provider's "No result provided").
 */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/protocol/questions.ts";
import { contentText, type Step } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { lastUserText } from "../support/pending.ts";
import type { PiHarness } from "../support/pi.ts";
import { modelRequest, slashCommand } from "../support/pi-tui.ts";
import { ASK, askStep, CACHE_QUESTION } from "../support/questions.ts";
import { type TuiSession, tmuxAvailable } from "../support/tty.ts";

const LOGS_QUESTION: Question = {
	question: "Where should the service write its logs?",
	header: "Logs",
	options: [
		{ label: "stdout", description: "Collected by the platform." },
		{ label: "A file", description: "Rotated daily." },
	],
};
const WAITING = (n: number) =>
	n === 1 ? "1 questionnaire waiting · /answer" : `${n} questionnaires waiting · /answer`;
const LATE_LINE = /^Late answer to the ask_user_question questionnaire asked at [^(]+\(tool call "([^"]+)"\): /;

const pi = perTest({ cols: 110, rows: 34 });

/** Pi on the session folder `dir`; the test's harness (whose model plays `steps`) is made by the first start. */
async function start(steps: Step[], dir: string, options: { prompt?: string; resume?: boolean } = {}) {
	const h = pi.current ?? (await pi.harness(steps));
	return { h, session: pi.tui({ ...options, sessionDir: dir }) };
}

/** Q1 answered (SQLite file), "BSD on arm" typed on Q2's Type something. row and left in its editor. */
async function answerAndType(session: TuiSession): Promise<void> {
	await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
	session.keys("2");
	await session.waitForScreen(LOGS_QUESTION.question, "the Logs tab");
	session.keys("Up");
	session.type("BSD on arm");
	await session.waitForScreen("BSD on arm", "the typed draft");
}

/** The model's echo of the late answer it receives. */
const echoLate: Step = (r) => ({ text: `late: ${lastUserText(r).slice(0, 40)}` });

/**
 * After the restart: `/answer` shows what was given. The typed text was never confirmed, so whichever way Pi
 * ended (a closed window, SIGTERM, SIGKILL) it is still the draft on Q2's row, Q2 not marked answered: Enter
 * opens it in the editor, Enter confirms. Nothing is lost, and nothing unconfirmed is sent. Then Submit sends it.
 */
async function answerAfterRestart(h: PiHarness, session: TuiSession): Promise<string> {
	await session.waitForScreen(WAITING(1), "the footer after the restart");
	slashCommand(session, "/answer");
	const opened = await session.waitForScreen(
		(s) => s.includes("Review your answers") || s.includes(LOGS_QUESTION.question),
		"the questionnaire reopened",
	);
	expect(opened).not.toContain("Review your answers");
	expect(opened).toContain("BSD on arm");
	expect(opened).toMatch(/✔ Cache/);
	expect(opened).not.toMatch(/✔ Logs/);
	// The focus rests on the draft's row (state/restore.ts): Enter opens it.
	session.keys("Enter");
	await session.waitForScreen("Enter confirm", "the draft in its editor");
	session.keys("Enter");
	const review = await session.waitForScreen("Review your answers", "the Submit tab");
	expect(review).toContain("Cache: SQLite file");
	expect(review).toContain('Logs: "BSD on arm"');
	session.keys("Enter");
	const request = await modelRequest(h, session, 2);
	await session.waitForScreen((s) => !s.includes(WAITING(1)), "the footer cleared");
	return lastUserText(request);
}

const ANSWERED = `User answered: "${CACHE_QUESTION.question}" = "SQLite file". "${LOGS_QUESTION.question}" = "BSD on arm" (typed by the user). Continue with these answers.`;

describe.skipIf(!tmuxAvailable())("a questionnaire survives the end of Pi", () => {
	it("(a) the terminal window closed (SIGHUP): --continue shows it waiting, /answer has the typed text", async () => {
		const dir = pi.tempDir("pi-ask-crash-");
		const first = await start([askStep(CACHE_QUESTION, LOGS_QUESTION), echoLate], dir, { prompt: "Ask me." });
		await answerAndType(first.session);
		// No pause: the last keys are written as Pi exits.
		first.session.close();

		const { h, session } = await start([], dir, { resume: true });
		const late = await answerAfterRestart(h, session);
		expect(late).toMatch(LATE_LINE);
		expect(late.replace(LATE_LINE, "")).toBe(ANSWERED);
		// Once: one late answer, and the call that never returned got no second result of ours.
		const texts = (role: string) =>
			h.fake.requests[1]!.messages.filter((m) => m.role === role).map((m) => contentText(m.content));
		expect(texts("user").filter((text) => LATE_LINE.test(text))).toHaveLength(1);
		expect(texts("tool").join("\n")).not.toContain("User answered");
	});

	it.each([
		["(b) Pi killed with SIGKILL two seconds after the last key: the same, nothing lost", "SIGKILL", 2_000],
		["(c) Pi ended with SIGTERM while typing: the text is still the draft", "SIGTERM", 0],
	] as const)("%s", async (_name, signal, pause) => {
		const dir = pi.tempDir("pi-ask-crash-");
		const first = await start([askStep(CACHE_QUESTION, LOGS_QUESTION), echoLate], dir, { prompt: "Ask me." });
		await answerAndType(first.session);
		await new Promise((r) => setTimeout(r, pause));
		const pid = first.session.piPid();
		expect(pid).toBeDefined();
		process.kill(pid!, signal);
		await first.session
			.waitForScreen((s) => !s.includes(LOGS_QUESTION.question) || s.includes("dead"), "Pi gone", 5_000)
			.catch(() => "");
		first.session.close();

		const { h, session } = await start([], dir, { resume: true });
		expect((await answerAfterRestart(h, session)).replace(LATE_LINE, "")).toBe(ANSWERED);
	});

	it("(f) killed with the questionnaire open: the model reads its call as cut short and pending, not 'No result provided'", async () => {
		const dir = pi.tempDir("pi-ask-crash-");
		const steps = [askStep(CACHE_QUESTION, LOGS_QUESTION), { text: "Waiting for the answers." }, echoLate];
		const first = await start(steps, dir, { prompt: "Ask me." });
		await first.session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		first.session.keys("2");
		await first.session.waitForScreen(LOGS_QUESTION.question, "the Logs tab");
		await new Promise((r) => setTimeout(r, 2_000));
		process.kill(first.session.piPid()!, "SIGKILL");
		first.session.close();

		const { h, session } = await start([], dir, { resume: true });
		await session.waitForScreen(WAITING(1), "the footer after the restart");
		session.type("go on");
		session.keys("Enter");
		const callText = (n: number) =>
			h.fake.requests[n - 1]!.messages.filter((m) => m.role === "tool").map((m) => contentText(m.content));
		await modelRequest(h, session, 2);
		expect(callText(2)).toEqual([
			`The questionnaire was interrupted before the user submitted it. Answers given so far: "${CACHE_QUESTION.question}" = "SQLite file". ` +
				`Unanswered: "${LOGS_QUESTION.question}". Do not assume answers to unanswered questions. ` +
				"The questionnaire stays pending: the user can still answer it, and the answers will arrive as a message.",
		]);
		await session.waitForScreen("Waiting for the answers.", "the model's reply");
		slashCommand(session, "/answer");
		await session.waitForScreen(LOGS_QUESTION.question, "the questionnaire reopened");
		session.keys("1");
		await session.waitForScreen("Review your answers", "the Submit tab");
		session.keys("Enter");
		const third = await modelRequest(h, session, 3);
		// What the call read stays what it reads; the late answer follows, once.
		expect(callText(3)).toEqual(callText(2));
		const late = third.messages.filter((m) => m.role === "user" && LATE_LINE.test(contentText(m.content)));
		expect(late).toHaveLength(1);
	});

	it("(g) window closed, --continue, /answer and submit, a restart, a new prompt: the call reads one text throughout, never 'No result provided'", async () => {
		const dir = pi.tempDir("pi-ask-crash-");
		const steps = [askStep(CACHE_QUESTION, LOGS_QUESTION), echoLate, { text: "Carrying on." }];
		const first = await start(steps, dir, { prompt: "Ask me." });
		await answerAndType(first.session);
		first.session.close();

		const second = await start([], dir, { resume: true });
		expect((await answerAfterRestart(second.h, second.session)).replace(LATE_LINE, "")).toBe(ANSWERED);
		await second.session.waitForScreen("late:", "the model's reply to the late answer");
		second.session.close();

		const { h, session } = await start([], dir, { resume: true });
		await session.waitForScreen("late:", "the conversation restored");
		session.type("go on");
		session.keys("Enter");
		await modelRequest(h, session, 3);
		const callText = (n: number) =>
			h.fake.requests[n - 1]!.messages.filter((m) => m.role === "tool").map((m) => contentText(m.content));
		expect(callText(2)).toHaveLength(1);
		expect(callText(2)[0]).toMatch(/^The questionnaire was interrupted before the user submitted it\. /);
		// The text the model first read for the call stays, after the answer and after one more restart.
		expect(callText(3)).toEqual(callText(2));
		expect(JSON.stringify(h.fake.requests)).not.toContain("No result provided");
	});

	it("(e) three calls all named call_0: one answered, two put aside; the footer counts two, a restart offers both", async () => {
		const dir = pi.tempDir("pi-ask-crash-");
		const call = (question: Question): Step => ({
			toolCall: { name: ASK, id: "call_0", arguments: { questions: [question] } },
		});
		const second = { ...LOGS_QUESTION, question: "Which log format?", header: "Format" };
		const third = { ...LOGS_QUESTION, question: "Which log level?", header: "Level" };
		const steps = [call(CACHE_QUESTION), call(second), call(third), { text: "Asked three times." }];
		const first = await start(steps, dir, { prompt: "Ask me three things." });
		await first.session.waitForScreen(CACHE_QUESTION.question, "the first questionnaire");
		first.session.keys("1");
		await first.session.waitForScreen(second.question, "the second questionnaire");
		first.session.keys("C-l");
		await first.session.waitForScreen(third.question, "the third questionnaire");
		first.session.keys("C-l");
		await first.session.waitForScreen((s) => s.includes("Asked three times.") && s.includes(WAITING(2)), "two waiting");
		slashCommand(first.session, "/quit");
		await first.session.waitForExit("Pi quitting");
		first.session.close();

		const { session } = await start([], dir, { resume: true });
		await session.waitForScreen(WAITING(2), "the footer after the restart");
		slashCommand(session, "/answer");
		const list = await session.waitForScreen("2 questionnaires are waiting", "the /answer list");
		expect(list).toContain("Format");
		expect(list).toContain("Level");
	});
});
