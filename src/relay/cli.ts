/**
 * `pi-ask`: lists the questionnaires waiting in the person's running Pis and answers one, from any
 * terminal of the same user (ssh from a phone is a terminal). It finds the Pis through the registry
 * (registry.ts) or `--socket` with `--token-file`, and speaks the relay protocol (docs/relay-protocol.md).
 * The first answer wins, wherever it was given: the reply says whose answer it was.
 *
 *   pi-ask list [--json]
 *   pi-ask answer <id> [ANSWER…] [--note TEXT] [--decline] [--by NAME] [--json FIELDS]
 *
 * One ANSWER per question, in order: an option's number (`2`), numbers for a multi-select (`1,3`), your own
 * words (`text:Use Redis`), or `-` to leave it. With no ANSWER and a terminal, it asks question by question.
 * Built into dist/pi-ask.cjs (plain Node, no dependencies); no Pi imports.
 */
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { resolveAgentDir } from "../config/paths.ts";
import { type AnswerEntry, type QuestionShape, questionShape, readAnswerWord } from "./answer-words.ts";
import { openRelayLink, type RelayLink, request } from "./client.ts";
import type { ListedQuestionnaire } from "./protocol.ts";
import { readEntries } from "./registry.ts";

/** Who answered, as the model reads it, unless `--by` says otherwise. */
const DEFAULT_BY = "pi-ask (the user, from another terminal)";

interface Target {
	socket: string;
	token: string;
	/** How the person knows this Pi: its working directory and process id. */
	label: string;
}

interface Found {
	target: Target;
	questionnaire: ListedQuestionnaire;
}

type Flags = Map<string, string | true>;

/** Where the command writes (the process's streams; tests pass their own). */
export interface Output {
	write(text: string): unknown;
}

/** The terminal `pi-ask answer <id>` asks at, question by question, when no answer is given. */
export interface Terminal {
	input: NodeJS.ReadableStream & { isTTY?: boolean };
	output: NodeJS.WritableStream;
}

/** A mistake in what was typed on the command line: nothing is sent, exit code 2. */
class UsageError extends Error {}

/** Runs the command; resolves with the exit code. */
export async function main(
	argv: readonly string[],
	out: Output = process.stdout,
	err: Output = process.stderr,
	terminal: Terminal = { input: process.stdin, output: process.stdout },
): Promise<number> {
	const { positional, flags } = parseArgs(argv);
	const [command, ...rest] = positional;
	const say = (line: string) => out.write(`${line}\n`);
	if (flags.has("help") || flags.has("h") || command === "help") {
		out.write(USAGE);
		return 0;
	}
	try {
		if (command === "list") return await list(targets(flags), flags.has("json"), say);
		if (command === "answer" && rest[0] !== undefined)
			return await answer(targets(flags), rest[0], rest.slice(1), flags, say, terminal);
		err.write(USAGE);
		return 2;
	} catch (error) {
		// Ctrl+C at a question (readline's abort): nothing was sent; the shell's code for an interrupt.
		if (error instanceof Error && error.name === "AbortError") {
			err.write("\n");
			return 130;
		}
		err.write(`pi-ask: ${error instanceof Error ? error.message : String(error)}\n`);
		return error instanceof UsageError ? 2 : 1;
	}
}

const USAGE = `usage: pi-ask list [--json]
       pi-ask answer <id> [ANSWER...] [--note TEXT] [--decline] [--by NAME] [--json FIELDS]
ANSWER, one per question: 2 (an option), 1,3 (several), text:your words, - (leave it)
Finds running Pis in $PI_CODING_AGENT_DIR (or ~/.pi/agent); --socket PATH --token-file FILE picks one.
`;

function parseArgs(argv: readonly string[]): { positional: string[]; flags: Flags } {
	const positional: string[] = [];
	const flags: Flags = new Map();
	// `--json` is a switch for `list` and takes the answer fields for `answer`.
	const valued = new Set(["note", "by", "socket", "token-file", "agent-dir", ...(argv[0] === "list" ? [] : ["json"])]);
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? "";
		const name = arg.startsWith("--") ? arg.slice(2) : arg === "-h" ? "h" : undefined;
		if (name === undefined) positional.push(arg);
		else if (valued.has(name) && argv[i + 1] !== undefined) flags.set(name, argv[++i] ?? "");
		else flags.set(name, true);
	}
	return { positional, flags };
}

