/**
 * Reproduces what Pi's session writer does on a full disk (docs/upstream-pi-storage.md), with Pi's own
 * `SessionManager` and nothing of this extension: (1) an append cut short by the full disk leaves half a
 * line, the next entry is glued to it and lost on reading, and the conversation before it is gone after a
 * restart; (2) a first write of the session cut short leaves a file that Pi can never write again. Needs
 * an empty folder on a small file system of its own (Linux, as root):
 * `mkdir -p /tmp/pi-full && mount -t tmpfs -o size=64k tmpfs /tmp/pi-full`, then
 * `npx node scripts/repro-pi-storage.ts /tmp/pi-full` (and `umount /tmp/pi-full` after).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { SessionManager } from "@earendil-works/pi-coding-agent";

const root = process.argv[2];
if (root === undefined) throw new Error("usage: repro-pi-storage.ts <empty folder on a small tmpfs>");

const NO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }], timestamp: 0 });
const assistant = (text: string) => ({
	role: "assistant" as const,
	content: [{ type: "text" as const, text }],
	api: "openai-completions",
	provider: "repro",
	model: "repro",
	usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: NO_COST },
	stopReason: "stop" as const,
	timestamp: 0,
});
const texts = (session: SessionManager) =>
	session.buildSessionContext().messages.map((m) => {
		const first = "content" in m && Array.isArray(m.content) ? m.content[0] : undefined;
		return first && "text" in first ? first.text.slice(0, 24) : m.role;
	});

/** Fills the file system `dir` is on, leaving `pages` 4 KiB pages free; returns the filler's path. */
function fill(dir: string, pages = 0): string {
	const filler = join(dir, "filler");
	const fd = openSync(filler, "w");
	let written = 0;
	try {
		for (;;) {
			writeSync(fd, Buffer.alloc(4096));
			written++;
		}
	} catch {
		// Full.
	}
	closeSync(fd);
	rmSync(filler);
	const again = openSync(filler, "w");
	for (let i = 0; i < written - pages; i++) writeSync(again, Buffer.alloc(4096));
	closeSync(again);
	return filler;
}

function attempt(what: string, run: () => void): void {
	try {
		run();
		console.log(`  ${what}: written`);
	} catch (error) {
		console.log(`  ${what}: ${error instanceof Error ? error.message : String(error)}`);
	}
}

console.log("1. An append cut short by a full disk");
const one = join(root, "one");
mkdirSync(one, { recursive: true });
const session = SessionManager.create(one, one);
session.appendMessage(user("first question"));
session.appendMessage(assistant("first answer"));
const file = session.getSessionFile() as string;
// The session file's last page keeps some room: the next append writes what fits, then fails.
let filler = fill(root);
attempt("a long message", () => session.appendMessage(user("x".repeat(8_000))));
console.log(`  the file ends with a line break: ${readFileSync(file, "utf8").endsWith("\n")}`);
rmSync(filler);
attempt("the next message", () => session.appendMessage(user("second question")));
attempt("its answer", () => session.appendMessage(assistant("second answer")));
console.log(`  Pi's memory: ${JSON.stringify(texts(session))}`);
console.log(`  after a restart: ${JSON.stringify(texts(SessionManager.open(file, one)))}`);

console.log("2. The first write of a session cut short");
const two = join(root, "two");
mkdirSync(two, { recursive: true });
filler = fill(root, 1);
const fresh = SessionManager.create(two, two);
attempt("the first message (9 KB)", () => fresh.appendMessage(user("y".repeat(9_000))));
rmSync(filler);
attempt("the next message, space back", () => fresh.appendMessage(user("after space returned")));
attempt("and the next", () => fresh.appendMessage(user("and again")));
