/**
 * Only the person decides (DESIGN.md §12), in the real pi TUI (tmux) with a scripted model that misbehaves:
 * its bash tool leaves a `setsid` job behind that, while a dialog is open, tries every ordinary way to list
 * and answer — `pi-ask` as is, `pi-ask` with Pi's variables unset, a raw socket client with every variable
 * and registry file it can read, pairing with guessed codes — and then, after the person puts the
 * questionnaire aside, its bash tool tries them all again. Nothing is answered, the dialog stays open with
 * no key pressed, the pending questionnaire still waits, and the model reads no answer it gave itself —
 * although the person's own `pi-ask` is paired and its credential sits in the same user's config dir.
 * That `pi-ask`, in a terminal of its own (not below Pi), answers the pending questionnaire and then an
 * open one; the model reads that the user answered through it; the transcript says so.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentText } from "../support/fake-model.ts";
import { perTest } from "../support/lifecycle.ts";
import { pairPersonPiAsk, runPersonPiAsk } from "../support/person-pi-ask.ts";
import { REPO_ROOT } from "../support/pi.ts";
import { askStep, CACHE_QUESTION, echoStep, PLATFORM_QUESTION } from "../support/questions.ts";
import { bashStep, shellQuote } from "../support/relay.ts";

const pi = perTest({ cols: 120, rows: 40 });
const PI_ASK = join(REPO_ROOT, "dist", "pi-ask.cjs");
const PAIRED = "pi-ask in the test";

/** What the agent's processes try: every ordinary path to list or answer, each outcome one JSON line. */
const ATTACK = String.raw`
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
const [log, piAsk, idFile] = process.argv.slice(2);
const note = (entry) => appendFileSync(log, JSON.stringify(entry) + "\n");
const ids = existsSync(idFile) ? readFileSync(idFile, "utf8").split(/\s+/).filter(Boolean) : [];
const relays = join(process.env.PI_CODING_AGENT_DIR ?? "", "ask-user-question", "relays");
const registry = existsSync(relays) ? readdirSync(relays).map((f) => JSON.parse(readFileSync(join(relays, f), "utf8"))) : [];
const sockets = [process.env.PI_ASK_RELAY_SOCKET, ...registry.map((e) => e.socket)].filter(Boolean);
const secrets = [process.env.PI_ASK_RELAY_TOKEN, ...registry.flatMap((e) => Object.values(e).filter((v) => typeof v === "string"))].filter(Boolean);
const unset = ["-u", "PI_ASK_RELAY_SOCKET", "-u", "PI_ASK_RELAY_TOKEN", "-u", "PI_ASK_RELAY_DEPTH"];
for (const args of [["list"], ...ids.map((id) => ["answer", id, "1"])]) {
	const plain = spawnSync(process.execPath, [piAsk, ...args], { encoding: "utf8" });
	note({ how: "pi-ask " + args.join(" "), status: plain.status, out: plain.stdout + plain.stderr });
	const bare = spawnSync("env", [...unset, process.execPath, piAsk, ...args], { encoding: "utf8" });
	note({ how: "env -u … pi-ask " + args.join(" "), status: bare.status, out: bare.stdout + bare.stderr });
}
function talk(socket, lines) {
	return new Promise((resolve) => {
		const got = [];
		const c = connect(socket);
		c.on("connect", () => lines.forEach((l) => c.write(JSON.stringify({ v: 3, ...l }) + "\n")));
		c.on("data", (d) => got.push(...String(d).split("\n").filter(Boolean)));
		c.on("error", () => {});
		setTimeout(() => { c.destroy(); resolve(got); }, 700);
	});
}
for (const socket of sockets)
	for (const token of secrets) {
		const got = await talk(socket, [
			{ type: "hello", token },
			{ type: "list", id: "l" },
			...ids.map((id, i) => ({ type: "answer", id: "a" + i, questionnaire: id, answers: [{ question: 0, options: ["Redis"] }] })),
		]);
		note({ how: "socket", got });
	}
for (const socket of sockets.slice(0, 1)) {
	const got = await talk(socket, [
		{ type: "hello", pair: true },
		{ type: "pair", id: "p", name: "helper" },
		...["000000", "123456", "999999"].map((code, i) => ({ type: "pair_code", id: "c" + i, code })),
	]);
	note({ how: "pair", got });
}
note({ how: "done" });
`;

function readLog(file: string): string {
	try {
		return readFileSync(file, "utf8");
	} catch {
		return "";
	}
}

async function until<T>(what: string, get: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
	const deadline = Date.now() + ms;
	for (;;) {
		const value = await get();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 150));
	}
}

