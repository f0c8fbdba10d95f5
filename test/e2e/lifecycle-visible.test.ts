/**
 * What a person sees of the lifecycle, in the real `pi` TUI (tmux) against the fake model, and one RPC
 * case of a late answer shown twice. Regressions found by hands-on use:
 * - a resumed session (`--continue`) holding a corrupt record, with a broken config: the warnings were
 *   sent from `session_start`, which Pi runs before it renders the restored conversation, so they landed
 *   above the whole transcript, out of view; they now appear below it (pi/warn.ts);
 * - a late answer submitted while the agent runs a command vanished from the screen until the command
 *   ended; a line above the editor now says it is queued and for which questionnaire, until the model
 *   takes it in (pi/late-answer-queue.ts);
 * - Ctrl+L inside the draft editor did nothing and question tabs never hinted it; now it puts the
 *   questionnaire aside with the typed text kept, and the footer names it where there is room;
 * - a bus answer sent from another extension's `agent_settled` handler (loaded before ours) put the late
 *   answer into the session twice: our handler appended it as lost while Pi held it to start a turn.
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentText, type Step } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { DEFERRED_ADVICE, LATE, lastUserText, pendingScript } from "../support/pending.ts";
import { REPO_ROOT, type RpcEvent } from "../support/pi.ts";
import { modelRequest, slashCommand } from "../support/pi-tui.ts";
import { askStep, CACHE_QUESTION, PLATFORM_QUESTION, rows } from "../support/questions.ts";
import { cancel, choose, scriptedUser } from "../support/user.ts";

const WAITING = "1 questionnaire waiting · /answer";
const QUEUED = "Late answer for Cache queued · the agent gets it when its current step ends";

const pi = perTest({ cols: 110, rows: 34 });

/** The one session file under `dir`. */
function sessionFile(dir: string): string {
	const walk = (d: string): string[] =>
		readdirSync(d, { withFileTypes: true }).flatMap((e) =>
			e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
		);
	const file = walk(dir).find((path) => path.endsWith(".jsonl"));
	if (file === undefined) throw new Error(`no session file in ${dir}`);
	return file;
}

describe("the lifecycle where a person sees it (real pi TUI)", () => {
	it("--continue on a session with a corrupt record: the warnings show below the restored conversation", async () => {
		const sessionDir = pi.tempDir("pi-ask-sessions-");
		// A long reply, so the restored conversation fills more than the screen.
		const long = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join("\n\n");
		await pi.harness([askStep(CACHE_QUESTION), { text: `${long}\n\nCarrying on meanwhile.` }], {
			extraFiles: { "ask-user-question.json": JSON.stringify({ bell: "loud" }) },
		});
		const first = pi.tui({ prompt: "Ask me.", sessionDir });
		await first.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		first.keys("C-l");
		await first.waitForScreen("Carrying on meanwhile.", "the agent going on");
		slashCommand(first, "/quit");
		await first.waitForExit("Pi quitting");
		first.close();
		// A record of ours that cannot be read (a hand edit, another version), at the end of the branch.
		const file = sessionFile(sessionDir);
		const last = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1) ?? "{}") as { id?: string };
		const corrupt = { v: 1, kind: "pending", id: 5 };
		const entry = { type: "custom", customType: "ask_user_question:pending", data: corrupt, id: "c0ffee01" };
		appendFileSync(file, `${JSON.stringify({ ...entry, parentId: last.id, timestamp: new Date().toISOString() })}\n`);

		const session = pi.tui({ sessionDir, resume: true });
		const screen = await session.waitForScreen(
			(s) => s.includes("could not be read") && s.includes("ask-user-question.json") && s.includes(WAITING),
			"both warnings on screen with the restored conversation",
		);
		const below = (text: string) => screen.indexOf(text) > screen.indexOf("Carrying on meanwhile.");
		expect(below("ask_user_question: 1 saved questionnaire record could not be read and was skipped.")).toBe(true);
		expect(below("ask-user-question.json")).toBe(true);
		expect(screen).toContain("line 60");
	});

	it("a late answer submitted while the agent runs a command: a line says it is queued until the model takes it", async () => {
		const [ask, , echoLate] = pendingScript(CACHE_QUESTION);
		const slow = { toolCall: { name: "bash", arguments: { command: "sleep 5; echo slept" } } };
		const h = await pi.harness([ask as Step, slow, echoLate as Step]);
		const session = pi.tui({ prompt: "Ask me." });
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		session.keys("C-l");
		await modelRequest(h, session, 2);
		await session.waitForScreen("sleep 5", "the command running");
		slashCommand(session, "/answer");
		await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire reopened while the agent works");
		session.keys("3");
		const review = await session.waitForScreen(
			(s) => s.includes("Review your answers") || s.includes(QUEUED),
			"the answer taken",
		);
		if (review.includes("Review your answers")) session.keys("Enter");
		const queued = await session.waitForScreen(QUEUED, "the queued late answer");
		// Still queued: the command runs, the model has not been asked again.
		expect(h.fake.requests).toHaveLength(2);
		expect(queued).not.toContain("late: Late answer");

		const third = await modelRequest(h, session, 3);
		const [toolResult, late] = third.messages.slice(-2);
		expect(contentText(toolResult?.content)).toBe("slept\n");
		expect(late?.role).toBe("user");
		expect(lastUserText(third).replace(LATE, "")).toBe(
			`User answered: "${CACHE_QUESTION.question}" = "Redis". Continue with these answers.`,
		);
		await session.waitForScreen((s) => s.includes("late: Late answer") && !s.includes(QUEUED), "the line gone");
	});

	it("Ctrl+L in the draft editor puts it aside, the typed text kept as a draft; the footer names Ctrl+L where it fits", async () => {
		const h = await pi.harness(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION));
		const session = pi.tui({ prompt: "Ask me.", cols: 130 });
		const options = await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		expect(options).toContain("Esc decline · Ctrl+] hide · Ctrl+L answer later");
		session.keys("Up");
		session.type("Memcached");
		const editing = await session.waitForScreen("external editor", "the draft editor");
		expect(editing).toContain("Ctrl+L answer later");
		session.keys("C-l");
		const second = await modelRequest(h, session, 2);
		// Never confirmed, the text is no answer the model reads; /answer brings it back as the draft.
		expect(second.lastToolResult).toBe(DEFERRED_ADVICE);
		await session.waitForScreen((s) => s.includes("Carrying on meanwhile.") && s.includes(WAITING), "put aside");
		slashCommand(session, "/answer");
		const reopened = await session.waitForScreen("Memcached", "the draft reopened");
		expect(reopened).not.toMatch(/✔ Cache/);
	});
});

