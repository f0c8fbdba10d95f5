/**
 * `pi-ask`: lists the questionnaires waiting in the person's running Pis and answers one, from any
 * terminal of the same user (ssh from a phone is a terminal), once the person paired it (`pi-ask pair`:
 * a code only Pi's screen shows). It finds the Pis through the registry (registry.ts) or `--socket`, and
 * speaks the relay protocol (docs/relay-protocol.md). It refuses to run for a process Pi started
 * (below-pi.ts): the agent must not answer for the person. The first answer wins, wherever it was given.
 *
 *   pi-ask pair [--name NAME]
 *   pi-ask list [--json]
 *   pi-ask answer <id> [ANSWER…] [--note TEXT] [--decline] [--json FIELDS]
 *   pi-ask unpair
 *   pi-ask serve [--listen ADDR[:PORT]] [--origin URL] [--notify-url URL [--notify-topic T]] [--devices]
 *                [--revoke ID]   (src/serve/: a web inbox)
 *
 * One ANSWER per question, in order: an option's number (`2`), numbers for a multi-select (`1,3`), your own
 * words (`text:Use Redis`), or `-` to leave it. With no ANSWER and a terminal, it asks question by question.
 * Built into dist/pi-ask.cjs (plain Node, no dependencies); no Pi imports.
 */
import { createInterface } from "node:readline/promises";
import { resolveAgentDir } from "../config/paths.ts";
import { serve } from "../serve/command.ts";
import { type AnswerEntry, type ListedQuestion, readAnswerWord, readListedQuestion } from "./answer-words.ts";
import {
	age,
	clean,
	EXIT,
	type Flags,
	heldCredential,
	NotAllowed,
	type Output,
	parseArgs,
	type Run,
	type Surroundings,
	type Target,
	type Terminal,
	targets,
	USAGE,
	UsageError,
} from "./cli-common.ts";
import { pair, unpair } from "./cli-pair.ts";
import { answerVerdict, openRelayLink, type RelayLink, request } from "./client.ts";
import { type Credential, credentialsFile } from "./credentials.ts";
import type { ListedQuestionnaire } from "./protocol.ts";

interface Found {
	target: Target;
	questionnaire: ListedQuestionnaire;
}

/** Runs the command; resolves with the exit code. */
export async function main(
	argv: readonly string[],
	out: Output = process.stdout,
	err: Output = process.stderr,
	terminal: Terminal = { input: process.stdin, output: process.stdout },
	surroundings: Surroundings = { env: process.env },
): Promise<number> {
	const { positional, flags } = parseArgs(argv);
	const [command, ...rest] = positional;
	if (flags.has("help") || flags.has("h") || command === "help") {
		out.write(USAGE);
		return EXIT.ok;
	}
	const { env } = surroundings;
	const dir = flags.get("agent-dir");
	const run: Run = {
		flags,
		agentDir: typeof dir === "string" ? dir : resolveAgentDir(env),
		credentials: credentialsFile(env),
		say: (line: string) => out.write(`${line}\n`),
		terminal,
		surroundings,
	};
	try {
		if (command === "pair" && rest.length === 0) return await pair(run);
		if (command === "unpair" && rest.length === 0) return unpair(run);
		if (command === "list" && rest.length === 0) return await list(run);
		if (command === "serve" && rest.length === 0) return await serve(run);
		if (command === "answer" && rest[0] !== undefined) return await answer(run, rest[0], rest.slice(1));
		err.write(USAGE);
		return EXIT.usage;
	} catch (error) {
		// Ctrl+C at a question (readline's abort): nothing was sent; the shell's code for an interrupt.
		if (error instanceof Error && error.name === "AbortError") {
			err.write("\n");
			return EXIT.interrupted;
		}
		err.write(`pi-ask: ${error instanceof Error ? error.message : String(error)}\n`);
		return error instanceof UsageError ? EXIT.usage : error instanceof NotAllowed ? EXIT.notAllowed : EXIT.failed;
	}
}

async function withLink<T>(target: Target, held: Credential, use: (link: RelayLink) => Promise<T>): Promise<T> {
	let link: RelayLink;
	try {
		link = await openRelayLink(target.socket, held.credential, { client: "pi-ask" });
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		if (why.startsWith("unauthorized"))
			throw new NotAllowed(`this pairing is not known there (revoked?): run \`pi-ask pair\` again (${why})`);
		throw error;
	}
	try {
		return await use(link);
	} finally {
		link.close();
	}
}

async function listed(target: Target, held: Credential): Promise<ListedQuestionnaire[]> {
	return withLink(target, held, async (link) => {
		const reply = await request(link, { type: "list", id: "list" });
		if (reply.type === "questionnaires") return reply.questionnaires;
		throw new Error(reply.type === "error" ? `${reply.code}: ${reply.message}` : "unexpected reply");
	});
}

/** Every waiting questionnaire of every reachable Pi; one that cannot be reached is reported and skipped. */
async function everything(run: Run, warn: (line: string) => void): Promise<Found[]> {
	const all = targets(run);
	const held = heldCredential(run);
	const found: Found[] = [];
	for (const target of all) {
		try {
			for (const questionnaire of await listed(target, held)) found.push({ target, questionnaire });
		} catch (error) {
			if (error instanceof NotAllowed) throw error;
			warn(`(${target.label}: ${error instanceof Error ? error.message : String(error)})`);
		}
	}
	return found;
}

