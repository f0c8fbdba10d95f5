/**
 * `pi-ask` as the person meets it, and as the agent would try it: pairing once with the code Pi shows
 * (src/relay/cli-pair.ts), the credential kept in the user's config dir and never in the agent dir; no
 * pairing, no list or answer (exit 4); every command refused when Pi started the process (a relay variable
 * handed down, or a serving Pi among its ancestors), even with a valid credential at hand; `unpair`; and
 * the built binary through a pipe its reader closes early (no stack trace).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/relay/cli.ts";
import { credentialsFile, readCredential } from "../../src/relay/credentials.ts";
import { pairedClients } from "../../src/relay/pairing.ts";
import type { ListedQuestionnaire } from "../../src/relay/protocol.ts";
import { REGISTRY_VERSION, writeEntry } from "../../src/relay/registry.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";
import { CACHE_QUESTION } from "../support/questions.ts";

let server: RelayServer | undefined;
let dir: string;
let agentDir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "pi-ask-pair-"));
	agentDir = join(dir, "agent");
	env = { XDG_CONFIG_HOME: join(dir, "config"), PI_CODING_AGENT_DIR: agentDir };
});
afterEach(async () => {
	await server?.close();
	server = undefined;
	rmSync(dir, { recursive: true, force: true });
});

const WAITING = (n: number): ListedQuestionnaire[] =>
	Array.from({ length: n }, (_, i) => ({
		id: `q_${i}`,
		state: "open",
		askedAt: Date.now(),
		questions: [CACHE_QUESTION],
	}));

/** A Pi's relay over the real paired-clients file, listed in the registry as a Pi with `pid`. */
async function servingPi(pid: number, waiting = WAITING(1)) {
	const shown: string[] = [];
	server = await startRelayServer({
		ask: async () => ({ ok: false, code: "unavailable", message: "" }),
		list: () => waiting,
		answer: async (_id, _fields, client) => ({
			ok: true,
			result: { outcome: "answered", answeredBy: { kind: "client", name: client } },
		}),
		pairedClient: (token) => pairedClients(agentDir).find(token)?.name,
		showPairingCode: (_name, code) => {
			shown.push(code);
			return true;
		},
		pair: (name) => pairedClients(agentDir).add(name).credential,
	});
	writeEntry(agentDir, { v: REGISTRY_VERSION, pid, socket: server.socketPath, cwd: "/w", startedAt: 1, mode: "tui" });
	return { shown };
}

async function run(
	args: string[],
	options: { ancestors?: number[]; terminal?: boolean; typed?: (shown: string) => string } = {},
) {
	let out = "";
	let err = "";
	const input = new PassThrough();
	const output = new PassThrough();
	let prompted = "";
	output.on("data", (chunk: Buffer) => {
		prompted += chunk.toString();
		if (!prompted.endsWith("Code: ")) return;
		if (options.typed) input.write(`${options.typed(prompted)}\n`);
		else input.end();
	});
	const code = await main(
		args,
		{ write: (s: string) => (out += s) },
		{ write: (s: string) => (err += s) },
		{ input, output },
		{ env, ancestors: options.ancestors ?? [], terminal: options.terminal ?? true },
	);
	return { code, out, err };
}