describe("a late answer from another extension's agent_settled handler (RPC)", () => {
	it("reaches the session once", async () => {
		const h = await pi.harness(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION));
		const answerer = join(h.cwd, "settled-answerer.mjs");
		// Loaded before ours: answers the pending questionnaire when the agent settles, then takes its time.
		writeFileSync(
			answerer,
			`export default function (pi) {
	let pending;
	pi.events.on("ask_user_question:asked", (data) => { if (data.pending === true) pending = data.id; });
	pi.on("agent_settled", async () => {
		if (pending === undefined) return;
		const id = pending;
		pending = undefined;
		pi.events.emit("ask_user_question:answer", { id, answers: [{ question: 0, options: ["Redis"] }], by: "settler" });
		await new Promise((resolve) => setTimeout(resolve, 100));
	});
}
`,
		);
		const rpc = h.rpc({ loadExtension: false, extraArgs: ["-e", answerer, "-e", REPO_ROOT] });
		const user = scriptedUser([
			choose(rows.numbered(1), "option 1", CACHE_QUESTION.question),
			cancel("select", PLATFORM_QUESTION.question),
			choose((r) => r === "Answer later", "Answer later", /Stop answering/),
		]);
		const run = await rpc.prompt("plan it", { onDialog: user.handler });
		expect(run.toolEnds[0]?.result.details).toMatchObject({ outcome: "deferred" });
		await rpc.waitFor(() => h.fake.requests.length >= 3, "the late answer's turn");
		await rpc.waitFor(
			(e) => e.type === "agent_settled" && rpc.events.indexOf(e) > rpc.events.indexOf(run.events.at(-1) as RpcEvent),
			"the late turn settled",
		);
		const lateStarts = rpc.events.filter(
			(e) =>
				e.type === "message_start" &&
				(e.message as { customType?: string } | undefined)?.customType === "ask_user_question:late_answer",
		);
		expect(lateStarts).toHaveLength(1);
		expect(lastUserText(h.fake.requests[2]).replace(LATE, "")).toMatch(
			/^Extension "settler" \(not the user\) answered 1 of 2 questions: /,
		);
	});
});