/** The Pis to ask: the one `--socket` names, else every one in the registry. */
function targets(flags: Flags): Target[] {
	const socket = flags.get("socket");
	if (typeof socket === "string") {
		const file = flags.get("token-file");
		if (typeof file !== "string") throw new Error("--socket needs --token-file (the control secret)");
		return [{ socket, token: readFileSync(file, "utf8").trim(), label: socket }];
	}
	const dir = flags.get("agent-dir");
	const agentDir = typeof dir === "string" ? dir : resolveAgentDir();
	return readEntries(agentDir).map((e) => ({ socket: e.socket, token: e.token, label: `${e.cwd} (pid ${e.pid})` }));
}

async function withLink<T>(target: Target, use: (link: RelayLink) => Promise<T>): Promise<T> {
	const link = await openRelayLink(target.socket, target.token, { client: "pi-ask" });
	try {
		return await use(link);
	} finally {
		link.close();
	}
}

async function listed(target: Target): Promise<ListedQuestionnaire[]> {
	return withLink(target, async (link) => {
		const reply = await request(link, { type: "list", id: "list" });
		if (reply.type === "questionnaires") return reply.questionnaires;
		throw new Error(reply.type === "error" ? `${reply.code}: ${reply.message}` : "unexpected reply");
	});
}

/** Every waiting questionnaire of every reachable Pi; one that cannot be reached is reported and skipped. */
async function everything(all: Target[], warn: (line: string) => void): Promise<Found[]> {
	const found: Found[] = [];
	for (const target of all) {
		try {
			for (const questionnaire of await listed(target)) found.push({ target, questionnaire });
		} catch (error) {
			warn(`(${target.label}: ${error instanceof Error ? error.message : String(error)})`);
		}
	}
	return found;
}

async function list(all: Target[], json: boolean, say: (line: string) => void): Promise<number> {
	const found = await everything(all, json ? () => {} : say);
	if (json) {
		say(JSON.stringify(found.map((f) => ({ pi: f.target.label, ...f.questionnaire }))));
		return 0;
	}
	if (found.length === 0) say("No questionnaire is waiting.");
	for (const one of found) {
		for (const line of whereAndWho(one)) say(line);
		one.questionnaire.questions.forEach((question, i) => {
			const { text, options, multi } = questionShape(question);
			say(`  ${i + 1}. ${clean(text)}${multi ? " (several)" : ""}`);
			for (const [n, label] of options.entries()) say(`     ${n + 1}) ${clean(label)}`);
		});
	}
	return 0;
}

/** Which Pi a questionnaire waits in, and who asked it when a subagent did. */
function whereAndWho({ target, questionnaire: q }: Found): string[] {
	const where = `${q.id}  ${q.state}  ${age(q.askedAt)}  in ${clean(target.label)}`;
	if (q.from === undefined) return [where];
	return [where, `  asked by ${clean(q.from.name ?? "a subagent")} · depth ${q.from.depth} · ${clean(q.from.cwd)}`];
}

async function answer(
	all: Target[],
	id: string,
	given: string[],
	flags: Flags,
	say: (line: string) => void,
	terminal: Terminal,
): Promise<number> {
	const found = (await everything(all, say)).find((f) => f.questionnaire.id === id);
	if (found === undefined) {
		say(`No questionnaire ${clean(id)} is waiting.`);
		return 1;
	}
	const by = typeof flags.get("by") === "string" ? String(flags.get("by")) : DEFAULT_BY;
	const fields = await answerFields(found, given, flags, terminal);
	const reply = await withLink(found.target, (link) =>
		request(link, { type: "answer", id: "answer", questionnaire: id, ...fields, by }),
	);
	if (reply.type === "error") {
		// Listed a moment ago (at a terminal, while the person typed): it ended elsewhere meanwhile.
		const gone = reply.code === "not_found" ? `${clean(id)} is no longer waiting (answered or closed meanwhile)` : "";
		say(`Not answered: ${gone || clean(reply.message)}`);
		for (const problem of reply.problems ?? []) say(`  - ${clean(problem.message)}`);
		return 1;
	}
	if (reply.type !== "answered") throw new Error("unexpected reply");
	const result = reply.result as { outcome?: string; answeredBy?: string };
	if (result.answeredBy === by) {
		say(`Answered (${clean(String(result.outcome))}).`);
		return 0;
	}
	say(
		`Someone answered first (${clean(String(result.outcome))}${result.answeredBy ? ` by ${clean(result.answeredBy)}` : ""}).`,
	);
	return 3;
}

