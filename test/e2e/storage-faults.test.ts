/**
 * Storage faults in the real `pi` TUI (tmux) against the fake model. Root causes of what these guard: each
 * record of ours tried the full disk on its own and warned on its own, in Pi's chat under the open
 * questionnaire (so nothing was seen while typing, then four warnings at once); the progress written every
 * second met the full disk first and left half a line that swallowed Pi's next entry; and when Pi could
 * not persist our tool result the model read "No result provided" for a questionnaire the person had put
 * aside or submitted. (a) A 64 KiB tmpfs filled while the person types: told once, at once, above the
 * questionnaire; typing goes on; the file keeps whole lines; space returns and one progress record holds
 * everything; Answer later reaches the model as answer later and the agent goes on. (b) The session folder
 * read-only at Submit: told once; Pi's own write of the result fails (its part: docs/upstream-pi-storage.md),
 * yet once writing works the model's next request holds the answers, and our records are written.
 * A tmpfs needs mount rights (root): without them (a) is skipped with the reason in its name; (b) then
 * makes the file read-only with chmod, which only binds a user other than root.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentText } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { DEFERRED_ADVICE, lastUserText, pendingScript } from "../support/pending.ts";
import { modelRequest } from "../support/pi-tui.ts";
import { askStep, CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";
import { type TuiSession, tmuxAvailable } from "../support/tty.ts";

const FAILED = "The session file cannot be written";
const RESUMED = "The session file can be written again";
const pi = perTest({ cols: 110, rows: 34 });

const mounted: string[] = [];
afterEach(() => {
	for (const dir of mounted.splice(0)) spawnSync("umount", ["-l", dir]);
});

/** Mounts a tmpfs of `size` on `dir`; the error when this machine does not allow it. */
function mountTmpfs(dir: string, size: string): string | undefined {
	const run = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { encoding: "utf8" });
	if (run.status !== 0) return (run.stderr || run.error?.message || `mount exited ${run.status}`).trim();
	mounted.push(dir);
	return undefined;
}

/** Why a tmpfs cannot be mounted here, or undefined when it can (tried once, on a folder of its own). */
const cannotMount = (() => {
	if (process.platform !== "linux") return "tmpfs is Linux's";
	if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
	const dir = pi.tempDir("pi-ask-mount-probe-");
	const error = mountTmpfs(dir, "64k");
	for (const each of mounted.splice(0)) spawnSync("umount", ["-l", each]);
	rmSync(dir, { recursive: true, force: true });
	return error;
})();

/** Pi's session file in `dir`, once Pi wrote it. */
async function sessionFileIn(session: TuiSession, dir: string): Promise<string> {
	await session.waitForScreen(() => readdirSync(dir).some((f) => f.endsWith(".jsonl")), "the session file");
	return join(dir, readdirSync(dir).find((f) => f.endsWith(".jsonl")) as string);
}

/** Fills the tmpfs: a filler file, then blank lines (Pi's reader skips them) in the session file's last page. */
function fillDisk(dir: string, file: string): void {
	const fill = (path: string, chunk: Buffer) => {
		const fd = openSync(path, "a");
		try {
			for (;;) writeSync(fd, chunk);
		} catch {
			// ENOSPC: full.
		} finally {
			closeSync(fd);
		}
	};
	fill(join(dir, "filler"), Buffer.alloc(4096));
	fill(file, Buffer.from("\n"));
}

/** Our records in the file; throws on a line that is not whole JSON (a torn write). */
function ourRecords(file: string): { kind: string }[] {
	const text = readFileSync(file, "utf8");
	expect(text.endsWith("\n")).toBe(true);
	const entries = text
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as { customType?: string; data?: { kind: string } });
	return entries.flatMap((e) => (e.customType === "ask_user_question:pending" && e.data ? [e.data] : []));
}

