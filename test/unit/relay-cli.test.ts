/**
 * `pi-ask` (src/relay/cli.ts) against a real relay server: `--socket` with the credential a pairing left
 * in the user's config dir, `list` (text and `--json`), `answer` by option numbers and typed text, whose
 * answer won, untrusted text shown escaped, and usage errors.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/relay/cli.ts";
import type { Output, Terminal } from "../../src/relay/cli-common.ts";
import { credentialsFile, saveCredential } from "../../src/relay/credentials.ts";
import type { RelayHandlers } from "../../src/relay/handlers.ts";
import type { AnswerFields, ListedQuestionnaire, RelayReply } from "../../src/relay/protocol.ts";
import { type RelayServer, startRelayServer } from "../../src/relay/server.ts";
import { CACHE_QUESTION, PLATFORM_QUESTION } from "../support/questions.ts";

let server: RelayServer | undefined;
let dir: string | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
	if (dir) rmSync(dir, { recursive: true, force: true });
});

const WAITING: ListedQuestionnaire = {
	id: "q_1",
	state: "open",
	askedAt: Date.now(),
	from: { name: "scout\u001b[31m", cwd: "/w", depth: 1 },
	questions: [CACHE_QUESTION, PLATFORM_QUESTION],
};

const CREDENTIAL = "a-paired-credential-0123456789abcdef0123456789";
const PAIRED_NAME = "pi-ask on pts/3";

/** A relay whose one paired client is ours, and the surroundings of a terminal of the person's own. */
async function serve(answer: RelayHandlers["answer"], waiting = WAITING) {
	server = await startRelayServer({
		ask: async () => ({ ok: false, code: "unavailable", message: "" }),
		list: () => [waiting],
		answer,
		pairedClient: (token) => (token === CREDENTIAL ? PAIRED_NAME : undefined),
		showPairingCode: () => false,
		pair: () => CREDENTIAL,
	});
	dir = mkdtempSync(join(tmpdir(), "pi-ask-cli-"));
	const env = { XDG_CONFIG_HOME: dir, PI_CODING_AGENT_DIR: join(dir, "agent") };
	saveCredential(credentialsFile(env), env.PI_CODING_AGENT_DIR, { credential: CREDENTIAL, name: PAIRED_NAME });
	return { socket: server.socketPath, surroundings: { env, ancestors: [], terminal: true } };
}

async function run(
	args: string[],
	answeredBy?: (fields: AnswerFields) => unknown,
	waiting = WAITING,
	terminal: Terminal = { input: new PassThrough(), output: new PassThrough() },
) {
	const answers: AnswerFields[] = [];
	const { socket, surroundings } = await serve(async (_id, fields, client): Promise<RelayReply> => {
		answers.push(fields);
		const by = answeredBy?.(fields) ?? { kind: "client", name: client };
		return { ok: true, result: { outcome: "answered", answeredBy: by } };
	}, waiting);
	let out = "";
	let err = "";
	const sink = (write: (s: string) => void): Output => ({ write });
	const code = await main(
		[...args, "--socket", socket],
		sink((s) => (out += s)),
		sink((s) => (err += s)),
		terminal,
		surroundings,
	);
	return { code, out, err, answers };
}

