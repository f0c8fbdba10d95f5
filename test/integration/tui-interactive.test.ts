/**
 * The questionnaire in Pi's real interactive mode (InteractiveMode on a virtual terminal, in process):
 * the faux model calls ask_user_question, the overlay appears on screen, keys answer it, and the tool
 * result reaches the model. Regular (main-screen) mode stops Pi on any over-wide line, so narrow widths
 * with long, CJK and hostile text are driven through it too.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { resultText } from "../../src/protocol/envelope.ts";
import type { Questionnaire } from "../../src/protocol/questions.ts";
import { runTuiQuestionnaire } from "../../src/tui/run.ts";
import { askTurn, echoTurn, type InteractiveOptions, interactivePerTest } from "../support/interactive.ts";
import { CACHE_QUESTION as CACHE, PLATFORM_QUESTION as PLATFORMS } from "../support/questions.ts";

/**
 * ask_user_question as a bare tool over runTuiQuestionnaire (no validation, no host choice), so this
 * suite exercises the TUI path on its own; the package's own entry is covered once it routes TUI
 * sessions here.
 */
const directTool: ExtensionFactory = (pi) =>
	pi.registerTool({
		name: "ask_user_question",
		label: "Ask User Question",
		description: "Ask the user (test tool).",
		parameters: Type.Object({ questions: Type.Array(Type.Any()) }),
		async execute(_id, params, signal, _onUpdate, ctx) {
			const questionnaire = params as unknown as Questionnaire;
			const result = await runTuiQuestionnaire(questionnaire, ctx.ui, { signal });
			if (!result) throw new Error("no custom UI in interactive mode");
			const text = resultText(
				result,
				questionnaire.questions.map((q) => q.question),
			);
			return { content: [{ type: "text", text }], details: result };
		},
	});

const HOSTILE = {
	question: `設定画面のレイアウトはどれにしますか？${"とても長い質問文".repeat(12)} \x1b[2J\x1b]52;c;aGk=\x07 \u202eevil`,
	header: "レイアウト\x1b[31m長いヘッダー",
	options: [
		{
			label: `タブ ${"🙂".repeat(30)}`,
			description: `${"説明".repeat(60)}\ttab\rCR`,
			preview: `# 見出し\n\n\`\`\`ts\n${"const x = 'とても長いコード行';".repeat(8)}\n\`\`\`\n\n| 列 | 列 |\n|---|---|\n| ${"セル".repeat(30)} | b |`,
		},
		{ label: "x".repeat(200), description: "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301 zalgo" },
	],
};

const startInteractive = interactivePerTest();

async function open(options: InteractiveOptions, waitText: string) {
	const harness = await startInteractive({ extensions: [directTool], ...options });
	const done = harness.prompt("ask me");
	await harness.waitFor((s) => s.includes(waitText), "the questionnaire");
	return { h: harness, done };
}