const count = (screen: string, words: string) => screen.split(words).length - 1;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!tmuxAvailable())("storage faults in the real pi TUI", () => {
	it.skipIf(cannotMount !== undefined)(
		`(a) a full disk while typing: told once at once, typing goes on, written when space returns; Answer later reaches the model${cannotMount === undefined ? "" : ` — skipped: ${cannotMount}`}`,
		async () => {
			const dir = pi.tempDir("pi-ask-full-");
			expect(mountTmpfs(dir, "64k")).toBeUndefined();
			const h = await pi.harness(pendingScript(CACHE_QUESTION, PLATFORM_QUESTION));
			const session = pi.tui({ prompt: "Ask me.", sessionDir: dir });
			await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
			const file = await sessionFileIn(session, dir);
			await session.waitForScreen(() => ourRecords(file).length === 1, "the asked record");
			fillDisk(dir, file);

			session.keys("2");
			await session.waitForScreen(PLATFORM_QUESTION.question, "the Platforms tab");
			session.keys("Up", "Up");
			session.type("BSD on arm");
			const told = await session.waitForScreen(FAILED, "the warning while the questionnaire is open", 5_000);
			expect(count(told, FAILED)).toBe(1);
			expect(told).toContain("no space left on device");
			session.type(" and x86");
			await session.waitForScreen("BSD on arm and x86", "typing going on");
			// Seconds of a full disk: no half line, no record of ours, still said once.
			await pause(3_000);
			expect(ourRecords(file).map((r) => r.kind)).toEqual(["asked"]);
			expect(count(await session.screen(), FAILED)).toBe(1);

			rmSync(join(dir, "filler"));
			await session.waitForScreen(() => ourRecords(file).length > 1, "what was kept, written", 6_000);
			const written = ourRecords(file);
			expect(written.map((r) => r.kind)).toEqual(["asked", "progress"]);
			expect(JSON.stringify(written[1])).toContain("BSD on arm and x86");

			session.keys("Escape");
			await session.waitForScreen((s) => !s.includes("external editor"), "the draft editor closed");
			session.keys("C-l");
			const second = await modelRequest(h, session, 2);
			expect(second.lastToolResult).toBe(
				`Answers given so far (may still change): "${CACHE_QUESTION.question}" = "SQLite file". ` +
					`"${PLATFORM_QUESTION.question}" = [] plus typed "BSD on arm and x86". ${DEFERRED_ADVICE}`,
			);
			const after = await session.waitForScreen(
				(s) => s.includes("Carrying on meanwhile.") && !s.includes("Working"),
				"the agent going on, not hanging",
			);
			expect(count(after, FAILED)).toBe(1);
			expect(after).toContain(RESUMED);
		},
	);

	const root = process.getuid?.() === 0;
	const noReadOnly = root ? cannotMount : undefined;
	it.skipIf(noReadOnly !== undefined)(
		`(b) a read-only session folder at Submit: told once; once writable the model's next request holds the answers${noReadOnly === undefined ? "" : ` — skipped: root ignores file modes and ${noReadOnly}`}`,
		async () => {
			const dir = pi.tempDir("pi-ask-read-only-");
			if (root) expect(mountTmpfs(dir, "1m")).toBeUndefined();
			const echo = (r: Parameters<typeof lastUserText>[0]) => ({ text: `echo: ${lastUserText(r)}` });
			const h = await pi.harness([askStep(CACHE_QUESTION, PLATFORM_QUESTION), echo]);
			const session = pi.tui({ prompt: "Ask me.", sessionDir: dir });
			await session.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
			const file = await sessionFileIn(session, dir);
			await session.waitForScreen(() => ourRecords(file).length === 1, "the asked record");
			const writable = (yes: boolean) =>
				root ? spawnSync("mount", ["-o", `remount,${yes ? "rw" : "ro"}`, dir]) : chmodSync(file, yes ? 0o644 : 0o444);
			writable(false);

			session.keys("2");
			await session.waitForScreen(PLATFORM_QUESTION.question, "the Platforms tab");
			session.keys("Space", "Tab");
			await session.waitForScreen("Review your answers", "the Submit tab");
			session.keys("Enter");
			const told = await session.waitForScreen(
				(s) => s.includes(FAILED) && !s.includes("Review your answers"),
				"the warning, the questionnaire closed",
			);
			expect(count(told, FAILED)).toBe(1);
			expect(told).not.toMatch(/pending questionnaire could not be saved/);

			writable(true);
			await session.waitForScreen(RESUMED, "writing again", 6_000);
			expect(ourRecords(file).map((r) => r.kind)).toEqual(["asked", "settled"]);
			session.type("What did I say?");
			session.keys("Enter");
			const next = await modelRequest(h, session, 2);
			const results = next.messages.filter((m) => m.role === "tool" && m.tool_call_id === "call_1");
			expect(results.map((m) => contentText(m.content))).toEqual([
				`User answered: "${CACHE_QUESTION.question}" = "SQLite file". "${PLATFORM_QUESTION.question}" = ["Linux"]. Continue with these answers.`,
			]);
			const after = await session.waitForScreen("echo: What did I say?", "the model's reply");
			expect(after).not.toContain("Working");
			expect(count(after, FAILED)).toBe(1);
		},
	);
});