describe("pi-ask pair", () => {
	it("pairs once with the code Pi shows; list and answer then work, as the paired name", async () => {
		const { shown } = await servingPi(process.pid);
		const before = await run(["list"]);
		expect(before.code).toBe(4);
		expect(before.err).toContain("not paired yet: run `pi-ask pair`");
		let tries = 0;
		const paired = await run(["pair", "--name", "my laptop"], {
			typed: () => (++tries === 1 ? "000000x" : (shown[0] ?? "")),
		});
		expect(paired.code).toBe(0);
		expect(paired.out).toContain("That Pi shows a six-digit code on its screen now");
		expect(paired.out).toContain("Not paired: wrong code; 2 tries left");
		expect(paired.out).toContain('Paired as "my laptop"');
		// The credential lives in the user's config dir, never in the agent dir.
		const held = readCredential(credentialsFile(env), agentDir);
		expect(held?.name).toBe("my laptop");
		const inAgentDir = readdirSync(join(agentDir, "ask-user-question"))
			.filter((f) => f.endsWith(".json"))
			.map((f) => readFileSync(join(agentDir, "ask-user-question", f), "utf8"))
			.join("");
		expect(inAgentDir).not.toContain(held?.credential);
		const listed = await run(["list"]);
		expect(listed.code).toBe(0);
		expect(listed.out).toContain("q_0  open");
		const answered = await run(["answer", "q_0", "1"]);
		expect(answered).toMatchObject({ code: 0, out: "Answered.\n" });
		const unpaired = await run(["unpair"]);
		expect(unpaired.out).toContain('Unpaired "my laptop"');
		expect((await run(["list"])).code).toBe(4);
		expect(pairedClients(agentDir).find(held?.credential ?? "")).toBeUndefined();
	});

	it("with no running Pi, says to start one; the end of input is a refusal, not a hang", async () => {
		const none = await run(["pair"]);
		expect(none.code).toBe(1);
		expect(none.out).toContain("No running Pi to pair with");
		await servingPi(process.pid);
		const closed = run(["pair"]);
		const result = await closed;
		expect(result.code).toBe(1);
		expect(result.err).toContain("no code was typed");
	});
});

describe("pi-ask started by Pi", () => {
	it.each([
		["a relay variable handed down", { PI_ASK_RELAY_TOKEN: "ask-secret" }, []],
		["the relay's depth alone", { PI_ASK_RELAY_DEPTH: "1" }, []],
		["a serving Pi among its ancestors (variables unset)", {}, [process.pid, 1]],
		["no terminal of its own (variables unset, detached from Pi)", {}, [1], false],
	])("refuses pair, list, answer and unpair: %s", async (_what, extra, ancestors, terminal = true) => {
		await servingPi(process.pid);
		// Even with a credential at hand: the person paired this user's pi-ask, not the agent's.
		const { credential } = pairedClients(agentDir).add("pi-ask on pts/3");
		const { saveCredential } = await import("../../src/relay/credentials.ts");
		saveCredential(credentialsFile(env), agentDir, { credential, name: "pi-ask on pts/3" });
		env = { ...env, ...extra };
		for (const args of [["pair"], ["list"], ["answer", "q_0", "1"], ["unpair"]]) {
			const { code, err, out } = await run(args, { ancestors, terminal, typed: () => "123456" });
			expect(code, args.join(" ")).toBe(4);
			expect(err).toContain("refused:");
			expect(err).toContain("run pi-ask in a terminal of your own");
			expect(out).not.toContain("q_0");
		}
	});
});

describe("the built pi-ask", () => {
	it("stops quietly when its reader closes the pipe early (`pi-ask list | head -1`)", async () => {
		// A live process that is not pi-ask's ancestor stands for the serving Pi (this test process is one).
		const standIn = spawn("sleep", ["30"], { stdio: "ignore" });
		try {
			await pipedList(standIn.pid ?? 0);
		} finally {
			standIn.kill();
		}
	});
});

async function pipedList(piPid: number) {
	await servingPi(piPid, WAITING(400));
	const { credential } = pairedClients(agentDir).add("pi-ask on pts/3");
	const { saveCredential } = await import("../../src/relay/credentials.ts");
	saveCredential(credentialsFile(env), agentDir, { credential, name: "pi-ask on pts/3" });
	// A terminal of its own (`script` gives it one, as a person's has), its output piped into `head -1`.
	const line = `${shellWord(process.execPath)} ${shellWord(join(process.cwd(), "dist/pi-ask.cjs"))} list | head -1; echo "exit=\${PIPESTATUS[0]}"`;
	for (let i = 0; i < 3; i++) {
		const child = spawn("script", ["-qec", `bash -c ${shellWord(line)}`, "/dev/null"], {
			env: { PATH: process.env.PATH, ...env },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let shown = "";
		child.stdout.on("data", (chunk: Buffer) => (shown += chunk.toString()));
		child.stderr.on("data", (chunk: Buffer) => (shown += chunk.toString()));
		await new Promise((resolve) => child.on("close", resolve));
		expect(shown).toMatch(/^q_0 {2}open/);
		expect(shown).not.toMatch(/EPIPE|Error|at /);
		expect(shown).toContain("exit=0");
	}
}

function shellWord(word: string): string {
	return `'${word.replaceAll("'", `'\\''`)}'`;
}