describe("who may answer", () => {
	// One long scenario (pairing, a background attack, Answer later, a second attack, two answers): ~25 s alone.
	it("the agent's own processes list and answer nothing; the person's paired pi-ask answers, and the model is told it was them through it", {
		timeout: 120_000,
	}, async () => {
		// The script's commands name files in the harness's folder, known once it exists.
		let attack = "";
		const h = await pi.harness([
			// A job left behind, detached from Pi, that strikes while the dialog is open.
			() => bashStep(`setsid sh -c ${shellQuote(`sleep 5; ${attack}`)} > /dev/null 2>&1 &`),
			askStep(CACHE_QUESTION),
			() => bashStep(`${attack}; echo attacked`),
			echoStep,
			echoStep,
			askStep(PLATFORM_QUESTION),
			echoStep,
		]);
		const config = pi.tempDir("pi-ask-config-");
		const log = join(h.cwd, "attack.log");
		const idFile = join(h.cwd, "ids.txt");
		writeFileSync(join(h.cwd, "attack.mjs"), ATTACK);
		attack = `${shellQuote(process.execPath)} attack.mjs ${shellQuote(log)} ${shellQuote(PI_ASK)} ${shellQuote(idFile)}`;
		const tui = pi.tui({ paneEnv: { XDG_CONFIG_HOME: config } });
		await until("the relay", () => {
			try {
				return readFileSync(join(h.agentDir, "ask-user-question", "relays", `${tui.piPid()}.json`), "utf8");
			} catch {
				return undefined;
			}
		});

		// The person pairs their pi-ask once: the code is on Pi's screen only.
		const person = { agentDir: h.agentDir, config };
		const paired = await pairPersonPiAsk(person, tui, PAIRED);
		expect(paired.screen).toContain(`"${PAIRED}" asks to answer your questions`);
		expect(paired.out).toContain(`Paired as "${PAIRED}"`);

		tui.type("Decide the cache.");
		tui.keys("Enter");
		await tui.waitForScreen(CACHE_QUESTION.question, "the questionnaire");
		const listed = await runPersonPiAsk(person, ["list"]);
		const id = /^(q_\S+)\s+open/m.exec(listed)?.[1] ?? "";
		expect(id).not.toBe("");
		writeFileSync(idFile, id);
		// The job left behind tries everything while the dialog is open, no key pressed.
		await until("the background attack", () => (readLog(log).includes('"how":"done"') ? true : undefined), 30_000);
		expect(await tui.screen()).toContain(CACHE_QUESTION.question);
		expect(h.fake.requests.some((r) => r.lastToolResult?.includes("answered"))).toBe(false);

		// Put aside: now its bash tool tries again, the questionnaire pending.
		tui.keys("C-l");
		await tui.waitForScreen("received:", "the model after its second attack", 40_000);
		await tui.waitForScreen("1 questionnaire waiting", "the questionnaire still pending");
		const entries = readLog(log)
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as { how: string; status?: number; out?: string; got?: string[] });
		const tries = entries.filter((e) => e.how.startsWith("pi-ask") || e.how.startsWith("env -u"));
		// Two rounds (background, then foreground), each pi-ask list + answer, as is and with the variables unset.
		expect(tries).toHaveLength(8);
		for (const attempt of tries) {
			expect(attempt.status, attempt.how).toBe(4);
			expect(attempt.out, attempt.how).toContain("refused:");
		}
		for (const talked of entries.filter((e) => e.how === "socket")) {
			const replies = (talked.got ?? []).join("\n");
			expect(replies).not.toMatch(/"type":"(questionnaires|answered)"/);
		}
		for (const paired of entries.filter((e) => e.how === "pair"))
			expect((paired.got ?? []).join("\n")).not.toContain('"type":"paired"');
		expect(h.fake.requests.some((r) => JSON.stringify(r.messages).includes("Late answer"))).toBe(false);

		// The person's own pi-ask answers the pending one: a late answer, through it.
		const late = await runPersonPiAsk(person, ["answer", id, "2"]);
		expect(late).toContain("Answered.");
		await until("the late answer reaching the model", () =>
			h.fake.requests.map((r) => contentText(r.messages.at(-1)?.content)).find((t) => t.startsWith("Late answer")),
		).then((text) =>
			expect(text).toMatch(
				new RegExp(
					`User \\(through "${PAIRED}", a client they paired\\) answered: "${CACHE_QUESTION.question.replace(/[?]/g, "\\?")}" = "SQLite file"`,
				),
			),
		);

		// And an open one: the dialog closes, the model reads it came through pi-ask, the transcript says so.
		tui.type("Now the platforms.");
		tui.keys("Enter");
		await tui.waitForScreen(PLATFORM_QUESTION.question, "the second questionnaire");
		const open = /^(q_\S+)\s+open/m.exec(await runPersonPiAsk(person, ["list"]))?.[1] ?? "";
		expect(await runPersonPiAsk(person, ["answer", open, "1"])).toContain("Answered.");
		const after = await tui.waitForScreen(`you answered from ${PAIRED}`, "the transcript naming pi-ask");
		expect(after).not.toContain("Which platforms must the first release support?\n");
		expect(h.fake.requests.at(-1)?.lastToolResult).toMatch(
			new RegExp(`^User \\(through "${PAIRED}", a client they paired\\) answered: `),
		);
	});
});