describe("pi-ask", () => {
	it("lists what waits, its questions numbered, untrusted text escaped", async () => {
		const { code, out } = await run(["list"]);
		expect(code).toBe(0);
		expect(out).toContain("q_1  open  just now");
		expect(out).toContain("asked by scout\\u001b[31m · depth 1 · /w");
		expect(out).toContain(`  1. ${CACHE_QUESTION.question}`);
		expect(out).toContain("     2) SQLite file");
		expect(out).toContain(`  2. ${PLATFORM_QUESTION.question} (several)`);
	});

	it("lists as JSON for a bridge", async () => {
		const { out } = await run(["list", "--json"]);
		expect(JSON.parse(out)).toEqual([expect.objectContaining({ id: "q_1", state: "open" })]);
	});

	it("answers by option numbers and typed text, sent as option indexes; says the answer won", async () => {
		const { code, out, answers } = await run(["answer", "q_1", "2", "1,3", "--note", "from ssh"]);
		expect(code).toBe(0);
		expect(out.trim()).toBe("Answered.");
		expect(answers[0]).toEqual({
			answers: [
				{ question: 0, options: [1] },
				{ question: 1, options: [0, 2] },
			],
			globalNote: "from ssh",
		});
		const typed = await run(["answer", "q_1", "text:Use Redis", "-"]);
		expect(typed.answers[0]?.answers).toEqual([{ question: 0, text: "Use Redis" }]);
	});

	it("says when another answer won, with exit code 3", async () => {
		const { code, out } = await run(["answer", "q_1", "1"], () => ({ kind: "client", name: "phone" }));
		expect(code).toBe(3);
		expect(out.trim()).toBe("Someone answered first (from phone).");
		const inPi = await run(["answer", "q_1", "1"], () => ({ kind: "person" }));
		expect(inPi.code).toBe(3);
		expect(inPi.out.trim()).toBe("Someone answered first (in Pi).");
	});

	it("refuses an unknown id and bad usage", async () => {
		expect((await run(["answer", "q_none", "1"])).code).toBe(1);
		const usage = await run(["frobnicate"]);
		expect(usage.code).toBe(2);
		expect(usage.err).toContain("pi-ask list");
	});

	it("escapes controls, escape sequences and bidi overrides", async () => {
		const hostile = "a\u001b]52;c;x\u0007b\u202ec";
		const question = { ...CACHE_QUESTION, question: hostile };
		const { out } = await run(["list"], undefined, { ...WAITING, questions: [question] });
		expect(out).toContain("  1. a\\u001b]52;c;x\\u0007b\\u202ec\n");
		expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
	});

	it("refuses a number its question has no option for, instead of sending it as typed words", async () => {
		for (const [words, problem] of [
			[
				["5", "1"],
				"answer 1: there is no option 5 (the options are 1 to 3); to answer in your own words, write text:5",
			],
			[["0"], "answer 1: there is no option 0"],
			[["2", "1,4"], "answer 2: there is no option 4"],
			[["1,3"], "answer 1: this question takes one option"],
			[["1", "1", "2"], "3 answers for 2 questions"],
		] as const) {
			const { code, err, answers } = await run(["answer", "q_1", ...words]);
			expect(code, words.join(" ")).toBe(2);
			expect(err).toContain(`pi-ask: ${problem}`);
			expect(answers).toEqual([]);
		}
		const typed = await run(["answer", "q_1", "text:5", "1,1"]);
		expect(typed.answers[0]?.answers).toEqual([
			{ question: 0, text: "5" },
			{ question: 1, options: [0] },
		]);
	});

	it("Ctrl+C at a terminal question sends nothing and exits 130, as an interrupted command does", async () => {
		const input = Object.assign(new PassThrough(), { isTTY: true });
		const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
		let shown = "";
		output.on("data", (chunk: Buffer) => {
			shown += chunk.toString();
			if (shown.endsWith("or Enter: ")) input.write("\x03");
		});
		const { code, answers } = await run(["answer", "q_1"], undefined, WAITING, { input, output });
		expect(code).toBe(130);
		expect(answers).toEqual([]);
	});

	it("at a terminal, asks again after a number with no option, and takes text: as the person's words", async () => {
		const input = Object.assign(new PassThrough(), { isTTY: true });
		const output = new PassThrough();
		let shown = "";
		output.on("data", (chunk: Buffer) => {
			shown += chunk.toString();
			if (shown.endsWith("or Enter: ")) input.write(`${replies.shift()}\n`);
		});
		const replies = ["5", "2", "text:1,3 and 👨‍👩‍👧"];
		const { code, answers } = await run(["answer", "q_1"], undefined, WAITING, { input, output });
		expect(code).toBe(0);
		expect(shown).toContain("   there is no option 5 (the options are 1 to 3)");
		expect(shown.match(/1\. Where should/g)).toHaveLength(1);
		// First which Pi it waits in and who asked it, sanitized.
		expect(shown.split("\n").slice(0, 2)).toEqual([
			expect.stringMatching(/^q_1 {2}open {2}.+ {2}in .+/),
			"  asked by scout\\u001b[31m · depth 1 · /w",
		]);
		expect(answers[0]?.answers).toEqual([
			{ question: 0, options: [1] },
			{ question: 1, text: "1,3 and 👨‍👩‍👧" },
		]);
	});

	it("prints its usage for --help, with exit code 0", async () => {
		for (const flag of ["--help", "-h"]) {
			const { code, out } = await run([flag]);
			expect(code).toBe(0);
			for (const part of [
				"pi-ask pair",
				"pi-ask list",
				"pi-ask answer",
				"pi-ask unpair",
				"--agent-dir",
				"--socket",
				"Exit codes",
			])
				expect(out).toContain(part);
		}
	});

	it("says someone answered first, exit 3, when the questionnaire is gone by the time the answer arrives", async () => {
		const { socket, surroundings } = await serve(async () => ({
			ok: false,
			code: "not_found",
			message: "no questionnaire with this id is waiting",
		}));
		let out = "";
		const args = ["answer", "q_1", "1", "--socket", socket];
		const code = await main(args, { write: (s: string) => (out += s) }, { write: () => true }, undefined, surroundings);
		expect(code).toBe(3);
		expect(out.trim()).toBe("Someone answered first: q_1 is no longer waiting.");
	});
});
