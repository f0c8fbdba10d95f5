/**
 * The full questionnaire in the real `pi` binary's TUI (tmux, or `script` + xterm-headless): a
 * three-question form — a single-select with previews, a multi-select with typed text added, and a
 * single-select answered by typed text with a note — submitted from the Submit tab; the exact tool
 * result text and `details` the fake model receives. Also: Esc with answers asks how to leave, and Esc
 * again puts it aside (never declines);
 * collapse and reopen keep a draft; interrupting the agent while collapsed ends `interrupted`, the
 * draft kept as the answer.
 */
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import type { QuestionnaireResult } from "../../src/protocol/result.ts";
import { contentText } from "../support/fake-model.ts";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import { modelResult } from "../support/pi-tui.ts";
import { askStep, echoStep } from "../support/questions.ts";

const CACHE = {
	question: "Where should responses be cached?",
	header: "Cache",
	options: [
		{ label: "Memory", description: "Lost on restart.", preview: "```ts\nconst cache = new Map();\n```" },
		{ label: "SQLite", description: "Survives restarts.", preview: "```ts\nopen('cache.db');\n```" },
	],
};
const PLATFORMS = {
	question: "Which platforms ship first?",
	header: "Platforms",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 and arm64." },
		{ label: "macOS", description: "Universal." },
		{ label: "Windows", description: "Signed installer." },
	],
};
const AUTH = {
	question: "How should users sign in?",
	header: "Auth",
	options: [
		{ label: "Password", description: "Classic." },
		{ label: "Magic link", description: "Email only." },
	],
};

const startPi = tuiPerTest();

async function start(): Promise<StartedTui> {
	const started = await startPi([askStep(CACHE, PLATFORMS, AUTH), echoStep], "Plan the release. Ask me.", {
		cols: 120,
		rows: 40,
	});
	await started.session.waitForScreen(
		(s) => s.includes(CACHE.question) && s.includes("Platforms"),
		"the questionnaire",
	);
	return started;
}

describe("the full questionnaire in the real pi TUI", () => {
	it("answers a three-question form and the model receives the exact result", async () => {
		const { harness, session } = await start();
		// Q1: the second option (its preview is shown beside the options at 120 columns).
		session.keys("Down");
		await session.waitForScreen("open('cache.db')", "the focused option's preview");
		session.keys("Enter");
		await session.waitForScreen(PLATFORMS.question, "the multi-select question");
		// Q2: check Linux and macOS, then add typed text from the "Type something." row.
		session.keys("Space", "Down", "Space", "Down", "Down", "Enter");
		session.type("FreeBSD");
		session.keys("Enter");
		await session.waitForScreen(AUTH.question, "the third question");
		// Q3: a note first, then a typed answer.
		session.type("n");
		session.type("ask the security team");
		session.keys("Enter", "Down", "Down", "Enter");
		session.type("OAuth device flow");
		session.keys("Enter");
		await session.waitForScreen(/Review your answers/, "the Submit tab");
		session.keys("Enter");

		const received = await modelResult(harness, session);
		const questions = [CACHE.question, PLATFORMS.question, AUTH.question];
		const expected: QuestionnaireResult = {
			outcome: "answered",
			cancelled: false,
			host: "tui",
			answers: [
				{
					questionIndex: 0,
					question: CACHE.question,
					kind: "option",
					answer: "SQLite",
					preview: CACHE.options[1]!.preview,
				},
				{
					questionIndex: 1,
					question: PLATFORMS.question,
					kind: "multi",
					answer: ["Linux", "macOS", "FreeBSD"],
					custom: "FreeBSD",
				},
				{
					questionIndex: 2,
					question: AUTH.question,
					kind: "custom",
					answer: "OAuth device flow",
					notes: "ask the security team",
				},
			],
		};
		expect(received).toBe(resultText(expected, questions));
		expect(received).toBe(
			'User answered: "Where should responses be cached?" = "SQLite" (preview: "```ts\\nopen(\'cache.db\');\\n```"). ' +
				'"Which platforms ship first?" = ["Linux", "macOS"] plus typed "FreeBSD". ' +
				'"How should users sign in?" = "OAuth device flow" (typed by the user) (note: "ask the security team"). ' +
				"Continue with these answers.",
		);
	});

	it("Esc with an answer asks how to leave; another key keeps answering; Esc twice puts it aside, never declines", async () => {
		const { harness, session } = await start();
		session.keys("Enter");
		await session.waitForScreen(PLATFORMS.question, "the second question");
		session.keys("Escape");
		const asked = await session.waitForScreen(/Stop answering\?/, "Stop answering?");
		expect(asked).toContain("Decline — the agent is told you declined");
		session.keys("x");
		await session.waitForScreen((s) => !/Stop answering\?/.test(s) && s.includes(PLATFORMS.question), "back");
		expect(harness.fake.requests).toHaveLength(1);
		session.keys("Escape");
		await session.waitForScreen(/Stop answering\?/, "Stop answering? again");
		session.keys("Escape");
		const received = await modelResult(harness, session);
		expect(received).toMatch(
			/^Answers given so far \(may still change\): "Where should responses be cached\?" = "Memory"/,
		);
		expect(received).not.toMatch(/declin/i);
	});

	it("collapse and reopen keep a draft; interrupting while collapsed ends interrupted with the answers so far", async () => {
		const { harness, session } = await start();
		session.keys("Enter"); // Q1 answered: Memory
		await session.waitForScreen(PLATFORMS.question, "the second question");
		session.keys("Down", "Down", "Down", "Enter");
		session.type("draft that must survive");
		await session.waitForScreen(
			(s) => s.includes("draft that must survive") && s.includes("external editor"),
			"typing",
		);
		session.keys("Escape"); // leave the editor; the draft stays
		// Wait, or the terminal reads Escape + Ctrl+] as one Alt+] key.
		await session.waitForScreen((s) => !s.includes("external editor"), "the editor closed");
		session.keys("C-]");
		await session.waitForScreen((s) => !s.includes(PLATFORMS.question), "the overlay hidden");
		session.keys("C-]");
		await session.waitForScreen("draft that must survive", "the overlay back with the draft");
		// Hide again: keys now reach Pi's editor, where Escape interrupts the agent.
		session.keys("C-]");
		await session.waitForScreen((s) => !s.includes(PLATFORMS.question), "the overlay hidden again");
		session.keys("Escape");
		await session.waitForScreen(/Interrupted/, "the interrupted result in the transcript");
		// An interrupted turn ends without a model call; the next prompt carries the tool result along.
		session.type("go on");
		session.keys("Enter");
		await session.waitForScreen("received:", "the model's next reply");
		const toolMessage = harness.fake.requests.at(-1)?.messages.find((m) => m.role === "tool");
		const received = contentText(toolMessage?.content);
		expect(received).toMatch(/^The questionnaire was interrupted before the user submitted it\./);
		expect(received).toContain('"Where should responses be cached?" = "Memory"');
		// The draft being typed when the call was cut short is kept, as leaving its editor keeps it.
		expect(received).toContain('"Which platforms ship first?" = [] plus typed "draft that must survive"');
		expect(received).toContain('Unanswered: "How should users sign in?"');
	});
});