describe("interactive mode", () => {
	it("shows the overlay, takes keys, and the model reads the answer", async () => {
		const { h, done } = await open({ responses: [askTurn({ questions: [CACHE] }), echoTurn] }, CACHE.question);
		expect(h.terminal.statuses).toContainEqual(expect.objectContaining({ state: "blocked", kind: "question" }));
		h.press("\x1b[B", "\r");
		await done;
		expect(h.toolResults()).toEqual([expect.stringContaining('"SQLite file"')]);
		const screen = await h.waitFor((s) => s.includes("model read:"), "the model's reply");
		expect(screen).not.toContain("Type something.");
	});

	it("works the same in fullscreen (alt-screen) mode, Pi's default", async () => {
		const { h, done } = await open(
			{ tuiMode: "fullscreen", responses: [askTurn({ questions: [CACHE] }), echoTurn] },
			CACHE.question,
		);
		h.press("3");
		await done;
		expect(h.toolResults()).toEqual([expect.stringContaining('"Redis"')]);
	});

	it("two questions with typed text, a note and the Submit tab, in Kitty key encoding", async () => {
		const kitty = (text: string) => [...text].map((ch) => `\x1b[${ch.codePointAt(0)}u`);
		const { h, done } = await open(
			{ responses: [askTurn({ questions: [CACHE, PLATFORMS] }), echoTurn] },
			CACHE.question,
		);
		h.press(...kitty("n"), ...kitty("small"), "\x1b[13u"); // a note on Cache
		h.press(...kitty("3")); // Redis, on to Platforms
		await h.waitFor((s) => s.includes(PLATFORMS.question), "the second question");
		h.press("\x1b[32u", "\x1b[B", "\x1b[B", "\x1b[B", "\x1b[13u", ...kitty("bsd"), "\x1b[13u");
		await h.waitFor((s) => s.includes("Review your answers"), "the Submit tab");
		h.press("\x1b[13u");
		await done;
		const [text] = h.toolResults();
		expect(text).toContain('"Redis"');
		expect(text).toContain('"small"');
		expect(text).toContain('["Linux"] plus typed "bsd"');
	});

	it("Esc declines; the model is told not to assume answers", async () => {
		const { h, done } = await open({ responses: [askTurn({ questions: [CACHE] }), echoTurn] }, CACHE.question);
		h.press("\x1b");
		await done;
		expect(h.toolResults()[0]).toMatch(/declined/i);
	});

	it("interrupting the agent closes the overlay with the answers so far", async () => {
		const { h, done } = await open(
			{ responses: [askTurn({ questions: [CACHE, PLATFORMS] }), echoTurn] },
			CACHE.question,
		);
		h.press("2");
		await h.waitFor((s) => s.includes(PLATFORMS.question), "the second question");
		await h.session.abort();
		await done.catch(() => {});
		await h.waitFor((s) => !s.includes(PLATFORMS.question), "the overlay to close");
		const results = h.toolResults();
		expect(results).toHaveLength(1);
		expect(results[0]).toContain('"SQLite file"');
	});

	it("Ctrl+G runs $VISUAL on the draft: Pi's TUI stops, restarts, and the text comes back", async () => {
		const dir = mkdtempSync(join(tmpdir(), "ask-visual-"));
		const script = join(dir, "fake-editor.sh");
		writeFileSync(script, `#!/bin/sh\nprintf 'written in the editor\\n' > "$1"\n`);
		chmodSync(script, 0o755);
		const saved = process.env.VISUAL;
		process.env.VISUAL = script;
		try {
			const { h, done } = await open({ responses: [askTurn({ questions: [CACHE] }), echoTurn] }, CACHE.question);
			h.press("\x1b[A", "\r", "\x07");
			await h.waitFor((s) => s.includes("written in the editor"), "the edited draft");
			expect(h.terminal.running).toBe(true);
			h.press("\r");
			await done;
			expect(h.toolResults()[0]).toContain('"written in the editor"');
		} finally {
			if (saved === undefined) delete process.env.VISUAL;
			else process.env.VISUAL = saved;
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("Ctrl+] hides the overlay and brings it back through Pi's raw input", async () => {
		const { h, done } = await open({ responses: [askTurn({ questions: [CACHE] }), echoTurn] }, CACHE.question);
		h.press("\x1d");
		await h.waitFor((s) => !s.includes(CACHE.question), "the overlay to hide");
		h.press("\x1d");
		await h.waitFor((s) => s.includes(CACHE.question), "the overlay to come back");
		h.press("1");
		await done;
		expect(h.toolResults()[0]).toContain('"In-memory LRU"');
	});
});

describe("regular mode at narrow widths", () => {
	it.each([40, 20])("%i columns: long, CJK and hostile text never crash Pi", async (cols) => {
		const crashLog = join(tmpdir(), "pi-tui-crash.log");
		const crashedBefore = existsSync(crashLog);
		const { h, done } = await open(
			{ cols, rows: 24, tuiMode: "regular", responses: [askTurn({ questions: [HOSTILE, CACHE] }), echoTurn] },
			"□", // the tab bar's unanswered mark: only the overlay draws it
		);
		const screen = await h.screen();
		expect(screen).not.toContain("\u202e");
		// Walk every mode: preview scroll, a CJK note, the draft editor, the Submit tab with a global note.
		h.press("\x1b[1;2B", "\x1b[1;2B", "\x1b[B", "n", ..."注意ノート".split(""), "\r");
		h.press("\x1b[B", "\r", ..."自由入力テキスト".repeat(5).split(""), "\r");
		await h.waitFor((s) => s.includes("Where"), "the second question");
		h.press("\t");
		await h.waitFor((s) => s.includes("Review"), "the Submit tab");
		h.press("n", ..."全体".split(""), "\r", "\t");
		for (const width of [cols, 12, cols]) {
			h.terminal.resize(width, 24);
			await h.screen();
		}
		h.press("\t", "2");
		await h.waitFor((s) => s.includes("Review"), "the Submit tab again");
		h.press("\r");
		await done;
		expect(h.terminal.running).toBe(true);
		const results = h.toolResults();
		expect(results).toHaveLength(1);
		for (const part of ["自由入力テキスト", "注意ノート", "全体", '"SQLite file"']) expect(results[0]).toContain(part);
		if (!crashedBefore) expect(existsSync(crashLog)).toBe(false);
	});
});