async function list(run: Run): Promise<number> {
	const json = run.flags.has("json");
	const { say } = run;
	const found = await everything(run, json ? () => {} : say);
	if (json) {
		say(JSON.stringify(found.map((f) => ({ pi: f.target.label, ...f.questionnaire }))));
		return EXIT.ok;
	}
	if (found.length === 0) say("No questionnaire is waiting.");
	for (const one of found) {
		for (const line of whereAndWho(one)) say(line);
		one.questionnaire.questions.forEach((question, i) => {
			const { text, options, multi } = readListedQuestion(question);
			say(`  ${i + 1}. ${clean(text)}${multi ? " (several)" : ""}`);
			for (const [n, { label }] of options.entries()) say(`     ${n + 1}) ${clean(label)}`);
		});
	}
	return EXIT.ok;
}

/** Which Pi a questionnaire waits in, and who asked it when a subagent did. */
function whereAndWho({ target, questionnaire: q }: Found): string[] {
	const where = `${q.id}  ${q.state}  ${age(q.askedAt)}  in ${clean(target.label)}`;
	if (q.from === undefined) return [where];
	return [where, `  asked by ${clean(q.from.name ?? "a subagent")} · depth ${q.from.depth} · ${clean(q.from.cwd)}`];
}

async function answer(run: Run, id: string, given: string[]): Promise<number> {
	const { say } = run;
	const found = (await everything(run, say)).find((f) => f.questionnaire.id === id);
	if (found === undefined) {
		say(`No questionnaire ${clean(id)} is waiting.`);
		return EXIT.failed;
	}
	const held = heldCredential(run);
	const fields = await answerFields(found, given, run.flags, run.terminal);
	const reply = await withLink(found.target, held, (link) =>
		request(link, { type: "answer", id: "answer", questionnaire: id, ...fields }),
	);
	const ended = answerVerdict(reply, held.name);
	if (ended.verdict === "refused") {
		say(`Not answered: ${clean(ended.message)}`);
		for (const problem of ended.problems) say(`  - ${clean(problem)}`);
		return EXIT.failed;
	}
	if (ended.verdict === "answered") {
		say(OUR_ENDINGS[ended.outcome] ?? "Answered.");
		return EXIT.ok;
	}
	const by = ended.by;
	if (by === undefined) say(`Someone answered first: ${clean(id)} is no longer waiting.`);
	else say(`Someone answered first${whoFirst(by)}.`);
	return EXIT.first;
}

function whoFirst(by: { kind?: unknown; name?: unknown }): string {
	const name = clean(String(by.name));
	if (by.kind === "client") return ` (from ${name})`;
	if (by.kind === "extension") return ` (extension ${name})`;
	return by.kind === "person" ? " (in Pi)" : "";
}

const OUR_ENDINGS: Readonly<Record<string, string>> = {
	answered: "Answered.",
	partial: "Answered; the questions you left go to the agent as unanswered.",
	declined: "Declined: the agent is told you declined.",
};

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
	const shapes = q.questions.map(readListedQuestion);
	const entries =
		given.length > 0 || !terminal.input.isTTY ? fromWords(shapes, given) : await askHere(shapes, terminal, found);
	const answers = entries.flatMap((entry, i) => (entry === undefined ? [] : [{ question: i, ...entry }]));
	return { answers, ...globalNote };
}

/** The positional answers, one per question; a word that cannot answer its question is a usage error. */
function fromWords(shapes: ListedQuestion[], words: string[]): (AnswerEntry | undefined)[] {
	if (words.length > shapes.length)
		throw new UsageError(
			`${words.length} answers for ${shapes.length === 1 ? "1 question" : `${shapes.length} questions`}`,
		);
	return words.map((word, i) => {
		const read = readAnswerWord(shapes[i] ?? { options: [], multi: false }, word);
		if ("problem" in read) throw new UsageError(`answer ${i + 1}: ${read.problem}`);
		return "entry" in read ? read.entry : undefined;
	});
}

/** Asks each question at this terminal: a number, numbers, your words, or Enter to leave it; a mistake asks again. */
async function askHere(
	shapes: ListedQuestion[],
	terminal: Terminal,
	found: Found,
): Promise<(AnswerEntry | undefined)[]> {
	const { output } = terminal;
	// First which Pi it waits in and who asked: two Pis (or two subagents) may ask alike.
	for (const line of whereAndWho(found)) output.write(`${line}\n`);
	const rl = createInterface({ input: terminal.input, output });
	try {
		const entries: (AnswerEntry | undefined)[] = [];
		for (const [i, shape] of shapes.entries()) {
			output.write(`${i + 1}. ${clean(shape.text)}\n`);
			for (const [n, { label }] of shape.options.entries()) output.write(`   ${n + 1}) ${clean(label)}\n`);
			for (;;) {
				const reply = await rl.question(
					`   ${shape.multi ? "numbers like 1,3" : "a number"}, your own words, or Enter: `,
				);
				const read = readAnswerWord(shape, reply);
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
