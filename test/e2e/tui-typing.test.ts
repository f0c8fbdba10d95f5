/**
 * Typing your own answer in the real `pi` binary's TUI, as a person types it (tmux, or `script` +
 * xterm-headless): text typed on the "Type something." row reaches the model exactly, digits, `n`,
 * `j` and `k` included; leaving the draft editor with Esc or Tab and then submitting sends the typed
 * text as the answer (the rule: a non-empty draft counts as the answer, as a note does). Emoji with skin
 * tones, ZWJ sequences and variation selectors, decomposed Hangul and CJK, typed at once, a character
 * at a time or pasted, show whole and reach the model exactly (pi-tui hands them on a UTF-16 unit at a
 * time; nothing may judge a piece alone).
 */
import { describe, expect, it } from "vitest";
import { contentText } from "../support/fake-model.ts";
import { TYPED_SAMPLES } from "../support/graphemes.ts";
import { type StartedTui, tuiPerTest } from "../support/lifecycle.ts";
import { modelRequest, modelResult } from "../support/pi-tui.ts";
import { askStep, echoStep } from "../support/questions.ts";
import { bashStep } from "../support/relay.ts";
import type { TuiSession } from "../support/tty.ts";

const CACHE = {
	question: "Where should responses be cached?",
	header: "Cache",
	options: [
		{ label: "Memory", description: "Lost on restart." },
		{ label: "SQLite", description: "Survives restarts." },
	],
};
const PLATFORMS = {
	question: "Which platforms ship first?",
	header: "Platforms",
	multiSelect: true,
	options: [
		{ label: "Linux", description: "x64 and arm64." },
		{ label: "macOS", description: "Universal." },
	],
};

const startPi = tuiPerTest();

async function start(...questions: object[]): Promise<StartedTui> {
	const started = await startPi([askStep(...questions), echoStep], "Ask me.", { cols: 100, rows: 30 });
	await started.session.waitForScreen((s) => s.includes(CACHE.question), "the questionnaire");
	return started;
}

describe("typing your own answer in the real pi TUI", () => {
	it("typed on the Type something. row, the model receives exactly the typed text", async () => {
		const { harness, session } = await start(CACHE);
		// Up wraps to "Type something."; every key from there on is text: "2" chooses nothing, "n"
		// opens no note, "j"/"k" move nothing.
		session.keys("Up");
		session.type("2 nodes, nothing fits jk");
		await session.waitForScreen("2 nodes, nothing fits jk", "the typed text in the editor");
		expect(harness.fake.requests.at(-1)?.lastToolResult).toBeUndefined();
		session.keys("Enter");
		expect(await modelResult(harness, session)).toBe(
			`User answered: "${CACHE.question}" = "2 nodes, nothing fits jk" (typed by the user). Continue with these answers.`,
		);
	});

	it.each(["Escape", "Tab"])("%s out of a draft, then Submit: the typed text is the answer", async (leave) => {
		const { harness, session } = await start(CACHE, PLATFORMS);
		session.keys("Up");
		session.type("Valkey");
		await session.waitForScreen("Valkey", "the draft");
		session.keys(leave);
		// The tab marker and the Submit page show it answered; Shift+Tab from Cache reaches Submit.
		session.keys(leave === "Tab" ? "Tab" : "BTab");
		const review = await session.waitForScreen('Cache: "Valkey"', "the Submit page with the typed answer");
		expect(review).toContain("Platforms: unanswered");
		session.keys("Enter");
		expect(await modelResult(harness, session)).toBe(
			`User answered 1 of 2 questions: "${CACHE.question}" = "Valkey" (typed by the user). ` +
				`Unanswered: "${PLATFORMS.question}". Do not assume answers to unanswered questions.`,
		);
	});

	const TYPED = [
		"ok",
		TYPED_SAMPLES.skinTone,
		TYPED_SAMPLES.zwj,
		TYPED_SAMPLES.variationSelector,
		TYPED_SAMPLES.hangulLV,
		TYPED_SAMPLES.hangulLVT,
		"日本語",
		TYPED_SAMPLES.combining,
	].join(" ");

	/** One `send-keys` per character: the terminal gets, and Pi reads, each on its own. */
	const typeEachCharacter = (session: TuiSession) => {
		for (const ch of TYPED) session.type(ch);
	};

	it.each([
		["typed at once", (session: TuiSession) => session.type(TYPED)],
		["typed a character at a time", typeEachCharacter],
		["pasted", (session: TuiSession) => session.paste(TYPED)],
	])("(f) emoji (skin tone, ZWJ, VS16), decomposed Hangul and CJK %s reach the model exactly", async (_how, enter) => {
		const { harness, session } = await start(CACHE);
		session.keys("Up");
		enter(session);
		const screen = await session.waitForScreen("日本語 cafe", "the typed text in the editor");
		expect(screen).not.toMatch(/\uFFFD|\\u[0-9a-f]{4}/);
		for (const word of [TYPED_SAMPLES.skinTone, TYPED_SAMPLES.zwj, TYPED_SAMPLES.variationSelector])
			expect(screen).toContain(word);
		session.keys("Enter");
		const received = await modelResult(harness, session);
		expect(received).not.toMatch(/\uFFFD|\\\\u/);
		const quoted = /^User answered: ".*?" = ("(?:[^"\\]|\\.)*") \(typed by the user\)\./.exec(received)?.[1];
		expect(quoted, received).toBeDefined();
		expect(JSON.parse(quoted ?? "")).toBe(TYPED);
	});

	it("a question that comes while the person writes in Pi's editor waits: their keys never answer it", async () => {
		// The agent runs a command, the person starts a message meanwhile, then the agent asks.
		const { harness, session } = await startPi([bashStep("sleep 2"), askStep(CACHE), echoStep], "Go.", {
			cols: 100,
			rows: 30,
		});
		await modelRequest(harness, session, 1);
		session.type("please also add te");
		const notice = await session.waitForScreen("it opens once you send", "the notice that a question waits", 20_000);
		expect(notice).toContain(`The agent asks: ${CACHE.question}`);
		expect(notice).not.toContain("Type something.");
		// Typing on, then Enter: the message is sent (steering the agent), not an answer.
		session.type("sts");
		session.keys("Enter");
		await session.waitForScreen("Type something.", "the questionnaire, once the editor is empty");
		session.keys("Down", "Enter");
		const last = await modelRequest(harness, session, 3);
		const toolResult = last.messages.filter((m) => m.role === "tool").at(-1);
		expect(contentText(toolResult?.content)).toBe(
			'User answered: "Where should responses be cached?" = "SQLite". Continue with these answers.',
		);
		expect(contentText(last.messages.filter((m) => m.role === "user").at(-1)?.content)).toBe("please also add tests");
	});
});
