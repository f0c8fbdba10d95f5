/**
 * The bundles' code cache with the real pi (src/host/code-cache.ts): after a first session that showed a
 * questionnaire, Node's compile-cache directory holds fully compiled core and tui bundles; a second
 * session uses them (V8 accepts them, so nothing is written again) and still works. Pi enables Node's
 * compile cache itself; NODE_COMPILE_CACHE only points it at a temp dir.
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CACHE_FOLDER } from "../../src/host/code-cache.ts";
import { removeDir } from "../support/fake-model.ts";
import { createHarness } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep, rows } from "../support/questions.ts";
import { startTui } from "../support/tty.ts";
import { choose, scriptedUser } from "../support/user.ts";

const cacheDir = mkdtempSync(join(tmpdir(), "pi-ask-code-cache-"));
afterAll(async () => {
	// A pi that is still exiting may be writing Node's own compile cache into the dir: try again a little later.
	for (let attempt = 0; ; attempt++) {
		try {
			removeDir(cacheDir);
			return;
		} catch (error) {
			if (attempt >= 10) throw error;
			await new Promise((resolve) => setTimeout(resolve, 300));
		}
	}
});

/** Our cache files in Node's compile-cache dir `dir` (name → size and mtime), wherever Node put its versioned folder. */
function ourCaches(dir: string): Map<string, string> {
	const found = new Map<string, string>();
	for (const version of readdirSync(dir)) {
		const folder = join(dir, version, CACHE_FOLDER);
		let names: string[] = [];
		try {
			names = readdirSync(folder);
		} catch {
			continue;
		}
		for (const name of names) {
			const stats = statSync(join(folder, name));
			found.set(name, `${stats.size}:${stats.mtimeMs}`);
		}
	}
	return found;
}

/** The bundles a cache dir holds caches of ("core", "tui"). */
const bundlesIn = (caches: Map<string, string>) =>
	[...caches.keys()].map((name) => name.replace(/-[0-9a-f]{24}\.bin$/, ""));

/** One session: the questionnaire appears, the first option is chosen, the model gets the answer. */
async function answerOnce(): Promise<string | undefined> {
	const harness = await createHarness([askStep(CACHE_QUESTION), echoStep]);
	const session = startTui(harness.options({ extraArgs: ["Ask me."], env: { NODE_COMPILE_CACHE: cacheDir } }));
	try {
		await session.waitForScreen("SQLite file", "the questionnaire");
		// The cache is written a moment after the first frame.
		await new Promise((resolve) => setTimeout(resolve, 1_500));
		session.keys("Enter");
		await session.waitForScreen("received: User answered", "the model's reply");
		return harness.fake.requests.at(-1)?.lastToolResult;
	} finally {
		session.close();
		await harness.dispose();
	}
}

describe("the code cache with the real pi", () => {
	it("is written after the first questionnaire, then reused as it is", async () => {
		expect(await answerOnce()).toContain("User answered");
		const first = ourCaches(cacheDir);
		expect(bundlesIn(first)).toEqual(["core", "tui"]);
		expect(await answerOnce()).toContain("User answered");
		// Accepted by V8 in the second session, so not written again: same files, same sizes and times.
		expect(ourCaches(cacheDir)).toEqual(first);
	}, 90_000);

	it("is written after an RPC session's dialogs too", async () => {
		const rpcCache = mkdtempSync(join(tmpdir(), "pi-ask-code-cache-rpc-"));
		const harness = await createHarness([askStep(CACHE_QUESTION), echoStep]);
		try {
			const rpc = harness.rpc({ env: { NODE_COMPILE_CACHE: rpcCache } });
			const user = scriptedUser([choose(rows.numbered(2), "option 2 (SQLite file)", CACHE_QUESTION.question)]);
			await rpc.prompt("Ask me.", { onDialog: user.handler });
			expect(harness.fake.requests.at(-1)?.lastToolResult).toContain('"SQLite file"');
			await rpc.close();
			// The RPC path never loads the terminal UI: only the core bundle is cached.
			expect(bundlesIn(ourCaches(rpcCache))).toEqual(["core"]);
		} finally {
			await harness.dispose();
			removeDir(rpcCache);
		}
	}, 60_000);
});
