/**
 * The commands a reader of README.md and docs/ is told to run, read out of the Markdown: every line of a
 * `sh`/`bash`/`shell` code block, and every inline code span in the prose that starts with one of the
 * commands below (`npm test`, `pi-ask list`, `pi --mode rpc`, `PI_ASK_WRITE_DOCS=1 npx vitest run …`).
 * Chains (`&&`, `|`, `;`) are split into their commands and `name=$(…)` is read as what it runs. Words keep
 * their quotes, so `"$PWD"` stays recognisable. test/unit/doc-commands.test.ts checks them against the code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { outsideFences } from "./markdown-links.ts";
import { REPO_ROOT } from "./pi.ts";

/** The first words that make an inline code span a command (a span like `pi-acp` or `pi.sendMessage` is not). */
const COMMAND_WORDS = new Set(["npm", "npx", "node", "pi", "pi-ask", "tmux", "cd"]);

/** One command as the docs write it. */
export interface DocCommand {
	/** The Markdown file, from the repository root. */
	file: string;
	/** Its 1-based line. */
	line: number;
	/** `NAME=value` words before the command. */
	env: string[];
	/** The command's words, quotes kept. */
	words: string[];
	/** The whole text it came from, for messages. */
	text: string;
	/** From a code block (`block`) or an inline span (`inline`). */
	from: "block" | "inline";
}

/** README.md and every page of docs/, from the repository root. */
export function docFiles(): string[] {
	const pages = readdirSync(join(REPO_ROOT, "docs"))
		.filter((name) => name.endsWith(".md"))
		.sort()
		.map((name) => `docs/${name}`);
	return ["README.md", ...pages];
}

/** Reads a doc file. */
export function readDoc(file: string): string {
	return readFileSync(join(REPO_ROOT, file), "utf8");
}

/** Every command of `file`, in order. */
export function commandsOf(file: string, markdown: string): DocCommand[] {
	const commands: DocCommand[] = [];
	const lines = markdown.split("\n");
	let shell: boolean | undefined;
	for (const [index, raw] of lines.entries()) {
		const fence = /^ {0,3}```\s*(\w*)/.exec(raw);
		if (fence) {
			shell = shell === undefined ? /^(sh|bash|shell)$/.test(fence[1] ?? "") : undefined;
			continue;
		}
		if (shell === true) {
			const text = raw.replace(/(^|\s+)#(\s.*)?$/, "").trim();
			if (text !== "") commands.push(...split(file, index + 1, text, "block"));
		}
	}
	const prose = outsideFences(markdown).split("\n");
	for (const [index, line] of prose.entries()) {
		for (const span of line.matchAll(/(`+)([^`]+?)\1/g)) {
			const text = (span[2] ?? "").trim();
			const found = split(file, index + 1, text, "inline");
			const first = found[0];
			if (first && COMMAND_WORDS.has(first.words[0] ?? "")) commands.push(...found);
		}
	}
	return commands;
}

/** Splits a command line into its commands (`a && b | c`), reading `name=$(…)` as what it runs. */
function split(file: string, line: number, text: string, from: DocCommand["from"]): DocCommand[] {
	const substituted = /^\w+=\$\((.*)\)$/.exec(text)?.[1] ?? text;
	const commands: DocCommand[] = [];
	let current: string[] = [];
	const flush = () => {
		const env = current.filter((_, i) => current.slice(0, i + 1).every((w) => /^[A-Z_][A-Z0-9_]*=/.test(w)));
		const words = current.slice(env.length);
		if (words.length > 0) commands.push({ file, line, env, words, text, from });
		current = [];
	};
	for (const word of shellWords(substituted)) {
		if (word === "&&" || word === "||" || word === "|" || word === ";") flush();
		else current.push(word);
	}
	flush();
	return commands;
}

/** Shell words, quotes kept in the word (`"$PWD"`, `'#{x}'`); `&&`, `||`, `|` and `;` are words of their own. */
function shellWords(text: string): string[] {
	const words: string[] = [];
	let word = "";
	let quote: string | undefined;
	for (let i = 0; i < text.length; i++) {
		const c = text[i] ?? "";
		if (quote !== undefined) {
			word += c;
			if (c === quote) quote = undefined;
		} else if (c === '"' || c === "'") {
			quote = c;
			word += c;
		} else if (/\s/.test(c)) {
			if (word !== "") words.push(word);
			word = "";
		} else if (c === "&" || c === "|" || c === ";") {
			if (word !== "") words.push(word);
			word = "";
			const double = (c === "&" || c === "|") && text[i + 1] === c;
			words.push(double ? c + c : c);
			if (double) i++;
		} else word += c;
	}
	if (word !== "") words.push(word);
	return words;
}

/** A word without its quotes. */
export function unquote(word: string): string {
	return word.replace(/^(["'])(.*)\1$/, "$2");
}