/** The answer fields: `--json` as given, else from the positional answers or the person at this terminal. */
async function answerFields(
	found: Found,
	given: string[],
	flags: Flags,
	terminal: Terminal,
): Promise<Record<string, unknown>> {
	const q = found.questionnaire;
	const json = flags.get("json");
	if (typeof json === "string") return JSON.parse(json) as Record<string, unknown>;
	const note = flags.get("note");
	const globalNote = typeof note === "string" ? { globalNote: note } : {};
	if (flags.has("decline")) return { decline: true, ...globalNote };
	const shapes = q.questions.map(questionShape);
	const entries =
		given.length > 0 || !terminal.input.isTTY ? fromWords(shapes, given) : await askHere(shapes, terminal, found);
	const answers = entries.flatMap((entry, i) => (entry === undefined ? [] : [{ question: i, ...entry }]));
	return { answers, ...globalNote };
}

/** The positional answers, one per question; a word that cannot answer its question is a usage error. */
function fromWords(shapes: QuestionShape[], words: string[]): (AnswerEntry | undefined)[] {
	if (words.length > shapes.length)
		throw new UsageError(
			`${words.length} answers for ${shapes.length === 1 ? "1 question" : `${shapes.length} questions`}`,
		);
	return words.map((word, i) => {
		const read = readAnswerWord(shapes[i] ?? { text: "", options: [], multi: false }, word);
		if ("problem" in read) throw new UsageError(`answer ${i + 1}: ${read.problem}`);
		return "entry" in read ? read.entry : undefined;
	});
}

/** Asks each question at this terminal: a number, numbers, your words, or Enter to leave it; a mistake asks again. */
async function askHere(
	shapes: QuestionShape[],
	terminal: Terminal,
	found: Found,
): Promise<(AnswerEntry | undefined)[]> {
	const { output } = terminal;
	// First which Pi it waits in and who asked: two Pis (or two subagents) may ask alike.
	for (const line of whereAndWho(found)) output.write(`${line}\n`);
	const rl = createInterface({ input: terminal.input, output });
	try {
		const entries: (AnswerEntry | undefined)[] = [];
		for (const [i, { text, options, multi }] of shapes.entries()) {
			output.write(`${i + 1}. ${clean(text)}\n`);
			for (const [n, label] of options.entries()) output.write(`   ${n + 1}) ${clean(label)}\n`);
			for (;;) {
				const reply = await rl.question(`   ${multi ? "numbers like 1,3" : "a number"}, your own words, or Enter: `);
				const read = readAnswerWord({ text, options, multi }, reply);
				if ("problem" in read) {
					output.write(`   ${clean(read.problem)}\n`);
					continue;
				}
				entries.push("entry" in read ? read.entry : undefined);
				break;
			}
		}
		return entries;
	} finally {
		rl.close();
	}
}

/**
 * Untrusted text for the terminal: control characters (escape sequences among them), bidi and invisible
 * formatting characters become visible `\u` escapes, never reaching the terminal raw. (Pi's width-aware
 * sanitizer needs pi-tui; this command runs without it.)
 */
const UNSAFE =
	/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

function clean(text: string): string {
	return text.replace(UNSAFE, (ch) =>
		ch
			.split("")
			.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
			.join(""),
	);
}

function age(askedAt: number): string {
	const minutes = Math.max(0, Math.round((Date.now() - askedAt) / 60_000));
	return minutes < 1 ? "just now" : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}
